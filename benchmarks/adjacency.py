"""Adjacency from borders: recall and precision on the shipped History of the World map, and
the time to derive a generated board (jittered cells sharing their borders, as a traced map
has them, seas along the bottom). Target: 2,000 spaces in under 1 s.

    python benchmarks/adjacency.py [SPACES]
"""

from __future__ import annotations

import random
import sys
import time

from _support import ROOT, report

from engine.rulesets.registry import get_ruleset
from engine.scenario.adjacency import derive, measure
from engine.scenario.io import load_scenario
from engine.scenario.model import Board, Space, SpaceKind


def grid_board(count: int) -> Board:
    """Jittered square cells, a few rows of sea at the bottom, so both tests run."""
    side = max(2, round(count ** 0.5))
    rows = -(-count // side)
    jitter = random.Random(7)
    corners = {(x, y): (x * 20 + jitter.uniform(-4, 4), y * 20 + jitter.uniform(-4, 4))
               for x in range(side + 1) for y in range(rows + 1)}
    spaces = []
    for number in range(count):
        x, y = number % side, number // side
        kind = SpaceKind.SEA if y >= rows - max(1, rows // 10) else SpaceKind.LAND
        polygon = [corners[(x, y)], corners[(x + 1, y)], corners[(x + 1, y + 1)], corners[(x, y + 1)]]
        spaces.append(Space(f"s{number}", f"Space {number}", kind, polygon=polygon))
    return Board(side * 20, rows * 20, spaces=spaces)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    world = load_scenario(ROOT / "scenarios" / "history-of-the-world.json", get_ruleset).board
    for name, (found, true, correct) in measure(world, derive(world)).items():
        print(f"History of the World {name}: {correct} of {true} found (recall {correct / true:.1%}), "
              f"{found - correct} false of {found} (precision {correct / max(found, 1):.1%})")
    board = grid_board(count)
    wall, processor = [], []
    for _ in range(5):
        began, began_processor = time.perf_counter(), time.thread_time()
        derive(board)
        wall.append(time.perf_counter() - began)
        processor.append(time.thread_time() - began_processor)
    report(f"derive {count} spaces", wall, target=1.0)
    report("  processor time (an idle machine's figure)", processor, target=1.0)


if __name__ == "__main__":
    main()
