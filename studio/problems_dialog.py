"""The validator's located problems, listed so a designer can find each one in the file.

Used when a scenario or playtest cannot be opened (nothing else changes), and when a
playtest opens but its replay differs from what was recorded.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QStyle,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.scenario.problems import Problem
from studio.plain import tooltip


class ProblemsDialog(QDialog):
    def __init__(self, title: str, summary: str, problems: list[Problem], parent: QWidget | None = None,
                 warning_only: bool = False, go_there: tuple[str, Callable[[], object]] | None = None) -> None:
        """``go_there``: a button's text and what it does to take the designer to the problems."""
        super().__init__(parent)
        self.setWindowTitle(title)
        self.resize(760, 420)
        icon = QLabel()
        which = QStyle.StandardPixmap.SP_MessageBoxWarning if warning_only else QStyle.StandardPixmap.SP_MessageBoxCritical
        icon.setPixmap(self.style().standardIcon(which).pixmap(32, 32))
        self.summary = QLabel(summary)
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.table = QTreeWidget()
        self.table.setHeaderLabels(["Where", "Problem"])
        self.table.setRootIsDecorated(False)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(True)
        for problem in problems:
            item = QTreeWidgetItem([problem.path or "(whole file)", problem.message])
            item.setToolTip(0, tooltip(problem.path))
            item.setToolTip(1, tooltip(problem.message))
            self.table.addTopLevelItem(item)
        self.table.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.table.header().setStretchLastSection(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        copy = buttons.addButton("Copy All", QDialogButtonBox.ButtonRole.ActionRole)
        copy.clicked.connect(self._copy)
        if go_there is not None:
            text, go = go_there
            self.go_button = buttons.addButton(text, QDialogButtonBox.ButtonRole.AcceptRole)
            self.go_button.clicked.connect(lambda: go())
        buttons.rejected.connect(self.reject)
        head = QHBoxLayout()
        head.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
        head.addWidget(self.summary, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(head)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
        self._problems = problems

    def lines(self) -> list[str]:
        """The problems as listed, one line each ("path: message")."""
        return [str(problem) for problem in self._problems]

    def _copy(self) -> None:
        QGuiApplication.clipboard().setText("\n".join(self.lines()))
