"""An epoch's colour as a designer sets it (issue 31, item 1: "a colour from a field (an epoch's
or region's colour)"): History of the World opened (File ▸ Open), epoch III given a colour in
Scenario ▸ Settings through Qt's colour dialog, a new zone of the empire layout bound to
``{epoch}`` in Cards ▸ Edit Card Layout, the editor and the preview showing the colour on an
epoch III card, saved, closed and opened again with the same colour."""

from __future__ import annotations

import shutil
from pathlib import Path

from person import file_named, press
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QColorDialog, QDoubleSpinBox, QPushButton, QWidget

from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario
from studio.cards.output import Placed, card_image

SCENARIOS = Path(__file__).parents[2] / "scenarios"
CHOSEN = "#12ab34"
ZONE_Y = 50.0  # mm: below the epoch band, so only the new zone can give the colour there


def epoch_three_coloured(dialog: QWidget) -> None:
    """The Epochs tab, epoch III's row, its Colour… button (Qt's colour dialog opens)."""
    tabs = dialog.tabs
    tabs.setCurrentIndex(next(i for i in range(tabs.count()) if tabs.tabText(i) == "Epochs"))
    table = dialog.epochs.table
    row = next(r for r in range(table.rowCount()) if table.item(r, 0).text() == "3")
    table.setCurrentCell(row, 1)
    next(b for b in tabs.currentWidget().findChildren(QPushButton) if b.text() == "Colour…").click()


def colour_picked(dialog: QWidget) -> None:
    assert isinstance(dialog, QColorDialog), f"expected the colour dialog, got {dialog.windowTitle()!r}"
    dialog.setCurrentColor(QColor(CHOSEN))
    dialog.accept()


def typed(qtbot, editor: QWidget, text: str) -> None:
    """Select what the form's box holds, type ``text`` and press Enter."""
    line = editor.lineEdit() if isinstance(editor, QDoubleSpinBox) else editor
    line.selectAll()
    qtbot.keyClicks(line, text)
    qtbot.keyClick(line, Qt.Key.Key_Return)


def face_colour(image, layout, per_mm: float, bleed: float, zone) -> str:
    """The colour the face prints at the zone's centre."""
    x, y = (zone.x + zone.width / 2 + bleed) * per_mm, (zone.y + zone.height / 2 + bleed) * per_mm
    return image.pixelColor(round(x), round(y)).name()


def test_an_epochs_colour_is_set_bound_to_a_zone_shown_saved_and_reopened(qtbot, window, person, tmp_path):
    scenario = tmp_path / "hotw.json"
    shutil.copy(SCENARIOS / "history-of-the-world.json", scenario)
    person.will(file_named(scenario))
    window.actions.open.trigger()
    stack = window.documents.document.undo_stack
    person.will(press(fill=epoch_three_coloured), colour_picked)
    window.actions.settings.trigger()
    person.done()
    assert stack.count() == 1 and stack.undoText() == "Change scenario settings"
    assert next(e for e in window.scenario.epochs if e.number == 3).colour == CHOSEN

    window.actions.cards_mode.trigger()
    cards = window.cards_mode
    deck = window.scenario.deck("empires")
    row = next(i for i, card in enumerate(deck.cards) if card.data.epoch == 3)
    cards.table.setCurrentIndex(cards.proxy.index(row, 1))
    cards.layout_action.trigger()
    editor = cards.layout_dialog
    assert editor.canvas.card.data.epoch == 3 and editor.canvas.layout_id == "hotw-empire"
    editor.add_button.click()
    typed(qtbot, editor.form.editors["content"], "")  # a zone of colour alone
    typed(qtbot, editor.form.editors["y"], f"{ZONE_Y:g}")
    layout = editor.canvas.layout()
    zone = layout.zones[-1]
    assert zone.y == ZONE_Y and zone.fill_from is None

    def shown() -> tuple[str, str]:
        """The colour at the new zone's centre in the editor's face and in the Cards mode's preview."""
        face = next(item for item in editor.canvas.scene().items() if hasattr(item, "pixmap")).pixmap().toImage()
        in_editor = face_colour(face, layout, editor.canvas.per_mm, layout.bleed, zone)
        preview = cards.preview.pixmap().toImage()
        per_mm = preview.width() / layout.width  # the preview is scaled to its room, trim box only
        return in_editor, face_colour(preview, layout, per_mm, 0.0, zone)

    qtbot.waitUntil(lambda: not editor.canvas._redraw_soon.isActive())
    assert CHOSEN not in shown()
    steps = stack.count()
    typed(qtbot, editor.form.editors["fill_from"], "{epoch}")
    assert stack.count() == steps + 1 and stack.undoText() == "Change zone fill from field"
    layout = editor.canvas.layout()
    zone = layout.zones[-1]
    assert zone.fill_from == "{epoch}"
    qtbot.waitUntil(lambda: shown() == (CHOSEN, CHOSEN))
    editor.close()

    window.actions.save.trigger()
    assert not window.isWindowModified()
    window.actions.close.trigger()
    assert window.documents.document is None
    person.will(file_named(scenario))
    window.actions.open.trigger()
    person.done()
    reopened = window.scenario
    assert next(e for e in reopened.epochs if e.number == 3).colour == CHOSEN
    assert reopened.layouts == load_scenario(scenario, get_ruleset).layouts
    layout = next(lay for lay in reopened.layouts if lay.id == "hotw-empire")
    assert layout.zones[-1].fill_from == "{epoch}"
    card = reopened.deck("empires").cards[row]
    image, _ = card_image(reopened, Placed(card, layout, "empires"), 4 * 25.4, scenario.parent)
    assert face_colour(image, layout, 4.0, 0.0, layout.zones[-1]) == CHOSEN
