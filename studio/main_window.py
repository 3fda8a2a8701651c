"""The main window: it assembles the parts and asks the questions.

The parts: the action catalogue (``actions.py``), the open files (``documents.py``), and one
module per mode (``modes/``: map, cards, playtest), each with its page, docks and toolbar.
The window holds at most one scenario being edited and, on top of it, at most one playtest.
Opening a file reads it completely before anything changes, so a broken file only shows its
problems and leaves the window as it was.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QActionGroup, QCloseEvent, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDockWidget,
    QFileDialog,
    QGridLayout,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QToolBar,
    QUndoView,
    QWidget,
)

from engine.bots import BOTS
from engine.core.errors import IllegalAction
from engine.core.moves import Action
from engine.core.text import plural
from engine.play.session import Session
from engine.rulesets.registry import get_ruleset
from engine.scenario.assets import carry_assets
from engine.scenario.io import scenario_from_data, scenario_to_data
from engine.scenario.model import Scenario
from engine.scenario.problems import Problem, ScenarioError
from studio.actions import ActionCatalogue
from studio.board.scene import BoardScene
from studio.board.view import BoardView
from studio.documents import Documents
from studio.help import GuideDialog, KeysDialog
from studio.modes.cards_mode import CardsMode
from studio.modes.map_mode import MapMode
from studio.modes.playtest_mode import PlaytestMode
from studio.new_scenario_dialog import NewScenarioDialog
from studio.plain import message, plain_label, tooltip
from studio.playtest.controller import PlaytestController
from studio.playtest.new_playtest_dialog import NewPlaytestDialog, PlaytestSetup
from studio.problems_dialog import ProblemsDialog
from studio.scenario_settings import ScenarioSettingsDialog
from studio.settings import StudioSettings
from studio.start_page import StartPage

if TYPE_CHECKING:
    from engine.balance.run import Plan
    from studio.balance.window import BalanceWindow

APP_NAME = "Epoch Studio"
FILE_FILTER = "Scenarios and playtests (*.json);;All files (*)"
PLAYTEST_FILTER = "Playtests (*.playtest.json);;JSON files (*.json)"
SCENARIO_FILTER = "Scenarios (*.json)"


def file_stem(title: str) -> str:
    """A file name a title suggests: ``History of the World (2018)`` → ``history-of-the-world-2018``."""
    stem = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:60].strip("-")
    return stem or "untitled"


class Answer(Enum):
    """The answer to "save the changes?" before something would throw them away."""

    SAVE = "save"
    DISCARD = "discard"
    CANCEL = "cancel"


class MainWindow(QMainWindow):
    def __init__(self, settings: StudioSettings | None = None) -> None:
        super().__init__()
        self.settings = settings or StudioSettings()
        self.problems_dialog: ProblemsDialog | None = None
        self.setWindowTitle(APP_NAME)
        self.actions = ActionCatalogue(self)
        self.documents = Documents(self.settings, self)
        self.documents.recent_changed.connect(self._refresh_recent)
        self.documents.undo_group.indexChanged.connect(self.refresh)
        self.documents.undo_group.cleanChanged.connect(self.refresh)
        self.start_page = StartPage()
        self.start_page.new_requested.connect(self.new_scenario)
        self.start_page.open_requested.connect(self.ask_open)
        self.start_page.recent_chosen.connect(self.open)
        self.pages = QStackedWidget()
        self.pages.addWidget(self.start_page)
        self.setCentralWidget(self.pages)
        # Hover details sit under the status bar's messages, which take over while they last:
        # moving the mouse does not wipe out why a click did nothing.
        self.hover_info = plain_label()
        self.statusBar().addWidget(self.hover_info, 1)
        self.position = plain_label()
        self.statusBar().addPermanentWidget(self.position)
        self.map_mode = MapMode(self)
        self.cards_mode = CardsMode(self)
        self.playtest_mode = PlaytestMode(self)
        self.modes = (self.map_mode, self.cards_mode, self.playtest_mode)
        self.mode: MapMode | CardsMode | PlaytestMode = self.map_mode
        for mode in self.modes:
            self.pages.addWidget(mode.widget)
        self.undo_view = QUndoView(self.documents.undo_group)
        self.undo_view.setEmptyLabel("<opened>")
        self.undo_dock = QDockWidget("Undo History", self)
        self.undo_dock.setObjectName("undo_dock")
        self.undo_dock.setWidget(self.undo_view)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.undo_dock)
        self._dock_sizes_pending: MapMode | CardsMode | PlaytestMode | None = None
        self._layout_shown: str | None = None  # the mode whose dock layout is on screen
        self._connect()
        self._menus()
        self._mode_bar()
        geometry = self.settings.layout("geometry")
        if geometry is None or not self.restoreGeometry(geometry):
            self.resize(1360, 860)
        self._show_mode(self.map_mode, remember=False)
        self._refresh_recent()
        self.refresh()

    # -- what the window shows, by the mode ------------------------------------------------

    @property
    def playtest(self) -> PlaytestController | None:
        return self.playtest_mode.controller

    @property
    def scenario(self) -> Scenario | None:
        return self.documents.document.scenario if self.documents.document else None

    @property
    def scenario_path(self) -> Path | None:
        return self.documents.document.path if self.documents.document else None

    @property
    def docks(self) -> dict[str, QDockWidget]:
        """Every dock by name: the Undo History and each mode's (the map's are made with the
        first scenario opened)."""
        docks = {"undo": self.undo_dock}
        for mode in self.modes:
            docks.update(mode.docks)
        return docks

    def mode_docks(self, mode: MapMode | CardsMode | PlaytestMode) -> dict[str, QDockWidget]:
        """The docks a mode shows: its own, and the Undo History while a scenario is edited."""
        return {**({"undo": self.undo_dock} if mode is not self.playtest_mode else {}), **mode.docks}

    @property
    def view(self) -> BoardView:
        """The board on screen: the playtest's while it shows, else the map editor's."""
        return self.playtest_mode.view if self.mode is self.playtest_mode else self.map_mode.view

    @property
    def board(self) -> BoardScene | None:
        return self.playtest_mode.board if self.mode is self.playtest_mode else self.map_mode.board

    # -- building the window ---------------------------------------------------------------

    def _connect(self) -> None:
        actions = self.actions
        actions.new_scenario.triggered.connect(self.new_scenario)
        actions.new_playtest.triggered.connect(self.new_playtest)
        actions.balance.triggered.connect(self.open_balance)
        actions.open.triggered.connect(self.ask_open)
        actions.save.triggered.connect(self.save)
        actions.save_as.triggered.connect(self.save_as)
        actions.close.triggered.connect(self.close_document)
        actions.quit.triggered.connect(self.close)
        actions.undo.triggered.connect(self._undo)
        actions.redo.triggered.connect(self._redo)
        actions.fit.triggered.connect(lambda: self.view.fit())
        actions.zoom_in.triggered.connect(lambda: self.view.zoom_in())
        actions.zoom_out.triggered.connect(lambda: self.view.zoom_out())
        actions.about.triggered.connect(self._about)
        actions.settings.triggered.connect(self.edit_settings)
        actions.guide.triggered.connect(lambda: GuideDialog(self).open())
        actions.keys.triggered.connect(lambda: KeysDialog(self).open())
        actions.map_mode.triggered.connect(lambda: self._show_mode(self.map_mode))
        actions.cards_mode.triggered.connect(lambda: self._show_mode(self.cards_mode))
        actions.playtest_mode.triggered.connect(lambda: self._show_mode(self.playtest_mode))
        self.mode_group = QActionGroup(self)
        for action in (actions.map_mode, actions.cards_mode, actions.playtest_mode):
            self.mode_group.addAction(action)

    def _menus(self) -> None:
        actions = self.actions
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addActions([actions.new_scenario, actions.open])
        self.recent_menu = file_menu.addMenu("Open &Recent")
        file_menu.addSeparator()
        file_menu.addActions([actions.save, actions.save_as])
        file_menu.addSeparator()
        file_menu.addActions(self.map_mode.panels.file_actions)  # import SVG, export SVG and PNG
        file_menu.addSeparator()
        file_menu.addAction(actions.close)
        file_menu.addSeparator()
        file_menu.addAction(actions.quit)
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addActions([actions.undo, actions.redo])
        edit_menu.addSeparator()
        edit_menu.addActions([actions.bookmark, actions.note])
        self.edit_menu = edit_menu
        view_menu = bar.addMenu("&View")
        view_menu.addActions([actions.map_mode, actions.cards_mode, actions.playtest_mode])
        view_menu.addSeparator()
        view_menu.addActions([actions.fit, actions.zoom_in, actions.zoom_out])
        view_menu.addSeparator()
        view_menu.addMenu(self.playtest_mode.view_as_menu)
        view_menu.addSeparator()
        self.view_menu = view_menu
        self._docks_end = view_menu.addSeparator()  # the docks' toggles go above, as they are made
        scenario_menu = bar.addMenu("&Scenario")
        scenario_menu.addAction(actions.settings)
        self.play_menu = bar.addMenu("&Play")
        self.play_menu.addActions([actions.new_playtest, actions.balance])
        self.play_menu.addSeparator()
        self.play_menu.addActions([actions.step, actions.step_again, actions.roll, actions.roll_again, actions.turn,
                                   actions.round, actions.bots, actions.pause])
        bar.addMenu(self.map_mode.menu)
        bar.addMenu(self.cards_mode.menu)
        help_menu = bar.addMenu("&Help")
        help_menu.addActions([actions.guide, actions.keys])
        help_menu.addSeparator()
        help_menu.addAction(actions.about)

    def _mode_bar(self) -> None:
        self.mode_bar = QToolBar("Modes")
        self.mode_bar.setObjectName("mode_toolbar")
        self.mode_bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.mode_bar.addActions([self.actions.map_mode, self.actions.cards_mode, self.actions.playtest_mode])
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.mode_bar)
        self.insertToolBar(self.map_mode.toolbar, self.mode_bar)
        for mode in self.modes:
            if mode.toolbar is not None:
                self.view_menu.addAction(mode.toolbar.toggleViewAction())

    def show_mode(self, name: str) -> str:
        """Show the mode of this name (map, cards, playtest) when the open file allows it; else
        say why not (the Playtest mode needs a playtest under way, the Cards mode a scenario)."""
        mode = next(mode for mode in self.modes if mode.name == name)
        if mode is self.playtest_mode and self.playtest is None:
            return ("no playtest is under way: open a saved playtest, or start one with "
                    "Play ▸ New Playtest")
        if mode is not self.map_mode and self.documents.document is None:
            return "no scenario is open: open one, or make one with File ▸ New Scenario"
        self._show_mode(mode)
        return ""

    def _show_mode(self, mode: MapMode | CardsMode | PlaytestMode, remember: bool = True) -> None:
        """Show one mode's page, docks and toolbar. Each mode's dock layout (which docks show,
        where, tabbed how) is remembered when it is left, and between runs."""
        staying = mode is self.mode and self._layout_shown == mode.name  # its docks are on screen as left
        if remember and not staying:
            self._remember_layout()
        self.mode = mode
        has_file = self.documents.document is not None
        self.pages.setCurrentWidget(mode.widget if has_file else self.start_page)
        active = has_file and (mode is not self.playtest_mode or self.playtest is not None)
        own = self.mode_docks(mode)
        for dock in own.values():
            if dock.toggleViewAction() not in self.view_menu.actions():
                self.view_menu.insertAction(self._docks_end, dock.toggleViewAction())
        if active and not staying:
            state = self.settings.layout(f"{mode.name}_state")
            if state is None or not self.restoreState(state):
                self._default_layout(mode)
        self._layout_shown = mode.name if active else None
        for name, dock in self.docks.items():
            mine = active and own.get(name) is dock
            if not mine:
                dock.setVisible(False)
            dock.toggleViewAction().setVisible(own.get(name) is dock)  # View lists the mode's own docks
            dock.toggleViewAction().setEnabled(mine)
        for other in self.modes:
            showing = other is mode and has_file
            if other.toolbar is not None:
                other.toolbar.setVisible(showing)
                other.toolbar.toggleViewAction().setEnabled(showing)
        {self.map_mode: self.actions.map_mode, self.cards_mode: self.actions.cards_mode,
         self.playtest_mode: self.actions.playtest_mode}[mode].setChecked(True)
        self.refresh()

    def _default_layout(self, mode: MapMode | CardsMode | PlaytestMode) -> None:
        """A mode's docks the first time it shows: all of them, the first tab of each group up."""
        for dock in self.mode_docks(mode).values():
            dock.show()
        if mode is self.playtest_mode:
            mode.docks["seats"].raise_()
        elif "space" in mode.docks:
            mode.docks["space"].raise_()
        self._size_docks(mode)

    def _size_docks(self, mode: MapMode | CardsMode | PlaytestMode) -> None:
        """A mode's default dock sizes (they only take once the window is laid out): the docks a
        designer reads and types in get the height and a width their forms fit in."""
        if not self.isVisible():
            self._dock_sizes_pending = mode
            return
        self._dock_sizes_pending = None
        self.layout().activate()  # the docks just shown laid out now, so the sizes take at once
        docks, height = mode.docks, self.height()
        if mode is self.playtest_mode:
            self.resizeDocks([docks["decision"], docks["seats"]], [height // 2, height // 2], Qt.Orientation.Vertical)
            self.resizeDocks([docks["decision"]], [max(340, self.width() // 4)], Qt.Orientation.Horizontal)
        elif "space" in docks:
            column = [self.undo_dock, docks["space"], docks["problems"]]
            self.resizeDocks(column, [height * 2 // 10, height * 5 // 10, height * 3 // 10], Qt.Orientation.Vertical)
            self.resizeDocks([docks["space"]], [max(340, self.width() // 4)], Qt.Orientation.Horizontal)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._dock_sizes_pending is not None:
            self._size_docks(self._dock_sizes_pending)

    def _remember_layout(self) -> None:
        """Keep the dock layout of the mode on screen, if it shows one (a mode without its file
        shows none, and must not overwrite the one it had)."""
        if self._layout_shown is not None and self._layout_shown == self.mode.name:
            self.settings.set_layout(f"{self.mode.name}_state", self.saveState())

    # -- what the window shows -------------------------------------------------------------

    def _playing(self) -> bool:
        return self.mode is self.playtest_mode and self.playtest is not None

    def refresh(self, *_: object) -> None:
        """Title, enabled actions, undo texts, status: everything that follows the documents."""
        actions, document, playtest = self.actions, self.documents.document, self.playtest
        playing = self._playing()
        if playing:
            name = playtest.path.name if playtest.path else f"Untitled playtest of {self._scenario_name()}"
            modified = playtest.is_modified()
        else:
            name = self._scenario_name()
            modified = bool(document and document.is_modified())
        self.setWindowTitle(f"{name}[*] — {APP_NAME}" if name else APP_NAME)
        self.setWindowModified(modified)
        ready = document is not None and get_ruleset(document.scenario.ruleset.id) is not None
        actions.new_playtest.setEnabled(ready)
        actions.save.setEnabled(playing or bool(document and (document.is_modified() or document.path is None)))
        actions.save_as.setEnabled(document is not None)
        actions.settings.setEnabled(document is not None and not playing)
        actions.close.setEnabled(document is not None)
        actions.playtest_mode.setEnabled(playtest is not None)
        for action in (actions.map_mode, actions.cards_mode):
            action.setEnabled(document is not None)
        for action in (actions.fit, actions.zoom_in, actions.zoom_out):
            action.setEnabled(document is not None and self.mode is not self.cards_mode)
        group = self.documents.undo_group
        if playing:
            can = (playtest.session.can_undo(), playtest.session.can_redo())
            texts = (playtest.undo_text(), playtest.redo_text())
        else:
            can = (group.canUndo(), group.canRedo())
            texts = (f"Undo {group.undoText()}".strip(), f"Redo {group.redoText()}".strip())
        for action, enabled, text, short in ((actions.undo, can[0], texts[0], "Undo"),
                                             (actions.redo, can[1], texts[1], "Redo")):
            action.setEnabled(enabled)
            action.setText(text)  # the menu names the step; the toolbar keeps its short word
            action.setToolTip(tooltip(text))
            action.setIconText(short)
        position = ""
        for mode in self.modes:
            text = mode.refresh(mode is self.mode)
            if mode is self.mode:
                position = text
        self.position.setText(position)

    def _undo(self) -> None:
        if self._playing():
            self.playtest.undo()
        else:
            self.documents.undo_group.undo()

    def _redo(self) -> None:
        if self._playing():
            self.playtest.redo()
        else:
            self.documents.undo_group.redo()

    def _scenario_name(self) -> str:
        document = self.documents.document
        if document is None:
            return ""
        return document.path.name if document.path is not None else document.scenario.meta.title

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

    def _about(self) -> None:
        QMessageBox.about(self, f"About {APP_NAME}",
                          f"<b>{APP_NAME}</b><p>Design and playtest map-and-card history board games: "
                          "one scenario file, any registered ruleset, step by step with undo and branches.")

    # -- questions (tests replace these) ---------------------------------------------------

    def ask_unsaved(self, name: str) -> Answer:
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self, "Unsaved changes", f"Save the changes to {name} before closing it?",
            buttons.Save | buttons.Discard | buttons.Cancel, buttons.Save,
        )
        return {buttons.Save: Answer.SAVE, buttons.Discard: Answer.DISCARD}.get(answer, Answer.CANCEL)

    def ask_replace(self, title: str, paths: list[Path]) -> bool:
        """True when the designer agrees to replace files an export would overwrite."""
        shown = "\n".join(path.name for path in paths[:10]) + (f"\n… and {len(paths) - 10} more" if len(paths) > 10 else "")
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(self, title, f"These files in {paths[0].parent} already exist:\n{shown}\n\n"
                                      "Replace them?", buttons.Yes | buttons.No, buttons.No)
        return answer == buttons.Yes

    def ask_save_first(self, question: str) -> bool:
        buttons = QMessageBox.StandardButton
        return QMessageBox.question(self, "Save first", question, buttons.Save | buttons.Cancel,
                                    buttons.Save) == buttons.Save

    def ask_path(self, title: str, start: Path, file_filter: str, saving: bool,
                 extra: QWidget | None = None) -> Path | None:
        """``extra``, a choice that goes with the file (embed the scenario), is shown under the
        file list; that needs Qt's own dialog rather than the desktop's."""
        if extra is None:
            if saving:
                chosen, _ = QFileDialog.getSaveFileName(self, title, str(start), file_filter)
            else:
                chosen, _ = QFileDialog.getOpenFileName(self, title, str(start), file_filter)
            return Path(chosen) if chosen else None
        dialog = QFileDialog(self, title, str(start), file_filter)
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave if saving else QFileDialog.AcceptMode.AcceptOpen)
        layout = dialog.layout()
        if isinstance(layout, QGridLayout):
            layout.addWidget(extra, layout.rowCount(), 0, 1, layout.columnCount())
        accepted = dialog.exec() == QDialog.DialogCode.Accepted and dialog.selectedFiles()
        chosen = Path(dialog.selectedFiles()[0]) if accepted else None
        extra.setParent(None)  # the caller reads it after the dialog is gone
        return chosen

    def run_dialog(self, dialog: QDialog) -> bool:
        return dialog.exec() == QDialog.DialogCode.Accepted

    def choose_action(self, actions: list[Action], where: QPoint) -> Action | None:
        return self.playtest_mode.choose(actions, where)

    def show_problems(self, title: str, summary: str, problems: list[Problem], warning_only: bool = False,
                      go_there: tuple[str, Callable[[], object]] | None = None) -> None:
        """Non-modal, so the window stays usable and a test can read the list."""
        if self.problems_dialog is not None:
            self.problems_dialog.close()
        self.problems_dialog = ProblemsDialog(title, summary, problems, self, warning_only, go_there)
        self.problems_dialog.open()

    def show_problems_dock(self) -> None:
        """The Map mode with its Problems dock up: a click on a problem there finds it."""
        self._show_mode(self.map_mode)
        dock = self.map_mode.panels.docks["problems"]
        dock.show()
        dock.raise_()

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

    # -- files ---------------------------------------------------------------------------------

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
        return (f"{scenario.meta.title} · {rules} · {plural(len(scenario.board.spaces), 'space')} · "
                f"{plural(sum(len(deck.cards) for deck in scenario.decks), 'card')} · "
                f"{plural(len(scenario.meta.provisional), 'provisional value')}")

    def _edit(self, scenario: Scenario, path: Path | None, base_dir: Path | None,
              board: BoardScene | None = None) -> None:
        """Make ``scenario`` the one being edited, closing whatever was open (the caller asked);
        ``board`` is its map when the caller built it already."""
        self._drop_playtest()
        document = self.documents.install(scenario, path, base_dir)
        document.path_changed.connect(self.refresh)
        self.map_mode.install(document, board)
        self.cards_mode.install(document)
        self._show_mode(self.map_mode)

    def _install_playtest(self, playtest: PlaytestController, board: BoardScene | None = None) -> None:
        document = self.documents.document
        self._drop_playtest()
        self.playtest_mode.install(playtest, document.base_dir if document else None, board)
        self._show_mode(self.playtest_mode)

    def _drop_playtest(self) -> None:
        if self.playtest is None:
            return
        if self.mode is self.playtest_mode:
            self._remember_layout()
        self.playtest_mode.drop()
        if self.mode is self.playtest_mode:
            self._show_mode(self.map_mode, remember=False)

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

    def edit_settings(self) -> None:
        """Scenario ▸ Settings: what is not the map or a card, changed as one undo step."""
        document = self.documents.document
        if document is None:
            return
        dialog = ScenarioSettingsDialog(document.scenario, self)
        if self.run_dialog(dialog):
            document.set_values(dialog.changes(), "Change scenario settings")
            self.refresh()

    def new_playtest(self) -> None:
        """Play ▸ Playtest This Scenario: what is being edited, unsaved edits included."""
        scenario = self.scenario
        ruleset = get_ruleset(scenario.ruleset.id) if scenario else None
        if scenario is None or ruleset is None:
            return
        if len(scenario.seats) < ruleset.min_players:
            message(self, QMessageBox.Icon.Warning, "Playtest", f"{ruleset.title} needs {ruleset.min_players} seats; "
                                f"the scenario has {len(scenario.seats)}.")
            return
        if self._sound_snapshot("playtest") is None:  # said before the dialog is filled in, not after
            return
        dialog = NewPlaytestDialog(scenario, ruleset, self)
        if self.run_dialog(dialog):
            self.start_playtest(dialog.setup())

    def open_balance(self) -> BalanceWindow | None:
        """Play ▸ Balance: simulations of the saved scenario (the worker processes read its file)."""
        document = self.documents.document
        if document is None:
            return None
        if self._sound_snapshot("simulation") is None:
            return None
        if (document.path is None or document.is_modified()) and not (
                self.ask_save_first("The simulation's worker processes read the scenario from its file: save it "
                                    "now?") and self._save_scenario(None)):
            return None
        # the balance runs' machinery, when asked for
        from studio.balance.window import BalanceWindow

        window = BalanceWindow(document.scenario, document.path, self)
        window.open_game.connect(self.open_simulated_game)
        window.show()
        return window

    def open_simulated_game(self, plan: Plan, index: int) -> bool:
        """A game of a balance run as a playtest at its seed, every step undoable."""
        from engine.balance.run import playtest_of

        if not self.confirm_discard(scenario_too=False):
            return False
        try:
            session = playtest_of(plan, index)
        except (ValueError, IllegalAction, ScenarioError) as error:
            message(self, QMessageBox.Icon.Warning, "Balance", f"The game cannot be opened: {error}")
            return False
        self._install_playtest(PlaytestController(session, Path(plan.scenario)))
        return True

    def _sound_snapshot(self, what: str) -> Scenario | None:
        """A copy of the edited scenario checked as a saved file would be; None, with the
        problems shown and a way to them, when it is a draft that cannot be played yet."""
        document = self.documents.document
        if document is None:
            return None
        snapshot, problems = scenario_from_data(scenario_to_data(document.scenario, get_ruleset), document.base_dir,
                                                get_ruleset)
        if snapshot is None:
            self.show_problems(f"Cannot start the {what}", (
                f"A {what} needs a sound scenario: this one is a draft with {plural(len(problems), 'problem')}. "
                "Fix them (the Problems dock finds each one) and start again."), problems,
                go_there=("Show in Problems", self.show_problems_dock))
        return snapshot

    def start_playtest(self, setup: PlaytestSetup) -> bool:
        """A playtest of a snapshot of the edited scenario, checked first as a saved file would be:
        when it cannot start, the problems say why."""
        document = self.documents.document
        ruleset = get_ruleset(document.scenario.ruleset.id) if document else None
        if document is None or ruleset is None or not self.confirm_discard(scenario_too=False):
            return False
        snapshot = self._sound_snapshot("playtest")
        if snapshot is None:
            return False
        try:
            session = Session(snapshot, ruleset, setup.seats, setup.options, setup.seed, setup.controllers, BOTS)
            session.decision()
        except (ValueError, IllegalAction) as error:
            message(self, QMessageBox.Icon.Warning, "Playtest", f"The playtest cannot start: {error}")
            return False
        # An edited scenario is embedded in the playtest file: the one on disk is not what is played.
        scenario_path = document.path if not document.is_modified() else None
        self._install_playtest(PlaytestController(session, scenario_path))
        return True

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

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.confirm_discard():
            event.ignore()
            return
        self._remember_layout()
        if self.playtest is not None:
            self.playtest.pause()
        self.settings.set_layout("geometry", self.saveGeometry())
        if self.problems_dialog is not None:
            self.problems_dialog.close()
        event.accept()
