"""Balance runs on 2 local worker processes against 1: the speed-up of playing the games
(target: at least 1.8x on two idle cores).

Each side starts a fresh process pool and warms it with a few games of another seed, so each
worker has imported the engine and loaded the scenario once (as every run does); then the
measured run plays the same seeded games through ``engine.balance.run`` in chunks. The
figure is the ratio of the playing times, the median over rounds alternating the order of
1 and 2 workers so the machine's load falls on both alike. The start-up (pool, imports,
scenario) is printed beside it: it is paid once per run, whatever the number of games, and
a run of a few seconds is mostly start-up, which no second worker shortens. The target is
for an idle machine; the load average printed says whether the second core was free.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

import attrs
from _support import ROOT

from engine.balance.run import Plan, run

TARGET = 1.8


def seconds(plan: Plan, workers: int, chunk: int) -> tuple[float, float]:
    """(start-up, playing) in seconds for ``plan`` on a fresh pool of ``workers`` processes."""
    started = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        warm = attrs.evolve(plan, seed=plan.seed + 1_000_000, games=4 * workers)
        run(warm, executor=pool, chunk=1)
        ready = time.perf_counter()
        records = run(plan, executor=pool, chunk=chunk)
        ended = time.perf_counter()
    assert len(records) == plan.games
    return ready - started, ended - ready


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="history-of-the-world.json", help="a file in scenarios/")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="random", help="the bot of every seat (random, greedy, search:N)")
    parser.add_argument("--games", type=int, default=400, help="games per measured run")
    parser.add_argument("--chunk", type=int, default=4,
                        help="games per chunk sent to a worker (small: the last chunk is a serial tail)")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds of 1 and 2 workers")
    arguments = parser.parse_args()
    plan = Plan(str(ROOT / "scenarios" / arguments.scenario), arguments.players, 1, arguments.games,
                (arguments.bots,) * arguments.players)
    seconds(attrs.evolve(plan, games=8), 2, 1)  # warm the file cache
    one: list[tuple[float, float]] = []
    two: list[tuple[float, float]] = []
    for round_number in range(arguments.rounds):
        order = (1, 2) if round_number % 2 == 0 else (2, 1)
        for workers in order:
            (one if workers == 1 else two).append(seconds(plan, workers, arguments.chunk))
    playing = [a[1] / b[1] for a, b in zip(one, two, strict=True)]
    total = [sum(a) / sum(b) for a, b in zip(one, two, strict=True)]
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"measured: {arguments.games} games of {arguments.scenario.removesuffix('.json')}, "
          f"{arguments.players} {arguments.bots} bots, chunks of {arguments.chunk} games, on a process pool of 1 "
          f"and of 2 workers, {arguments.rounds} alternating rounds; load average {load} on {os.cpu_count()} cores")
    for name, side in (("1 worker ", one), ("2 workers", two)):
        print(f"  {name}: start-up median {statistics.median(s for s, _ in side):.2f} s, playing median "
              f"{statistics.median(p for _, p in side):.2f} s ({', '.join(f'{p:.2f}' for _, p in side)})")
    print(f"  start-up and playing together: 2 workers {statistics.median(total):.2f}x one")
    verdict = "met" if statistics.median(playing) >= TARGET else "MISSED"
    print(f"speed-up of playing, 2 workers against 1: median {statistics.median(playing):.2f}x "
          f"(rounds {', '.join(f'{r:.2f}' for r in playing)}); target >= {TARGET}x on two idle cores: {verdict}")


if __name__ == "__main__":
    main()
