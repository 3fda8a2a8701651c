"""Shared by the benchmark scripts: the tiny Dice Race ruleset until a shipped game fits."""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import tiny_ruleset  # noqa: F401  (registers Dice Race)

DICE_RACE = ROOT / "tests" / "data" / "dice-race.json"


def timings(function: Callable[[], object], repeat: int) -> list[float]:
    """Seconds per call, one figure per call."""
    figures = []
    for _ in range(repeat):
        started = time.perf_counter()
        function()
        figures.append(time.perf_counter() - started)
    return figures


def report(name: str, seconds: list[float], target: float | None = None) -> None:
    median = statistics.median(seconds)
    worst = max(seconds)
    verdict = ""
    if target is not None:
        verdict = f"  target < {target * 1000:g} ms: {'met' if median < target else 'MISSED'}"
    print(f"{name:<34} median {median * 1000:8.3f} ms   max {worst * 1000:8.3f} ms{verdict}")


def random_play(path: Path, games: int, players: int) -> dict:
    """Seeded random games of one scenario in this process: counts and CPU seconds, as
    ``rulesets_speed.catan_round`` times catanatron."""
    from engine.rulesets.registry import get_ruleset
    from engine.scenario.io import load_scenario
    from engine.sim import opening, play_game

    scenario = load_scenario(path, get_ruleset)
    ruleset = get_ruleset(scenario.ruleset.id)
    actions = steps = 0
    started = time.process_time()
    initial = opening(ruleset, scenario, players)
    for index in range(games):
        result = play_game(ruleset, initial, f"bench:{index}")
        actions += result.actions
        steps += result.steps
    return {"games": games, "actions": actions, "steps": steps, "seconds": time.process_time() - started}


def speed_line(name: str, figures: dict) -> str:
    """One benchmark line, the same for every game."""
    seconds = figures["seconds"]
    return (f"{name}: {figures['games']} games, {figures['actions'] / seconds:,.0f} actions/s "
            f"({figures['steps'] / seconds:,.0f} steps/s with chance), {figures['games'] / seconds:.1f} games/s, "
            f"{figures['actions'] / figures['games']:.0f} actions a game")
