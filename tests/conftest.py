"""Shared fixtures. Qt tests run offscreen; the tiny Dice Race ruleset is registered here;
``--slow`` chooses the long property runs (tests/runs.py)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).parent))

import runs
import tiny_ruleset
from hypothesis import settings

DATA = Path(__file__).parent / "data"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true", default=False,
                     help="the long run: every seed and example of the property runs (tests/runs.py)")


def pytest_configure(config: pytest.Config) -> None:
    """Before any test module is read, since they size their runs when imported (hypothesis's
    own --hypothesis-profile, applied after this, still wins)."""
    settings.load_profile(runs.FULL if config.getoption("--slow")
                          else os.environ.get("HYPOTHESIS_PROFILE", runs.EVERYDAY))


@pytest.fixture
def dice_race_path() -> Path:
    return DATA / "dice-race.json"


@pytest.fixture
def dice_race():
    from engine.rulesets.registry import get_ruleset
    from engine.scenario.io import load_scenario

    return load_scenario(DATA / "dice-race.json", get_ruleset)


@pytest.fixture
def ruleset() -> tiny_ruleset.DiceRace:
    return tiny_ruleset.DICE_RACE
