"""The log, for time travel: what happened along the line of play, one event a row.

Clicking a row shows the board as it was right after that step. Rows after the current step
(undone, or skipped back over) stay listed in grey so the designer can jump forward again;
playing a different move from an earlier step opens a branch and the grey rows give way to
the new line. Events the "view as" seat may not read are left out.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont, QShowEvent
from PySide6.QtWidgets import (
    QHeaderView,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.core.text import plural
from engine.play.session import Step
from studio.plain import plain_label
from studio.playtest.card_tips import CardTipFilter, CardTips
from studio.playtest.controller import PlaytestController

STEP_ROLE = Qt.ItemDataRole.UserRole
PAST, NOW, FUTURE = QBrush(QColor("#1f1a12")), QBrush(QColor(245, 183, 0, 90)), QBrush(QColor("#9a9486"))


class LogPanel(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller: PlaytestController | None = None
        self._line: list[int] = []  # step ids shown, root first
        self._rows: dict[int, list[QTreeWidgetItem]] = {}
        self._now: QTreeWidgetItem | None = None  # the last row of the current step
        self.hint = plain_label()
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: palette(dark);")
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Step", "What happened"])
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.itemClicked.connect(self._clicked)
        self.tree.itemActivated.connect(self._clicked)
        self.card_tips: CardTips | None = None
        CardTipFilter(self.tree, lambda: self.card_tips, column=1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.hint)
        layout.addWidget(self.tree, 1)

    def set_controller(self, controller: PlaytestController | None) -> None:
        self.controller = controller
        if controller is not None:
            controller.changed.connect(self.sync)
            controller.viewer_changed.connect(self.rebuild)
            self.rebuild()

    def rebuild(self) -> None:
        self.tree.clear()
        self._now = None
        self._line = []
        self._rows = {}
        self.sync()

    def sync(self) -> None:
        """Keep the rows of the unchanged start of the line; replace the rest."""
        controller = self.controller
        if controller is None:
            return
        line = [step.id for step in controller.full_line()]
        same = 0
        while same < min(len(line), len(self._line)) and line[same] == self._line[same]:
            same += 1
        for step_id in self._line[same:]:
            for row in self._rows.pop(step_id, []):
                self.tree.takeTopLevelItem(self.tree.indexOfTopLevelItem(row))
        steps = controller.session.steps
        for step_id in line[same:]:
            self._rows[step_id] = [self._row(steps[step_id], text) for text in self._texts(steps[step_id])]
        self._line = line
        self._paint(controller.session.step.depth)
        ahead = len(line) - 1 - controller.session.step.depth
        self.hint.setText(
            f"Showing step {controller.session.step.depth}; {plural(ahead, 'undone step')} below in grey. "
            "Click a line to see the board then; a different move from there opens a branch."
            if ahead else "Click a line to see the board as it was then."
        )

    def _texts(self, step: Step) -> list[str]:
        assert self.controller is not None
        if step.move is None:
            return ["the game begins"]
        return [event.text for event in step.log if event.visible_to(self.controller.viewer)]

    def _row(self, step: Step, text: str) -> QTreeWidgetItem:
        row = QTreeWidgetItem([str(step.depth), text])
        row.setData(0, STEP_ROLE, step.id)
        row.setTextAlignment(0, Qt.AlignmentFlag.AlignRight)
        self.tree.addTopLevelItem(row)
        return row

    def _paint(self, depth: int) -> None:
        bold = QFont(self.tree.font())
        bold.setBold(True)
        plain = QFont(self.tree.font())
        last_now: QTreeWidgetItem | None = None
        for position, step_id in enumerate(self._line):
            now = position == depth
            for row in self._rows.get(step_id, []):
                for column in range(2):
                    row.setForeground(column, FUTURE if position > depth else PAST)
                    row.setBackground(column, NOW if now else QBrush())
                    row.setFont(column, bold if now else plain)
                if position <= depth:
                    last_now = row
        self._now = last_now
        if last_now is not None:
            self.tree.scrollToItem(last_now)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._now is not None:
            self.tree.scrollToItem(self._now)

    def rows(self) -> list[tuple[int, str]]:
        """(step id, text) of each row, top to bottom."""
        return [(self.tree.topLevelItem(i).data(0, STEP_ROLE), self.tree.topLevelItem(i).text(1))
                for i in range(self.tree.topLevelItemCount())]

    def _clicked(self, item: QTreeWidgetItem) -> None:
        if self.controller is not None:
            self.controller.goto(item.data(0, STEP_ROLE))
