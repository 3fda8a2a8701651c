"""The Problems dock: the file's problems and the map's, kept current while the designer edits.

Edits restart a short timer, so a drag or a run of typing is checked once it pauses. The
map's geometry check is incremental (``MapCheck``: only what changed is looked at again) and
runs at once on the UI thread; the file's own check (types and references over the whole
scenario, half a second on a 2,000-space board) runs on a worker thread, and its answer is
used only if nothing was edited meanwhile (otherwise it is asked again). Clicking a problem
says where it is by its path, which the Map mode turns into a selection.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from engine.rulesets.registry import get_ruleset
from engine.scenario.io import scenario_from_data, scenario_to_data
from engine.scenario.map_check import MapCheck
from engine.scenario.paths import parse
from engine.scenario.problems import Problem
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


class _Relay(QObject):
    """Carries the worker thread's answer to the UI thread (a queued signal)."""

    checked = Signal(object, int, list)  # document, revision, problems


class ProblemsPanel(QWidget):
    located = Signal(str)  # the path of the problem the designer clicked

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document: ScenarioDocument | None = None
        self.map_check: MapCheck | None = None
        self.revision = 0
        self.file_problems: list[Problem] = []
        self.map_problems: list[Problem] = []
        self._checking = False
        self._relay = _Relay()
        self._relay.checked.connect(self._file_checked)
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
        self.tree.itemActivated.connect(self._activated)
        self.tree.itemClicked.connect(self._activated)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.summary)
        layout.addWidget(self.tree, 1)

    def set_document(self, document: ScenarioDocument | None) -> None:
        if self.document is not None:
            self.document.changed.disconnect(self._edited)
        self.document = document
        self.map_check = MapCheck(document.scenario.board) if document is not None else None
        self.file_problems, self.map_problems = [], []
        self.revision += 1
        if document is not None:
            document.changed.connect(self._edited)
            self.check()
        else:
            self._show()

    def _edited(self, path: str) -> None:
        self.revision += 1
        self.timer.start()

    def check(self) -> None:
        """The map's problems now; the file's on the worker thread."""
        if self.document is None or self.map_check is None:
            return
        if self.map_check.board is not self.document.scenario.board:
            self.map_check = MapCheck(self.document.scenario.board)
        self.map_problems = self.map_check.problems()
        self._show()
        self._check_file()

    def _check_file(self) -> None:
        if self._checking or self.document is None:
            return
        self._checking = True
        document, revision, relay = self.document, self.revision, self._relay

        def work() -> None:
            try:
                data = scenario_to_data(document.scenario, get_ruleset)
                _, problems = scenario_from_data(data, document.base_dir, get_ruleset)
            except (RuntimeError, LookupError, AttributeError, TypeError, ValueError) as error:
                # the scenario changed under the reader (the answer is stale and asked again)
                problems = [Problem("", f"could not check the file: {error}")]
            try:
                relay.checked.emit(document, revision, problems)
            except RuntimeError:  # the panel is gone
                pass

        threading.Thread(target=work, name="problems-check", daemon=True).start()

    def _file_checked(self, document: ScenarioDocument, revision: int, problems: list[Problem]) -> None:
        self._checking = False
        if document is not self.document:
            return
        if revision != self.revision:  # edited meanwhile: this answer is stale
            if not self.timer.isActive():
                self._check_file()
            return
        self.file_problems = problems
        self._show()

    def idle(self) -> bool:
        """Whether every check has answered for the document as it stands (tests wait on it)."""
        return not self._checking and not self.timer.isActive()

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
        self.summary.setText("No problems" if not count else
                             f"{count} problem{'s' * (count > 1)}: {len(self.file_problems)} in the file, "
                             f"{len(self.map_problems)} on the map")

    def _activated(self, item: QTreeWidgetItem) -> None:
        path = item.data(0, Qt.ItemDataRole.UserRole)
        if path:
            self.located.emit(path)
