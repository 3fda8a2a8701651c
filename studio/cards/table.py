"""One deck as a table: the deck's cells as Qt items, kept in step with the document.

The cards live in the document; this model holds what the view paints (each cell's text,
check mark, red mark and message) as Qt's own items, refreshed row by row when a card
changes. Painting a screenful of cells then asks nothing of Python: a model that answered
the view in Python costs a call per role per cell, and scrolled a 1,000-card deck four
times slower than Qt's standard model. Every edit goes to the document as a set-value
command (one step on the shared undo stack); a cell the validator objects to is drawn red
and its tooltip is the located message.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import (
    QAbstractProxyModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QSize,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QColor, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QWidget

from engine.scenario.layout import shown
from engine.scenario.model import Card, CardData, Deck
from engine.scenario.naming import Names, names_of
from engine.scenario.problems import Problem
from studio.cards.columns import (
    DECIMAL,
    FLAG,
    LIST,
    NUMBER,
    Column,
    deck_columns,
    problem_cell,
)
from studio.cards.editors import (
    editor_for,
    editor_value,
    set_editor_value,
    value_edited,
)
from studio.cards.list_editor import ListEditor
from studio.document import ScenarioDocument
from studio.plain import tooltip

Index = QModelIndex | QPersistentModelIndex
INVALID = QColor("#f4b6b6")
SORT_ROLE = Qt.ItemDataRole.UserRole + 2  # numbers by value, flags as 0 and 1, the rest by text
WRITTEN_ROLE = Qt.ItemDataRole.UserRole + 3  # the value as the file writes it, for the tooltip
FIXED = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
CHECKABLE = FIXED | Qt.ItemFlag.ItemIsUserCheckable
EDITABLE = FIXED | Qt.ItemFlag.ItemIsEditable
DISPLAY, CHECK = Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.CheckStateRole
BACKGROUND, TOOLTIP = Qt.ItemDataRole.BackgroundRole, Qt.ItemDataRole.ToolTipRole
CHECKED, UNCHECKED = Qt.CheckState.Checked, Qt.CheckState.Unchecked


class CardTableModel(QStandardItemModel):
    def __init__(self, document: ScenarioDocument, deck_id: str, card_types: Mapping[str, type[CardData]],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.deck_id = deck_id
        self.card_types = card_types
        self.deck: Deck = document.scenario.deck(deck_id)  # looked up again when its cards are replaced
        self.columns: list[Column] = []
        self.problems: dict[tuple[str, str], str] = {}
        self.problem_cards: set[str] = set()
        self.rows: list[Card] = []  # the card each row shows, to find what a change moved
        self.names = Names()  # what references print as, taken again as rows are filled
        self.reload()

    def card(self, row: int) -> Card:
        return self.deck.cards[row]

    def row_of(self, card_id: str) -> int:
        return next((row for row, card in enumerate(self.deck.cards) if card.id == card_id), -1)

    def column_named(self, name: str) -> int:
        return next(index for index, column in enumerate(self.columns) if column.name == name)

    # -- the items -------------------------------------------------------------------------

    def _items(self, card: Card) -> list[QStandardItem]:
        return [self._item(card, column) for column in self.columns]

    def _item(self, card: Card, column: Column) -> QStandardItem:
        item = QStandardItem()
        if not column.applies(card):
            item.setFlags(FIXED)
            return item
        value = column.read(card)
        if column.kind == FLAG and isinstance(value, bool):
            item.setFlags(CHECKABLE)
            item.setData(CHECKED if value else UNCHECKED, CHECK)
            item.setData(int(value), SORT_ROLE)
        else:
            item.setFlags(FIXED if column.name == "type" else EDITABLE)
            text = column.printed(value, self.names)
            item.setText(text)
            number = column.kind in (NUMBER, DECIMAL) and isinstance(value, (int, float)) and not isinstance(value, bool)
            item.setData(value if number else text.casefold(), SORT_ROLE)
        problem = self.problems.get((card.id, column.name)) if self.problems else None
        if problem:
            item.setData(INVALID, BACKGROUND)
        item.setData(shown(value), WRITTEN_ROLE)
        hint = self._hint(column, shown(value))
        if problem or hint:
            item.setToolTip(tooltip(problem) if problem else hint)
        return item

    @staticmethod
    def _hint(column: Column, written: str) -> str:
        """A cell's tooltip: the field's help, and the id as the file writes it where the cell
        shows a name."""
        if (column.ref is None and column.labels is None) or not written:
            return column.help
        return "\n".join(part for part in (column.help, f"As written: {written}") if part)

    def _mark(self, item: QStandardItem, column: Column, problem: str | None) -> None:
        item.setData(INVALID if problem else None, BACKGROUND)
        item.setToolTip(tooltip(problem) if problem else self._hint(column, item.data(WRITTEN_ROLE)))

    def set_names(self, names: Names) -> None:
        """What references print as, after a space, region or card was renamed: every row
        is drawn again, once, when the names differ."""
        if names != self.names:
            self.names = names
            for row in range(len(self.rows)):
                self._refill(row)

    def _refill(self, row: int) -> None:
        card = self.deck.cards[row]
        self.rows[row] = card
        for number, column in enumerate(self.columns):
            fresh = self._item(card, column)
            current = self.item(row, number)
            for role in (DISPLAY, CHECK, SORT_ROLE, WRITTEN_ROLE, BACKGROUND, TOOLTIP):
                if current.data(role) != fresh.data(role):
                    current.setData(fresh.data(role), role)
            if current.flags() != fresh.flags():
                current.setFlags(fresh.flags())

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
        if row < 0 or self.rows[row] is not self.deck.cards[row]:
            self.reload()
        else:
            self._refill(row)

    def reload(self) -> None:
        """The deck's list of cards changed (added, removed, moved, imported): rows that
        show the same card object stay, the others are taken out or put in where they
        changed, so the view keeps its place and selection."""
        self.deck = self.document.scenario.deck(self.deck_id)
        self.names = names_of(self.document.scenario)
        columns = deck_columns(self.deck, self.card_types)
        if columns != self.columns:
            self.columns = columns
            self.clear()
            self.setColumnCount(len(columns))
            for number, column in enumerate(columns):
                header = QStandardItem(column.label)
                header.setToolTip(f"{column.name}: {column.help}" if column.help else column.name)
                self.setHorizontalHeaderItem(number, header)
            self.rows = []
        cards = list(self.deck.cards)
        matcher = difflib.SequenceMatcher(None, [id(card) for card in self.rows], [id(card) for card in cards],
                                          autojunk=False)
        for tag, old_start, old_end, new_start, new_end in reversed(matcher.get_opcodes()):
            if tag == "equal":
                continue
            self.removeRows(old_start, old_end - old_start)
            for offset, card in enumerate(cards[new_start:new_end]):
                self.insertRow(old_start + offset, self._items(card))
        self.rows = cards

    def has_problems(self, row: int) -> bool:
        return self.deck.cards[row].id in self.problem_cards

    def set_problems(self, problems: list[Problem]) -> None:
        cells: dict[tuple[str, str], str] = {}
        for problem in problems:
            cell = problem_cell(problem.path, self.deck_id)
            if cell is not None:
                cells.setdefault(cell, str(problem))
        if cells == self.problems:
            return
        changed = {cell for cell in cells.keys() | self.problems.keys() if cells.get(cell) != self.problems.get(cell)}
        self.problems = cells
        self.problem_cards = {card_id for card_id, _ in cells}
        rows = {card.id: row for row, card in enumerate(self.deck.cards)}
        numbers = {column.name: number for number, column in enumerate(self.columns)}
        for card_id, name in changed:
            if card_id in rows and name in numbers:
                column = self.columns[numbers[name]]
                self._mark(self.item(rows[card_id], numbers[name]), column, cells.get((card_id, name)))


class CardFilter(QSortFilterProxyModel):
    """The table's sort and search (in every column or one), and a view of only the cards the
    validator objects to. Rows are filtered in Python only when the filter changes, never
    while the view paints."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.problems_only = False
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setFilterKeyColumn(-1)
        self.setSortRole(SORT_ROLE)

    def show_problems_only(self, only: bool) -> None:
        self._refilter(lambda: setattr(self, "problems_only", only))

    def problems_changed(self) -> None:
        if self.problems_only:
            self._refilter(lambda: None)

    def _refilter(self, change: Callable[[], None]) -> None:
        """Rows filtered again after ``change`` (Qt 6.9 and later bracket the change, and
        deprecate invalidating afterwards; the project allows Qt from 6.6)."""
        if hasattr(self, "beginFilterChange"):
            self.beginFilterChange()
            change()
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            change()
            self.invalidateRowsFilter()

    def filterAcceptsRow(self, row: int, parent: Index) -> bool:
        model = self.sourceModel()
        if self.problems_only and isinstance(model, CardTableModel) and not model.has_problems(row):
            return False
        return super().filterAcceptsRow(row, parent)


def source_cell(index: Index) -> tuple[CardTableModel, int, int]:
    """The deck model, row and column behind an index of the table or the form's proxy."""
    model = index.model()
    while isinstance(model, QAbstractProxyModel):
        index = model.mapToSource(index)
        model = index.model()
    assert isinstance(model, CardTableModel)
    return model, index.row(), index.column()


class CardDelegate(QStyledItemDelegate):
    """Each cell is edited with the widget its field's metadata calls for (editors.py); a
    list's editor commits after each add, removal, move or item edit, so each is one undo
    step even while the editor stays open."""

    def __init__(self, document: ScenarioDocument | None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        model, _, column = source_cell(index)
        editor = editor_for(model.columns[column], self.document, parent)
        editor.setAutoFillBackground(True)
        if model.columns[column].kind == LIST:
            value_edited(editor, lambda: self.commitData.emit(editor))
        return editor

    def updateEditorGeometry(self, editor: QWidget, option: QStyleOptionViewItem, index: Index) -> None:
        rect = QRect(option.rect)
        if isinstance(editor, ListEditor):  # room for a few items and the buttons, over the rows below
            rect.setSize(rect.size().expandedTo(editor.sizeHint()).expandedTo(QSize(240, 150)))
            room = editor.parentWidget().rect()  # kept inside the table's visible part
            rect.moveRight(min(rect.right(), room.right()))
            rect.moveBottom(min(rect.bottom(), room.bottom()))
            rect.moveLeft(max(rect.left(), 0))
            rect.moveTop(max(rect.top(), 0))
        editor.setGeometry(rect)

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        model, row, column = source_cell(index)
        card, field = model.card(row), model.columns[column]
        if field.applies(card):
            set_editor_value(editor, field.read(card))

    def setModelData(self, editor: QWidget, model: Any, index: Index) -> None:
        model.setData(index, editor_value(editor))
