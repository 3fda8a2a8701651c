"""The Decision dock's input: only a person's own, deliberate choice moves their seat.

A reported run from step 4 to the game's end after two clicks, chance forced to the first
outcome and a person's seat moved, pointed at every path by which input can take a move
nobody chose: a held-down Enter, the second click of a double-click landing on the next
decision's list, a click while bots play, Step on a person's seat, and the runs themselves.
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication
from test_app import start_dice_race

from engine.core.decision import Chance, Choice, End
from studio.main_window import MainWindow
from studio.playtest.actions_panel import LAST_LINES, MIN_ROWS
from studio.playtest.new_playtest_dialog import PlaytestSetup


def held_enter(widget, presses: int = 5) -> None:
    """What a key held down sends after its first press: auto-repeated presses."""
    for _ in range(presses):
        QApplication.sendEvent(widget, QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Return,
                                                 Qt.KeyboardModifier.NoModifier, "\r", True))


def to_reds_choice(window: MainWindow) -> None:
    playtest = window.playtest
    while not isinstance(playtest.decision(), Choice):
        playtest.roll()
    assert playtest.decision().seat == 0 and playtest.is_person(0)


def item_point(panel, row: int) -> QPoint:
    return panel.list.visualItemRect(panel.list.item(row)).center()


def test_a_held_enter_takes_one_move_not_one_per_repeat(window, qtbot, dice_race_path):
    start_dice_race(window, dice_race_path)
    panel, session = window.playtest_mode.actions_panel, window.playtest.session
    panel.list.setFocus()
    held_enter(panel.list)
    held_enter(panel.take)
    assert len(session.steps) == 1  # repeats alone take nothing
    qtbot.keyClick(panel.list, Qt.Key.Key_Return)  # one deliberate press: the line chosen
    assert len(session.steps) == 2 and session.step.forced  # a person forced the first outcome
    held_enter(panel.list, 30)
    assert len(session.steps) == 2


def test_a_double_click_begun_on_an_earlier_list_is_dropped(window, qtbot, dice_race_path):
    """Qt's item views already refuse it (the pressed line is gone when the list is rebuilt);
    this keeps it so."""
    start_dice_race(window, dice_race_path)
    to_reds_choice(window)
    panel, session = window.playtest_mode.actions_panel, window.playtest.session
    steps = len(session.steps)
    viewport = panel.list.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=item_point(panel, 1))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=item_point(panel, 1))
    panel.refresh()  # a bot's step in between rebuilds the list under the mouse
    qtbot.mouseDClick(viewport, Qt.MouseButton.LeftButton, pos=item_point(panel, 1))
    assert len(session.steps) == steps
    # A whole double-click on the list as it stands is a choice.
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=item_point(panel, 1))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=item_point(panel, 1))
    qtbot.mouseDClick(viewport, Qt.MouseButton.LeftButton, pos=item_point(panel, 1))
    assert len(session.steps) == steps + 1 and session.step.seat == 0 and str(session.step.move) == "hold"


def test_double_clicking_play_takes_one_move(window, qtbot, dice_race_path):
    start_dice_race(window, dice_race_path)
    panel, session = window.playtest_mode.actions_panel, window.playtest.session
    qtbot.mouseClick(panel.take, Qt.MouseButton.LeftButton)
    # The second click of a double-click: a double-click press, then its release.
    qtbot.mouseDClick(panel.take, Qt.MouseButton.LeftButton)
    qtbot.mouseRelease(panel.take, Qt.MouseButton.LeftButton)
    assert len(session.steps) == 2


def test_a_click_while_bots_play_only_pauses(window, qtbot, dice_race_path):
    start_dice_race(window, dice_race_path, controllers=("random", "random"))
    playtest, panel = window.playtest, window.playtest_mode.actions_panel
    messages = []
    playtest.message.connect(messages.append)
    window.actions.bots.trigger()
    assert playtest.running
    panel.take_selected()  # whatever the line under the mouse is now, it was not chosen
    assert not playtest.running and len(playtest.session.steps) == 1
    assert messages[-1].startswith("Paused.")


def test_step_never_moves_a_persons_seat(window, qtbot, dice_race_path):
    start_dice_race(window, dice_race_path)
    to_reds_choice(window)
    session = window.playtest.session
    steps = len(session.steps)
    for _ in range(3):
        window.actions.step.trigger()
        qtbot.keyClick(window, Qt.Key.Key_F10)
    assert len(session.steps) == steps
    assert "Red is played by a person" in window.statusBar().currentMessage()


def test_no_run_moves_a_persons_seat(window, qtbot, dice_race_path):
    """Every run (to the end of the turn, of the round, to a person's decision) stops when the
    person must choose; the person's seat moves only by the person's own plays, and no chance
    outcome is forced by a run."""
    start_dice_race(window, dice_race_path)
    playtest = window.playtest
    session = playtest.session
    mine = set()
    for number in range(60):
        decision = playtest.decision()
        if not isinstance(decision, (Choice, Chance)):
            break
        if isinstance(decision, Choice) and decision.seat == 0:
            assert playtest.play(decision.actions[number % len(decision.actions)])
            mine.add(session.current)
            continue
        [window.actions.turn, window.actions.round, window.actions.bots][number % 3].trigger()
        qtbot.waitUntil(lambda: not playtest.running, timeout=10_000)
    assert mine  # the person played
    assert {step.id for step in session.steps if step.seat == 0} == mine
    assert not any(step.forced for step in session.steps)


def test_only_outcomes_a_person_chose_are_forced_in_the_file_and_the_history(window, qtbot, dice_race_path,
                                                                             tmp_path):
    start_dice_race(window, dice_race_path)
    playtest, panel = window.playtest, window.playtest_mode.actions_panel
    window.actions.roll.trigger()  # the generator draws Red's card
    window.playtest_mode.view_as.actions()[0].trigger()  # Blue's draw is the designer's to force
    panel.list.setCurrentRow(2)
    qtbot.mouseClick(panel.take, Qt.MouseButton.LeftButton)  # the designer forces Blue's
    panel.list.setCurrentRow(1)
    qtbot.mouseClick(panel.take, Qt.MouseButton.LeftButton)  # Red holds, from the list
    session = playtest.session
    assert [step.forced for step in session.steps] == [False, False, True, False]
    window.ask_path = lambda *args, **kwargs: tmp_path / "p.playtest.json"
    window.actions.save.trigger()
    saved = json.loads((tmp_path / "p.playtest.json").read_text())
    assert [step["forced"] for step in saved["steps"]] == [False, False, True, False]
    labels = [window.playtest_mode.history_panel.item_of(step.id).text(0) for step in session.steps]
    assert [label.endswith("(forced)") for label in labels] == [False, False, True, False]


def test_the_final_scores_say_who_won(window, dice_race_path):
    """The game's end shows the ranking and the rulebook's verdict the ``End`` carries."""
    start_dice_race(window, dice_race_path, controllers=("random", "random"))
    playtest = window.playtest
    while not isinstance(end := playtest.decision(), End):
        assert playtest.step()
    text = window.playtest_mode.actions_panel.hidden.text()
    assert text.startswith("Final scores")
    assert text.endswith(end.verdict([playtest.seat_name(seat) for seat in range(2)]))
    assert playtest.seat_name(end.winners[0]) in text.splitlines()[-1]


def test_the_move_list_keeps_ten_lines_when_the_last_step_is_long(window):
    """Issue 28: a round's start logs many lines; they are cut to a few (the Log has them all)
    and the move list keeps at least ten lines at the default window size."""
    assert window.open(Path(__file__).parents[2] / "scenarios" / "after-the-flood.json")
    scenario = window.scenario
    assert window.start_playtest(PlaytestSetup(tuple(scenario.seats), ("human", "random", "random"),
                                               scenario.ruleset.options, 1))
    panel, playtest = window.playtest_mode.actions_panel, window.playtest
    while not [e for e in playtest.session.step.log if e.visible_to(playtest.viewer)][LAST_LINES:]:
        assert isinstance(playtest.decision(), Chance), "a long step comes before the first choice"
        playtest.roll()
    assert "more lines in the Log" in panel.last.text()
    assert panel.last.text().count("<br>") == LAST_LINES
    assert panel.last.text().count(playtest.session.step.log[0].text) == 1  # told once, not twice
    assert panel.list.height() >= MIN_ROWS * panel.list.fontMetrics().height()
