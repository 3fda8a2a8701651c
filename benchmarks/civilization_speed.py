"""Random-play speed of Civilization (2, 3 and 4 players) beside History of the World (5
players) and, when asked, catanatron's 4-random-player Catan, all in one run, alternating
rounds and taking the median of each (the machine is shared and noisy).

Target: at least twice catanatron's actions per second. A Civilization game between random
bots lasts thousands of steps (every figure steps one square per decision), so the figures
are per action first.

    python benchmarks/civilization_speed.py [--games 10] [--rounds 3] [--catan-seconds 0]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from _support import ROOT, random_play, speed_line

CIVILIZATION = ROOT / "scenarios" / "civilization.json"
HOTW = ROOT / "scenarios" / "history-of-the-world.json"


def rate(figures: dict) -> float:
    return figures["actions"] / figures["seconds"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10, help="Civilization games per player count and round")
    parser.add_argument("--hotw-games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--catan-seconds", type=float, default=0, help="catanatron's play time per round; "
                        "0 leaves it out")
    parser.add_argument("--catanatron-venv", type=Path,
                        default=Path(tempfile.gettempdir()) / "epoch-catanatron-3.2.1")
    args = parser.parse_args()
    rates: dict[str, list[float]] = {}
    for _ in range(args.rounds):
        hotw = random_play(HOTW, args.hotw_games, 5)
        print(speed_line("History of the World, 5 random players", hotw))
        rates.setdefault("hotw", []).append(rate(hotw))
        for players in (2, 3, 4):
            figures = random_play(CIVILIZATION, args.games, players)
            print(speed_line(f"Civilization, {players} random players", figures))
            rates.setdefault(f"civ{players}", []).append(rate(figures))
        if args.catan_seconds:
            from rulesets_speed import catan_round, catanatron_python

            python = catanatron_python(args.catanatron_venv)
            rates.setdefault("catan", []).append(rate(catan_round(python, args.catan_seconds)))
    medians = {name: statistics.median(values) for name, values in rates.items()}
    for players in (2, 3, 4):
        line = f"median: Civilization {players} players {medians[f'civ{players}']:,.0f} actions/s, " \
               f"{medians[f'civ{players}'] / medians['hotw']:.3f}x History of the World"
        if "catan" in medians:
            line += f", {medians[f'civ{players}'] / medians['catan']:.2f}x catanatron (target 2x)"
        print(line)


if __name__ == "__main__":
    main()
