"""Random-play speed of Antike Duellum on both board sides, beside History of the World
(5 players) measured in the same run and printed in the same format.

Random bots wander: a whole Antike Duellum game between them runs to the shipped scenarios'
turn limit (500 player turns) or to 9 persons, so the figures are per action first.

    python benchmarks/antike_duellum_speed.py [--games 100] [--hotw-games 100]
"""

from __future__ import annotations

import argparse

from _support import ROOT, random_play, speed_line

SIDES = ("carthage-rome", "greece-persia")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100, help="Antike Duellum games per board side")
    parser.add_argument("--hotw-games", type=int, default=100)
    args = parser.parse_args()
    hotw = random_play(ROOT / "scenarios" / "history-of-the-world.json", args.hotw_games, 5)
    print(speed_line("History of the World, 5 random players", hotw))
    for side in SIDES:
        figures = random_play(ROOT / "scenarios" / f"antike-duellum-{side}.json", args.games, 2)
        print(speed_line(f"Antike Duellum ({side})", figures))


if __name__ == "__main__":
    main()
