"""Random-play speed of Antike Duellum on both board sides, beside History of the World
(5 players) measured in the same run and printed in the same format.

Random bots wander: a whole Antike Duellum game between them runs to the shipped scenarios'
turn limit (500 player turns) or to 9 persons, so the figures are per action first.

    python benchmarks/antike_duellum_speed.py [--games 100] [--hotw-games 100]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.core.ruleset import get_ruleset
from engine.scenario.io import load_scenario
from engine.sim import opening, play_game

SIDES = ("carthage-rome", "greece-persia")


def measure(path: Path, games: int, players: int) -> dict:
    scenario = load_scenario(path)
    ruleset = get_ruleset(scenario.ruleset.id)
    actions = steps = 0
    started = time.perf_counter()
    initial = opening(ruleset, scenario, players)
    for index in range(games):
        result = play_game(ruleset, initial, f"bench:{index}")
        actions += result.actions
        steps += result.steps
    return {"games": games, "actions": actions, "steps": steps, "seconds": time.perf_counter() - started}


def line(name: str, figures: dict) -> str:
    seconds = figures["seconds"]
    return (f"{name}: {figures['games']} games, {figures['actions'] / seconds:,.0f} actions/s "
            f"({figures['steps'] / seconds:,.0f} steps/s with chance), {figures['games'] / seconds:.1f} games/s, "
            f"{figures['actions'] / figures['games']:.0f} actions a game")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100, help="Antike Duellum games per board side")
    parser.add_argument("--hotw-games", type=int, default=100)
    args = parser.parse_args()
    hotw = measure(ROOT / "scenarios" / "history-of-the-world.json", args.hotw_games, 5)
    print(line("History of the World, 5 random players", hotw))
    for side in SIDES:
        figures = measure(ROOT / "scenarios" / f"antike-duellum-{side}.json", args.games, 2)
        print(line(f"Antike Duellum ({side})", figures))


if __name__ == "__main__":
    main()
