"""The shipped History of the World scenario, set up for the rulebook's own situations.

The rulebook's worked examples name real provinces, seas and empires (the Assyrians in
Mesopotamia, a fleet on the North Sea...): these helpers put a game of the shipped scenario
in such a position, so a test plays the example on the real map and cards."""

from __future__ import annotations

from pathlib import Path

import attrs

from engine.core.decision import Chance
from engine.core.moves import Outcome
from engine.rulesets.history_of_the_world.ruleset import HistoryOfTheWorld
from engine.rulesets.history_of_the_world.state import HistoryState, new_state
from engine.rulesets.history_of_the_world.tables import Tables
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario

RULES = HistoryOfTheWorld()
SCENARIO = load_scenario(Path(__file__).parents[4] / "scenarios" / "history-of-the-world.json", get_ruleset)


def game(players: int = 3, **options) -> HistoryState:
    """A game of the shipped scenario before its marker draw; options as the scenario's, changed by ``options``."""
    chosen = attrs.evolve(SCENARIO.ruleset.options, **options)
    return new_state(Tables.of(SCENARIO, chosen), [f"P{n + 1}" for n in range(players)])


def in_epoch(state: HistoryState, epoch: int = 1) -> HistoryState:
    """The board as the epoch's turns find it: its region tiles placed, nothing else."""
    state.phase, state.epoch = "turns", epoch
    for number in range(1, epoch + 1):
        for tile in state.tables.epoch_tiles(number):
            state.tiles[tile.region] = tile.id
    return state


def put(state: HistoryState, owner: int, *provinces: str) -> None:
    """Inactive armies of ``owner`` (from an earlier empire) on ``provinces``."""
    for province in provinces:
        state.armies[province] = owner
        state.supply[owner] -= 1


def play(state: HistoryState, *moves) -> None:
    for move in moves:
        RULES.apply(state, move)


def roll(state: HistoryState, *throws: str | int) -> None:
    """Chance steps in order: "4-1" for two dice thrown together, 4 for one die."""
    for throw in throws:
        assert isinstance(RULES.decision(state), Chance)
        RULES.apply(state, Outcome(throw))


def move_ids(state: HistoryState) -> list[str]:
    return [move.id for move in RULES.decision(state).actions]
