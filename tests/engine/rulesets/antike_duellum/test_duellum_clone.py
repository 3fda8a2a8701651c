"""A clone is what a session's checkpoint keeps (issue 8): it must be equal to its original and
share nothing that play changes, so going back to a checkpoint finds the game as it was.
States are taken from seeded random games on both boards at every stage of a turn (rondel,
payments, movement with units part-way, conquests, trades and event choices pending)."""

from __future__ import annotations

import random

import pytest
from duellum import SCENARIOS

from engine.bots import BOTS
from engine.core.decision import End
from engine.play.drive import drive
from engine.rulesets.antike_duellum.state import DuellumState
from engine.rulesets.registry import get_ruleset

RULESET = get_ruleset("antike-duellum")
# never changed by play: the clone shares them on purpose (a decision is a value, the same for
# an equal state; apply drops it before changing the state)
SHARED = {"names", "tables", "winnable", "decision"}


def states(side: str, games: int = 3, steps: int = 1500, every: int = 7) -> list[DuellumState]:
    """Copies of every ``every``-th state of a few random games, and of every state in a
    conquest (rare: a choice is open mid-conquest only when losses can be of either type)."""
    scenario = SCENARIOS[side]
    found = []
    for game in range(games):
        state = RULESET.start(scenario, scenario.seats, scenario.ruleset.options)
        bots = [BOTS["random"]] * 2
        for number, _ in enumerate(drive(RULESET, state, bots, random.Random(f"clone:{game}"))):
            if number % every == 0 or state.turn is not None and state.turn.conquest is not None:
                found.append(RULESET.clone(state))
            if number == steps:
                break
    return found


def play_on(state: DuellumState, seed: str, steps: int) -> None:
    bots = [BOTS["random"]] * 2
    for number, _ in enumerate(drive(RULESET, state, bots, random.Random(seed))):
        if number == steps:
            break


def mutable_parts(value: object, path: str):
    """Every list, dict, set and attrs instance inside ``value``, with where it is."""
    if isinstance(value, (list, dict, set)) or hasattr(type(value), "__attrs_attrs__"):
        yield path, value
    if isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            yield from mutable_parts(item, f"{path}[{index}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from mutable_parts(item, f"{path}[{key!r}]")
    elif hasattr(type(value), "__attrs_attrs__"):
        for field in type(value).__attrs_attrs__:
            if path or field.name not in SHARED:
                yield from mutable_parts(getattr(value, field.name), f"{path}.{field.name}")


@pytest.mark.parametrize("side", sorted(SCENARIOS))
def test_a_clone_equals_its_original_and_shares_nothing_play_changes(side):
    seen_turn_parts = set()
    for state in states(side):
        twin = RULESET.clone(state)
        assert RULESET.digest(twin) == RULESET.digest(state)
        assert twin == state and twin.decision is state.decision
        originals = dict(mutable_parts(state, ""))
        for path, part in mutable_parts(twin, ""):
            assert part is not originals[path], f"the clone shares {path} with its original"
        if state.turn is not None:
            seen_turn_parts |= {name for name in ("pending", "conquest", "moved", "due") if getattr(state.turn, name)}
    assert seen_turn_parts == {"pending", "conquest", "moved", "due"}, "the games reach every kind of turn state"


@pytest.mark.parametrize("side", sorted(SCENARIOS))
def test_playing_on_a_clone_never_changes_the_original_nor_the_other_way(side):
    for number, state in enumerate(states(side, games=2, every=31)):
        if isinstance(RULESET.decision(state), End):
            continue
        before = RULESET.digest(state)
        twin = RULESET.clone(state)
        play_on(twin, f"twin:{number}", 60)
        assert RULESET.digest(state) == before, "playing on the clone changed the original"
        after_twin = RULESET.digest(twin)
        play_on(state, f"original:{number}", 60)
        assert RULESET.digest(twin) == after_twin, "playing on the original changed the clone"
