"""Issue 9, item 3: opening a file installs nothing until it is read and its boards are built,
any failure becomes a problems dialog, and text from a file is never read as markup."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

import studio.file_actions
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario
from studio.main_window import MainWindow
from studio.playtest.new_playtest_dialog import NewPlaytestDialog, PlaytestSetup
from studio.problems_dialog import ProblemsDialog

MARKUP = "<i>INJECT</i><img src='x.png'>"


def _open_and_play(window: MainWindow, path) -> None:
    assert window.open(path)
    scenario = window.scenario
    assert window.start_playtest(PlaytestSetup(tuple(scenario.seats[:2]), ("human", "random"),
                                               scenario.ruleset.options, 5))


@pytest.mark.parametrize("failure", [ValueError("cannot convert float NaN to integer"),
                                     RecursionError("maximum recursion depth exceeded"),
                                     OSError(36, "File name too long")])
def test_a_board_that_cannot_be_built_leaves_the_window_as_it_was(window, dice_race_path, tmp_path,
                                                                  monkeypatch, failure):
    _open_and_play(window, dice_race_path)
    window.actions.step.trigger()
    board, playtest, document, title = window.board, window.playtest, window.documents.document, window.windowTitle()
    steps = len(playtest.session.steps)
    other = tmp_path / "other.json"
    other.write_text(dice_race_path.read_text())

    def fail(*_: object) -> None:
        raise failure
    monkeypatch.setattr(studio.file_actions, "BoardScene", fail)
    assert not window.open(other)
    lines = window.problems_dialog.lines()
    assert lines == [f"{type(failure).__name__}: {failure}"]
    assert "Nothing has changed" in window.problems_dialog.summary.text()
    assert window.board is board and window.view.scene() is board
    assert window.documents.document is document and window.playtest is playtest
    assert len(playtest.session.steps) == steps and window.windowTitle() == title


def test_a_reading_failure_of_any_kind_is_a_problems_dialog(window, dice_race_path, monkeypatch):
    assert window.open(dice_race_path)
    document = window.documents.document

    def overflow(_path: object) -> None:
        raise RecursionError("maximum recursion depth exceeded while decoding a JSON array")
    monkeypatch.setattr(window.documents, "read", overflow)
    assert not window.open(dice_race_path)
    assert window.problems_dialog.lines() == [
        "RecursionError: maximum recursion depth exceeded while decoding a JSON array"]
    assert window.documents.document is document


def test_names_and_titles_from_a_file_are_shown_as_plain_text(window, dice_race_path, tmp_path, qtbot):
    data = json.loads(dice_race_path.read_text())
    data["meta"]["title"] = f"Title {MARKUP}"
    for seat in data["seats"]:
        seat["name"] = f"{seat['name']} {MARKUP}"
    for space in data["board"]["spaces"]:
        space["name"] = f"{space['name']} {MARKUP}"
    path = tmp_path / "<b>markup.json"
    path.write_text(json.dumps(data))

    scenario = load_scenario(path, get_ruleset)
    dialog = NewPlaytestDialog(scenario, get_ruleset(scenario.ruleset.id))
    qtbot.addWidget(dialog)
    _open_and_play(window, path)
    title = window.playtest_mode.actions_panel.title
    for _ in range(20):  # on to a seat's own choice, whose title names the seat
        if "to choose" in title.text():
            break
        window.actions.step.trigger()
    assert "INJECT" in title.text()
    shown = 0
    for root in (window, dialog):
        for label in root.findChildren(QLabel):
            text = label.text()
            if "<i>INJECT</i>" in text:
                assert label.textFormat() == Qt.TextFormat.PlainText, (label.objectName(), text)
                shown += 1
            elif "INJECT" in text:  # rich text built by the studio must carry the name escaped
                assert "&lt;i&gt;INJECT&lt;/i&gt;" in text, text
                shown += 1
    assert shown >= 3  # the seat names in the dialog and the seats shown while playing at least

    broken = tmp_path / "<b>broken.json"
    broken.write_text("{")
    assert not window.open(broken)
    problems: ProblemsDialog = window.problems_dialog
    assert "&lt;b&gt;broken.json" in problems.summary.text()
