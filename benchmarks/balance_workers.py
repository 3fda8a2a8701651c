"""Balance runs on 2 local worker processes against 1: the speed-up (target: at least 1.8x
on two idle cores).

Both sides play the same seeded games of one scenario through ``engine.balance.run`` on a
fresh process pool (its start-up and the workers' one load of the scenario included), in
alternating rounds so the machine's load falls on both alike; the figure is the median of
the rounds' ratios. The load average is printed beside it: on a shared machine the second
core is not idle, and the ratio says so.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from _support import ROOT

from engine.balance.run import Plan, run

TARGET = 1.8


def seconds(plan: Plan, workers: int, chunk: int) -> float:
    started = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        records = run(plan, executor=pool, chunk=chunk)
    assert len(records) == plan.games
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="history-of-the-world.json", help="a file in scenarios/")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=40, help="games per run")
    parser.add_argument("--chunk", type=int, default=2, help="games per chunk sent to a worker")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds of 1 and 2 workers")
    arguments = parser.parse_args()
    plan = Plan(str(ROOT / "scenarios" / arguments.scenario), arguments.players, 1, arguments.games,
                ("random",) * arguments.players)
    seconds(plan, 2, arguments.chunk)  # warm the file cache and the imports
    one, two = [], []
    for round_number in range(arguments.rounds):
        order = (1, 2) if round_number % 2 == 0 else (2, 1)
        for workers in order:
            (one if workers == 1 else two).append(seconds(plan, workers, arguments.chunk))
    ratios = [a / b for a, b in zip(one, two, strict=True)]
    median = statistics.median(ratios)
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"{arguments.scenario.removesuffix('.json')}, {arguments.games} random games of {arguments.players} "
          f"players, chunks of {arguments.chunk}, {arguments.rounds} alternating rounds:")
    print(f"  1 worker:  median {statistics.median(one):.2f} s ({', '.join(f'{s:.2f}' for s in one)})")
    print(f"  2 workers: median {statistics.median(two):.2f} s ({', '.join(f'{s:.2f}' for s in two)})")
    print(f"2 workers / 1 worker speed-up: median {median:.2f}x of rounds {', '.join(f'{r:.2f}' for r in ratios)}; "
          f"target >= {TARGET}x on two idle cores: {'met' if median >= TARGET else 'MISSED'} "
          f"(load average {load} on {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
