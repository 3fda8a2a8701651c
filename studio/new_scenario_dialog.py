"""File ▸ New Scenario: a blank board, a board ready for a ruleset, or a copy of a shipped one."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from engine.rulesets.registry import get_ruleset, listing
from engine.scenario import starters
from engine.scenario.model import Scenario

BLANK, FOR_RULESET, COPY = range(3)


class NewScenarioDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New Scenario")
        self.title = QLineEdit("Untitled scenario")
        self.ruleset = QComboBox()
        for ruleset in listing():
            self.ruleset.addItem(ruleset.title, ruleset.id)
        self.shipped = QComboBox()
        for path, title in starters.shipped_titles():
            self.shipped.addItem(title, path)
        self.start = QButtonGroup(self)
        layout = QVBoxLayout(self)
        for number, text in ((BLANK, "A blank board"),
                             (FOR_RULESET, "A board for the ruleset: its seats, decks and options"),
                             (COPY, "A copy of a shipped scenario")):
            button = QRadioButton(text)
            self.start.addButton(button, number)
            layout.addWidget(button)
        self.start.button(FOR_RULESET).setChecked(True)
        form = QFormLayout()
        form.addRow("Title", self.title)
        form.addRow("Ruleset", self.ruleset)
        form.addRow("Shipped scenario", self.shipped)
        layout.addLayout(form)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.start.idToggled.connect(lambda _number, _on: self._enable())
        self._enable()

    def _enable(self) -> None:
        copying = self.start.checkedId() == COPY
        self.ruleset.setEnabled(not copying)
        self.shipped.setEnabled(copying)

    def choose(self, start: int, ruleset_id: str | None = None, shipped_index: int = 0, title: str = "") -> None:
        """Fill the dialog in as a designer would (tests and scripts use this)."""
        self.start.button(start).setChecked(True)
        if ruleset_id is not None:
            self.ruleset.setCurrentIndex(self.ruleset.findData(ruleset_id))
        self.shipped.setCurrentIndex(shipped_index)
        if title:
            self.title.setText(title)

    def source_folder(self) -> Path | None:
        """Where the chosen start's files (background, art) are found: a copied scenario's folder."""
        return self.shipped.currentData().parent if self.start.checkedId() == COPY else None

    def scenario(self) -> Scenario:
        title = self.title.text().strip() or "Untitled scenario"
        start = self.start.checkedId()
        if start == COPY:
            return starters.copy_of(self.shipped.currentData(), get_ruleset, title)
        if start == FOR_RULESET:
            return starters.for_ruleset(self.ruleset.currentData(), get_ruleset, title)
        return starters.blank(self.ruleset.currentData(), get_ruleset, title)
