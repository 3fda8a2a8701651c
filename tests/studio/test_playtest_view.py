"""The proof of the playtest view: History of the World driven through the real window.

Actions are taken from the list and by clicking the board, bots step, the designer undoes,
redoes, branches and switches back, travels through the log, saves and reopens the playtest
and gets the same board. The tests know History of the World's action names only to find
a conquest to click; the studio itself knows no game.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QTreeWidget, QTreeWidgetItem
from test_app import start_dice_race

from engine.core.decision import Chance, Choice, Decision
from engine.core.moves import Action, Outcome
from studio.main_window import MainWindow
from studio.playtest.controller import PlaytestController
from studio.playtest.new_playtest_dialog import PlaytestSetup

SEED = 11


def start_history(window: MainWindow, path) -> PlaytestController:
    """File ▸ Open, then File ▸ New Playtest with 3 seats: Red a person, Green and Blue bots."""
    assert window.open(path)
    seen = {}

    def fill_in(dialog) -> bool:
        seen["editors"] = len(dialog.editors)
        dialog.players.setValue(3)
        controllers = ["human", "random", "random"]
        for choice, controller in zip(dialog.controllers, controllers):
            choice.setCurrentIndex(choice.findData(controller))
        dialog.seed.setValue(SEED)
        return True

    window.run_dialog = fill_in
    window.actions.new_playtest.trigger()
    assert seen["editors"] > 10  # the options form, built from the options class
    playtest = window.playtest
    assert playtest is not None and playtest.session.controllers == ["human", "random", "random"]
    return playtest


def take_from_list(window: MainWindow, qtbot, move: Action | Outcome) -> None:
    panel = window.playtest_mode.actions_panel
    panel.list.setCurrentRow(panel.moves().index(move))
    qtbot.mouseClick(panel.take, Qt.MouseButton.LeftButton)


def let_bots_play(window: MainWindow, qtbot) -> None:
    window.actions.bots.trigger()
    qtbot.waitUntil(lambda: not window.playtest.running, timeout=20_000)


def play_until(window: MainWindow, qtbot, wanted: Callable[[Decision], bool], limit: int = 500) -> Choice:
    """Bots play their seats; Red (the person) takes the first action listed, until ``wanted``."""
    playtest = window.playtest
    for _ in range(limit):
        decision = playtest.decision()
        if wanted(decision):
            return decision
        if isinstance(decision, Choice) and playtest.is_person(decision.seat):
            take_from_list(window, qtbot, window.playtest_mode.actions_panel.moves()[0])
        else:
            let_bots_play(window, qtbot)
    raise AssertionError("the wanted decision never came")


def red_can_click(decision: Decision) -> bool:
    return isinstance(decision, Choice) and decision.seat == 0 and any(a.spaces for a in decision.actions)


def click_space(window: MainWindow, qtbot, space: str) -> None:
    point = window.view.mapFromScene(window.board.centres[space])
    assert window.view.viewport().rect().contains(point)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def click_item(qtbot, tree: QTreeWidget, item: QTreeWidgetItem) -> None:
    tree.scrollToItem(item)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center())


def test_history_of_the_world_played_through_the_window(window, qtbot, hotw_path, tmp_path):
    playtest = start_history(window, hotw_path)
    session = playtest.session
    panel = window.playtest_mode.actions_panel

    # Chance first (the score markers): the list shows the outcomes and their odds; the
    # generator rolls one.
    chance = playtest.decision()
    assert isinstance(chance, Chance) and panel.title.text() == "Chance"
    assert panel.list.count() == len(chance.outcomes)
    assert panel.list.item(0).text().endswith(f"{1 / len(chance.outcomes):.0%}")
    window.actions.roll.trigger()
    assert isinstance(session.step.move, Outcome) and not session.step.forced
    assert playtest.viewer == 0  # the person's own view, Red's (issue 28)
    assert "score markers: Red" in panel.last.text()
    # ... or the designer, in the designer's view, forces the one they want.
    window.playtest_mode.view_as.actions()[0].trigger()
    forced = panel.moves()[-1]
    take_from_list(window, qtbot, forced)
    assert session.step.move == forced and session.step.forced

    # A bot step: Step plays exactly one step.
    before = session.current
    window.actions.step.trigger()
    assert session.step.parent == before

    # Bots and chance play until the person at seat 0 must choose; the list is every legal action.
    let_bots_play(window, qtbot)
    decision = playtest.decision()
    assert isinstance(decision, Choice) and decision.seat == 0
    assert panel.title.text() == "Red to choose"
    assert [panel.list.item(i).text() for i in range(panel.list.count())] == [str(a) for a in decision.actions]
    first_pick = decision.actions[-1]
    take_from_list(window, qtbot, first_pick)
    assert session.step.move == first_pick and session.step.seat == 0
    picked_step = session.current
    markers_at_pick = window.board.drawn_markers()
    digest_at_pick = session.digest()

    # A conquest, taken by clicking the target's label point on the board.
    decision = play_until(window, qtbot, red_can_click)
    clickable = [a for a in decision.actions if a.spaces]
    assert window.board._targets == {space for a in clickable for space in a.spaces}
    single = next(a for a in clickable
                  if sum(a.spaces[0] in other.spaces for other in decision.actions) == 1)
    click_space(window, qtbot, single.spaces[0])
    assert session.step.move == single
    clicked_step = session.current
    digest_after_click = session.digest()
    markers_after_click = window.board.drawn_markers()
    assert any(badge[1] == "#c0392b" for badge in markers_after_click.get(single.spaces[0], ()))
    assert window.actions.undo.text() == f"Undo {single.label}"

    # A click on a space no action targets says why in the status bar, and changes nothing.
    decision = playtest.decision()
    targeted = {space for a in decision.actions for space in a.spaces}
    idle = next(s for s in window.board.spaces if s not in targeted)
    click_space(window, qtbot, idle)
    assert session.current == clicked_step
    assert window.statusBar().currentMessage().startswith(f"No legal action in {window.board.name(idle)}")

    # Undo and redo, named after the step in the Edit menu.
    window.actions.undo.trigger()
    assert session.current == session.steps[clicked_step].parent
    assert window.actions.redo.text() == f"Redo {single.label}"
    window.actions.redo.trigger()
    assert session.current == clicked_step and session.digest() == digest_after_click

    # Branch: undo, take another action from the list; the tree shows the branch; switch back.
    window.actions.undo.trigger()
    fork = session.current
    other = next(a for a in playtest.decision().actions if a != single)
    take_from_list(window, qtbot, other)
    assert [s.id for s in session.branches(fork)] == [clicked_step, session.current]
    branch_item = window.playtest_mode.history_panel.item_of(session.current).parent().parent()  # step, turn, branch
    assert branch_item is not None and branch_item.text(0).startswith("branch 2") and not branch_item.icon(0).isNull()
    window.docks["history"].raise_()  # the History tab, beside Seats and Log
    click_item(qtbot, window.playtest_mode.history_panel.tree, window.playtest_mode.history_panel.item_of(clicked_step))
    assert session.current == clicked_step
    assert session.digest() == digest_after_click and window.board.drawn_markers() == markers_after_click

    # Time travel through the log: back to Red's first pick, then forward along the grey rows.
    log = window.playtest_mode.log_panel
    window.docks["log"].raise_()
    row = next(i for i, (step, _) in enumerate(log.rows()) if step == picked_step)
    click_item(qtbot, log.tree, log.tree.topLevelItem(row))
    assert session.current == picked_step
    assert session.digest() == digest_at_pick and window.board.drawn_markers() == markers_at_pick
    assert re.search(r"(1 undone step|\d+ undone steps) below in grey", log.hint.text())
    later = next(i for i, (step, _) in enumerate(log.rows()) if step == clicked_step)
    click_item(qtbot, log.tree, log.tree.topLevelItem(later))
    assert session.current == clicked_step and window.board.drawn_markers() == markers_after_click

    # Several actions on one space: the window asks which (a menu; here answered by the test).
    decision = play_until(window, qtbot, lambda d: red_can_click(d) and any(
        sum(s in a.spaces for a in d.actions) > 1 for a in d.actions for s in a.spaces))
    space = next(s for a in decision.actions for s in a.spaces if sum(s in b.spaces for b in decision.actions) > 1)
    offered = []
    window.choose_action = lambda actions, where: offered.extend(actions) or actions[-1]
    click_space(window, qtbot, space)
    assert len(offered) > 1 and session.step.move == offered[-1]

    # Bookmark and note, then save and reopen: the same tree, the same state, the same board.
    window.playtest_mode.history_panel.ask_text = lambda title, label, text, multiline: (
        "Red's first pick" if title == "Bookmark" else "try the other pile next time")
    playtest.goto(picked_step)
    window.actions.bookmark.trigger()
    window.actions.note.trigger()
    window.actions.redo.trigger()
    assert session.bookmarks == {"Red's first pick": picked_step}
    assert "★ Red's first pick" in window.playtest_mode.history_panel.item_of(picked_step).text(1)
    saved = tmp_path / "history.playtest.json"
    window.ask_path = lambda *args, **kwargs: saved
    assert window.isWindowModified()
    window.actions.save.trigger()
    assert saved.exists() and not window.isWindowModified()
    here, digest, markers = session.current, session.digest(), window.board.drawn_markers()
    children = [list(step.children) for step in session.steps]

    reopened = MainWindow(window.settings)
    qtbot.addWidget(reopened)
    reopened.show()
    assert reopened.open(saved) and reopened.problems_dialog is None
    again = reopened.playtest.session
    assert again.current == here and again.digest() == digest
    assert reopened.board.drawn_markers() == markers
    assert [list(step.children) for step in again.steps] == children
    assert again.bookmarks == {"Red's first pick": picked_step}
    assert again.steps[picked_step].note == "try the other pile next time"
    assert reopened.windowTitle() == "history.playtest.json[*] — Epoch Studio"
    assert not reopened.isWindowModified()


def test_view_as_a_seat_hides_what_it_may_not_see(window, qtbot, hotw_path):
    playtest = start_history(window, hotw_path)
    let_bots_play(window, qtbot)  # to Red's first draft pick
    decision = playtest.decision()
    assert isinstance(decision, Choice) and decision.seat == 0
    take_from_list(window, qtbot, decision.actions[0])
    secret = [e.text for e in playtest.session.step.log if e.seats == (0,)]
    assert secret, "a draft pick tells only its picker which card it was"

    playtest.set_viewer(1)  # Green
    texts = [text for _, text in window.playtest_mode.log_panel.rows()]
    assert not set(secret) & set(texts)
    assert window.playtest_mode.history_panel.item_of(playtest.session.current).text(0).split("  ", 1)[1].strip() != \
        f"Red: {decision.actions[0]}"
    red_panel = window.playtest_mode.seats_panel.cards[0].label.text()
    assert "hidden" in red_panel
    assert "viewing as Green" in window.position.text()
    assert [a.isChecked() for a in window.playtest_mode.view_as.actions()] == [False, False, True, False]
    play_until(window, qtbot, lambda d: isinstance(d, Choice) and d.seat == 0, limit=50)
    assert window.playtest_mode.actions_panel.hidden.isVisible() and window.playtest_mode.actions_panel.list.isHidden()
    assert window.board._targets == set()

    window.playtest_mode.view_as.actions()[0].trigger()  # back to the designer
    assert playtest.viewer is None and not window.playtest_mode.actions_panel.list.isHidden()
    assert set(secret) <= {text for _, text in window.playtest_mode.log_panel.rows()}


def test_play_to_the_end_of_the_turn_and_of_the_epoch_and_pause(window, qtbot, hotw_path):
    playtest = start_history(window, hotw_path)
    for seat in range(3):
        playtest.session.controllers[seat] = "random"
    window.actions.round.trigger()
    qtbot.waitUntil(lambda: not playtest.running, timeout=20_000)
    assert playtest.picture().round == "Epoch I"
    assert window.actions.round.text() == "Play to End of Epoch I"
    window.actions.round.trigger()
    qtbot.waitUntil(lambda: not playtest.running, timeout=20_000)
    assert playtest.picture().round == "Epoch II"
    assert "Stopped after" in window.statusBar().currentMessage()

    start = playtest.session.view(None)
    window.actions.turn.trigger()
    qtbot.waitUntil(lambda: not playtest.running, timeout=20_000)
    now = playtest.session.view(None)
    assert (now.active_seat, now.round) != (start.active_seat, start.round)
    playtest.session.undo()  # the step before is still the old turn: the run stopped at once
    before = playtest.session.view(None)
    assert (before.active_seat, before.round) == (start.active_seat, start.round)
    playtest.session.redo()

    window.actions.bots.trigger()
    assert playtest.running and window.actions.pause.isEnabled()
    window.actions.pause.trigger()
    assert not playtest.running and not window.actions.pause.isEnabled()


def test_the_playtest_keys_work_without_a_click_first(window, qtbot, dice_race_path):
    """Issue 28: after Start Playtest, F9 rolls at once: the window holds the keyboard."""
    focused = QApplication.focusWidget()
    if focused is not None:
        focused.clearFocus()
    start_dice_race(window, dice_race_path)
    qtbot.waitUntil(lambda: window.isActiveWindow() and window.playtest_mode.view.hasFocus())
    steps = len(window.playtest.session.steps)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_F9)
    assert len(window.playtest.session.steps) == steps + 1


def test_a_click_beside_a_small_targets_name_takes_that_target(window, qtbot):
    """Issue 28: Lower Tigris is small and its name and markers lie over its neighbours; a
    click within a few pixels of them takes Lower Tigris, not 'No legal action' next door; where
    other targets are as near, a menu offers each of their moves."""
    assert window.open(Path(__file__).parents[2] / "scenarios" / "a-brief-history-of-the-world.json")
    scenario = window.scenario
    assert window.start_playtest(PlaytestSetup(tuple(scenario.seats[:3]), ("human", "random", "random"),
                                               scenario.ruleset.options, 1))
    playtest = window.playtest
    decision = play_until(window, qtbot, red_can_click)
    targets = {space for action in decision.actions for space in action.spaces}
    beside = None
    for target in sorted(targets):
        centre = window.view.mapFromScene(window.board.centres[target])
        for angle in range(0, 360, 15):
            point = centre + QPoint(round(10 * math.cos(math.radians(angle))), round(10 * math.sin(math.radians(angle))))
            if window.view.space_at(point) not in ("", *targets):
                beside = target, point
                break
        if beside:
            break
    assert beside, "some target's label point lies within 10 pixels of a neighbour"
    target, point = beside
    offered: list[Action] = []  # where several targets meet, their moves are offered (a magnified pick)
    window.choose_action = lambda actions, where: offered.extend(actions) or next(
        action for action in actions if target in action.spaces)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert target in playtest.session.step.move.spaces
    assert not offered or {space for action in offered for space in action.spaces} > {target}
