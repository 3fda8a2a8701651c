"""Issue 28: a card named in a move, a log line, a hand or a market shows its face and text
when the mouse rests on it ("keep Celts / Phoenicians" said nothing of what they do)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from engine.bots import BOTS
from engine.core.decision import Choice
from engine.play.session import Session
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario
from studio.playtest.card_tips import CardTips
from studio.playtest.cards_panel import CardsPanel
from studio.playtest.controller import PlaytestController, Until
from studio.playtest.new_playtest_dialog import PlaytestSetup
from studio.playtest.seats_panel import SeatsPanel

SCENARIOS = Path(__file__).parents[2] / "scenarios"


def test_a_text_names_its_cards_longest_first_and_shows_their_faces(qtbot):
    tips = CardTips(load_scenario(SCENARIOS / "civilization.json", get_ruleset), SCENARIOS)
    assert tips.names_in("Blue builds Great Library; research Pottery") == ["Great Library", "Pottery"]
    assert tips.names_in("a library of pottery shards") == []  # names, not words
    tip = tips.tip("research Pottery")
    assert tip.count("<img src='data:image/png;base64,") == 1 and "<b>Pottery</b>" in tip
    assert tips.tip("end the turn") == ""


def test_the_card_text_is_in_the_tip(qtbot):
    scenario = load_scenario(SCENARIOS / "after-the-flood.json", get_ruleset)
    akkad = scenario.deck("empires").cards[0]
    tip = CardTips(scenario, SCENARIOS).tip(f"create {akkad.name} in Akkad")
    assert akkad.text and akkad.text in tip


def test_hovering_a_move_in_the_decision_dock_shows_the_card(window, qtbot):
    assert window.open(SCENARIOS / "history-of-the-world.json")
    scenario = window.scenario
    assert window.start_playtest(PlaytestSetup(tuple(scenario.seats[:3]), ("human", "random", "random"),
                                               scenario.ruleset.options, 1))
    playtest, panel = window.playtest, window.playtest_mode.actions_panel
    playtest.run(Until.PERSON)
    qtbot.waitUntil(lambda: not playtest.running, timeout=20_000)
    decision = playtest.decision()
    assert isinstance(decision, Choice) and decision.seat == 0
    playtest.play(decision.actions[-1])  # the empire pile first: Red's draft names its cards
    playtest.run(Until.PERSON)
    qtbot.waitUntil(lambda: not playtest.running, timeout=20_000)
    row = next(i for i in range(panel.list.count()) if panel.card_tips.names_in(panel.list.item(i).text()))
    viewport = panel.list.viewport()
    point = panel.list.visualItemRect(panel.list.item(row)).center()
    QApplication.sendEvent(viewport, QHelpEvent(QEvent.Type.ToolTip, point, viewport.mapToGlobal(point)))
    assert QToolTip.isVisible() and "data:image/png" in QToolTip.text()


def test_the_cards_on_the_table_show_their_faces_in_the_seats_dock(qtbot):
    """Civilization's wonder market, hovered in the Seats dock."""
    scenario = load_scenario(SCENARIOS / "civilization.json", get_ruleset)
    ruleset = get_ruleset(scenario.ruleset.id)
    session = Session(scenario, ruleset, scenario.seats[:2], scenario.ruleset.options, 5, ["random"] * 2, BOTS)
    controller = PlaytestController(session, None)
    while not any(area.cards for area in controller.picture().areas):
        controller.step()
    panel = SeatsPanel()
    qtbot.addWidget(panel)
    panel.card_tips = CardTips(scenario, SCENARIOS)
    panel.set_controller(controller)
    market = next(area.cards for area in controller.picture().areas if area.cards)
    assert f"<b>{market[0]}</b>" in panel.table.toolTip() and "data:image/png" in panel.table.toolTip()


def test_the_cards_dock_shows_the_viewers_hand_and_the_table_with_faces(qtbot):
    """Brief History: a person sees their own hand's faces, never another seat's; the
    designer sees every hand."""
    scenario = load_scenario(SCENARIOS / "a-brief-history-of-the-world.json", get_ruleset)
    ruleset = get_ruleset(scenario.ruleset.id)
    session = Session(scenario, ruleset, scenario.seats[:3], scenario.ruleset.options, 5, ["random"] * 3, BOTS)
    controller = PlaytestController(session, None)
    while not all(panel.hand for panel in controller.session.view(None).panels):
        controller.step()
    panel = CardsPanel()
    qtbot.addWidget(panel)
    panel.card_tips = CardTips(scenario, SCENARIOS)
    panel.set_controller(controller)
    hands = [p.hand for p in controller.session.view(None).panels]
    assert all(card in panel.texts() for hand in hands for card in hand)  # the designer's view
    controller.set_viewer(1)
    texts = panel.texts()
    own, other = controller.seat_name(1), controller.seat_name(0)
    assert f"{own}'s hand" in texts and f"{other}'s hand" not in texts
    first = panel.list.item(texts.index(hands[1][0]))
    assert not first.icon().isNull() and "data:image/png" in first.toolTip()


def test_hovering_a_space_whose_markers_name_a_card_shows_the_card(window, qtbot):
    """A Civilization wonder on the board is told by name in the space's tooltip: its face
    comes with it."""
    assert window.open(SCENARIOS / "civilization.json")
    scenario = window.scenario
    assert window.start_playtest(PlaytestSetup(tuple(scenario.seats[:2]), ("human", "random"),
                                               scenario.ruleset.options, 1))
    board, view = window.board, window.view
    space = next(iter(board.centres))
    own = board.tooltip(space)
    board.tooltip = lambda space_id: f"{own}<hr>wonder (Colossus)"  # as the picture tells a built one
    point = view.mapFromScene(board.centres[space])
    viewport = view.viewport()
    QApplication.sendEvent(viewport, QHelpEvent(QEvent.Type.ToolTip, point, viewport.mapToGlobal(point)))
    assert QToolTip.isVisible() and "<b>Colossus</b>" in QToolTip.text() and "data:image/png" in QToolTip.text()
