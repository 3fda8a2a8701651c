"""Bots that look ahead, on Dice Race, where the right play is known."""

from __future__ import annotations

import random

import pytest
from tiny_ruleset import Hold, Roll

from engine.balance.run import play_recorded
from engine.bots.random_bot import RandomBot
from engine.bots.restricted import RestrictedBot, forbidden
from engine.bots.search import GreedyBot, SearchBot, determinise, rewards
from engine.core.bot import Played, Table
from engine.core.decision import Chance, Choice
from engine.core.randomness import sample


def _start(ruleset, dice_race, players=2):
    return ruleset.start(dice_race, dice_race.seats[:players], dice_race.ruleset.options)


def _deal(ruleset, state, rng):
    """Both bonus cards drawn, each seen only by its holder; the history as bots know it."""
    history = []
    while isinstance(decision := ruleset.decision(state), Chance):
        outcome = sample(decision, rng)
        ruleset.apply(state, outcome)
        history.append(Played(outcome, decision.seen_by))
    return history


def test_determinisation_redraws_only_what_the_seat_did_not_see(ruleset, dice_race):
    """Seat 1 knows its own bonus card; seat 0's could be any other card of the deck."""
    initial = _start(ruleset, dice_race)
    state = ruleset.clone(initial)
    history = _deal(ruleset, state, random.Random(3))
    imagined = [determinise(ruleset, initial, history, 1, random.Random(seed)) for seed in range(30)]
    assert {world.bonus[1] for world in imagined} == {state.bonus[1]}
    assert len({world.bonus[0] for world in imagined}) > 1
    assert state.bonus[1] not in {world.bonus[0] for world in imagined}
    assert all(ruleset.view(world, 1) == ruleset.view(state, 1) for world in imagined)


def test_greedy_banks_a_turn_total_rather_than_risk_it(ruleset, dice_race):
    """§ Dice Race: holding banks the turn's total, a roll of 1 loses it; one ply sees the bank."""
    state = _start(ruleset, dice_race)
    rng = random.Random(1)
    _deal(ruleset, state, rng)
    ruleset.apply(state, ruleset.decision(state).actions[0])  # roll
    ruleset.apply(state, next(o for o in ruleset.decision(state).outcomes if o.value == 6))
    decision = ruleset.decision(state)
    assert isinstance(decision, Choice) and state.turn_total == 6
    assert isinstance(GreedyBot().at(Table(ruleset, state, [])).choose(decision, rng), Hold)


def test_search_beats_random_at_dice_race(ruleset, dice_race):
    """Searching a world where its rival's hidden bonus card is redrawn, the bot still banks
    and rolls better than chance does."""
    initial = _start(ruleset, dice_race)
    wins = 0
    for seed in range(24):
        searcher = seed % 2
        seats = [RandomBot(), RandomBot()]
        seats[searcher] = SearchBot(playouts=40, depth=60)
        record = play_recorded(ruleset, initial, seats, f"duel:{seed}", frozenset())
        wins += record.winners == (searcher,)
    assert wins >= 17


def test_a_restricted_bot_never_takes_the_forbidden_action(ruleset, dice_race):
    state = _start(ruleset, dice_race)
    _deal(ruleset, state, random.Random(2))
    decision = ruleset.decision(state)
    cautious = RestrictedBot(RandomBot(), action_types={"Roll"})
    assert cautious.name == "random-without-Roll"
    assert all(isinstance(cautious.choose(decision, random.Random(s)), Hold) for s in range(20))
    assert forbidden(Roll(), {"Roll"}, ()) and not forbidden(Hold(), {"Roll"}, ())


def test_nothing_is_redrawn_for_a_seat_that_saw_every_draw(ruleset, dice_race, monkeypatch):
    """A history with no draw hidden from the seat has one world, the real one: searching it
    needs no replay of the game (a replay per choice made long games quadratic)."""
    initial = _start(ruleset, dice_race)
    state = ruleset.clone(initial)
    history = [Played(step.move) for step in _deal(ruleset, state, random.Random(4))]  # every draw public
    monkeypatch.setattr("engine.bots.search.determinise", lambda *args: pytest.fail("redrew a seen world"))
    decision = ruleset.decision(state)
    assert SearchBot(playouts=10).at(Table(ruleset, state, history, initial)).choose(decision, random.Random(1))


def test_a_bigger_lead_is_a_bigger_reward_and_an_end_pays_the_win(ruleset, dice_race):
    """A playout cut short is scored by the evaluation: squashed into (0, 1), never a flat
    reward for any lead, so search tells a small edge from a large one."""
    state = _start(ruleset, dice_race)
    _deal(ruleset, state, random.Random(2))
    state.scores = [3, 0]
    small = rewards(ruleset, state, 2)
    state.scores = [15, 0]
    large = rewards(ruleset, state, 2)
    assert 0.5 < small[0] < large[0] < 1 and 0 < large[1] < small[1] < 0.5
    state.scores = [4, 4]
    assert rewards(ruleset, state, 2) == [0.5, 0.5]
