"""200 seeded random games for each player count end in a valid final state (issue 3 proof; the
everyday suite plays the first 40, ``--slow`` all: tests/runs.py)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import attrs
import pytest
import runs

from engine.bots import BOTS
from engine.core.decision import Chance, End
from engine.core.randomness import sample
from engine.rulesets.history_of_the_world.front import conquests, fresh_front
from engine.rulesets.history_of_the_world.tables import (
    ARMIES_PER_PLAYER,
    CAPITALS_AND_CITIES,
    FORTS,
    MONUMENTS,
)
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario

SCENARIO = load_scenario(Path(__file__).parents[4] / "scenarios" / "history-of-the-world.json", get_ruleset)
RULESET = get_ruleset("history-of-the-world")
SCORES = re.compile(r"^(\w+) scores (\d+) \(now (\d+)\)$")
MOVES = re.compile(r"^(\w+) moves to (\d+)$")


def play(players: int, seed: int):
    rng = random.Random(seed)
    state = RULESET.start(SCENARIO, SCENARIO.seats[:players], SCENARIO.ruleset.options)
    names = [seat.name for seat in SCENARIO.seats[:players]]
    track: dict[str, int] = {}
    while not isinstance(decision := RULESET.decision(state), End):
        move = sample(decision, rng) if isinstance(decision, Chance) else BOTS["random"].choose(decision, rng)
        for event in RULESET.apply(state, move):
            if event.text.startswith("score markers: "):
                track = {name: int(score) for name, score in
                         (part.rsplit(" ", 1) for part in event.text[15:].split(", "))}
            elif found := SCORES.match(event.text):
                name, points, now = found[1], int(found[2]), int(found[3])
                assert track[name] + points == now, event.text
                track[name] = now
            elif found := MOVES.match(event.text):
                track[found[1]] = int(found[2])
    return state, decision, [track[name] for name in names]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_end_in_a_valid_state(players):
    for seed in runs.seeds(200):
        state, end, logged = play(players, seed)
        assert state.score == logged, "every score movement is in the log"
        assert len(set(state.score)) == players, "the score track never holds a tie (§8.4)"
        assert list(end.ranking) == sorted(range(players), key=lambda s: -state.score[s])
        assert state.epoch == 5 and state.turn is None and not state.active
        for seat in range(players):
            on_board = sum(owner == seat for owner in state.armies.values())
            assert on_board + state.supply[seat] == ARMIES_PER_PLAYER
        assert len(state.capitals) + len(state.cities) <= CAPITALS_AND_CITIES
        assert len(state.monuments) <= MONUMENTS and len(state.forts) <= FORTS
        assert not state.capitals & state.cities
        assert set(state.armies) <= state.tables.geography.provinces


def check_front(state) -> None:
    """The conquest front kept on the state (``front.py``) equals one worked out afresh: no
    change to the active armies or the discs went unannounced."""
    kept = state.front
    if kept is None:
        return
    fresh = fresh_front(state)
    assert (kept.bases, kept.ranks, kept.held, set(kept.waiting)) == (fresh.bases, fresh.ranks, fresh.held, set(fresh.waiting))
    if kept.moves is not None:
        state.front = fresh
        assert kept.moves == conquests(state)
        state.front = kept


@pytest.mark.parametrize("players", [3, 6])
@pytest.mark.parametrize("options", [{}, {"conquest_from_province": False, "fleet_chains": False,
                                          "replacement_armies_active": False}])
def test_the_kept_conquest_front_matches_a_fresh_one_after_every_step(players, options):
    rng = random.Random(f"front:{players}")
    rules = attrs.evolve(SCENARIO.ruleset.options, **options)
    fronts = 0
    for _ in range(20):
        state = RULESET.start(SCENARIO, SCENARIO.seats[:players], rules)
        while not isinstance(decision := RULESET.decision(state), End):
            move = sample(decision, rng) if isinstance(decision, Chance) else BOTS["random"].choose(decision, rng)
            RULESET.apply(state, move)
            check_front(state)
            fronts += state.front is not None
    assert fronts > 1000  # the front was kept through most of the conquest steps
