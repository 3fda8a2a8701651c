"""Random-play speed of every shipped ruleset beside catanatron's 4-random-player Catan, in
one run: rounds alternate catanatron and each of our games, each of our runs is compared with
the catanatron runs on either side of it, and the figures are medians over the rounds, so a
busy machine slows both sides alike.

Targets (medians of one run): every ruleset at least 2.0x catanatron's actions per second,
History of the World at least 2.5x.

catanatron (pinned) is installed into a throwaway virtual environment the first time,
never into the project's; pass --catanatron-venv to reuse one, --catan-seconds 0 to measure
our side only.

    python benchmarks/rulesets_speed.py [--rounds 3] [--seconds 3] [--catan-seconds 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _support import ROOT

from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario
from engine.sim import opening, play_game

CATANATRON = "catanatron==3.2.1"
# Player counts measured per ruleset; any other shipped ruleset plays at its minimum.
PLAYERS = {"history-of-the-world": (4, 5)}
# Random seats need never end some games (Antike Duellum's seed bench:14 runs past 3,000 turns);
# such a game stops here, as `epoch simulate --max-turns` stops it, its actions counted.
MAX_TURNS = 2000
COUNTING = ("Counting: our actions are the seats' decisions and exclude chance steps (dice, draws); "
            "catanatron's count includes its dice rolls.")

CATAN = """
import json, sys, time
from catanatron import Color, Game, RandomPlayer
budget = float(sys.argv[1])
colours = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
games = actions = 0
started = time.perf_counter()
while time.perf_counter() - started < budget:
    game = Game(players=[RandomPlayer(c) for c in colours], seed=games)
    game.play()
    actions += len(game.state.actions)
    games += 1
print(json.dumps({"games": games, "actions": actions, "seconds": time.perf_counter() - started}))
"""


def catanatron_python(venv: Path) -> Path:
    python = venv / "bin" / "python"
    if not python.exists():
        print(f"installing {CATANATRON} into a throwaway environment at {venv} ...", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", CATANATRON], check=True)
    return python


def catan_round(python: Path, seconds: float) -> dict:
    result = subprocess.run([str(python), "-c", CATAN, str(seconds)], check=True, capture_output=True, text=True)
    return json.loads(result.stdout)


def configurations() -> list[tuple[str, Path, int]]:
    """(name, scenario, players) for every shipped scenario whose ruleset is registered."""
    found = []
    for path in sorted((ROOT / "scenarios").glob("*.json")):
        ruleset_id = json.loads(path.read_text()).get("ruleset", {}).get("id")
        ruleset = get_ruleset(ruleset_id)
        if ruleset is None:
            continue
        for players in PLAYERS.get(ruleset_id, (ruleset.min_players,)):
            found.append((f"{ruleset.title} ({path.stem}, {players}p)", path, players))
    return found


class Player:
    """Seeded random games of one configuration, the same games every round."""

    def __init__(self, path: Path, players: int) -> None:
        scenario = load_scenario(path, get_ruleset)
        self.ruleset = get_ruleset(scenario.ruleset.id)
        self.initial = opening(self.ruleset, scenario, players)

    def round(self, seconds: float) -> dict:
        games = actions = 0
        started = time.perf_counter()
        while time.perf_counter() - started < seconds:
            actions += play_game(self.ruleset, self.initial, f"bench:{games}", max_turns=MAX_TURNS).actions
            games += 1
        return {"games": games, "actions": actions, "seconds": time.perf_counter() - started}


def rate(figures: dict) -> float:
    return figures["actions"] / figures["seconds"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=3.0, help="play time per configuration and round")
    parser.add_argument("--catan-seconds", type=float, default=3.0, help="0 measures our side only")
    parser.add_argument("--catanatron-venv", type=Path,
                        default=Path(tempfile.gettempdir()) / "epoch-catanatron-3.2.1")
    args = parser.parse_args()
    configs = configurations()
    players = {name: Player(path, n) for name, path, n in configs}
    python = catanatron_python(args.catanatron_venv) if args.catan_seconds else None
    ours: dict[str, list[dict]] = {name: [] for name in players}
    ratios: dict[str, list[float]] = {name: [] for name in players}
    catan: list[dict] = []
    for number in range(1, args.rounds + 1):
        parts = []
        if python is not None:
            catan.append(catan_round(python, args.catan_seconds))
            parts.append(f"catanatron {rate(catan[-1]):,.0f}")
        for name, player in players.items():
            ours[name].append(player.round(args.seconds))
            parts.append(f"{name} {rate(ours[name][-1]):,.0f}")
            if python is not None:
                catan.append(catan_round(python, args.catan_seconds))
                parts.append(f"catanatron {rate(catan[-1]):,.0f}")
                ratios[name].append(rate(ours[name][-1]) / statistics.mean(map(rate, catan[-2:])))
        print(f"round {number}: " + ", ".join(parts) + " actions/s", flush=True)
    print(COUNTING)
    print("Each ratio is our run against the mean of the catanatron runs just before and just after it "
          "(the machine's load drifts; neighbours share it); the ratio printed is the median over rounds.")
    if catan:
        games = sum(f["games"] for f in catan)
        print(f"{'catanatron Catan, 4 random players':<58} median {statistics.median(map(rate, catan)):9,.0f} "
              f"actions/s  ({len(catan)} runs, {games} games, {sum(f['actions'] for f in catan) / games:.0f} "
              "actions a game)")
    for name, figures in ours.items():
        median = statistics.median(rate(f) for f in figures)
        games = sum(f["games"] for f in figures)
        line = (f"{name:<58} median {median:9,.0f} actions/s  ({len(figures)} rounds, {games} games, "
                f"{sum(f['actions'] for f in figures) / games:.0f} actions a game)")
        if ratios[name]:
            target = 2.5 if name.startswith("History of the World") else 2.0
            ratio = statistics.median(ratios[name])
            line += (f"  ratio {ratio:.2f}x (rounds {', '.join(f'{r:.2f}' for r in ratios[name])}), "
                     f"target >= {target}x: {'met' if ratio >= target else 'MISSED'}")
        print(line)

if __name__ == "__main__":
    main()
