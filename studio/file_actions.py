"""The window's file actions: open, save, save as, close, the recent files and drafts.

Opening a file reads it completely before anything changes, so a broken file only shows its
problems and leaves the window as it was. A scenario with problems opens as a draft."""

from __future__ import annotations

import html
import re
from pathlib import Path

from PySide6.QtWidgets import QCheckBox, QMessageBox

from engine.core.text import plural
from engine.rulesets.registry import get_ruleset
from engine.scenario.assets import carry_assets
from engine.scenario.io import scenario_from_data, scenario_to_data
from engine.scenario.model import Scenario
from engine.scenario.problems import Problem, ScenarioError
from studio.board.scene import BoardScene
from studio.new_scenario_dialog import NewScenarioDialog
from studio.plain import message
from studio.questions import Answer

FILE_FILTER = "Scenarios and playtests (*.json);;All files (*)"
PLAYTEST_FILTER = "Playtests (*.playtest.json);;JSON files (*.json)"
SCENARIO_FILTER = "Scenarios (*.json)"


def file_stem(title: str) -> str:
    """A file name a title suggests: ``History of the World (2018)`` → ``history-of-the-world-2018``."""
    stem = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:60].strip("-")
    return stem or "untitled"


class FileActions:
    """Mixed into ``MainWindow``, whose documents, modes and questions they use."""

    def _refresh_recent(self) -> None:
        files = self.settings.recent_files()
        self.recent_menu.clear()
        for number, path in enumerate(files, start=1):
            action = self.recent_menu.addAction(f"&{number % 10} {path.name}")
            action.setToolTip(str(path))
            action.triggered.connect(lambda _=False, path=path: self.open(path))
        if files:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("Clear Menu", self.documents.clear_recent)
        self.recent_menu.setEnabled(bool(files))
        self.start_page.show_recent(files)

    def confirm_discard(self, scenario_too: bool = True) -> bool:
        """True when the playtest (and, with ``scenario_too``, the edited scenario) may go:
        saved, unchanged, or the designer says so."""
        playtest = self.playtest
        if playtest is not None and playtest.is_modified():
            playtest.pause()
            answer = self.ask_unsaved(playtest.path.name if playtest.path else "the untitled playtest")
            if answer is Answer.CANCEL or (answer is Answer.SAVE and not self._save_playtest_where_it_was()):
                return False
        document = self.documents.document
        if scenario_too and document is not None and document.is_modified():
            answer = self.ask_unsaved(document.name())
            if answer is Answer.CANCEL or (answer is Answer.SAVE and not self._save_scenario(None)):
                return False
        return True

    def ask_open(self) -> None:
        start = self.settings.recent_files()[0].parent if self.settings.recent_files() else Path.cwd()
        path = self.ask_path("Open scenario or playtest", start, FILE_FILTER, saving=False)
        if path is not None:
            self.open(path)

    def open(self, path: Path) -> bool:
        """Open a scenario or a playtest. The file is read and checked completely, and its
        boards are built, before anything changes: a broken one lists its problems and the
        window stays as it was."""
        path = Path(path)
        try:
            opened = self.documents.read(path)
            scenario = opened.scenario
            if opened.playtest is not None:  # the playtest keeps its scenario; the editor gets a copy
                scenario, _ = scenario_from_data(scenario_to_data(scenario, get_ruleset), path.parent, get_ruleset)
            map_board = BoardScene(scenario, path.parent)
            play_board = BoardScene(opened.scenario, path.parent) if opened.playtest is not None else None
        except ScenarioError as error:
            self._cannot_open(path, error.problems)
            return False
        except Exception as error:  # noqa: BLE001 - whatever a hostile file provokes is shown, not raised
            self._cannot_open(path, [Problem("", f"{type(error).__name__}: {error}")])
            return False
        if not self.confirm_discard():
            return False
        self._edit(scenario, opened.scenario_path, path.parent, map_board)
        if opened.playtest is not None:
            self._install_playtest(opened.playtest, play_board)
        self.documents.remember(path)
        if opened.mismatches:
            self.show_problems(f"{path.name} replays differently", (
                f"<b>{html.escape(path.name)}</b> is open, but replaying it did not reproduce every recorded "
                "state: the rules or the scenario changed since it was saved."), opened.mismatches, warning_only=True)
        if opened.problems:
            self._show_draft(len(opened.problems))
        else:
            self.statusBar().showMessage(self._summary(opened.scenario), 10000)
        return True

    def _show_draft(self, count: int) -> None:
        """A scenario with problems is a draft: it opens in the Map mode with its Problems dock
        raised, since what needs a sound scenario (a playtest, a simulation) says what is missing."""
        self.show_problems_dock()
        self.statusBar().showMessage(
            f"{self._summary(self.scenario)} · a draft: {plural(count, 'problem')} to fix (see Problems)", 15000)

    def _cannot_open(self, path: Path, problems: list[Problem]) -> None:
        count = len(problems)
        found = f"{plural(count, 'problem')} {'was' if count == 1 else 'were'} found"
        self.show_problems(f"Cannot open {path.name}", (
            f"<b>{html.escape(path.name)}</b> cannot be opened: {found}. Nothing has changed in the window."), problems)

    def _summary(self, scenario: Scenario) -> str:
        ruleset = get_ruleset(scenario.ruleset.id)
        rules = ruleset.title if ruleset else f"unknown ruleset {scenario.ruleset.id!r}"
        named = scenario.meta.title if scenario.meta.title == rules else f"{scenario.meta.title} · {rules}"
        return (f"{named} · {plural(len(scenario.board.spaces), 'space')} · "
                f"{plural(sum(len(deck.cards) for deck in scenario.decks), 'card')} · "
                f"{plural(len(scenario.meta.provisional), 'provisional value')}")

    def new_scenario(self) -> None:
        """File ▸ New Scenario: blank, for a ruleset, or a copy of a shipped scenario."""
        dialog = NewScenarioDialog(self)
        if not self.run_dialog(dialog) or not self.confirm_discard():
            return
        scenario, folder = dialog.scenario(), self.documents.scratch_folder()
        source = dialog.source_folder()
        if source is not None:
            carry_assets(scenario, get_ruleset, source, folder)
        self._edit(scenario, None, folder)
        self.statusBar().showMessage(self._summary(self.scenario), 10000)

    def save(self) -> bool:
        """Save the playtest while it shows, else the scenario; an untitled one asks where."""
        if self._playing():
            return self._save_playtest_where_it_was()
        return self._save_scenario(None)

    def save_as(self) -> bool:
        if self._playing():
            start = self.playtest.path or self._beside_scenario(".playtest.json")
            embed = QCheckBox("Embed a copy of the scenario: the playtest then opens in any folder, "
                              "without the scenario file")
            embed.setChecked(self.playtest.embed_scenario)
            embed.setEnabled(self.playtest.scenario_path is not None)  # no file: always embedded
            path = self.ask_path("Save playtest", start, PLAYTEST_FILTER, saving=True, extra=embed)
            if path is None:
                return False
            embedding = self.playtest.embed_scenario
            self.playtest.embed_scenario = embed.isChecked()
            if self._save_playtest(path):
                return True
            self.playtest.embed_scenario = embedding
            return False
        if self.documents.document is not None:
            path = self.ask_path("Save scenario as", self._beside_scenario(".json"), SCENARIO_FILTER, saving=True)
            return path is not None and self._save_scenario(path)
        return False

    def _beside_scenario(self, suffix: str) -> Path:
        path = self.scenario_path
        if path is not None:
            return path.with_name(path.stem + suffix)
        recent = self.settings.recent_files()
        folder = recent[0].parent if recent else Path.home()
        title = self.scenario.meta.title if self.scenario is not None else ""
        return folder / f"{file_stem(title)}{suffix}"

    def _save_playtest_where_it_was(self) -> bool:
        playtest = self.playtest
        if playtest is None:
            return False
        if playtest.path is None:
            path = self.ask_path("Save playtest", self._beside_scenario(".playtest.json"), PLAYTEST_FILTER,
                                 saving=True)
            return path is not None and self._save_playtest(path)
        return self._save_playtest(playtest.path)

    def _save_playtest(self, path: Path) -> bool:
        assert self.playtest is not None
        try:
            self.playtest.save(path)
        except OSError as error:
            message(self, QMessageBox.Icon.Critical, "Cannot save", f"{path} could not be written: {error.strerror or error}")
            return False
        self.documents.remember(path)
        self.statusBar().showMessage(f"Saved {path.name}", 5000)
        self.refresh()
        return True

    def _save_scenario(self, path: Path | None) -> bool:
        """Save the edited scenario at ``path``, where it was, or (untitled) where the designer says."""
        document = self.documents.document
        if document is None:
            return False
        if path is None and document.path is None:
            path = self.ask_path("Save scenario", self._beside_scenario(".json"), SCENARIO_FILTER, saving=True)
            if path is None:
                return False
        try:
            self.documents.save(path)
        except OSError as error:
            target = path or document.path
            message(self, QMessageBox.Icon.Critical, "Cannot save", f"{target} could not be written: {error.strerror or error}")
            return False
        problems = self.map_mode.panels.problems
        count = len(problems.problems() if problems.idle() else document.problems())
        self.statusBar().showMessage(f"Saved {document.path.name}" + (
            f" · a draft with {plural(count, 'problem')} still to fix (see Problems)" if count else ""), 10000)
        self.refresh()
        return True

    def close_document(self) -> bool:
        """Close the playtest; with none open, close the scenario and show the start page."""
        if self.playtest is not None:
            if not self.confirm_discard(scenario_too=False):
                return False
            self._drop_playtest()
        else:
            if not self.confirm_discard():
                return False
            self._remember_layout()
            for mode in (self.map_mode, self.cards_mode):
                mode.install(None)
            self.documents.close()
            self._show_mode(self.map_mode, remember=False)
        self.refresh()
        return True
