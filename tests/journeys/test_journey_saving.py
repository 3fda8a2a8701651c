"""Saving never fails silently: a scenario or a playtest that cannot be written says why, and
the window keeps its state (the title's *, the playtest unsaved, the file as it was)."""

from __future__ import annotations

import shutil
from pathlib import Path

from person import file_named, press
from PySide6.QtWidgets import QLineEdit, QMessageBox, QSpinBox

SCENARIOS = Path(__file__).parents[2] / "scenarios"


def told(said: list[str]):
    """Read the error box's text, then close it with OK."""
    def answer(box) -> None:
        assert isinstance(box, QMessageBox)
        said.append(box.text())
        box.button(QMessageBox.StandardButton.Ok).click()
    return answer


def retitle(title: str):
    """Scenario ▸ Settings: the title box (the one holding the title now) given another."""
    def fill(dialog) -> None:
        current = dialog.parent().scenario.meta.title
        next(box for box in dialog.findChildren(QLineEdit) if box.text() == current).setText(title)
    return press(fill=fill)


def test_a_save_that_cannot_be_written_says_so_and_keeps_everything(qtbot, window, person, tmp_path):
    scenario = tmp_path / "world.json"
    shutil.copy(SCENARIOS / "after-the-flood.json", scenario)
    before = scenario.read_bytes()
    assert window.open(scenario)
    person.will(retitle("Changed"))
    window.actions.settings.trigger()
    assert window.isWindowModified()

    not_a_folder = tmp_path / "note.txt"
    not_a_folder.write_text("a file, not a folder")
    said: list[str] = []
    person.will(file_named(not_a_folder / "world.json"), told(said))
    window.actions.save_as.trigger()
    person.done()
    assert said and "could not be written" in said[0]
    assert window.isWindowModified() and window.documents.document.path == scenario
    assert scenario.read_bytes() == before

    # A playtest: Save As with Embed into a place that cannot be written keeps it unsaved, and
    # the Embed choice as it was.
    person.will(retitle("After the Flood"))
    window.actions.settings.trigger()
    window.actions.save.trigger()
    person.will(press(fill=lambda dialog: next(b for b in dialog.findChildren(QSpinBox) if b.maximum() > 1000)))
    window.actions.new_playtest.trigger()
    window.actions.step.trigger()
    embedding = window.playtest.embed_scenario
    person.will(file_named(not_a_folder / "game.playtest.json", embed=not embedding), told(said))
    window.actions.save_as.trigger()
    person.done()
    assert len(said) == 2 and "could not be written" in said[1]
    assert window.playtest.is_modified() and window.playtest.path is None
    assert window.playtest.embed_scenario == embedding
