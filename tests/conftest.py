"""Shared fixtures. Qt tests run offscreen; the tiny Dice Race ruleset is registered here."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).parent))

import tiny_ruleset

DATA = Path(__file__).parent / "data"


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
