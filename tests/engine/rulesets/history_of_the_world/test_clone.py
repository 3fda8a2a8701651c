"""A clone is what a session's checkpoint keeps (issue 8): it must equal its original and share
nothing that play changes, so going back to a checkpoint finds the game as it was. The clone is
written out field by field, so the test also makes sure that every field of the state, the turn
and the battle takes a value other than its default in the games sampled: a field the clone
left out would then come out unequal. States are taken from seeded random games at 3 to 5
players, with the classic draft (§10.1) on and off, every 5th step and every step of a battle."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest

from engine.bots import BOTS
from engine.core.decision import End
from engine.core.plain import copy_plain
from engine.play.drive import drive
from engine.rulesets.history_of_the_world.state import Battle, HistoryState, Turn
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario

SCENARIO = load_scenario(Path(__file__).parents[4] / "scenarios" / "history-of-the-world.json", get_ruleset)
RULESET = get_ruleset("history-of-the-world")
SHARED = {"tables"}  # the scenario's tables, never changed by play: shared on purpose
CACHES = {"decision", "front"}  # dropped by a clone, worked out again when asked


def states(classic_draft: bool, games: int = 2) -> list[HistoryState]:
    """Copies made by the generic walk over the fields (``copy_plain``), not by the clone the
    tests check."""
    options = attrs.evolve(SCENARIO.ruleset.options, classic_draft=classic_draft)
    found = []
    for players in (3, 4, 5):
        for game in range(games):
            state = RULESET.start(SCENARIO, SCENARIO.seats[:players], options)
            bots = [BOTS["random"]] * players
            for number, _ in enumerate(drive(RULESET, state, bots, random.Random(f"clone:{players}:{game}"))):
                if number % 5 == 0 or state.turn is not None and state.turn.battle is not None:
                    found.append(copy_plain(state))
    return found


def mutable_parts(value: object, path: str):
    """Every list, dict, set and attrs instance inside ``value``, with where it is."""
    if isinstance(value, (list, dict, set)) or attrs.has(type(value)):
        yield path, value
    if isinstance(value, list):
        for index, item in enumerate(value):
            yield from mutable_parts(item, f"{path}[{index}]")
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            if field.name not in SHARED | CACHES:
                yield from mutable_parts(getattr(value, field.name), f"{path}.{field.name}")


def _default(field: attrs.Attribute) -> object:
    return field.default.factory() if isinstance(field.default, attrs.Factory) else field.default


@pytest.mark.parametrize("classic_draft", [False, True], ids=["open-draft", "classic-draft"])
def test_a_clone_equals_its_original_and_shares_nothing_play_changes(classic_draft):
    for state in states(classic_draft):
        twin = RULESET.clone(state)
        assert twin == state and RULESET.digest(twin) == RULESET.digest(state)
        assert twin.tables is state.tables and twin.decision is None and twin.front is None
        originals = dict(mutable_parts(state, ""))
        for path, part in mutable_parts(twin, ""):
            assert part is not originals[path], f"the clone shares {path} with its original"


def test_every_field_the_clone_copies_is_seen_away_from_its_default():
    set_somewhere: set[str] = set()
    for state in states(False) + states(True):
        parts = [("", state)]
        if state.turn is not None:
            parts.append(("turn.", state.turn))
            if state.turn.battle is not None:
                parts.append(("battle.", state.turn.battle))
        for prefix, part in parts:
            set_somewhere |= {prefix + f.name for f in attrs.fields(type(part))
                              if getattr(part, f.name) != _default(f)}
    fields = {prefix + f.name for prefix, kind in (("", HistoryState), ("turn.", Turn), ("battle.", Battle))
              for f in attrs.fields(kind)}
    unseen = fields - set_somewhere - SHARED - CACHES
    assert not unseen, f"no sampled state sets {sorted(unseen)}: a clone leaving them out would pass unseen"


def test_playing_on_a_clone_never_changes_the_original_nor_the_other_way():
    for number, state in enumerate(states(False, games=1)[::9]):
        if isinstance(RULESET.decision(state), End):
            continue
        before = RULESET.digest(state)
        twin = RULESET.clone(state)
        for _ in zip(range(40), drive(RULESET, twin, [BOTS["random"]] * len(state.names), random.Random(number))):
            pass
        assert RULESET.digest(state) == before, "playing on the clone changed the original"
