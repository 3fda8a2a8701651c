"""A background chosen before the first save travels with the scenario: File ▸ New Scenario,
Background ▸ Choose Image (a real file dialog), File ▸ Save As into another folder, close,
reopen, and Trace reads the picture."""

from __future__ import annotations

from person import file_named, press
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QRadioButton

from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_draft


def blank_board(dialog) -> None:
    next(b for b in dialog.findChildren(QRadioButton) if b.text() == "A blank board").click()


def test_a_background_chosen_before_saving_goes_with_the_scenario(qtbot, window, person, tmp_path):
    scan = tmp_path / "downloads" / "scan.png"
    scan.parent.mkdir()
    image = QImage(300, 200, QImage.Format.Format_RGB32)
    image.fill(QColor("#d8c8a0"))
    assert image.save(str(scan))

    person.will(press(fill=blank_board))
    window.actions.new_scenario.trigger()
    person.will(file_named(scan))
    window.map_mode.panels.background.choose_button.click()
    person.done()
    assert window.scenario.board.background == "assets/scan.png"
    assert not (tmp_path / "assets").exists()  # nothing written where the studio happened to start

    saved = tmp_path / "elsewhere" / "world.json"
    saved.parent.mkdir()
    person.will(file_named(saved))
    window.actions.save_as.trigger()
    person.done()
    assert (saved.parent / "assets" / "scan.png").read_bytes() == scan.read_bytes()
    _, problems = load_draft(saved, get_ruleset)
    assert not [p for p in problems if "asset" in p.message]

    window.actions.close.trigger()
    person.will(file_named(saved))
    window.actions.open.trigger()
    person.done()
    seen = []
    person.will(lambda dialog: (seen.append(dialog.pixels.shape), dialog.reject()))
    window.map_mode.panels.background.trace_button.click()
    person.done()
    assert seen and seen[0][:2] == (200, 300)  # Trace read the picture beside the reopened file
