"""The minimal studio window, driven offscreen."""

from __future__ import annotations

from PySide6.QtGui import QImage
from PySide6.QtWidgets import QGraphicsPolygonItem, QMessageBox

from studio.app import main
from studio.main_window import MainWindow


def test_opening_a_scenario_draws_every_space(qtbot, dice_race_path):
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.open(dice_race_path)
    polygons = [i for i in window.view.scene().items() if isinstance(i, QGraphicsPolygonItem)]
    assert len(polygons) == 21
    assert window.windowTitle() == "dice-race.json — Epoch Studio"
    assert "Dice Race · Dice Race · 21 spaces · 6 cards" in window.statusBar().currentMessage()


def test_a_broken_file_lists_its_problems_and_changes_nothing(qtbot, dice_race_path, tmp_path):
    window = MainWindow()
    qtbot.addWidget(window)
    window.open(dice_race_path)
    scene = window.view.scene()
    broken = tmp_path / "broken.json"
    broken.write_text(dice_race_path.read_text().replace('"kind": "track"', '"kind": "swamp"', 2))
    assert not window.open(broken)
    box = window.problems_box
    assert isinstance(box, QMessageBox) and "2 problem(s)" in box.text()
    assert "board.spaces[t0].kind: text 'swamp'" in box.detailedText()
    assert window.view.scene() is scene and window.path == dice_race_path


def test_screenshot_renders_a_picture_that_is_not_blank(qtbot, dice_race_path, tmp_path):
    out = tmp_path / "shot.png"
    assert main(["--screenshot", str(out), str(dice_race_path)]) == 0
    image = QImage(str(out))
    assert image.width() > 600 and image.height() > 400
    colours = {image.pixel(x, y) for x in range(0, image.width(), 9) for y in range(0, image.height(), 9)}
    assert len(colours) > 10
