"""The Problems dock: the file's problems and the map's, kept current while the designer edits.

Edits restart a short timer, so a drag or a run of typing is checked once it pauses. Both
checks run on worker threads (``studio/checking.py``), so nothing waits for them: the map's
geometry check (``MapCheck``: incremental, only what changed is looked at again, but its first
look at a 2,000-space board takes a second) and the file's own check (types and references
over the whole scenario, half a second there). An answer is used only if nothing was edited
meanwhile. Clicking a problem says where it is by its path, which the Map mode turns into a
selection.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QSize, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QLabel,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.rulesets.registry import get_ruleset
from engine.scenario.io import scenario_from_data, scenario_to_data
from engine.scenario.map_check import MapCheck
from engine.scenario.paths import parse
from engine.scenario.problems import Problem
from studio.checking import BackgroundCheck
from studio.document import ScenarioDocument

PAUSE_MS = 250  # quiet time after an edit before checking


def short(path: str) -> str:
    """Where a problem is, in few words: ``gaul · polygon`` for ``board.spaces[gaul].polygon``."""
    if not path:
        return "the file"
    steps = [name for _, name in parse(path)]
    if steps[:2] in (["board", "spaces"], ["board", "regions"]) and len(steps) > 2:
        return " · ".join(steps[2:])
    if steps[:2] == ["board", "connections"] and len(steps) > 2:
        return f"connection {steps[2]}"
    return path


class WrappingDelegate(QStyledItemDelegate):
    """Rows as tall as their text wrapped at the column's width: a tree view asks its delegate
    for a row's height without the column's width, so a long problem was cut with "..."."""

    def __init__(self, view: QTreeWidget) -> None:
        super().__init__(view)
        self.view = view
        view.header().sectionResized.connect(lambda *_: view.doItemsLayout())

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex) -> QSize:
        hint = super().sizeHint(option, index)
        width = max(40, self.view.columnWidth(index.column()) - 8)
        text = str(index.data() or "")
        wrapped = option.fontMetrics.boundingRect(0, 0, width, 100_000, Qt.TextFlag.TextWordWrap, text)
        return QSize(hint.width(), max(hint.height(), wrapped.height() + 4))


class ProblemsPanel(QWidget):
    located = Signal(str)  # the path of the problem the designer clicked

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document: ScenarioDocument | None = None
        self.map_check: MapCheck | None = None
        self.file_problems: list[Problem] = []
        self.map_problems: list[Problem] = []
        self._waiting: set[str] = set()  # the checks whose first answer is still to come
        self._map = BackgroundCheck(self._check_map, "map-check", self)
        self._map.answered.connect(self._map_checked)
        self._file = BackgroundCheck(self._check_file, "file-check", self)
        self._file.answered.connect(self._file_checked)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(PAUSE_MS)
        self.timer.timeout.connect(self.check)
        self.summary = QLabel("No scenario")
        self.tree = QTreeWidget()
        self.tree.setObjectName("problems")
        self.tree.setHeaderLabels(["Where", "Problem"])
        self.tree.setRootIsDecorated(False)
        self.tree.setWordWrap(True)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.tree.setItemDelegate(WrappingDelegate(self.tree))
        self.tree.itemActivated.connect(self._activated)
        self.tree.itemClicked.connect(self._activated)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.summary)
        layout.addWidget(self.tree, 1)

    def set_document(self, document: ScenarioDocument | None) -> None:
        """Show ``document``'s problems; its checks start at once, off the UI thread, so a large
        file opens without waiting for them, and the dock fills in when they answer."""
        if self.document is not None:
            self.document.changed.disconnect(self._edited)
        self.document = document
        self.map_check = MapCheck(document.scenario.board) if document is not None else None
        self.file_problems, self.map_problems = [], []
        self._map.edited()
        self._file.edited()
        self._waiting = set()
        if document is not None:
            document.changed.connect(self._edited)
            self._waiting = {"map", "file"}
            self.check()
        self._show()

    def _edited(self, path: str) -> None:
        self._map.edited()
        self._file.edited()
        self.timer.start()

    def check(self) -> None:
        """Check the map and the file as they stand, each on its worker thread."""
        if self.document is None or self.map_check is None:
            return
        if self.map_check.board is not self.document.scenario.board:
            self.map_check = MapCheck(self.document.scenario.board)
        self._map.start()
        self._file.start()

    # -- on the worker threads (they read the document, and change nothing of it) -----------

    def _check_map(self) -> list[Problem]:
        check = self.map_check
        if check is None:
            return []
        try:
            return check.problems()
        except Exception:
            self.map_check = MapCheck(check.board)  # what it remembers may be half updated: start afresh
            raise

    def _check_file(self) -> list[Problem]:
        document = self.document
        if document is None:
            return []
        data = scenario_to_data(document.scenario, get_ruleset)
        return scenario_from_data(data, document.base_dir, get_ruleset)[1]

    # -- the answers, back on the UI thread (only those for the document as it stands) ------

    def _map_checked(self, problems: list[Problem]) -> None:
        self._waiting.discard("map")
        self.map_problems = problems
        self._show()

    def _file_checked(self, problems: list[Problem]) -> None:
        self._waiting.discard("file")
        self.file_problems = problems
        self._show()

    def idle(self) -> bool:
        """Whether every check has answered for the document as it stands (tests wait on it)."""
        return not self.timer.isActive() and self._map.idle() and self._file.idle() and not self._waiting

    def problems(self) -> list[Problem]:
        return self.file_problems + self.map_problems

    def _show(self) -> None:
        self.tree.clear()
        for problem, where in [(p, "file") for p in self.file_problems] + [(p, "map") for p in self.map_problems]:
            item = QTreeWidgetItem([short(problem.path), problem.message])
            item.setData(0, Qt.ItemDataRole.UserRole, problem.path)
            tip = f"{problem}\n({'the file' if where == 'file' else 'the map'}; click to find it)"
            item.setToolTip(0, tip)
            item.setToolTip(1, tip)
            self.tree.addTopLevelItem(item)
        self.tree.resizeColumnToContents(0)
        if self.document is None:
            self.summary.setText("No scenario")
            return
        count = len(self.file_problems) + len(self.map_problems)
        if self._waiting:
            waiting = [what for what in ("map", "file") if what in self._waiting]
            self.summary.setText(f"Checking the {' and the '.join(waiting)}…" + (
                f" {count} problem{'s' * (count > 1)} so far" if count else ""))
            return
        self.summary.setText("No problems" if not count else
                             f"{count} problem{'s' * (count > 1)}: {len(self.file_problems)} in the file, "
                             f"{len(self.map_problems)} on the map")

    def _activated(self, item: QTreeWidgetItem) -> None:
        path = item.data(0, Qt.ItemDataRole.UserRole)
        if path:
            self.located.emit(path)
