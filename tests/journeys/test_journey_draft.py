"""A map in progress, for each of the five games: File ▸ New Scenario for the ruleset, four
spaces drawn by clicks, connections derived, two coloured regions, Save, close, reopen (a
draft, its problems listed), the seats edited in Scenario ▸ Settings, Save, reopen; a playtest
of the draft is refused with its problems and a way to them."""

from __future__ import annotations

import json

import pytest
from person import click_board, draw_square, file_named, press, settle
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QComboBox,
    QLineEdit,
    QRadioButton,
    QTableWidget,
    QTabWidget,
)

from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_draft

GAMES = ["history-of-the-world", "a-brief-history-of-the-world", "after-the-flood", "antike-duellum",
         "civilization"]


def new_scenario_for(ruleset_id: str, title: str):
    def fill(dialog) -> None:
        next(b for b in dialog.findChildren(QRadioButton) if b.text().startswith("A board for the ruleset")).click()
        games = next(box for box in dialog.findChildren(QComboBox) if box.findData(ruleset_id) >= 0)
        games.setCurrentIndex(games.findData(ruleset_id))
        dialog.findChild(QLineEdit).setText(title)
    return press(fill=fill)


def rename_first_seat(name: str):
    def fill(dialog) -> None:
        tabs = dialog.findChild(QTabWidget)
        tabs.setCurrentIndex(next(i for i in range(tabs.count()) if tabs.tabText(i) == "Seats"))
        seats = tabs.currentWidget().findChild(QTableWidget)
        seats.item(0, 1).setText(name)
    return press(fill=fill)


@pytest.mark.parametrize("ruleset_id", GAMES)
def test_a_map_in_progress_saves_reopens_and_is_edited_on(qtbot, window, person, tmp_path, ruleset_id):
    title = f"My {ruleset_id}"
    person.will(new_scenario_for(ruleset_id, title))
    window.actions.new_scenario.trigger()
    assert window.scenario.meta.title == title
    ruleset = get_ruleset(ruleset_id)
    assert len(window.scenario.seats) >= ruleset.max_players  # the game's own seats, as many as it can have
    window.actions.fit.trigger()

    # Four spaces, two by two, drawn by clicking their corners (the shared ones snap together).
    drawn_before = len(window.scenario.board.spaces)
    for x, y in ((100, 100), (200, 100), (100, 200), (200, 200)):
        draw_square(qtbot, window, x, y, 100)
    new_spaces = window.scenario.board.spaces[drawn_before:]
    assert len(new_spaces) == 4

    # Map ▸ Derive Connections, every proposal ticked: the four squares touch in four borders.
    person.will(press())
    window.map_mode.panels.derive_action.trigger()
    ids = {space.id for space in new_spaces}
    touching = {frozenset((c.a, c.b)) for c in window.scenario.board.connections if {c.a, c.b} <= ids}
    assert len(touching) >= 4

    # Two regions, each coloured and holding two of the spaces (clicked on the board).
    regions = window.map_mode.panels.regions
    window.map_mode.tool_actions["select"].trigger()
    for (x, y), colour in (((150, 150), "#aa3311"), ((150, 250), "#1133aa")):
        regions.add_button.click()
        person.will(lambda dialog, colour=colour: (dialog.setCurrentColor(QColor(colour)), dialog.accept()))
        regions.colour_button.click()
        click_board(qtbot, window, x, y)
        click_board(qtbot, window, x + 100, y, modifier=_shift())
        regions.assign_button.click()
    made = window.scenario.board.regions[-2:]
    assert [r.colour for r in made] == ["#aa3311", "#1133aa"]
    assert all(sum(s.region == r.id for s in new_spaces) == 2 for r in made)

    # Save: the untitled draft asks where, and says it is a draft.
    first = tmp_path / "game" / "draft.json"
    first.parent.mkdir()
    person.will(file_named(first))
    window.actions.save.trigger()
    person.done()
    assert first.is_file() and not window.isWindowModified()
    assert "a draft with" in window.statusBar().currentMessage()

    # Close, and open again: a draft opens, with its problems in the dock.
    window.actions.close.trigger()
    assert window.scenario is None
    person.will(file_named(first))
    window.actions.open.trigger()
    person.done()
    assert window.scenario is not None and window.scenario.meta.title == title
    settle(qtbot, window)
    assert window.map_mode.panels.problems.problems()
    assert window.map_mode.panels.docks["problems"].isVisible()
    assert {s.id for s in window.scenario.board.spaces} >= ids

    # Scenario ▸ Settings: the first seat renamed, one undo step; saved and reopened.
    person.will(rename_first_seat("The Designer"))
    window.actions.settings.trigger()
    assert window.scenario.seats[0].name == "The Designer"
    assert window.documents.document.undo_stack.undoText() == "Change scenario settings"
    window.actions.save.trigger()
    assert json.loads(first.read_text())["seats"][0]["name"] == "The Designer"
    window.actions.close.trigger()
    assert window.open(first)
    assert window.scenario.seats[0].name == "The Designer"

    # A playtest needs a sound scenario: refused before its dialog, the problems listed, a way to them.
    window.actions.new_playtest.trigger()
    dialog = window.problems_dialog
    assert dialog is not None and dialog.windowTitle() == "Cannot start the playtest"
    assert dialog.lines() == [str(p) for p in load_draft(first, get_ruleset)[1]]
    dialog.go_button.click()
    assert window.mode is window.map_mode and window.map_mode.panels.docks["problems"].isVisible()
    assert window.playtest is None
    window.grab().save(str(tmp_path / f"draft-{ruleset_id}.png"))


def _shift():
    from PySide6.QtCore import Qt

    return Qt.KeyboardModifier.ShiftModifier
