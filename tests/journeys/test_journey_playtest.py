"""A playtest from start to reopening, for each of the five games: File ▸ New Scenario as a copy
of the shipped one, Save, Play ▸ New Playtest with the seed the dialog drew itself (the first
seat a person, the rest bots), twenty steps through the Decision dock and Step, Save As with
and without Embed, close, reopen both, undo, save again and reopen."""

from __future__ import annotations

import pytest
from person import file_named, press
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit, QRadioButton, QSpinBox

from engine.core.decision import Choice, End

SHIPPED = {"history-of-the-world": "History of the World (2018)",
           "a-brief-history-of-the-world": "A Brief History of the World",
           "after-the-flood": "After the Flood",
           "antike-duellum": "Antike Duellum: Carthage against Rome",
           "civilization": "Sid Meier's Civilization: The Board Game"}


def copy_of_shipped(title: str):
    def fill(dialog) -> None:
        next(b for b in dialog.findChildren(QRadioButton) if b.text().startswith("A copy")).click()
        # The enabled list: the rulesets' list names Civilization by the same title, and is off while copying.
        shipped = next(box for box in dialog.findChildren(QComboBox) if box.isEnabled() and box.findText(title) >= 0)
        shipped.setCurrentIndex(shipped.findText(title))
        dialog.findChild(QLineEdit).setText(f"Playtesting {title}")
    return press(fill=fill)


def take_the_dialogs_seed(drawn: list[int]):
    """Accept New Playtest as it opens: its own random seed, a person in the first seat."""
    def fill(dialog) -> None:
        drawn.append(next(box for box in dialog.findChildren(QSpinBox) if box.maximum() > 1000).value())
    return press(fill=fill)


def play(qtbot, window, steps: int) -> None:
    """A person's choices through the Decision dock (the first move, Enter), the rest by Step."""
    panel = window.playtest_mode.actions_panel
    for _ in range(steps):
        decision = window.playtest.decision()
        if isinstance(decision, End):
            return
        if isinstance(decision, Choice) and window.playtest.is_person(decision.seat):
            panel.list.setCurrentRow(0)
            qtbot.keyClick(panel.list, Qt.Key.Key_Return)
        else:
            window.actions.step.trigger()


@pytest.mark.parametrize("ruleset_id", sorted(SHIPPED))
def test_a_playtest_is_played_saved_both_ways_and_reopened(qtbot, window, person, tmp_path, ruleset_id):
    folder = tmp_path / "table"
    folder.mkdir()
    scenario_file = folder / "game.json"
    person.will(copy_of_shipped(SHIPPED[ruleset_id]), file_named(scenario_file))
    window.actions.new_scenario.trigger()
    window.actions.save.trigger()
    assert scenario_file.is_file() and window.scenario.ruleset.id.startswith(ruleset_id)  # the game asked for

    seeds: list[int] = []
    person.will(take_the_dialogs_seed(seeds))
    window.actions.new_playtest.trigger()
    assert window.playtest is not None and window.playtest.session.seed == seeds[0]
    play(qtbot, window, 20)
    line = [step.move for step in window.playtest.session.line()]
    assert len(line) >= 10

    embedded, referring = folder / "embedded.playtest.json", folder / "referring.playtest.json"
    person.will(file_named(embedded, embed=True))
    window.actions.save_as.trigger()
    person.will(file_named(referring, embed=False))
    window.actions.save_as.trigger()
    person.done()
    assert embedded.is_file() and referring.is_file()
    assert '"embedded"' in embedded.read_text() and '"embedded"' not in referring.read_text()
    assert not window.isWindowModified()

    for saved in (embedded, referring):
        window.actions.close.trigger()  # the playtest
        person.will(file_named(saved))
        window.actions.open.trigger()
        person.done()
        assert window.problems_dialog is None or not window.problems_dialog.isVisible(), window.problems_dialog.lines()
        assert [step.move for step in window.playtest.session.line()] == line
        window.actions.undo.trigger()
        undone = len(window.playtest.session.line())
        assert undone < len(line)  # back to the person's last decision
        window.actions.save.trigger()
        assert window.open(saved)
        assert len(window.playtest.session.line()) == undone  # saved where it stood, redo kept
        assert [step.move for step in window.playtest.full_line()] == line
    window.grab().save(str(tmp_path / f"playtest-{ruleset_id}.png"))
