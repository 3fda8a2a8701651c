"""``Ruleset.scores``, the cheap read the balance figures take after every turn, equals the
scores of the designer's picture (``view(state, None)``) at every step of seeded random games,
in every registered ruleset at its smallest and largest player count; ``factions`` equals the
picture's seat names at the end."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.bots import BOTS
from engine.play.drive import drive
from engine.rulesets.registry import get_ruleset, rulesets
from engine.scenario.io import load_scenario

ROOT = Path(__file__).parents[3]
SCENARIOS = [*sorted((ROOT / "scenarios").glob("*.json")), *sorted((ROOT / "tests" / "data").glob("*.json"))]


def _cases() -> list:
    """The first scenario written for each registered ruleset."""
    cases = []
    for ruleset in rulesets():
        for path in SCENARIOS:
            data = json.loads(path.read_text(encoding="utf-8")).get("ruleset")
            if isinstance(data, dict) and data.get("id") == ruleset.id and "format-v1" not in path.name:
                cases.append(pytest.param(ruleset, path, id=ruleset.id))
                break
    return cases

STEPS = 4000  # long enough to score in every game; a random game may run much longer


@pytest.mark.parametrize(("ruleset", "path"), _cases())
def test_cheap_scores_and_factions_equal_the_pictures(ruleset, path) -> None:
    scenario = load_scenario(path, get_ruleset)
    counts = range(ruleset.min_players, min(ruleset.max_players, len(scenario.seats)) + 1)
    for players in sorted({counts[0], counts[-1]}):
        state = ruleset.start(scenario, scenario.seats[:players], scenario.ruleset.options)
        scored = False
        for step, _ in enumerate(drive(ruleset, state, [BOTS["random"]] * players, random.Random(f"scores:{players}"),
                                       STEPS)):
            pictured = tuple(panel.score for panel in ruleset.view(state, None).panels)
            assert ruleset.scores(state) == pictured, f"{players} players, step {step}"
            scored = scored or any(pictured)
            if step + 1 == STEPS:
                break
        assert scored, "no seat scored: the comparison saw only zeros"
        assert ruleset.factions(state) == tuple(panel.name for panel in ruleset.view(state, None).panels)
