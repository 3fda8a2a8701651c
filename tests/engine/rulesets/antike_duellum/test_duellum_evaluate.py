"""Antike Duellum's evaluation for bots: worth is the way to 9 persons (§5.3, §8.1)."""

from __future__ import annotations

import itertools
import random

import pytest
from duellum import BEIGE, BROWN, RULES, blank, city, goods, new_game

from engine.bots.search import GreedyBot
from engine.core.bot import Table
from engine.rulesets.antike_duellum.evaluation import USEFUL, persons_due


def test_the_two_seats_see_the_same_position_from_opposite_sides():
    state = new_game()
    city(state, "roma", "gold", BROWN, temple=True)
    assert RULES.evaluate(state, BROWN) == -RULES.evaluate(state, BEIGE)


def test_a_person_outweighs_everything_short_of_one():
    """§5.3: persons win the game, so one more person beats any pile of goods and units."""
    state = new_game()
    rich = RULES.clone(state)
    goods(rich, BROWN, **{kind: USEFUL[kind] for kind in ("gold", "marble", "iron")}, coins=USEFUL["coins"])
    person = RULES.clone(state)
    person.persons[BROWN].append(person.stacks["scholar"].pop(0))
    assert RULES.evaluate(person, BROWN) > RULES.evaluate(rich, BROWN)


def test_every_city_is_a_fifth_of_a_king_the_fifth_included():
    """§8.1: a king for every 5 cities, earned at the turn's end: the fifth city's king is
    counted as earned at once, so no city is worth more than another and the bot has no
    reason to put off the fifth."""
    state = blank(new_game())
    free = list(state.tables.sites)
    worth = [RULES.evaluate(state, BROWN)]
    for site in free[:5]:
        city(state, site, "marble", BROWN)
        worth.append(RULES.evaluate(state, BROWN))
    steps = [after - before for before, after in itertools.pairwise(worth)]
    assert steps[0] > 0 and steps == pytest.approx([steps[0]] * 5)
    assert persons_due(state, BROWN) == 1 and state.persons[BROWN] == []


def test_goods_beyond_one_purchase_are_worth_nothing():
    """A greedy bot paid for hoarding would ride the production segments for ever."""
    state = new_game()
    goods(state, BROWN, marble=USEFUL["marble"])
    enough = RULES.evaluate(state, BROWN)
    goods(state, BROWN, marble=USEFUL["marble"] + 5)
    assert RULES.evaluate(state, BROWN) == enough


def test_the_greedy_bot_builds_a_temple_when_it_completes_a_citizen():
    """§8.1: a citizen for every 3 temples in one's cities. With two temples standing and the
    marble for a third, the one-ply bot builds it rather than walls or nothing."""
    state = blank(new_game())
    for site in list(state.tables.sites)[:3]:
        city(state, site, "marble", BROWN, temple=len(state.temples) < 2)
    goods(state, BROWN, marble=12)
    state.turn.step = "action"
    state.turn.action = "TEMPLUM"
    state.decision = None
    decision = RULES.decision(state)
    builds = [action for action in decision.actions if type(action).__name__ == "BuildTemple"]
    assert builds, decision.actions
    chosen = GreedyBot(Table(RULES, state)).choose(decision, random.Random(1))
    assert chosen in builds
