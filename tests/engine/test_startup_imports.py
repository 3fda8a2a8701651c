"""Commands start at once (issue 27): importing the command line, the service or a balance
worker imports no game and none of the heavy libraries; a game comes in when a scenario
names it, and only that game.

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


def imported_after(code: str) -> set[str]:
    """The top-level libraries and the games a fresh interpreter has imported after ``code``."""
    probe = (f"{code}\nimport json, sys\n"
             "print(json.dumps(sorted({name for name in sys.modules if '.' not in name} | "
             "{name.split('.')[2] for name in sys.modules if name.startswith('engine.rulesets.') "
             "and name.count('.') >= 2})))")
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=False,
                            timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    return set(json.loads(result.stdout.splitlines()[-1]))


@pytest.mark.parametrize("module", ["engine.cli", "engine.service.methods", "engine.balance.run", "engine.sim"])
def test_importing_a_command_or_a_worker_brings_in_no_game_and_no_heavy_library(module):
    imported = imported_after(f"import {module}")
    assert imported & {*HEAVY, *GAMES} == set()


def test_the_command_line_parser_and_the_list_of_games_import_no_game():
    imported = imported_after("import engine.cli\nengine.cli.parser()\n"
                              "from engine.rulesets.registry import listing\nlisting()")
    assert imported & {*HEAVY, *GAMES} == set()


def test_a_scenario_brings_in_its_own_game_alone():
    imported = imported_after("from engine.balance.run import load_planned\n"
                              "from engine.rulesets.registry import get_ruleset\n"
                              "from engine.scenario.io import load_scenario\n"
                              "get_ruleset(load_scenario('scenarios/after-the-flood.json', get_ruleset).ruleset.id)")
    assert imported & set(GAMES) == {"after_the_flood"}
    assert imported & set(HEAVY) == set()
