"""Hostile scenario files (hypothesis): whatever is done to a shipped scenario, reading it
raises nothing; a rejection lists problems that each say where; an accepted file saves and
reads back equal, and its game starts and plays (a file that validates and then breaks the
game at its start is a validation missing). Bounded and derandomised here; ``tests/mutations.py`` says how to run a
long campaign and count how the inputs ended."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mutations import ENDINGS, FUZZ, as_text, mutated, report

from engine.bots import BOTS
from engine.play.drive import Endless, drive
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import parse_json, scenario_from_data, scenario_text

ROOT = Path(__file__).parents[3]
SOURCES = {path.name: (path.parent, json.loads(path.read_text()))
           for path in [*sorted((ROOT / "scenarios").glob("*.json")), ROOT / "tests" / "data" / "dice-race.json"]}
WHOLE_FILE = ("invalid JSON", "a scenario file must hold a JSON object")
PLAYED_STEPS = 60


@pytest.fixture(scope="module", autouse=True)
def _report():
    yield
    report()


def problem_kind(message: str) -> str:
    """A problem's message without the file's own words, to count kinds of rejection."""
    words = [word.strip(",.:;()") for word in message.split()[:4]]
    return " ".join(word for word in words if word.isalpha())


@FUZZ
@given(st.data())
def test_a_mutated_scenario_is_refused_with_located_problems_or_saves_and_reloads_equal(data):
    name = data.draw(st.sampled_from(sorted(SOURCES)))
    folder, original = SOURCES[name]
    text = as_text(data.draw(mutated(original)))
    raw, problems = parse_json(text)
    scenario = None
    if not problems:
        scenario, problems = scenario_from_data(raw, folder, get_ruleset)
    if problems:
        ENDINGS["scenario: refused"] += 1
        for problem in problems:
            ENDINGS[f"scenario problem: {problem_kind(problem.message)}"] += 1
            assert problem.path or problem.message.startswith(WHOLE_FILE), problem
            assert problem.message
        return
    ENDINGS["scenario: accepted"] += 1
    saved = scenario_text(scenario, get_ruleset)
    saved.encode("utf-8")  # writable as it is
    again, problems = scenario_from_data(json.loads(saved), folder, get_ruleset)
    assert problems == [] and again == scenario
    ENDINGS["scenario: accepted, saved and reloaded equal"] += 1
    ruleset = get_ruleset(scenario.ruleset.id)
    players = min(ruleset.max_players, len(scenario.seats))
    state = ruleset.start(scenario, scenario.seats[:players], scenario.ruleset.options)
    try:
        for _ in drive(ruleset, state, [BOTS["random"]] * players, random.Random(name), PLAYED_STEPS):
            pass
    except Endless:
        pass
    ENDINGS["scenario: accepted and its game plays"] += 1
