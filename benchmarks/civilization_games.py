"""Seeded random games of Civilization for 2, 3 and 4 players, every state checked against the
game's invariants (``engine/rulesets/civilization/invariants.py``) after every turn: how the
games end, by victory and player count, and which were capped.

The rules set no turn limit (§1), and a random bot may never win, so the benchmark stops a game
as turn ``--max-turns + 1`` (151) begins: a game so capped is unfinished, listed by its seed,
never hidden and never counted as a victory.

    python benchmarks/civilization_games.py [--games 200] [--players 2 3 4] [--workers 2] [--max-turns 150]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from typing import Any

from _support import ROOT

from engine.bots import BOTS
from engine.core.decision import Choice, End
from engine.core.ruleset import Ruleset
from engine.play.drive import next_move
from engine.rulesets.civilization.invariants import broken
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario

SCENARIO = ROOT / "scenarios" / "civilization.json"
VICTORIES = ("culture", "technology", "economic", "military")


@cache
def opening(players: int) -> tuple[Ruleset, Any]:
    scenario = load_scenario(SCENARIO, get_ruleset)
    ruleset = get_ruleset("civilization")
    return ruleset, ruleset.start(scenario, scenario.seats[:players], scenario.ruleset.options)


def play(players: int, seed: int, max_turns: int) -> tuple[str, int, list[str]]:
    """One game: how it ended (a victory, or 'capped' when stopped as turn ``max_turns + 1``
    began), its last turn, the invariants broken."""
    ruleset, first = opening(players)
    state = ruleset.clone(first)
    rng = random.Random(f"civ-games:{players}:{seed}")
    turn, problems = state.turn, []
    while not isinstance(decision := ruleset.decision(state), End):
        bot = BOTS["random"] if isinstance(decision, Choice) else None
        ruleset.apply(state, next_move(decision, bot, rng))
        if state.turn != turn:
            turn = state.turn
            problems += [f"turn {turn}: {p}" for p in broken(state)]
            if turn > max_turns:
                return "capped", max_turns, problems
    problems += [f"end: {p}" for p in broken(state)]
    return state.victory, state.turn, problems


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200, help="games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--max-turns", type=int, default=150, help="stop a game as this turn ends (capped)")
    args = parser.parse_args()
    print(f"{'players':>7} {'games':>5} " + " ".join(f"{v:>10}" for v in VICTORIES)
          + f" {'capped':>6} {'turns (median, max)':>20} {'broken':>6} {'seconds':>7}")
    with ProcessPoolExecutor(args.workers) as pool:
        for players in args.players:
            started = time.perf_counter()
            results = list(pool.map(play, [players] * args.games, range(args.games),
                                    [args.max_turns] * args.games, chunksize=4))
            ends = Counter(end for end, _, _ in results)
            turns = [turn for _, turn, _ in results]
            problems = [(seed, p) for seed, (_, _, ps) in enumerate(results) for p in ps]
            print(f"{players:>7} {len(results):>5} " + " ".join(f"{ends[v]:>10}" for v in VICTORIES)
                  + f" {ends['capped']:>6} {statistics.median(turns):>13.0f}, {max(turns):>4} {len(problems):>6}"
                  f" {time.perf_counter() - started:>7.0f}")
            capped = [seed for seed, (end, _, _) in enumerate(results) if end == "capped"]
            if capped:
                print(f"        capped games (seeds): {', '.join(map(str, capped))}")
            for seed, problem in problems[:10]:
                print(f"        game {seed}: {problem}")


if __name__ == "__main__":
    main()
