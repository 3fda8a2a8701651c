"""One deck as a table: a model over the document's cards, and editors chosen by column.

The view asks the model for the cells it shows and nothing else, so a deck of a thousand
cards costs no more widgets than a deck of ten. Every edit goes to the document as a
set-value command (one step on the shared undo stack); a cell the validator objects to is
drawn red and its tooltip is the located message.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QComboBox,
    QLineEdit,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from engine.scenario.layout import shown
from engine.scenario.model import Card, CardData, Deck
from engine.scenario.problems import Problem
from studio.cards.columns import (
    CHOICE,
    FLAG,
    LIST,
    REFERENCE,
    Column,
    deck_columns,
    problem_cell,
    valid_ids,
)
from studio.document import ScenarioDocument
from studio.plain import tooltip

Index = QModelIndex | QPersistentModelIndex
INVALID = QColor("#f4b6b6")
CARD_ROLE = Qt.ItemDataRole.UserRole + 1  # the card itself, for the preview and the form
ROLES = {Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole, Qt.ItemDataRole.CheckStateRole,
         Qt.ItemDataRole.BackgroundRole, Qt.ItemDataRole.ToolTipRole, CARD_ROLE}


class CardTableModel(QAbstractTableModel):
    def __init__(self, document: ScenarioDocument, deck_id: str, card_types: Mapping[str, type[CardData]],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.deck_id = deck_id
        self.card_types = card_types
        self.deck: Deck = document.scenario.deck(deck_id)  # looked up again when its cards are replaced
        self.columns: list[Column] = deck_columns(self.deck, card_types)
        self.problems: dict[tuple[str, str], str] = {}

    def card(self, row: int) -> Card:
        return self.deck.cards[row]

    def row_of(self, card_id: str) -> int:
        return next((row for row, card in enumerate(self.deck.cards) if card.id == card_id), -1)

    def column_named(self, name: str) -> int:
        return next(index for index, column in enumerate(self.columns) if column.name == name)

    # -- what the view reads ---------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        return len(self.deck.cards) if not parent.isValid() else 0

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Vertical:
            return str(section + 1) if role == Qt.ItemDataRole.DisplayRole else None
        column = self.columns[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.label
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{column.name}: {column.help}" if column.help else column.name
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in ROLES:  # a view asks for a dozen roles per cell while it paints
            return None
        card, column = self.deck.cards[index.row()], self.columns[index.column()]
        if role == CARD_ROLE:
            return card
        if not column.applies(card):
            return None
        value = column.read(card)
        problem = self.problems.get((card.id, column.name))
        if role == Qt.ItemDataRole.DisplayRole:
            return None if column.kind == FLAG and isinstance(value, bool) else shown(value)
        if role == Qt.ItemDataRole.EditRole:
            return value if column.kind == FLAG else shown(value)
        if role == Qt.ItemDataRole.CheckStateRole and column.kind == FLAG:
            return Qt.CheckState.Checked if value is True else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.BackgroundRole and problem:
            return INVALID
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip(problem) if problem else column.help or None
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        card, column = self.card(index.row()), self.columns[index.column()]
        if column.name == "type" or not column.applies(card):
            return flags
        if column.kind == FLAG:
            return flags | Qt.ItemFlag.ItemIsUserCheckable
        return flags | Qt.ItemFlag.ItemIsEditable

    # -- edits, through the document -------------------------------------------------------

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or not self.flags(index) & (Qt.ItemFlag.ItemIsEditable | Qt.ItemFlag.ItemIsUserCheckable):
            return False
        card, column = self.card(index.row()), self.columns[index.column()]
        if role == Qt.ItemDataRole.CheckStateRole:
            value = Qt.CheckState(value) == Qt.CheckState.Checked
        elif role != Qt.ItemDataRole.EditRole:
            return False
        self.document.set_value(column.path(self.deck_id, card.id), column.value(value),
                                f"Change {card.id} {column.label.lower()}", merge_key=None)
        return True

    # -- following the document ------------------------------------------------------------

    def card_changed(self, card_id: str) -> None:
        row = self.row_of(card_id)
        if row < 0:  # renamed: the row that holds no known id any more
            self.beginResetModel()
            self.endResetModel()
            return
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(self.columns) - 1))

    def reload(self) -> None:
        """The deck's list of cards changed (added, removed, moved, imported)."""
        self.beginResetModel()
        self.deck = self.document.scenario.deck(self.deck_id)
        self.columns = deck_columns(self.deck, self.card_types)
        self.endResetModel()

    def set_problems(self, problems: list[Problem]) -> None:
        cells: dict[tuple[str, str], str] = {}
        for problem in problems:
            cell = problem_cell(problem.path, self.deck_id)
            if cell is not None:
                cells.setdefault(cell, str(problem))
        if cells != self.problems:
            self.problems = cells
            if self.rowCount():
                self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, len(self.columns) - 1),
                                      [Qt.ItemDataRole.BackgroundRole, Qt.ItemDataRole.ToolTipRole])


class CardDelegate(QStyledItemDelegate):
    """A combo of the valid ids for a reference, of the values for an enum; text otherwise
    (a list is written comma-separated and checked like any other cell)."""

    def __init__(self, columns: Any, document: ScenarioDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.columns = columns  # a callable giving the current model's columns
        self.document = document

    def column(self, index: Index) -> Column:
        return self.columns()[index.column()]

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        return editor_for(self.column(index), self.document, parent)

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        text = index.data(Qt.ItemDataRole.EditRole)
        if isinstance(editor, QComboBox):
            editor.setCurrentText("" if text is None else str(text))
        elif isinstance(editor, QLineEdit):
            editor.setText("" if text is None else str(text))
        else:
            super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: Any, index: Index) -> None:
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentText())
        elif isinstance(editor, QLineEdit):
            model.setData(index, editor.text())
        else:
            super().setModelData(editor, model, index)


def editor_for(column: Column, document: ScenarioDocument, parent: QWidget) -> QWidget:
    if column.kind == CHOICE or column.kind == REFERENCE:
        combo = QComboBox(parent)
        combo.setEditable(column.kind == REFERENCE)  # shows a wrong id as written, marked by the validator
        combo.addItems(list(column.choices) if column.kind == CHOICE else valid_ids(document.scenario, column.ref or ""))
        combo.setToolTip(column.help)
        return combo
    editor = QLineEdit(parent)
    if column.kind == LIST:
        choices = ", ".join(valid_ids(document.scenario, column.ref)[:12]) if column.ref else ""
        editor.setPlaceholderText("items separated by commas")
        editor.setToolTip(f"{column.help}\nValid: {choices}…" if choices else column.help)
    else:
        editor.setToolTip(column.help)
    return editor
