"""500 seeded random games on each side end in a valid state (issue 4's proof; the everyday
suite plays the first 100, ``--slow`` all: tests/runs.py).

A game between uniformly random bots wanders: it reaches 9 persons only after some 350 to
several thousand turns, and a few seeds run on for tens of thousands of steps. The game has
no turn limit (§5.3), so the test stops the 500 games per side after 150 turns (such a game
is unfinished, not ended), checking the state at every turn; a second test plays whole games
to 9 persons with a random bot that prefers building to trading, stopped after 500 turns."""

from __future__ import annotations

import random
import re

import attrs
import pytest
import runs
from duellum import SCENARIOS

from engine.bots import BOTS
from engine.core.decision import Chance, Choice, End
from engine.core.randomness import sample
from engine.rulesets.antike_duellum import actions as a
from engine.rulesets.antike_duellum.persons import can_still_win
from engine.rulesets.antike_duellum.state import DuellumState
from engine.rulesets.antike_duellum.tables import (
    MARKERS,
    TEMPLES,
    UNITS,
    UNITS_PER_PLAYER,
    VICTORY,
)
from engine.rulesets.registry import get_ruleset

RULESET = get_ruleset("antike-duellum")
GAINS = re.compile(r"^(\w+) gains .* \((\w+), (\d+) persons?\)")
WALLS_PER_PLAYER = 6


def check(state: DuellumState) -> None:
    """Component limits (§2), conservation of every piece and card, no negative stock."""
    tables = state.tables
    for seat in (0, 1):
        assert min(state.goods[seat].values()) >= 0 and state.coins[seat] >= 0
        for unit in UNITS:
            on_board = state.units(unit)[seat]
            assert min(on_board.values(), default=1) > 0
            assert sum(on_board.values()) + state.box[seat][unit] + state.reserve[seat][unit] == UNITS_PER_PLAYER
            assert state.box[seat][unit] >= 0 and state.reserve[seat][unit] >= 0
            assert all(tables.holds(unit, region) for region in on_board)
        walls_standing = sum(state.owner[city] == seat for city in state.walls)
        assert walls_standing + state.walls_supply[seat] == state.walls_issued[seat] <= WALLS_PER_PLAYER
        assert len(state.persons[seat]) <= VICTORY
    assert len(state.temples) <= TEMPLES and state.temples | state.walls <= set(state.owner)
    for resource, limit in MARKERS.items():
        assert sum(marker == resource for marker in state.marker.values()) <= limit
    assert set(state.owner) <= tables.site_set
    cards = state.pool + state.display + state.discard + state.hand[0] + state.hand[1]
    assert sorted(cards) == sorted(tables.events) and len(state.display) <= 3
    persons = state.persons[0] + state.persons[1] + [c for cs in state.stacks.values() for c in cs]
    assert sorted(persons) == sorted(tables.person_kind)
    for unit in UNITS:  # same-type enemies never share a region (§7.1)
        assert not set(state.units(unit)[0]) & set(state.units(unit)[1])


def play(side: str, seed: int, options: dict, choose, max_turns: int) -> tuple[DuellumState, End | None]:
    """A game to its end, or stopped after ``max_turns`` turns (then no End)."""
    scenario = SCENARIOS[side]
    chosen = attrs.evolve(scenario.ruleset.options, **options)
    state = RULESET.start(scenario, scenario.seats, chosen)
    rng = random.Random(seed)
    persons = {seat.name: 0 for seat in scenario.seats}
    turn = 0
    while not isinstance(decision := RULESET.decision(state), End):
        move = sample(decision, rng) if isinstance(decision, Chance) else choose(decision, rng)
        for event in RULESET.apply(state, move):
            if found := GAINS.match(event.text):
                persons[found[1]] += 1
                assert persons[found[1]] == int(found[3]), event.text
        if state.turn_number != turn:
            turn = state.turn_number
            check(state)
            if turn > max_turns:
                return state, None
    check(state)
    assert [persons[seat.name] for seat in scenario.seats] == [len(p) for p in state.persons]
    assert RULESET.view(state, 0).status == f"The game is over: {state.ended}"
    return state, decision


BUILDER = {a.FoundCity: 10, a.BuildTemple: 10, a.Develop: 10, a.Conquer: 10, a.Recruit: 5, a.Buy: 5,
           a.Step: 2, a.Trade: 0.05, a.PlayEvent: 0.5, a.PlayEventOn: 0.5}


def builder(decision: Choice, rng: random.Random):
    """Random, but founding, building, developing and conquering are 10 times likelier than the
    rest, recruiting and buying 5, moving 2, and a trade 20 times less: games then mostly end
    at 9 persons within a few hundred turns."""
    return rng.choices(decision.actions, [BUILDER.get(type(m), 1) for m in decision.actions])[0]


@pytest.mark.parametrize("side", sorted(SCENARIOS))
def test_random_games_end_in_a_valid_state(side):
    for seed in runs.seeds(500):
        state, end = play(side, seed, {}, BOTS["random"].choose, max_turns=150)
        if end is None:  # stopped by the test: the game goes on
            assert state.phase != "over" and state.winner is None
            continue
        assert state.phase == "over" and state.turn is None
        if state.winner is None:  # nobody can reach 9 persons any more
            assert not any(can_still_win(state, seat) for seat in (0, 1))
        else:
            assert len(state.persons[state.winner]) == VICTORY and end.winners == (state.winner,)
        assert list(end.scores) == [len(p) for p in state.persons]


@pytest.mark.parametrize("side", sorted(SCENARIOS))
def test_whole_games_end_with_nine_persons(side):
    winners = 0
    for seed in range(20):
        state, end = play(side, seed, {}, builder, max_turns=500)
        if end is None:
            continue
        assert list(end.scores) == [len(p) for p in state.persons]
        if state.winner is not None:
            winners += 1
            assert len(state.persons[state.winner]) == VICTORY
            assert len(state.persons[1 - state.winner]) < VICTORY
    assert winners >= 12, "most end at 9 persons within 500 turns"
