"""Undo, redo and goto latency at history depths 100, 1,000 and 10,000, and the memory of a
10,000-step history. Targets: undo and redo median under 1 ms, goto under 20 ms, memory
under 100 MB.

    python benchmarks/session_history.py [SCENARIO] [--depths 100 1000 10000]
"""

from __future__ import annotations

import argparse
import random
import sys
import tracemalloc

import attrs
from _support import DICE_RACE, ROOT, report, timings

from engine.bots import BOTS
from engine.play.session import Session
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario


def endless_session(path, depth: int) -> Session:
    scenario = load_scenario(path, get_ruleset)
    ruleset = get_ruleset(scenario.ruleset.id)
    options = scenario.ruleset.options
    if hasattr(options, "target"):  # Dice Race: make the game long enough for any depth
        options = attrs.evolve(options, target=10**9, rounds=10**9)
    players = scenario.seats[: ruleset.min_players]
    session = Session(scenario, ruleset, players, options, 1, ["random"] * len(players), BOTS)
    while session.current < depth and session.is_bot_turn():
        session.bot_step()
    if session.current < depth:
        sys.exit(f"the game ended after {session.current} steps, before depth {depth}")
    return session


def whole_game(path, players: int) -> Session:
    scenario = load_scenario(path, get_ruleset)
    ruleset = get_ruleset(scenario.ruleset.id)
    seats = scenario.seats[:players]
    session = Session(scenario, ruleset, seats, scenario.ruleset.options, 1, ["random"] * players, BOTS)
    while session.is_bot_turn():
        session.bot_step()
    return session


def measure(session: Session) -> None:
    tip = session.current
    count = min(tip, 200)
    report("  undo", timings(session.undo, count), 0.001)
    report("  redo", timings(session.redo, count), 0.001)
    rng = random.Random(tip)
    report("  goto (random step)", timings(lambda: session.goto(rng.randrange(tip + 1)), 200), 0.020)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario", nargs="?", default=DICE_RACE)
    parser.add_argument("--depths", type=int, nargs="+", default=[100, 1_000, 10_000])
    args = parser.parse_args()
    print(f"session history benchmark on {args.scenario}")
    for depth in args.depths:
        print(f"depth {depth:,}")
        measure(endless_session(args.scenario, depth))
    hotw = ROOT / "scenarios" / "history-of-the-world.json"
    session = whole_game(hotw, players=6)
    print(f"History of the World, a whole 6-player game ({session.current} steps)")
    measure(session)
    tracemalloc.start()
    history = endless_session(args.scenario, max(args.depths))
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    verdict = "met" if current < 100 * 2**20 else "MISSED"
    print(f"memory of a {len(history.steps) - 1:,}-step history: {current / 2**20:.1f} MB  "
          f"target < 100 MB: {verdict}")


if __name__ == "__main__":
    main()
