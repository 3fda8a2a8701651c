"""The open files: reading a scenario or a playtest completely before anything changes, the
scenario document being edited, saving it, and the recent files.

Edit ▸ Undo and Redo follow the undo group's active stack: the scenario's while it is edited
(the map and card editors share that one stack). A playtest's history is its session.
"""

from __future__ import annotations

from pathlib import Path
from tempfile import TemporaryDirectory

from attrs import field, frozen
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoGroup

from engine.play.playtest import KIND as PLAYTEST_KIND
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_draft, parse_json, read_text
from engine.scenario.model import Scenario
from engine.scenario.problems import Problem, ScenarioError
from studio.document import ScenarioDocument
from studio.playtest.controller import PlaytestController
from studio.settings import StudioSettings


def is_playtest_file(path: Path) -> bool:
    """Whether a file says it is a playtest; anything unreadable is left to the scenario loader,
    which reports it with located problems."""
    try:
        data, problems = parse_json(read_text(path))
    except ScenarioError:
        return False
    return not problems and isinstance(data, dict) and data.get("kind") == PLAYTEST_KIND


@frozen
class Opened:
    """A file read completely: the scenario, and the playtest when the file was one."""

    scenario: Scenario
    scenario_path: Path | None
    playtest: PlaytestController | None
    mismatches: list[Problem]  # a playtest's recorded states that replay differently
    problems: list[Problem] = field(factory=list)  # a draft scenario's problems: it opens, and the Problems dock lists them


class Documents(QObject):
    document_changed = Signal()  # a scenario document was installed, or closed
    recent_changed = Signal()

    def __init__(self, settings: StudioSettings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.document: ScenarioDocument | None = None
        self.undo_group = QUndoGroup(self)
        self._scratch: list[TemporaryDirectory] = []

    def scratch_folder(self) -> Path:
        """A folder of its own for a scenario not saved yet: the files chosen for it (a background,
        card art) wait there and go beside it when it is first saved. Removed when the studio ends."""
        folder = TemporaryDirectory(prefix="epoch-untitled-")
        self._scratch.append(folder)
        return Path(folder.name)

    def read(self, path: Path) -> Opened:
        """Read and check a scenario or a playtest file. A scenario opens as a draft whatever
        its problems, as long as it can be built (a map in progress is worked on, not refused);
        a playtest must be sound to replay. ScenarioError lists every problem of a file that
        cannot be opened; one that has gone is also dropped from the recent files."""
        try:
            if is_playtest_file(path):
                playtest, mismatches = PlaytestController.open(path)
                return Opened(playtest.session.scenario, playtest.scenario_path, playtest, mismatches)
            scenario, problems = load_draft(path, get_ruleset)
            return Opened(scenario, path, None, [], problems)
        except ScenarioError as error:
            if any(problem.message == "file not found" for problem in error.problems):
                self.forget(path)
            raise

    def install(self, scenario: Scenario, path: Path | None, base_dir: Path | None) -> ScenarioDocument:
        """Make ``scenario`` the document being edited, in place of the one before (the caller
        has asked whether that may go)."""
        self.close()
        # Not a child of this object: the window's teardown must not delete a stack it still reads.
        document = ScenarioDocument(scenario, path, base_dir)
        self.document = document
        self.undo_group.addStack(document.undo_stack)
        self.undo_group.setActiveStack(document.undo_stack)
        self.document_changed.emit()
        return document

    def close(self) -> None:
        document = self.document
        if document is None:
            return
        self.document = None
        self.undo_group.removeStack(document.undo_stack)
        self.document_changed.emit()

    def save(self, path: Path | None = None) -> None:
        """Save the scenario (atomic, canonical); OSError when the disk refuses."""
        assert self.document is not None
        self.document.save(path)
        self.remember(self.document.path)

    # -- recent files ------------------------------------------------------------------------

    def remember(self, path: Path | None) -> None:
        if path is not None:
            self.settings.add_recent(path)
            self.recent_changed.emit()

    def forget(self, path: Path) -> None:
        self.settings.remove_recent(path)
        self.recent_changed.emit()

    def clear_recent(self) -> None:
        self.settings.clear_recent()
        self.recent_changed.emit()
