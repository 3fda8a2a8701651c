"""Help ▸ Guide and Help ▸ Keyboard Shortcuts. The keys are read from the window's own actions
when asked, so the list is never out of date."""

from __future__ import annotations

from importlib import resources

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)


def _closing(dialog: QDialog, body: QWidget) -> None:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addWidget(body)
    layout.addWidget(buttons)


class GuideDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Epoch Studio Guide")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.browser = QTextBrowser()
        self.browser.setMarkdown(resources.files("studio").joinpath("guide.md").read_text(encoding="utf-8"))
        _closing(self, self.browser)
        self.resize(640, 720)


def where(action: QAction) -> str:
    """Where a key works: everywhere in the window, or in one view of it."""
    if action.shortcutContext() in (Qt.ShortcutContext.WindowShortcut, Qt.ShortcutContext.ApplicationShortcut):
        return "everywhere"
    holders = [widget.objectName() or type(widget).__name__ for widget in action.associatedObjects()
               if isinstance(widget, QWidget) and not type(widget).__name__.startswith("QMenu")]
    return ", ".join(sorted(set(holders))) or "everywhere"


def shortcuts(window: QWidget) -> list[tuple[str, str, str]]:
    """(key, what it does, where) for every action of the window that has a key."""
    rows = set()
    for action in window.findChildren(QAction):
        for key in action.shortcuts():
            text = key.toString(QKeySequence.SequenceFormat.NativeText)
            if text:
                rows.add((text, action.text().replace("&", "").rstrip("…"), where(action)))
    return sorted(rows, key=lambda row: (row[2] != "everywhere", row[2], row[1]))


class KeysDialog(QDialog):
    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setWindowTitle("Keyboard Shortcuts")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        rows = shortcuts(window)
        self.table = QTableWidget(len(rows), 3)
        self.table.setHorizontalHeaderLabels(["Key", "Action", "Where"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for row, values in enumerate(rows):
            for column, value in enumerate(values):
                self.table.setItem(row, column, QTableWidgetItem(value))
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setStretchLastSection(True)
        _closing(self, self.table)
        self.resize(620, 640)
