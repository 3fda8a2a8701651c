"""Derive Connections: the connections the borders imply, shown as a diff to accept in part.

The engine derives them (``engine/scenario/adjacency.py``); the dialog lists what would be
added and removed, each with a checkbox (all ticked), and what is kept. Connections the
designer made by hand (straits, arrows, any with props) are never offered for removal. The
gap tolerances per pair of kinds can be changed and the diff worked out again. Accepting
applies the ticked changes as one undo step.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.scenario.adjacency import (
    TOLERANCE_MAX,
    AdjacencyDiff,
    default_tolerances,
    derive,
    diff,
)
from engine.scenario.model import Connection
from studio.document import ScenarioDocument
from studio.working import Cancelled, with_progress


def describe(connection: Connection, names: dict[str, str]) -> str:
    arrow = "→" if connection.kind.value == "arrow" else "–"
    return f"{names.get(connection.a, connection.a)} {arrow} {names.get(connection.b, connection.b)}"


class AdjacencyDialog(QDialog):
    def __init__(self, document: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Derive Connections from Borders")
        self.document = document
        self.result_diff: AdjacencyDiff | None = None
        self.tolerances: dict[str, QDoubleSpinBox] = {}
        form = QFormLayout()
        for pair, value in sorted(default_tolerances().items()):
            box = QDoubleSpinBox()
            box.setRange(0, TOLERANCE_MAX)
            box.setDecimals(0)
            box.setSuffix(" units")
            box.setValue(value)
            box.setToolTip(f"How wide a gap between a {pair.replace('-', ' and a ')} space still makes a coast "
                           "or sea lane")
            form.addRow(f"Gap {pair}", box)
            self.tolerances[pair] = box
        again = QPushButton("Work Out Again")
        again.clicked.connect(self.derive)
        self.tree = QTreeWidget()
        self.tree.setObjectName("adjacency_diff")
        self.tree.setHeaderLabels(["Connection", "Kind"])
        self.tree.setColumnWidth(0, 340)
        self.summary = QLabel()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Apply Ticked")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        side = QVBoxLayout()
        side.addLayout(form)
        side.addWidget(again)
        side.addStretch(1)
        top = QHBoxLayout()
        top.addWidget(self.tree, 1)
        top.addLayout(side)
        layout = QVBoxLayout(self)
        layout.addLayout(top, 1)
        layout.addWidget(self.summary)
        layout.addWidget(buttons)
        self.resize(760, 520)
        self.derive()

    def derive(self) -> None:
        """Work the diff out on a worker thread, behind a progress dialog whose Cancel keeps the
        diff as it was (none the first time) and changes nothing."""
        board = self.document.scenario.board
        tolerances = {pair: box.value() for pair, box in self.tolerances.items()}
        try:
            self.result_diff = with_progress(self, "Derive Connections", "Working out the connections from the "
                                             "borders…", lambda _progress: diff(board, derive(board, tolerances)),
                                             abandon_on_cancel=True)
        except Cancelled:
            if self.result_diff is None:
                self.result_diff = AdjacencyDiff([], [], [])
                self.tree.clear()
            self.summary.setText("Working out stopped; nothing changed. Work Out Again to try once more.")
            return
        names = {space.id: space.name for space in board.spaces}
        self.tree.clear()
        groups = (("Added", self.result_diff.added, True), ("Removed", self.result_diff.removed, True),
                  ("Kept", self.result_diff.kept, False))
        for title, connections, tickable in groups:
            group = QTreeWidgetItem([f"{title} ({len(connections)})", ""])
            group.setData(0, Qt.ItemDataRole.UserRole, title.lower())
            if tickable and connections:
                group.setFlags(group.flags() | Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsAutoTristate)
                group.setCheckState(0, Qt.CheckState.Checked)
            self.tree.addTopLevelItem(group)
            for connection in connections:
                item = QTreeWidgetItem([describe(connection, names), connection.kind.value])
                if tickable:
                    item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                    item.setCheckState(0, Qt.CheckState.Checked)
                group.addChild(item)
            group.setExpanded(tickable)
        self.summary.setText(f"{len(self.result_diff.added)} to add, {len(self.result_diff.removed)} to remove, "
                             f"{len(self.result_diff.kept)} kept (connections made by hand are always kept)")

    def ticked(self, group_name: str) -> list[Connection]:
        connections = {"added": self.result_diff.added, "removed": self.result_diff.removed}[group_name]
        group = next(self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount())
                     if self.tree.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole) == group_name)
        return [connection for index, connection in enumerate(connections)
                if group.child(index).checkState(0) == Qt.CheckState.Checked]

    def apply(self) -> int:
        """Add and remove the ticked connections as one undo step; how many changed."""
        added, removed = self.ticked("added"), self.ticked("removed")
        if not added and not removed:
            return 0
        board = self.document.scenario.board
        with self.document.group(f"Derive connections (+{len(added)} −{len(removed)})"):
            for connection in removed:
                index = next(i for i, c in enumerate(board.connections) if c is connection)
                self.document.remove("board.connections", str(index))
            for connection in added:
                self.document.add("board.connections", connection)
        return len(added) + len(removed)


def derive_connections(document: ScenarioDocument, parent: QWidget | None = None) -> int:
    """Show the dialog; apply what the designer ticked. Returns how many connections changed."""
    dialog = AdjacencyDialog(document, parent)
    return dialog.apply() if dialog.exec() == QDialog.DialogCode.Accepted else 0
