"""The main window: it assembles the parts and asks the questions.

The parts: the action catalogue (``actions.py``), the open files (``documents.py``), and one
module per mode (``modes/``: map, cards, playtest), each with its page, docks and toolbar.
The window holds at most one scenario being edited and, on top of it, at most one playtest.
This module is the frame (menus, modes, docks, what is enabled); the file actions (open, save,
recent files, drafts) are in ``file_actions.py``, the Play menu's in ``play_actions.py`` and
the questions in ``questions.py``, each mixed into the window.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QActionGroup, QCloseEvent, QShowEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QTabBar,
    QToolBar,
    QUndoView,
)

from engine.core.moves import Action
from engine.rulesets.registry import get_ruleset
from engine.scenario.model import Scenario
from studio.actions import ActionCatalogue
from studio.board.scene import BoardScene
from studio.board.view import BoardView
from studio.documents import Documents
from studio.file_actions import FileActions
from studio.help import GuideDialog, KeysDialog
from studio.host import Mode
from studio.modes.cards_mode import CardsMode
from studio.modes.map_mode import MapMode
from studio.modes.playtest_mode import PlaytestMode
from studio.plain import plain_label, tooltip
from studio.play_actions import PlayActions
from studio.playtest.controller import PlaytestController
from studio.problems_dialog import ProblemsDialog
from studio.questions import Questions
from studio.scenario_settings import ScenarioSettingsDialog
from studio.settings import StudioSettings
from studio.start_page import StartPage

APP_NAME = "Epoch Studio"


class MainWindow(FileActions, PlayActions, Questions, QMainWindow):
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
        self.mode: Mode = self.map_mode
        for mode in self.modes:
            self.pages.addWidget(mode.widget)
        self.undo_view = QUndoView(self.documents.undo_group)
        self.undo_view.setEmptyLabel("<opened>")
        self.undo_dock = QDockWidget("Undo History", self)
        self.undo_dock.setObjectName("undo_dock")
        self.undo_dock.setWidget(self.undo_view)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.undo_dock)
        self._dock_sizes_pending: Mode | None = None
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

    def mode_docks(self, mode: Mode) -> dict[str, QDockWidget]:
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

    def _show_mode(self, mode: Mode, remember: bool = True) -> None:
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
        QTimer.singleShot(0, self._hide_idle_tab_bars)  # once the layout has placed its tab strips
        self.refresh()

    def _hide_idle_tab_bars(self) -> None:
        """Qt leaves the tab strip of a group of tabbed docks on screen after every dock of the
        group was hidden (the map's Space, Regions and Background over the playtest's board,
        once the map's layout had been shown twice); a strip none of whose docks shows goes."""
        shown = {dock.windowTitle() for dock in self.findChildren(QDockWidget) if dock.isVisible()}
        for bar in self.findChildren(QTabBar):
            if bar.parent() is self and bar.count() and not any(bar.tabText(i) in shown for i in range(bar.count())):
                bar.hide()

    def _default_layout(self, mode: Mode) -> None:
        """A mode's docks the first time it shows: all of them, the first tab of each group up."""
        for dock in self.mode_docks(mode).values():
            dock.show()
        if mode is self.playtest_mode:
            mode.docks["seats"].raise_()
        elif "space" in mode.docks:
            mode.docks["space"].raise_()
        self._size_docks(mode)

    def _size_docks(self, mode: Mode) -> None:
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

    def _about(self) -> None:
        QMessageBox.about(self, f"About {APP_NAME}",
                          f"<b>{APP_NAME}</b><p>Design and playtest map-and-card history board games: "
                          "one scenario file, any registered ruleset, step by step with undo and branches.")

    # -- questions (tests replace these; the rest are in ``questions.py``) -------------------

    def choose_action(self, actions: list[Action], where: QPoint) -> Action | None:
        return self.playtest_mode.choose(actions, where)

    def show_problems_dock(self) -> None:
        """The Map mode with its Problems dock up: a click on a problem there finds it."""
        self._show_mode(self.map_mode)
        dock = self.map_mode.panels.docks["problems"]
        dock.show()
        dock.raise_()

    # -- what is open (the file and Play menus' actions are in ``file_actions.py`` and
    # ``play_actions.py``) ------------------------------------------------------------------

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

    def edit_settings(self) -> None:
        """Scenario ▸ Settings: what is not the map or a card, changed as one undo step."""
        document = self.documents.document
        if document is None:
            return
        dialog = ScenarioSettingsDialog(document.scenario, self)
        if self.run_dialog(dialog):
            document.set_values(dialog.changes(), "Change scenario settings")
            self.refresh()

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
