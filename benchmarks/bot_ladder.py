"""The bot ladder: greedy against random, search against greedy, as win rates with intervals.

Every shipped scenario at its ruleset's fewest players (``epoch simulate``'s default). The
plan is rotated (``Plan.rotate``): each seed is played once with the stronger bot in every
seat, the others playing the weaker one, so seat order does not favour it; its win rate,
pooled over its seats, is compared with the fair share 1/n, and it "beats" the weaker bot
when its whole 95% Wilson interval lies above. Figures, not timings.

Recorded (greedy against random, ``--rung greedy --games 100 --workers 1``, 100 seeds rotated,
every shipped scenario at its fewest players, on main after the day's rules fixes, 2026-11-28
12:40 UTC): A Brief History 68.5% [61.8, 74.5] of 200 (fair 50%); After the Flood 48.7% [43.1,
54.3] of 300 (fair 33%); Antike Duellum Carthage-Rome 100% [98.1, 100] of 200 and Greece-Persia
100% [98.1, 100] of 200; Civilization 99.0% [96.4, 99.7] of 200; History of the World (3
players) 82.7% [78.0, 86.5] of 300 (fair 33%); none capped: greedy beats random in all six.
Civilization's greedy plays on its own evaluation (the way towards the four victories); on the
culture track alone it won 56.7% [44.1, 68.4] of 60.

Recorded (search at its default strength, ``--rung search --search search --max-turns 600``, on
main after the day's rules fixes, 2026-11-28 12:45-13:15 UTC): A Brief History 64.2% [57.4,
70.6] of 200 (100 seeds; fair 50%; 70.0% [48.1, 85.5] of the first 20 was not beyond noise);
After the Flood 76.7% [59.1, 88.2] of 30 (10 seeds; fair 33%); History of the World (3 players)
66.7% [48.8, 80.8] of 30 (10 seeds; fair 33%); Antike Duellum Carthage-Rome 100% [64.6, 100] of
7 (5 seeds; 3 capped at 600 turns) and Greece-Persia 75.0% [50.5, 89.8] of 16 (10 seeds, ``--max-turns
2000``; 4 capped; 71.4% [35.9, 91.8] of 7 at 600 turns was not beyond noise): search beats greedy
in each.

Antike Duellum again after its search stopped at the end of its own turn
(``searched_to_turn_end``; ``--rung search --search search --games 10 --workers 1``, 2026-11-28
14:05-14:35 UTC): Carthage-Rome 100% [83.9, 100] of 20 (none capped); Greece-Persia 89.5%
[68.6, 97.1] of 19 (1 capped at 2,000 turns): search beats greedy in both. Again with the
endgame in its evaluation (the way to a free site while founding can earn a king, else to an
enemy temple city; galleys bought while a navigator is open; same command, 2026-11-28
16:32-16:39 UTC, commit b2aeb19): Carthage-Rome 100% [83.9, 100] of 20 and Greece-Persia 90.0%
[69.9, 97.2] of 20, none capped in either: search beats greedy in both. (With only the way to a
site, Carthage-Rome had 1 of 20 capped, seed 100:1, both seats stuck at 8 persons.) Greedy plays
on the same evaluation, so greedy against random again on the merged main (``--rung greedy
--games 100 --workers 2``, both Antike scenarios, 2026-11-28 16:45-16:51 UTC): Carthage-Rome
100% [98.1, 100] of 200 and Greece-Persia 100% [98.1, 100] of 200, none capped: it still beats
random in both.

Antike Duellum after its evaluation counted the way to conquering any enemy city and units in
the box, and its search scored at most 4 positions per iteration (``positions_per_iteration``;
commits 1c82a3f-64fff1e, 2026-11-28 19:17-19:25 UTC): search against greedy (``--rung search
--search search --games 10 --workers 1``) Carthage-Rome 100% [83.9, 100] of 20 and Greece-Persia
100% [83.9, 100] of 20, none capped; greedy against random (``--rung greedy --games 100
--workers 2``) 100% [98.1, 100] of 200 in both, none capped.

Antike Duellum after its search looked through the defender's FORTRESS window (``turn_of``) and
its evaluation counted what the defender can recruit into a besieged city and, in the endgame,
the iron to recruit the box (commits 6601ff1, 68e895f, 2026-11-28 20:30-20:40 UTC): search
against greedy (``--rung search --search search --games 10 --workers 1``) Carthage-Rome 100%
[83.9, 100] of 20 and Greece-Persia 100% [83.9, 100] of 20; greedy against random (``--rung
greedy --games 100 --workers 1``) 100% [98.1, 100] of 200 in both; none capped. The same
figures again once greedy's one ply looked through the window too (20:54-21:01 UTC).

Search against greedy in Civilization (``--rung search --scenario civilization.json --games 20
--workers 1``, search:16, 2026-11-28): 87.5% [73.9, 94.5] of 40 (20 seeds; fair 50%; none
capped), and 85.0% [70.9, 92.9] of 40 again on main after the rules fixes: search beats greedy; at its default strength (``--search search``, 32 iterations) 90.0%
[69.9, 97.2] of 20 (10 seeds; none capped; 20 minutes for the 20). About 13 CPU s a search:16
game (the worker's 6 min 37 s for the first 31 games; 21 minutes for all 40 on a machine loaded
11 on 2 cores). Before, no game ended within 13 CPU minutes: the search swapped great people for
ever (two that displace each other; with that guarded, three about five squares), as it scored a
line keeping the move after its own best next move but one handing it on after the rival's
reply; and Civilization's leads (hundreds of points) squashed over 10 were all rewards of about
0.99. Civilization now gives ``evaluation_scale`` 50 and ``scored_before_replies``, and the
search never takes a move back to a position of the same turn.
"""

from __future__ import annotations

import argparse
import json
from concurrent.futures import ProcessPoolExecutor

from _support import ROOT

from engine.balance.figures import Rate, bot_win_rates
from engine.balance.run import Plan, make_bot, run
from engine.rulesets.registry import get_ruleset

GAMES = {path.name: get_ruleset(json.loads(path.read_text(encoding="utf-8"))["ruleset"]["id"]).min_players
         for path in sorted((ROOT / "scenarios").glob("*.json"))}


def duel(scenario: str, players: int, strong: str, weak: str, games: int, pool, workers: int,
         max_turns: int) -> tuple[Rate | None, int]:
    """The strong bot's win rate pooled over its seats (finished games; None when every game was
    capped), and how many were capped."""
    plan = Plan(str(ROOT / "scenarios" / scenario), players, 100, games, (strong,) + (weak,) * (players - 1),
                max_turns, rotate=True)
    records = run(plan, executor=pool, chunk=50, seconds=5.0, in_flight=2 * workers)
    return bot_win_rates(records).get(strong), sum(record.capped for record in records)


def describe(name: str) -> str:
    """The search bot's settings in words, defaults included, so a printed figure says what played."""
    bot = make_bot(name)
    return (f"{name} = information-set tree search, {bot.playouts} iterations per choice, leaves scored by "
            f"the evaluation after {bot.depth} greedy choices, exploration {bot.exploration}, "
            f"{bot.determinisations} determinisations where a draw is hidden, and where the ruleset gives "
            f"positions_per_iteration at most that many positions scored per iteration")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="seeds per pairing and scenario, each played once "
                                                               "per seat of the stronger bot")
    parser.add_argument("--search", default="search",
                        help="the search bot: search (its default strength, as `epoch simulate` seats it) or "
                             "search:ITERATIONS[:DEPTH] (tree iterations per choice, greedy choices played on "
                             "from each new leaf before the evaluation scores it)")
    parser.add_argument("--rung", choices=("greedy", "search", "both"), default="both",
                        help="greedy against random, search against greedy, or both")
    parser.add_argument("--scenario", choices=sorted(GAMES), action="append",
                        help="only this scenario (repeatable; default: every one)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--max-turns", type=int, default=2000, help="cap a game (capped games are not scored)")
    arguments = parser.parse_args()
    print(f"bots: random; greedy (one ply on the ruleset's evaluate); {describe(arguments.search)}. "
          f"Each seed is played with the stronger bot in every seat, the others play the weaker one; win rates "
          f"pooled over its seats with 95% Wilson intervals over finished games (a game past "
          f"{arguments.max_turns} turns is capped, not scored)", flush=True)
    with ProcessPoolExecutor(arguments.workers) as pool:
        rungs = [("greedy", "random"), (arguments.search, "greedy")]
        rungs = rungs[:1] if arguments.rung == "greedy" else rungs[1:] if arguments.rung == "search" else rungs
        for scenario in arguments.scenario or GAMES:
            players = GAMES[scenario]
            for strong, weak in rungs:
                rate, capped = duel(scenario, players, strong, weak, arguments.games, pool, arguments.workers,
                                    arguments.max_turns)
                verdict = ("no game finished" if rate is None else
                           "beats it" if rate.low > 1 / players else "not beyond noise")
                print(f"{scenario.removesuffix('.json')}, {players} players: {strong} against {weak}: "
                      f"{rate or '-'} (fair share {1 / players:.0%}; {capped} capped): {verdict}", flush=True)


if __name__ == "__main__":
    main()
