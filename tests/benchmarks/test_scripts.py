"""Every benchmark script still runs and prints its figures, on small sizes.

No figure is asserted: timings belong to the benchmarks themselves. This only keeps the
scripts from breaking silently when the code they measure changes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).parents[2] / "benchmarks"
RUNS = {
    "session_history.py": (["--depths", "40", "--rounds", "1", "--games", "1"], "session/drive"),
    "scenario_load.py": ([], "load + validate"),
    "studio_board.py": (["300"], "hit test"),
    "bot_ladder.py": (["--games", "1", "--search", "search:2", "--workers", "1", "--max-turns", "20"],
                      "search:2 against greedy"),
    "cards_pdf.py": (["--repeat", "1"], "112 cards"),
    "cards_table.py": (["--cards", "120", "--edits", "3", "--rounds", "1"], "cell edit -> preview"),
    "service_round_trip.py": (["--games", "1"], "apply + decision round trips over stdio"),
    "civilization_games.py": (["--games", "1", "--players", "2", "--workers", "1", "--max-turns", "3"],
                              "capped games (seeds): 0"),
    "civilization_speed.py": (["--games", "1", "--hotw-games", "1", "--rounds", "1"], "Civilization, 4 random players: 1 games"),
    "rulesets_speed.py": (["--rounds", "1", "--seconds", "0.1", "--catan-seconds", "0"],
                          "History of the World (history-of-the-world, 5p)"),
    "adjacency.py": (["200"], "derive 200 spaces"),
    "map_editing.py": (["200"], "corner drag, per mouse move"),
    "balance_workers.py": (["--games", "4", "--rounds", "1", "--chunk", "1"], "speed-up of playing, 2 workers against 1"),
    "map_check.py": (["200", "--edits", "3"], "one edit -> map problems"),
    "startup.py": (["--repeat", "1"], "epoch serve, first answer"),
    "svg_import.py": (["200", "--factor", "2"], "ratio"),
    "search_speed.py": (["--games", "2", "--search", "search:2", "--opponent", "greedy", "--max-turns", "4"],
                        "search:2 against greedy, 2 games: the search bot's own choices"),
    "simulate_speed.py": (["--rounds", "1", "--games", "1"], "simulate"),
}


def test_every_benchmark_script_is_covered():
    assert sorted(p.name for p in BENCHMARKS.glob("*.py") if not p.name.startswith("_")) == sorted(RUNS)


@pytest.mark.parametrize("script", sorted(RUNS))
def test_the_script_runs_and_prints_its_figures(script):
    arguments, expected = RUNS[script]
    result = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *arguments],
        capture_output=True, text=True, check=False, timeout=300,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert expected in result.stdout
