"""Issue 28.7: a person plays each of the five games in the real window at 1360x860, Red a
person and the other seats bots: ten decisions, by clicking the board where a move has a
target on it and through the Decision dock otherwise, a card's face shown by hovering its name
in the dock, Undo and Redo; every frame on the way passes the board's legibility check
(names, badges, 24-pixel hit targets). The end is saved as a screenshot beside the test."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from engine.core.decision import Choice, End
from studio.board import legibility
from studio.playtest.new_playtest_dialog import PlaytestSetup
from studio.questions import Answer

SCENARIOS = Path(__file__).parents[2] / "scenarios"
GAMES = [("history-of-the-world", 3), ("a-brief-history-of-the-world", 3), ("after-the-flood", 3),
         ("antike-duellum-carthage-rome", 2), ("civilization", 2)]
DECISIONS = 10


def frame_problems(window) -> list[str]:
    """The board as the window shows it now: what ``legibility`` finds hard to read, or to hit
    of the decision's targets."""
    QApplication.processEvents()
    decision = window.playtest.decision()
    targets = {space for action in decision.actions for space in action.spaces} if isinstance(decision, Choice) else ()
    return legibility.problems(window.view, targets)


def click_a_target(window, qtbot, decision: Choice) -> bool:
    """Click the label point of a target of the decision's first move that has one on view
    (where several targets meet, the offered move on that space is taken)."""
    for action in decision.actions:
        for space in action.spaces:
            if space not in window.board.centres:
                continue
            point = window.view.mapFromScene(window.board.centres[space])
            if window.view.viewport().rect().contains(point):
                steps = len(window.playtest.session.steps)
                window.choose_action = lambda actions, where, space=space: next(
                    (a for a in actions if space in a.spaces), actions[0])
                qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
                return len(window.playtest.session.steps) > steps
    return False


def hover_a_card(window) -> bool:
    """Hover a move in the Decision dock that names a card: its face shows in the tip."""
    panel = window.playtest_mode.actions_panel
    row = next((i for i in range(panel.list.count()) if panel.card_tips.names_in(panel.list.item(i).text())), None)
    if row is None:
        return False
    viewport = panel.list.viewport()
    panel.list.scrollToItem(panel.list.item(row))
    point = panel.list.visualItemRect(panel.list.item(row)).center()
    QApplication.sendEvent(viewport, QHelpEvent(QEvent.Type.ToolTip, point, viewport.mapToGlobal(point)))
    return QToolTip.isVisible() and "data:image/png" in QToolTip.text()


@pytest.mark.parametrize(("name", "seats"), GAMES)
def test_a_person_plays_ten_decisions_by_board_and_dock_sees_a_card_and_undoes(qtbot, window, tmp_path, name,
                                                                             seats):
    assert window.open(SCENARIOS / f"{name}.json")
    scenario = window.scenario
    assert window.start_playtest(PlaytestSetup(tuple(scenario.seats[:seats]), ("human",) + ("random",) * (seats - 1),
                                               scenario.ruleset.options, 3))
    playtest, panel = window.playtest, window.playtest_mode.actions_panel
    assert frame_problems(window) == []
    clicks = docked = 0
    card_seen = False
    for _ in range(400):
        if clicks + docked >= DECISIONS:
            break
        decision = playtest.decision()
        if isinstance(decision, End):
            break
        if not (isinstance(decision, Choice) and playtest.is_person(decision.seat)):
            window.actions.bots.trigger()
            qtbot.waitUntil(lambda: not playtest.running, timeout=30_000)
            continue
        card_seen = card_seen or hover_a_card(window)
        if (clicks <= docked) and click_a_target(window, qtbot, decision):
            clicks += 1
        else:
            panel.list.setCurrentRow(0)
            qtbot.mouseClick(panel.take, Qt.MouseButton.LeftButton)
            docked += 1
        assert frame_problems(window) == [], (clicks, docked)
    assert clicks + docked == DECISIONS, (clicks, docked)
    assert clicks >= 1, "some decision was taken on the board"
    before = playtest.session.step
    window.actions.undo.trigger()
    assert playtest.session.step is not before
    assert frame_problems(window) == []
    window.actions.redo.trigger()
    assert playtest.session.step is before
    assert window.statusBar().currentMessage().endswith(f"{playtest.whose_turn()}."), "who acts now, not before"
    assert frame_problems(window) == []
    shot = tmp_path / f"{name}-end.png"
    assert window.grab().save(str(shot))
    window.ask_unsaved = lambda name: Answer.DISCARD  # the played scenario is left unsaved
    print(f"{name}: {clicks} board clicks, {docked} dock choices, card face shown: {card_seen}, screenshot {shot}")
    assert card_seen or name == "antike-duellum-carthage-rome", "a card named in a move shows its face"
