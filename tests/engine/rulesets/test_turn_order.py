"""``Ruleset.turn_order``: once a game's rules have set its turn order, the seats take their
first turns in that order (issue 29, item 4: the first-player figure counts from it)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.bots import BOTS
from engine.core.decision import Choice
from engine.play.drive import drive
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario

SCENARIOS = Path(__file__).parents[3] / "scenarios"


@pytest.mark.parametrize(("scenario", "players"), [
    ("a-brief-history-of-the-world.json", 3),  # §5.4: epoch I's empires called in their listed order
    ("a-brief-history-of-the-world.json", 6),
    ("after-the-flood.json", 3),  # §4 step 3: the turn order is drawn
    ("civilization.json", 4),  # §5: clockwise from the first player
    ("history-of-the-world.json", 4),  # §6.1: epoch I's empires called in their printed order
    ("history-of-the-world.json", 6),
])
def test_the_seats_first_act_in_the_order_the_rules_report(scenario, players):
    path = SCENARIOS / scenario
    loaded = load_scenario(path, get_ruleset)
    ruleset = get_ruleset(loaded.ruleset.id)
    for game in range(3):
        state = ruleset.start(loaded, loaded.seats[:players], loaded.ruleset.options)
        order: tuple[int, ...] = ()
        acted: list[int] = []
        for decision, _, _ in drive(ruleset, state, [BOTS["random"]] * players, random.Random(f"order:{game}")):
            if isinstance(decision, Choice) and order and decision.seat not in acted:
                acted.append(decision.seat)  # a choice asked once the order was told
            if len(acted) == players:
                break
            order = order or ruleset.turn_order(state)  # the state after the step
        assert sorted(order) == list(range(players))
        assert tuple(acted) == order, f"game {game}"
