"""The Seats dock: a seat's hand line only in games that give seats hands, from the ruleset's
picture alone (the studio knows no game)."""

from __future__ import annotations

import re
from pathlib import Path

from engine.bots import BOTS
from engine.play.session import Session
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario
from studio.playtest.controller import PlaytestController
from studio.playtest.seats_panel import SeatsPanel, seat_mark

SCENARIOS = Path(__file__).parents[2] / "scenarios"


def seats_text(qtbot, scenario_name: str, viewer: int | None) -> list[str]:
    """Each seat's card in the dock, a few bot steps into a seeded playtest, seen by ``viewer``."""
    scenario = load_scenario(SCENARIOS / scenario_name, get_ruleset)
    ruleset = get_ruleset(scenario.ruleset.id)
    players = ruleset.min_players
    session = Session(scenario, ruleset, scenario.seats[:players], scenario.ruleset.options, 5,
                      ["random"] * players, BOTS)
    controller = PlaytestController(session, None)
    for _ in range(30):
        controller.step()
    panel = SeatsPanel()
    qtbot.addWidget(panel)
    panel.set_controller(controller)
    controller.set_viewer(viewer)
    return [card.label.text() for card in panel.cards]


def test_a_game_without_cards_shows_no_hand_line(qtbot):
    """After the Flood has no cards in the box: no seat gets a "Hand" line, hidden or not."""
    for viewer in (None, 0):
        cards = seats_text(qtbot, "after-the-flood.json", viewer)
        assert len(cards) == 3 and all("Score" in card for card in cards)
        assert not [card for card in cards if "Hand" in card]


def test_a_game_with_hands_shows_the_own_hand_and_the_size_of_the_others(qtbot):
    """History of the World deals event cards: a seat sees its own hand, only counts of others'."""
    cards = seats_text(qtbot, "history-of-the-world.json", 0)
    assert "Hand: " in cards[0] and "hidden" not in cards[0]
    assert all(re.search(r"Hand: (1 card|\d+ cards), hidden", card) for card in cards[1:])


def test_the_seat_answering_an_offer_is_marked_apart_from_the_seat_whose_turn_it_is(qtbot):
    """Civilization's trade (§6.2): in Red's turn Blue answers Red's offer. The Decision dock names
    Blue; the Seats dock lights Blue "to choose" and marks Red "their turn", never Red "to play"."""
    scenario = load_scenario(SCENARIOS / "civilization.json", get_ruleset)
    ruleset = get_ruleset(scenario.ruleset.id)
    session = Session(scenario, ruleset, scenario.seats[:2], scenario.ruleset.options, 3, ["random"] * 2, BOTS)
    controller = PlaytestController(session, None)
    panel = SeatsPanel()
    qtbot.addWidget(panel)
    panel.set_controller(controller)
    for _ in range(3000):
        decision, turn = controller.decision(), controller.picture().active_seat
        if turn is not None and getattr(decision, "seat", turn) != turn:
            break
        controller.step()
    else:
        raise AssertionError("no answer to another seat's offer in 3000 steps")
    texts = [card.label.text() for card in panel.cards]
    assert "◀ to choose" in texts[decision.seat]
    assert "◀ their turn" in texts[turn]
    assert not [text for text in texts if "to play" in text]


def test_a_seat_choosing_in_its_own_turn_is_to_play():
    assert [seat_mark(seat, 1, 1) for seat in range(3)] == ["", "to play", ""]
    assert [seat_mark(seat, 1, None) for seat in range(3)] == ["", "to play", ""]  # chance decides
    assert [seat_mark(seat, 1, 2) for seat in range(3)] == ["", "their turn", "to choose"]
