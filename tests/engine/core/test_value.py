"""Values (moves, decisions, log events): equal and hashed by their fields, and never changed
once made, which the check run proves over every registered ruleset (engine/core/value.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import attrs

from engine.core.decision import Choice
from engine.core.events import Event
from engine.core.moves import Action, Outcome
from engine.core.value import value

CHECK = Path(__file__).with_name("values_checked.py")


@value
class Found(Action):
    space_fields = ("site",)

    site: str
    size: int = 1


def test_a_value_is_equal_and_hashed_by_its_fields_and_a_label_takes_no_part():
    assert Found("rome", 2, label="found Rome") == Found("rome", 2)
    assert hash(Found("rome", 2, label="found Rome")) == hash(Found("rome", 2))
    assert Found("rome", 2) != Found("rome", 3)
    assert len({Outcome(3), Outcome(3, "three"), Outcome(4)}) == 2
    assert Event("Rome founded", (0,)) == Event("Rome founded", (0,)) != Event("Rome founded")
    choice = Choice(0, "found a city", (Found("rome"), Found("ostia")))
    assert attrs.evolve(choice, seat=1) == Choice(1, "found a city", choice.actions) != choice


def test_no_game_changes_a_value_once_made():
    """Every value is built frozen in the check run, so an assignment anywhere on the paths
    played there (every registered ruleset at every player count, through a session) raises."""
    root = CHECK.parents[3]
    env = {**os.environ, "EPOCH_CHECK_VALUES": "1", "PYTHONPATH": os.pathsep.join([str(root), str(root / "tests")])}
    run = subprocess.run([sys.executable, str(CHECK)], env=env, capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    played = run.stdout.splitlines()
    assert any(line.startswith("history-of-the-world 4p") for line in played)
    assert len(played) >= 15
