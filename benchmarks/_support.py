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
