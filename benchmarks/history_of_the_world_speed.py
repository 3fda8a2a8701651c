"""Random-play speed of History of the World (5 players) beside catanatron's 4-random-player
Catan, measured in the same run. Target: at least twice catanatron's actions per second.

catanatron is installed into a throwaway virtual environment (not a project dependency) the
first time; pass --catanatron-venv to reuse one.

    python benchmarks/history_of_the_world_speed.py [--games 200] [--catan-games 30]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from _support import ROOT, random_play, speed_line

CATAN = """
import json, sys, time
from catanatron import Color, Game, RandomPlayer
games = int(sys.argv[1])
colours = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
actions = 0
started = time.perf_counter()
for seed in range(games):
    game = Game(players=[RandomPlayer(c) for c in colours], seed=seed)
    game.play()
    actions += len(game.state.actions)
seconds = time.perf_counter() - started
print(json.dumps({"games": games, "actions": actions, "seconds": seconds}))
"""


def catanatron(venv: Path, games: int) -> dict:
    python = venv / "bin" / "python"
    if not python.exists():
        print(f"installing catanatron into a throwaway environment at {venv} ...", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "catanatron"], check=True)
    result = subprocess.run([str(python), "-c", CATAN, str(games)], check=True,
                            capture_output=True, text=True)
    return json.loads(result.stdout)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--catan-games", type=int, default=30, help="0 measures our side only")
    parser.add_argument("--catanatron-venv", type=Path,
                        default=Path(tempfile.gettempdir()) / "epoch-bench-catanatron")
    args = parser.parse_args()
    hotw = random_play(ROOT / "scenarios" / "history-of-the-world.json", args.games, 5)
    print(speed_line("History of the World, 5 random players", hotw))
    if not args.catan_games:
        return
    catan = catanatron(args.catanatron_venv, args.catan_games)
    catan_rate = catan["actions"] / catan["seconds"]
    hotw_rate = hotw["actions"] / hotw["seconds"]
    print(f"catanatron Catan, 4 random players:      {catan['games']} games, "
          f"{catan_rate:,.0f} actions/s, {catan['games'] / catan['seconds']:.1f} games/s, "
          f"{catan['actions'] / catan['games']:.0f} actions a game")
    ratio = hotw_rate / catan_rate
    print(f"ratio {ratio:.2f}x  target >= 2x: {'met' if ratio >= 2 else 'MISSED'}")


if __name__ == "__main__":
    main()
