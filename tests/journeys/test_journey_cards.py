"""A deck's round trip as a designer makes it: open a shipped scenario (File ▸ Open), rename a
card in the Cards mode's table (double-click, type, Enter), export the deck as CSV, change it
in the sheet, import it back (the import dialog's Apply), undo the import, print a PDF."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

from person import file_named, press
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QLineEdit

SCENARIOS = Path(__file__).parents[2] / "scenarios"
LEFT = Qt.MouseButton.LeftButton


def test_a_deck_is_edited_exported_changed_imported_undone_and_printed(qtbot, window, person, tmp_path):
    scenario = tmp_path / "hotw.json"
    shutil.copy(SCENARIOS / "history-of-the-world.json", scenario)
    person.will(file_named(scenario))
    window.actions.open.trigger()
    window.actions.cards_mode.trigger()
    cards = window.cards_mode
    table, model = cards.table, cards.table.model()
    column = next(c for c in range(model.columnCount())
                  if str(model.headerData(c, Qt.Orientation.Horizontal)).lower() == "name")
    index = model.index(0, column)
    table.scrollTo(index)
    where = table.visualRect(index).center()
    qtbot.mouseClick(table.viewport(), LEFT, pos=where)  # a double click's first press, then the second
    qtbot.mouseDClick(table.viewport(), LEFT, pos=where)
    editor = next(w for w in table.viewport().findChildren(QLineEdit) if w.isVisible())
    editor.selectAll()
    qtbot.keyClicks(editor, "Akkadia")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    deck = next(d for d in window.scenario.decks if d.id == cards.model.deck_id)
    qtbot.waitUntil(lambda: any(card.name == "Akkadia" for card in deck.cards))  # the delegate commits queued
    assert sum(card.name == "Akkadia" for card in deck.cards) == 1

    sheet = tmp_path / "deck.csv"
    person.will(file_named(sheet))
    cards.export_action.trigger()
    person.done()
    rows = list(csv.reader(sheet.open(encoding="utf-8", newline="")))
    name_at = rows[0].index("name")
    changed = next(row for row in rows[1:] if row[name_at] == "Akkadia")
    changed[name_at] = "Akkad"
    with sheet.open("w", encoding="utf-8", newline="") as out:
        csv.writer(out).writerows(rows)

    person.will(file_named(sheet), press(QDialogButtonBox.StandardButton.Apply))
    cards.import_action.trigger()
    person.done()
    deck = next(d for d in window.scenario.decks if d.id == cards.model.deck_id)
    assert any(c.name == "Akkad" for c in deck.cards) and not any(c.name == "Akkadia" for c in deck.cards)
    window.actions.undo.trigger()
    deck = next(d for d in window.scenario.decks if d.id == cards.model.deck_id)
    assert any(c.name == "Akkadia" for c in deck.cards) and not any(c.name == "Akkad" for c in deck.cards)

    pdf = tmp_path / "deck.pdf"
    person.will(press(), file_named(pdf))
    cards.pdf_action.trigger()
    person.done()
    assert pdf.read_bytes().startswith(b"%PDF") and pdf.stat().st_size > 10_000
