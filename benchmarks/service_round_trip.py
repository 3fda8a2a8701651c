"""`epoch serve` over stdio: the time of one `apply` plus `decision` round trip.

Target (issue 14): at most 0.5 ms median for History of the World. The client plays a
seeded random game as the designer, timing each apply + decision pair through the pipe,
so the figure includes JSON encoding, the pipe both ways and the engine's step.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

from _support import ROOT, report

sys.path.insert(0, str(ROOT / "examples" / "python"))
from epoch_client import EpochClient

TARGET = 0.0005


def round_trips(scenario: str, players: int, games: int) -> list[float]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    client = EpochClient([sys.executable, "-m", "engine.cli", "serve"], cwd=ROOT, env=env)
    figures = []
    try:
        for game in range(games):
            rng = random.Random(game)
            session = client.call("open", scenario=scenario, players=players, seed=game)["session"]
            decision = client.call("decision", session=session)
            while decision["kind"] != "end":
                if decision["kind"] == "chance":
                    move = {"roll": True}
                else:
                    move = {"move": rng.choice(decision["actions"])["id"]}
                started = time.perf_counter()
                client.call("apply", session=session, **move)
                decision = client.call("decision", session=session)
                figures.append(time.perf_counter() - started)
            client.call("close", session=session)
    finally:
        client.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    arguments = parser.parse_args()
    for name, scenario, players in (
        ("History of the World, 4 players", "scenarios/history-of-the-world.json", 4),
        ("Antike Duellum (carthage-rome)", "scenarios/antike-duellum-carthage-rome.json", 2),
    ):
        figures = round_trips(scenario, players, arguments.games)
        print(f"{name}: {len(figures)} apply + decision round trips over stdio")
        report("  round trip", figures, TARGET if "History" in name else None)


if __name__ == "__main__":
    main()
