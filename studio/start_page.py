"""What the window shows before a file is open: how to begin, and the files opened lately."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)


class StartPage(QWidget):
    new_requested = Signal()
    open_requested = Signal()
    recent_chosen = Signal(Path)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        title = QLabel("Epoch Studio")
        font = QFont(title.font())
        font.setPointSizeF(font.pointSizeF() * 2.2)
        font.setBold(True)
        title.setFont(font)
        blurb = QLabel("Start a new scenario (a blank board, a board for one of the games, or a copy of a "
                       "shipped one), open a scenario to see its board and playtest it, or open a saved "
                       "playtest to carry on where it stopped.")
        blurb.setWordWrap(True)
        new_button = QPushButton("New Scenario…")
        new_button.clicked.connect(self.new_requested)
        open_button = QPushButton("Open Scenario or Playtest…")
        open_button.setDefault(True)
        open_button.clicked.connect(self.open_requested)
        buttons = QHBoxLayout()
        buttons.addWidget(new_button)
        buttons.addWidget(open_button)
        buttons.addStretch(1)
        self.recent_title = QLabel("<b>Recent files</b>")
        self.recent = QListWidget()
        self.recent.setMaximumHeight(260)
        self.recent.itemClicked.connect(self._chosen)
        column = QWidget()
        column.setFixedWidth(560)
        inner = QVBoxLayout(column)
        inner.addWidget(title)
        inner.addWidget(blurb)
        inner.addSpacing(12)
        inner.addLayout(buttons)
        inner.addSpacing(18)
        inner.addWidget(self.recent_title)
        inner.addWidget(self.recent)
        # Stretches rather than an alignment, so the wrapped text gets the height it needs.
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(column)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addLayout(row)
        layout.addStretch(2)

    def show_recent(self, files: list[Path]) -> None:
        self.recent.clear()
        for path in files:
            item = QListWidgetItem(f"{path.name}    —    {path.parent}")
            item.setData(Qt.ItemDataRole.UserRole, str(path))
            item.setToolTip(str(path))
            self.recent.addItem(item)
        self.recent_title.setVisible(bool(files))
        self.recent.setVisible(bool(files))

    def _chosen(self, item: QListWidgetItem) -> None:
        self.recent_chosen.emit(Path(item.data(Qt.ItemDataRole.UserRole)))
