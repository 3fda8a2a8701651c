"""The bot ladder: greedy against random, search against greedy, as win rates with intervals.

The stronger bot takes each seat in turn (the others play the weaker bot), so seat order
does not favour it; its win rate is compared with the fair share 1/n. Figures, not timings:
this is how strong each bot is, measured, for the balance lab's users to trust the ladder.
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor

from _support import ROOT

from engine.balance.figures import Rate, win_share
from engine.balance.run import Plan, make_bot, run

GAMES = {"history-of-the-world.json": 4, "antike-duellum-carthage-rome.json": 2}


def duel(scenario: str, players: int, strong: str, weak: str, games: int, pool, max_turns: int) -> tuple[Rate, int]:
    """The strong bot's win rate over the finished games, and how many games were capped."""
    share = 0.0
    finished = capped = 0
    for seat in range(players):
        bots = tuple(strong if s == seat else weak for s in range(players))
        plan = Plan(str(ROOT / "scenarios" / scenario), players, 100 + seat, -(-games // players), bots, max_turns)
        for record in run(plan, executor=pool, chunk=1):
            if record.capped:
                capped += 1
            else:
                finished += 1
                share += win_share(record, seat)
    return Rate(share, finished), capped


def describe(name: str) -> str:
    """The search bot's settings in words, defaults included, so a printed figure says what played."""
    bot = make_bot(name)
    return (f"{name} = information-set tree search, {bot.playouts} iterations per choice, leaves scored by "
            f"the evaluation after {bot.depth} greedy choices, exploration {bot.exploration}, "
            f"{bot.determinisations} determinisations where a draw is hidden")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=24, help="games per pairing and scenario")
    parser.add_argument("--search", default="search:16",
                        help="the search bot: search:ITERATIONS[:DEPTH] (tree iterations per choice, greedy "
                             "choices played on from each new leaf before the evaluation scores it)")
    parser.add_argument("--rung", choices=("greedy", "search", "both"), default="both",
                        help="greedy against random, search against greedy, or both")
    parser.add_argument("--scenario", choices=sorted(GAMES), action="append",
                        help="only this scenario (repeatable; default: every one)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--max-turns", type=int, default=2000, help="cap a game (capped games are not scored)")
    arguments = parser.parse_args()
    print(f"bots: random; greedy (one ply on the ruleset's evaluate); {describe(arguments.search)}. "
          f"The stronger bot takes each seat in turn, the others play the weaker one; win rates with 95% "
          f"Wilson intervals over finished games (a game past {arguments.max_turns} turns is capped, not scored)",
          flush=True)
    with ProcessPoolExecutor(arguments.workers) as pool:
        rungs = [("greedy", "random"), (arguments.search, "greedy")]
        rungs = rungs[:1] if arguments.rung == "greedy" else rungs[1:] if arguments.rung == "search" else rungs
        for scenario in arguments.scenario or GAMES:
            players = GAMES[scenario]
            for strong, weak in rungs:
                rate, capped = duel(scenario, players, strong, weak, arguments.games, pool, arguments.max_turns)
                print(f"{scenario.removesuffix('.json')}, {players} players: {strong} against {weak}: {rate} "
                      f"(fair share {1 / players:.0%}; {capped} capped)", flush=True)


if __name__ == "__main__":
    main()
