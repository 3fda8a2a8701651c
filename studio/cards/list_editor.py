"""A list-valued card field edited item by item: add, replace, remove, move up and down.

Under the list is an entry of the kind an item calls for (a combo of valid ids for a list of
spaces, of values for a list of enum members, a spin box for numbers, text otherwise), as in
Qt Designer's string-list editor: selecting an item puts its value there; Add puts the
entry's value after the selected item, Replace puts it in the selected item's place. The
editor never changes the card: it says ``changed`` with the whole new list after each action
of the designer, and whoever listens writes it as one set-value, so every add, replacement,
removal or move is one undo step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from engine.scenario.layout import shown


class ListEditor(QWidget):
    changed = Signal(list)  # the whole new list, after one action of the designer

    def __init__(self, item_editor: QWidget, read: Callable[[], Any], show: Callable[[Any], None],
                 parent: QWidget | None = None) -> None:
        """``item_editor`` is the entry one item is typed or picked in (editors.py makes it);
        ``read`` gives the item value it holds (text it cannot read stays text, for the
        validator to report), ``show`` puts an item's value into it."""
        super().__init__(parent)
        self.read, self.show = read, show
        self.items: list[Any] = []
        self.list = QListWidget()
        self.list.setAlternatingRowColors(True)
        self.list.setMinimumHeight(64)
        self.list.setMaximumHeight(120)
        self.list.currentRowChanged.connect(self._current_changed)
        self.item_editor = item_editor
        item_editor.setParent(self)
        item_editor.setToolTip("An item's value: Add puts it after the selected item, Replace in its place")
        self.add_button = self._button("+", "Add the entry's value after the selected item (at the end when none is)",
                                       self.add)
        self.replace_button = self._button("Replace", "Put the entry's value in the selected item's place",
                                           self.replace)
        self.remove_button = self._button("−", "Remove the selected item", self.remove)
        self.up_button = self._button("↑", "Move the selected item up", lambda: self.move(-1))
        self.down_button = self._button("↓", "Move the selected item down", lambda: self.move(1))
        buttons = QVBoxLayout()  # beside the list, so the editor stays narrow enough for the form
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.setSpacing(1)
        for button in (self.add_button, self.remove_button, self.up_button, self.down_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        entry = QHBoxLayout()
        entry.setContentsMargins(0, 0, 0, 0)
        entry.addWidget(self.item_editor, 1)
        entry.addWidget(self.replace_button)
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.list, 0, 0)
        layout.addLayout(buttons, 0, 1)
        layout.addLayout(entry, 1, 0, 1, 2)
        self.setFocusProxy(self.item_editor)
        self._update_buttons()

    def _button(self, text: str, tip: str, slot: Callable[[], None]) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tip)
        button.setMinimumWidth(24)
        button.clicked.connect(slot)
        return button

    # -- what it shows ---------------------------------------------------------------------

    def set_items(self, items: Sequence[Any]) -> None:
        """Show ``items`` (the field's value), keeping the selected row where it can."""
        items = list(items) if isinstance(items, (list, tuple)) else []
        if items == self.items and self.list.count() == len(items):
            return
        row = self.list.currentRow()
        self.items = items
        self.list.blockSignals(True)
        self.list.clear()
        for item in items:
            QListWidgetItem(shown(item), self.list)
        self.list.blockSignals(False)
        self._select(min(row, len(items) - 1) if items else -1)
        if self.list.currentRow() < 0:  # another card's list: an empty entry, not its last value
            self.item_editor.blockSignals(True)
            self.show("")
            self.item_editor.blockSignals(False)

    def _select(self, row: int) -> None:
        self.list.setCurrentRow(row)
        self._current_changed(row)

    def _current_changed(self, row: int) -> None:
        if 0 <= row < len(self.items):
            self.item_editor.blockSignals(True)
            self.show(self.items[row])
            self.item_editor.blockSignals(False)
        self._update_buttons()

    def _update_buttons(self) -> None:
        row = self.list.currentRow()
        chosen = 0 <= row < len(self.items)
        self.remove_button.setEnabled(chosen)
        self.replace_button.setEnabled(chosen)
        self.up_button.setEnabled(chosen and row > 0)
        self.down_button.setEnabled(chosen and row < len(self.items) - 1)

    # -- what the designer does (each one ``changed``) ------------------------------------

    def _emit(self, items: list[Any], row: int) -> None:
        self.items = []  # shown again from ``items``, whatever the listener does with them
        self.set_items(items)
        self._select(row)
        self.changed.emit(list(items))

    def add(self) -> None:
        value = self.read()
        if value in ("", None):
            return
        current = self.list.currentRow()
        row = current + 1 if 0 <= current < len(self.items) else len(self.items)  # none chosen: at the end
        self._emit([*self.items[:row], value, *self.items[row:]], row)

    def remove(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self.items):
            self._emit(self.items[:row] + self.items[row + 1:], min(row, len(self.items) - 2))

    def move(self, step: int) -> None:
        row = self.list.currentRow()
        target = row + step
        if 0 <= row < len(self.items) and 0 <= target < len(self.items):
            items = list(self.items)
            items.insert(target, items.pop(row))
            self._emit(items, target)

    def replace(self) -> None:
        row = self.list.currentRow()
        value = self.read()
        if 0 <= row < len(self.items) and value not in ("", None) and value != self.items[row]:
            self._emit([*self.items[:row], value, *self.items[row + 1:]], row)

    def keyPressEvent(self, event: Any) -> None:  # Delete removes, as in the table
        if event.key() == Qt.Key.Key_Delete and self.list.hasFocus():
            self.remove()
        else:
            super().keyPressEvent(event)
