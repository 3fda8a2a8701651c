"""Load plus full validation of a generated 2,000-space, 1,000-card scenario.
Target: under 300 ms.

    python benchmarks/scenario_load.py
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from _support import report, timings
from tiny_ruleset import BonusCard, DiceRaceOptions

from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario, save_scenario
from engine.scenario.model import (
    Board,
    Card,
    Connection,
    Deck,
    Meta,
    Region,
    RulesetRef,
    Scenario,
    Seat,
    Space,
)

SIDE = 50  # a 50 x 40 grid of square spaces: 2,000 spaces
ROWS = 40


def generated() -> Scenario:
    regions = [Region(f"r{n}", f"Region {n}") for n in range(40)]
    spaces = [
        Space(
            id=f"s{row}-{col}",
            name=f"Space {row}-{col}",
            region=f"r{(row // 8) * 5 + col // 10}",
            terrain=["forest"] if (row + col) % 7 == 0 else [],
            polygon=[(col * 20, row * 20), (col * 20 + 20, row * 20), (col * 20 + 20, row * 20 + 20), (col * 20, row * 20 + 20)],
            label=(col * 20 + 10, row * 20 + 10),
        )
        for row in range(ROWS)
        for col in range(SIDE)
    ]
    connections = [
        Connection(f"s{row}-{col}", f"s{row}-{col + 1}") for row in range(ROWS) for col in range(SIDE - 1)
    ] + [Connection(f"s{row}-{col}", f"s{row + 1}-{col}") for row in range(ROWS - 1) for col in range(SIDE)]
    cards = [
        Card(id=f"c{n}", name=f"Card {n}", data=BonusCard(n % 7, spaces[n].id), text="A generated card.")
        for n in range(1_000)
    ]
    return Scenario(
        meta=Meta(title="Generated"),
        ruleset=RulesetRef("dice-race", DiceRaceOptions()),
        board=Board(width=SIDE * 20, height=ROWS * 20, regions=regions, spaces=spaces, connections=connections),
        decks=[Deck("bonus", "Bonus", cards)],
        seats=[Seat(s, s.upper()) for s in "abcd"],  # Dice Race takes up to 4 players
    )


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "generated.json"
        save_scenario(generated(), path, get_ruleset)
        size = path.stat().st_size
        scenario = load_scenario(path, get_ruleset)
        print(f"{len(scenario.board.spaces):,} spaces, {len(scenario.board.connections):,} connections, "
              f"{len(scenario.decks[0].cards):,} cards, {size / 2**20:.1f} MB of JSON")
        report("load + validate", timings(lambda: load_scenario(path, get_ruleset), 7), 0.300)
        report("save", timings(lambda: save_scenario(scenario, path, get_ruleset), 7))


if __name__ == "__main__":
    main()
