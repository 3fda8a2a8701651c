"""What recording the balance figures costs: ``epoch simulate``'s code path
(``engine.balance.run.run``, one process) against the bare engine (``engine.sim.play_game``)
for the very same seeded random games, per shipped scenario. Rounds alternate the two, so a
busy machine slows both alike, and
each side is timed in CPU seconds of this process, which other processes barely touch. Each ratio is simulate's time over play_game's in one round,
and the figure printed is the median over rounds.

Target: simulate within 1.15x play_game's time for every ruleset (issue 29, item 1).

Measured on main, 2026-11-28 17:27 UTC (load under 1; ``--rounds 5 --games 10``): A Brief
History 1.08x, After the Flood 1.06x, Antike Duellum 1.07x, Civilization 1.10x, History of the
World 1.06x: met for every ruleset.

    python benchmarks/simulate_speed.py [--rounds 5] [--games 10]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from _support import ROOT

from engine.balance.run import Plan, run
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario
from engine.sim import opening, play_game

TARGET = 1.15
SEED = 29
# A random game may never end (Antike Duellum's seed 2:8 runs past 3,000 turns); both sides
# stop such a game at the same turn.
MAX_TURNS = 2000


def configurations() -> list[tuple[str, Path, int]]:
    """(name, scenario, players): the first shipped scenario of each ruleset, at its fewest players."""
    found, seen = [], set()
    for path in sorted((ROOT / "scenarios").glob("*.json")):
        ruleset = get_ruleset(json.loads(path.read_text(encoding="utf-8"))["ruleset"]["id"])
        if ruleset is None or ruleset.id in seen:
            continue
        seen.add(ruleset.id)
        found.append((f"{ruleset.title} ({ruleset.min_players}p)", path, ruleset.min_players))
    return found


def simulate_side(plan: Plan) -> tuple[float, int]:
    """Seconds and actions of ``epoch simulate``'s path: no results file, no workers."""
    started = time.process_time()
    records = run(plan)
    return time.process_time() - started, sum(record.actions for record in records)


def engine_side(plan: Plan, ruleset, initial) -> tuple[float, int]:
    started = time.process_time()
    actions = sum(play_game(ruleset, initial, f"{plan.seed}:{index}", max_turns=MAX_TURNS).actions
                  for index in range(plan.games))
    return time.process_time() - started, actions


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=10, help="games per side, configuration and round")
    args = parser.parse_args()
    missed = []
    for name, path, players in configurations():
        scenario = load_scenario(path, get_ruleset)
        ruleset = get_ruleset(scenario.ruleset.id)
        initial = opening(ruleset, scenario, players)
        plan = Plan(str(path), players, SEED, args.games, ("random",) * players, MAX_TURNS)
        run(Plan(str(path), players, SEED, 1, plan.bots, MAX_TURNS))  # loads the worker's scenario once
        ratios = []
        for number in range(args.rounds):
            if number % 2:  # each side goes first in every other round
                bare, bare_actions = engine_side(plan, ruleset, initial)
                simulated, simulated_actions = simulate_side(plan)
            else:
                simulated, simulated_actions = simulate_side(plan)
                bare, bare_actions = engine_side(plan, ruleset, initial)
            if simulated_actions != bare_actions:
                raise SystemExit(f"{name}: the two sides played different games ({simulated_actions} against "
                                 f"{bare_actions} actions)")
            ratios.append(simulated / bare)
        ratio = statistics.median(ratios)
        met = ratio <= TARGET
        missed += [] if met else [name]
        print(f"{name:<40} simulate/play_game {ratio:.2f}x (rounds {', '.join(f'{r:.2f}' for r in ratios)}; "
              f"{bare_actions / bare:,.0f} actions/s bare), target <= {TARGET}x: {'met' if met else 'MISSED'}",
              flush=True)
    print("every ruleset within target" if not missed else f"MISSED: {', '.join(missed)}")


if __name__ == "__main__":
    main()
