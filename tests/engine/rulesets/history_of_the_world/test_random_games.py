"""200 seeded random games for each player count end in a valid final state (issue 3 proof)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine.bots import BOTS
from engine.core.decision import Chance, End
from engine.core.randomness import sample
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
    for seed in range(200):
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
