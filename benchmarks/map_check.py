"""Live validation of the map: after one edit of a 2,000-space board (a corner of one space
moved), the time until the map's problems are up to date again. Target: 100 ms. The file's
own check (types and references, the whole scenario) runs beside it off the studio's UI
thread; its time is printed too, without a target.

    python benchmarks/map_check.py [SPACES] [--edits N]
"""

from __future__ import annotations

import argparse

from _support import ROOT, report, timings
from adjacency import grid_board

from engine.rulesets.registry import get_ruleset
from engine.scenario.adjacency import derive
from engine.scenario.io import load_scenario, scenario_from_data, scenario_to_data
from engine.scenario.map_check import MapCheck


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("spaces", type=int, nargs="?", default=2000)
    parser.add_argument("--edits", type=int, default=20)
    arguments = parser.parse_args()
    scenario = load_scenario(ROOT / "scenarios" / "history-of-the-world.json", get_ruleset)
    board = grid_board(arguments.spaces)
    board.connections = derive(board)
    scenario.board = board
    check = MapCheck(board)
    report(f"first check, {arguments.spaces} spaces", timings(check.problems, 1))
    edits = iter(range(10**9))

    def one_edit() -> None:
        number = next(edits)
        space = board.spaces[(number * 37) % len(board.spaces)]
        x, y = space.polygon[0]
        space.polygon = [(x + (1.5 if number % 2 else -1.5), y), *space.polygon[1:]]  # as a command writes it
        check.problems()

    report("one edit -> map problems", timings(one_edit, arguments.edits), target=0.1)
    report("the file's own check (background)", timings(
        lambda: scenario_from_data(scenario_to_data(scenario, get_ruleset), None, get_ruleset), 3))


if __name__ == "__main__":
    main()
