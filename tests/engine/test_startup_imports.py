"""Commands start at once (issue 27): importing the command line, the service or a balance
worker imports no game and none of the heavy libraries; a game comes in when a scenario
names it, and only that game; ``epoch --help`` needs no engine code at all.

Each check runs in a fresh interpreter, since this one has imported everything already."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
HEAVY = ("numpy", "shapely", "skimage", "matplotlib", "openpyxl", "PySide6")
GAMES = ("after_the_flood", "antike_duellum", "brief_history_of_the_world", "civilization", "history_of_the_world")


def imported_after(code: str) -> list[str]:
    """Every module a fresh interpreter has imported after running ``code``."""
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=False,
                            timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.splitlines()[-1])


def libraries_and_games(modules: list[str]) -> set[str]:
    """The heavy libraries and the games (by package name) among ``modules``."""
    found = {name for name in modules if name in HEAVY}
    return found | {name.split(".")[2] for name in modules if name.startswith("engine.rulesets.")
                    and name.split(".")[2] in GAMES}


@pytest.mark.parametrize("module", ["engine.cli", "engine.service.methods", "engine.balance.run", "engine.sim"])
def test_importing_a_command_or_a_worker_brings_in_no_game_and_no_heavy_library(module):
    assert libraries_and_games(imported_after(f"import {module}")) == set()


def test_the_command_lines_parser_needs_no_rules_no_scenario_code_and_no_game():
    modules = imported_after("import engine.cli\nengine.cli.parser()\n"
                             "from engine.rulesets.registry import listing\nlisting()")
    assert libraries_and_games(modules) == set()
    assert [m for m in modules if m.startswith(("engine.core", "engine.play", "engine.bots", "engine.scenario.io"))] == []


def test_a_scenario_brings_in_its_own_game_alone():
    modules = imported_after("from engine.balance.run import load_planned\n"
                             "from engine.rulesets.registry import get_ruleset\n"
                             "from engine.scenario.io import load_scenario\n"
                             "get_ruleset(load_scenario('scenarios/after-the-flood.json', get_ruleset).ruleset.id)")
    assert libraries_and_games(modules) == {"after_the_flood"}
