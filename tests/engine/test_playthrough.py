"""Golden playthroughs: a rules change shows up as a readable diff of a checked-in file.

After an intended change, rewrite the files with ``EPOCH_UPDATE_GOLDEN=1 pytest`` and read
the diff before committing it."""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from engine.playthrough import playthrough
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario

ROOT = Path(__file__).parents[2]
GOLDEN = {
    "history-of-the-world.txt": (ROOT / "scenarios" / "history-of-the-world.json", 5, 1, 300),
    "a-brief-history-of-the-world.txt": (ROOT / "scenarios" / "a-brief-history-of-the-world.json", 4, 1, 300),
    "antike-duellum-carthage-rome.txt": (ROOT / "scenarios" / "antike-duellum-carthage-rome.json", 2, 1, 200),
    "civilization.txt": (ROOT / "scenarios" / "civilization.json", 3, 1, 300),
    # a whole game: one step more than it lasts, so the file ends with the final scores
    "after-the-flood.txt": (ROOT / "scenarios" / "after-the-flood.json", 3, 1, 193),
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_the_seeded_game_plays_exactly_as_recorded(name):
    scenario_path, players, seed, steps = GOLDEN[name]
    golden = ROOT / "tests" / "golden" / name
    text = playthrough(load_scenario(scenario_path, get_ruleset), players, seed, steps)
    if os.environ.get("EPOCH_UPDATE_GOLDEN"):
        golden.write_text(text)
    diff = "".join(difflib.unified_diff(golden.read_text().splitlines(True), text.splitlines(True),
                                        "recorded", "played now", n=2))
    assert not diff, f"the game no longer plays as recorded in {golden}:\n{diff[:6000]}"
    played = text.count("\n   > ")
    assert played == steps or (played == steps - 1 and "\nend: " in text), "every step is played"
    assert text.count("\n   @") == played * players  # every seat's view after every step


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others():
    scenario_path, players, seed, _ = GOLDEN["antike-duellum-carthage-rome.txt"]
    text = playthrough(load_scenario(scenario_path, get_ruleset), players, seed, 60)
    rome = [line for line in text.splitlines() if line.startswith("   @Rome: ")]
    assert rome and all(line.startswith("   @Rome: Rome ") and "Carthage " in line for line in rome)
    assert all("unseen)" in line.split("; ")[1] for line in rome)
