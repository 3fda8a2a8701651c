"""Ludii's measures on a game worked out by hand (engine/balance/metrics.py's formulas)."""

from __future__ import annotations

import pytest

from engine.balance.figures import GameRecord
from engine.balance.metrics import (
    decisiveness,
    drama,
    margin,
    metrics,
    stability,
    uncertainty,
)

# Red and Blue after each turn; Blue wins 9 to 5, leading for good from turn 4 (0-based)
TRAJECTORY = ((2, 0), (2, 3), (3, 3), (4, 3), (4, 6), (5, 9))
GAME = GameRecord("1:0", (5, 9), (1,), actions=10, turns=6, trajectory=TRAJECTORY, options=30, decisions=8)


def test_each_measure_follows_its_formula():
    assert decisiveness(GAME) == pytest.approx(1 - 4 / 6)
    # Blue trailed after turns 0 (2 to 0: a full lead's worth) and 3 (4 to 3); a tie is no trailing
    assert drama(GAME) == pytest.approx((1 + 1 / 4) / 2)
    # the order changed at 3 of the 5 boundaries (a tie keeps the order by seat)
    assert stability(GAME) == pytest.approx(2 / 5)
    assert uncertainty(GAME) == pytest.approx((0 + 2 / 3 + 1 + 3 / 4 + 2 / 3 + 5 / 9) / 6)
    assert margin(GAME) == 4


def test_the_run_measures_count_capped_and_drawn_games_with_intervals():
    drawn = GameRecord("1:1", (3, 3), (0, 1), actions=4, turns=2, trajectory=((3, 3),), options=4, decisions=0)
    capped = GameRecord("1:2", (1, 0), (), actions=6, turns=3, capped=True, options=12, decisions=3)
    found = metrics([GAME, drawn, capped])
    assert (found.completion.hits, found.completion.trials) == (2, 3)
    assert (found.timeouts.hits, found.drawishness.hits, found.drawishness.trials) == (1, 1, 2)
    assert found.completion.low < 2 / 3 < found.completion.high
    assert found.branching.mean == pytest.approx((3 + 1 + 2) / 3)
    assert found.decisions_per_turn.mean == pytest.approx((8 / 6 + 0 + 1) / 3)
    assert found.margin.count == 2 and found.margin.mean == pytest.approx(2)  # 4, and 0 for the drawn game
