"""The small facts of the seats' cards kept with the figures (``kept.Occupancy.memo``: the
buildings a seat may build, each wonder's cost to it, its city management abilities not used
this turn), and those read from its abilities (its city limit, the governments its cards
allow), agree with the same facts worked out afresh at every step of seeded random games (each
kept by the cards it is made from: a set of abilities, or a seat and how many techs it knows)."""

from __future__ import annotations

import random

import pytest
from civ import RULESET, new_game

from engine.bots import BOTS
from engine.core.decision import Chance, End
from engine.core.randomness import sample
from engine.rulesets.civilization.abilities import city_limit
from engine.rulesets.civilization.cities import city_abilities
from engine.rulesets.civilization.production import buildable, wonder_cost
from engine.rulesets.civilization.start import abilities_governments
from engine.rulesets.civilization.state import CivState

MAX_STEPS = 4000


def card_facts(state: CivState) -> list:
    return [(city_limit(state, seat), buildable(state, seat), abilities_governments(state, seat),
             [wonder_cost(state, seat, wonder) for wonder in state.wonder_market if wonder],
             city_abilities(state, seat))
            for seat in range(state.tables.seats)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_card_facts_kept_with_the_figures_agree_with_fresh_ones(players):
    state = new_game(players)
    rng = random.Random(f"{players}:memo")
    for _ in range(MAX_STEPS):
        decision = RULESET.decision(state)
        if isinstance(decision, End):
            break
        move = sample(decision, rng) if isinstance(decision, Chance) else BOTS["random"].choose(decision, rng)
        RULESET.apply(state, move)
        if state.phase in ("setup", "over"):
            continue
        kept = card_facts(state)  # from the memo where it holds them, filling it where not
        board, layout = state.board, state.layout
        state.board = state.layout = None
        assert card_facts(state) == kept
        state.board, state.layout = board, layout
