"""The selected card as a form: every field with the editor its metadata calls for.

The form shows the card the table's current row holds and writes only the field the
designer touched, through the same model as the table's cells, so a form edit is the same
undo step a cell edit is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QFormLayout, QLabel, QWidget

from engine.scenario.model import Card
from studio.cards.columns import Column
from studio.cards.editors import (
    editor_for,
    editor_value,
    set_editor_value,
    value_edited,
)
from studio.document import ScenarioDocument


class CardForm(QWidget):
    def __init__(self, write: Callable[[int, Any], None], parent: QWidget | None = None) -> None:
        """``write(column, value)`` changes the shown card's field in that column."""
        super().__init__(parent)
        self.write = write
        self.layout_ = QFormLayout(self)
        self.editors: dict[int, QWidget] = {}  # by the table's column number
        self.columns: list[Column] = []

    def build(self, columns: list[Column], document: ScenarioDocument | None) -> None:
        """An editor per field of the deck's columns (the card type, fixed, is left out)."""
        while self.layout_.rowCount():
            self.layout_.removeRow(0)
        self.editors = {}
        self.columns = columns
        for number, column in enumerate(columns):
            if column.name == "type":
                continue
            editor = editor_for(column, document, self)
            value_edited(editor, lambda n=number: self._edited(n))
            label = QLabel(column.label)
            label.setToolTip(column.help)
            self.layout_.addRow(label, editor)
            self.editors[number] = editor

    def show_card(self, card: Card | None) -> None:
        """Fill every editor from ``card``; a field its card type lacks is disabled."""
        for number, editor in self.editors.items():
            column = self.columns[number]
            has = card is not None and column.applies(card)
            editor.setEnabled(has)
            editor.blockSignals(True)
            set_editor_value(editor, column.read(card) if has else None)
            editor.blockSignals(False)

    def _edited(self, number: int) -> None:
        self.write(number, editor_value(self.editors[number]))
