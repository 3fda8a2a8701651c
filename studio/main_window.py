"""The main window: menus, the board in the middle, playtest docks around it, and files.

It holds at most one scenario and, on top of it, at most one playtest. Opening a file reads
it completely before anything changes, so a broken file only shows its problems and leaves
the window as it was. Layout, docks and recent files are remembered through StudioSettings.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QKeySequence,
    QShowEvent,
    QTextDocumentFragment,
)
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDockWidget,
    QFileDialog,
    QGridLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QStackedWidget,
    QStyle,
    QToolBar,
    QWidget,
)

from engine.bots import BOTS
from engine.core.decision import Chance, Choice
from engine.core.errors import IllegalAction
from engine.core.moves import Action
from engine.play.playtest import KIND as PLAYTEST_KIND
from engine.play.session import Session
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario, parse_json, read_text, save_scenario
from engine.scenario.model import Scenario
from engine.scenario.problems import Problem, ScenarioError
from studio.board.scene import BoardScene
from studio.board.view import BoardView
from studio.playtest.actions_panel import ActionsPanel
from studio.playtest.controller import PlaytestController, Until
from studio.playtest.history_panel import HistoryPanel
from studio.playtest.log_panel import LogPanel
from studio.playtest.new_playtest_dialog import NewPlaytestDialog, PlaytestSetup
from studio.playtest.seats_panel import SeatsPanel
from studio.problems_dialog import ProblemsDialog
from studio.settings import StudioSettings
from studio.start_page import StartPage

APP_NAME = "Epoch Studio"
FILE_FILTER = "Scenarios and playtests (*.json);;All files (*)"
PLAYTEST_FILTER = "Playtests (*.playtest.json);;JSON files (*.json)"
SCENARIO_FILTER = "Scenarios (*.json)"


class Answer(Enum):
    """The answer to "save the changes?" before something would throw them away."""

    SAVE = "save"
    DISCARD = "discard"
    CANCEL = "cancel"


def is_playtest_file(path: Path) -> bool:
    """Whether a file says it is a playtest; anything unreadable is left to the scenario loader,
    which reports it with located problems."""
    try:
        data, problems = parse_json(read_text(path))
    except ScenarioError:
        return False
    return not problems and isinstance(data, dict) and data.get("kind") == PLAYTEST_KIND


class MainWindow(QMainWindow):
    def __init__(self, settings: StudioSettings | None = None) -> None:
        super().__init__()
        self.settings = settings or StudioSettings()
        self.scenario: Scenario | None = None
        self.scenario_path: Path | None = None
        self.board: BoardScene | None = None
        self.playtest: PlaytestController | None = None
        self.problems_dialog: ProblemsDialog | None = None
        self.setWindowTitle(APP_NAME)
        self.view = BoardView()
        self.view.space_clicked.connect(self._board_clicked)
        self.view.space_hovered.connect(self._hovered)
        self.start_page = StartPage()
        self.start_page.open_requested.connect(self.ask_open)
        self.start_page.recent_chosen.connect(self.open)
        self.pages = QStackedWidget()
        self.pages.addWidget(self.start_page)
        self.pages.addWidget(self.view)
        self.setCentralWidget(self.pages)
        # Hover details sit under the status bar's messages, which take over while they last:
        # moving the mouse does not wipe out why a click did nothing.
        self.hover_info = QLabel()
        self.statusBar().addWidget(self.hover_info, 1)
        self.position = QLabel()
        self.statusBar().addPermanentWidget(self.position)
        self._docks()
        self._actions()
        self._menus()
        self._toolbar()
        geometry = self.settings.layout("geometry")
        if geometry is None or not self.restoreGeometry(geometry):
            self.resize(1360, 860)
        self._show_playtest_chrome(False)
        self._refresh_recent()
        self._update()

    # -- building the window ---------------------------------------------------------------

    def _docks(self) -> None:
        self.actions_panel = ActionsPanel()
        self.actions_panel.focus_spaces.connect(lambda spaces: self.board and self.board.set_focus(spaces))
        self.history_panel = HistoryPanel()
        self.log_panel = LogPanel()
        self.seats_panel = SeatsPanel()
        self.docks: dict[str, QDockWidget] = {}
        # One column on the right, so the board keeps the window's full height: the decision on
        # top, and seats, history and log as tabs under it (each is read in turn, not together).
        for name, title, widget in (
            ("decision", "Decision", self.actions_panel),
            ("seats", "Seats", self.seats_panel),
            ("history", "History", self.history_panel),
            ("log", "Log", self.log_panel),
        ):
            dock = QDockWidget(title, self)
            dock.setObjectName(f"{name}_dock")  # saveState/restoreState find docks by name
            dock.setWidget(widget)
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            self.docks[name] = dock
        self.tabifyDockWidget(self.docks["seats"], self.docks["history"])
        self.tabifyDockWidget(self.docks["history"], self.docks["log"])
        self.docks["seats"].raise_()
        self._dock_sizes_pending = False

    def _size_docks(self) -> None:
        """The default layout; sizes only take once the window is laid out, hence the flag."""
        if not self.isVisible():
            self._dock_sizes_pending = True
            return
        self._dock_sizes_pending = False
        self.resizeDocks([self.docks["decision"], self.docks["seats"]], [self.height() // 2, self.height() // 2],
                         Qt.Orientation.Vertical)
        self.resizeDocks([self.docks["decision"]], [max(340, self.width() // 4)], Qt.Orientation.Horizontal)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._dock_sizes_pending:
            self._size_docks()

    def _action(self, text: str, slot: object, shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
                icon: QStyle.StandardPixmap | None = None, tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if icon is not None:
            action.setIcon(self.style().standardIcon(icon))
        if tip:
            action.setToolTip(tip)
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        return action

    def _actions(self) -> None:
        key, pix = QKeySequence.StandardKey, QStyle.StandardPixmap
        self.new_action = self._action("&New Playtest…", self.new_playtest, key.New, pix.SP_FileIcon,
                                       "Start a playtest of the open scenario")
        self.open_action = self._action("&Open…", self.ask_open, key.Open, pix.SP_DialogOpenButton,
                                        "Open a scenario or a saved playtest")
        self.save_action = self._action("&Save", self.save, key.Save, pix.SP_DialogSaveButton, "Save the playtest")
        self.save_as_action = self._action("Save &As…", self.save_as, key.SaveAs)
        self.close_action = self._action("&Close", self.close_document, key.Close,
                                         tip="Close the playtest, or the scenario when no playtest is open")
        self.quit_action = self._action("&Quit", self.close, key.Quit)
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.undo_action = self._action("Undo", lambda: self.playtest and self.playtest.undo(), key.Undo,
                                        pix.SP_ArrowBack)
        self.redo_action = self._action("Redo", lambda: self.playtest and self.playtest.redo(), key.Redo,
                                        pix.SP_ArrowForward)
        self.bookmark_action = self._action("Add &Bookmark…", lambda: self.history_panel.ask_bookmark(self._here()),
                                            "Ctrl+D", tip="Name the current step")
        self.note_action = self._action("Edit &Note…", lambda: self.history_panel.ask_note(self._here()),
                                        "Ctrl+Shift+E", tip="Write a note on the current step")
        self.fit_action = self._action("&Fit to Window", self.view.fit, "Ctrl+0")
        self.zoom_in_action = self._action("Zoom &In", self.view.zoom_in, key.ZoomIn)
        self.zoom_out_action = self._action("Zoom &Out", self.view.zoom_out, key.ZoomOut)
        self.step_action = self._action("&Step", lambda: self.playtest and self.playtest.step(), "F10",
                                        pix.SP_MediaSkipForward,
                                        "Let the bot (or chance) take the next step; a person's seat waits for "
                                        "its person (F10)")
        self.roll_action = self._action("&Roll", lambda: self.playtest and self.playtest.roll(), "F9",
                                        tip="Let the seeded generator decide the chance step: the same "
                                            "outcome every time at this step (F9)")
        self.roll_again_action = self._action("Roll &Again", lambda: self.playtest and self.playtest.roll(True),
                                              "Shift+F9", tip="Draw the chance step afresh: what if the dice "
                                                              "came out otherwise? (Shift+F9)")
        self.step_again_action = self._action("Step With &Another Draw",
                                              lambda: self.playtest and self.playtest.step(True), "Shift+F10",
                                              tip="Let the bot or chance take the next step, drawing afresh "
                                                  "rather than as the seed gave it (Shift+F10)")
        self.turn_action = self._action("Play to End of &Turn", lambda: self._run(Until.TURN), "F11",
                                        pix.SP_MediaSeekForward, "Step until another seat is to play (F11)")
        self.round_action = self._action("Play to End of R&ound", lambda: self._run(Until.ROUND), "Shift+F11",
                                         tip="Step until the round (an epoch, say) changes (Shift+F11)")
        self.bots_action = self._action("Let &Bots Play", lambda: self._run(Until.PERSON), "F5",
                                        pix.SP_MediaPlay, "Step until a seat played by a person must choose (F5)")
        self.pause_action = self._action("&Pause", lambda: self.playtest and self.playtest.pause(), "F6",
                                         pix.SP_MediaPause, "Stop playing on (F6)")
        self.about_action = self._action("&About Epoch Studio", self._about)
        self.view_as = QActionGroup(self)
        self.view_as.triggered.connect(lambda action: self.playtest and self.playtest.set_viewer(action.data()))

    def _menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addActions([self.new_action, self.open_action])
        self.recent_menu = file_menu.addMenu("Open &Recent")
        file_menu.addSeparator()
        file_menu.addActions([self.save_action, self.save_as_action])
        file_menu.addSeparator()
        file_menu.addAction(self.close_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addActions([self.undo_action, self.redo_action])
        edit_menu.addSeparator()
        edit_menu.addActions([self.bookmark_action, self.note_action])
        view_menu = bar.addMenu("&View")
        view_menu.addActions([self.fit_action, self.zoom_in_action, self.zoom_out_action])
        view_menu.addSeparator()
        self.view_as_menu = view_menu.addMenu("View &As")
        view_menu.addSeparator()
        for dock in self.docks.values():
            view_menu.addAction(dock.toggleViewAction())
        self.play_menu = bar.addMenu("&Play")
        self.play_menu.addAction(self.new_action)
        self.play_menu.addSeparator()
        self.play_menu.addActions([self.step_action, self.step_again_action, self.roll_action,
                                   self.roll_again_action, self.turn_action, self.round_action,
                                   self.bots_action, self.pause_action])
        self.view_menu = view_menu
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.about_action)

    def _toolbar(self) -> None:
        self.play_toolbar = QToolBar("Play")
        self.play_toolbar.setObjectName("play_toolbar")
        self.play_toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.play_toolbar.addActions([self.undo_action, self.redo_action])
        self.play_toolbar.addSeparator()
        self.play_toolbar.addActions([self.step_action, self.turn_action, self.bots_action, self.pause_action])
        self.play_toolbar.addSeparator()
        self.play_toolbar.addAction(self.fit_action)
        self.addToolBar(self.play_toolbar)
        self.view_menu.addAction(self.play_toolbar.toggleViewAction())

    def _show_playtest_chrome(self, on: bool) -> None:
        """Docks and the play toolbar belong to a playtest; their layout is remembered for the next."""
        if on:
            state = self.settings.layout("playtest_state")
            if state is None or not self.restoreState(state):
                for dock in self.docks.values():
                    dock.show()
                self.docks["seats"].raise_()
                self.play_toolbar.show()
                self._size_docks()
        else:
            for dock in self.docks.values():
                dock.hide()
            self.play_toolbar.hide()
        for dock in self.docks.values():
            dock.toggleViewAction().setEnabled(on)
        self.play_toolbar.toggleViewAction().setEnabled(on)

    def _remember_playtest_layout(self) -> None:
        if self.playtest is not None:
            self.settings.set_layout("playtest_state", self.saveState())

    # -- what the window shows -------------------------------------------------------------

    def _here(self) -> int:
        return self.playtest.session.current if self.playtest else 0

    def _update(self) -> None:
        """Title, enabled actions, undo texts, status: everything that follows the documents."""
        playtest = self.playtest
        if playtest is not None:
            name = playtest.path.name if playtest.path else f"Untitled playtest of {self._scenario_name()}"
        else:
            name = self._scenario_name() if self.scenario else ""
        self.setWindowTitle(f"{name}[*] — {APP_NAME}" if name else APP_NAME)
        self.setWindowModified(bool(playtest and playtest.is_modified()))
        ready = self.scenario is not None and get_ruleset(self.scenario.ruleset.id) is not None
        self.new_action.setEnabled(ready)
        self.save_action.setEnabled(playtest is not None)
        # Only a playtest has something to save until the editors bring scenario edits.
        self.save_as_action.setEnabled(playtest is not None)
        self.close_action.setEnabled(self.scenario is not None)
        for action in (self.fit_action, self.zoom_in_action, self.zoom_out_action):
            action.setEnabled(self.scenario is not None)
        for action in (self.bookmark_action, self.note_action, self.step_action, self.step_again_action,
                       self.turn_action, self.round_action, self.bots_action):
            action.setEnabled(playtest is not None)
        self.undo_action.setEnabled(bool(playtest and playtest.session.can_undo()))
        self.redo_action.setEnabled(bool(playtest and playtest.session.can_redo()))
        for action, text in ((self.undo_action, playtest.undo_text() if playtest else "Undo"),
                             (self.redo_action, playtest.redo_text() if playtest else "Redo")):
            action.setText(text)  # the menu names the step; the toolbar keeps its short word
            action.setToolTip(text)
        self.undo_action.setIconText("Undo")
        self.redo_action.setIconText("Redo")
        self.pause_action.setEnabled(bool(playtest and playtest.running))
        self.view_as_menu.setEnabled(playtest is not None)
        if playtest is None:
            self.roll_action.setEnabled(False)
            self.roll_again_action.setEnabled(False)
            self.position.setText("")
            return
        self.roll_action.setEnabled(isinstance(playtest.decision(), Chance))
        self.roll_again_action.setEnabled(isinstance(playtest.decision(), Chance))
        picture = playtest.picture()
        self.round_action.setText(f"Play to End of {picture.round}" if picture.round else "Play to End of Round")
        step = playtest.session.step
        parts = [f"step {step.depth}", f"{len(playtest.session.steps) - 1} in the tree"]
        if picture.round:
            parts.insert(0, picture.round)
        if playtest.viewer is not None:
            parts.append(f"viewing as {playtest.seat_name(playtest.viewer)}")
        self.position.setText(" · ".join(parts))

    def _scenario_name(self) -> str:
        if self.scenario_path is not None:
            return self.scenario_path.name
        return self.scenario.meta.title if self.scenario else ""

    def _show_board(self) -> None:
        """Dress the board with the playtest's picture (or none) and ring the clickable spaces."""
        if self.board is None:
            return
        playtest = self.playtest
        if playtest is None:
            self.board.show_picture(None, [])
            self.board.set_targets([])
            return
        self.board.show_picture(playtest.picture(), playtest.session.seats)
        decision = playtest.decision()
        targets: list[str] = []
        if isinstance(decision, Choice) and playtest.sees_choice(decision):
            targets = [space for action in decision.actions for space in action.spaces]
        self.board.set_targets(targets)

    def _playtest_changed(self) -> None:
        self._show_board()
        self._update()

    def _hovered(self, space: str) -> None:
        if not space or self.board is None:
            self.hover_info.clear()
            return
        text = QTextDocumentFragment.fromHtml(self.board.tooltip(space).replace("<hr>", "<br>")).toPlainText()
        self.hover_info.setText(text.replace("\n", " · "))

    def _board_clicked(self, space: str, where: QPoint) -> None:
        if self.playtest is None or self.board is None:
            return
        actions, reason = self.playtest.actions_at(space, self.board.name(space))
        if not actions:
            self.statusBar().showMessage(reason, 8000)
            return
        action = actions[0] if len(actions) == 1 else self.choose_action(actions, where)
        if action is not None:
            self.playtest.play(action)

    def choose_action(self, actions: list[Action], where: QPoint) -> Action | None:
        """Several legal actions on one space (conquer by land or by fleet): ask which."""
        menu = QMenu(self)
        for action in actions:
            menu.addAction(str(action)).setData(actions.index(action))
        chosen = menu.exec(where)
        return actions[chosen.data()] if chosen is not None else None

    def _refresh_recent(self) -> None:
        files = self.settings.recent_files()
        self.recent_menu.clear()
        for number, path in enumerate(files, start=1):
            action = self.recent_menu.addAction(f"&{number % 10} {path.name}")
            action.setToolTip(str(path))
            action.triggered.connect(lambda _=False, path=path: self.open(path))
        if files:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("Clear Menu", self._clear_recent)
        self.recent_menu.setEnabled(bool(files))
        self.start_page.show_recent(files)

    def _clear_recent(self) -> None:
        self.settings.clear_recent()
        self._refresh_recent()

    def _about(self) -> None:
        QMessageBox.about(self, f"About {APP_NAME}",
                          f"<b>{APP_NAME}</b><p>Design and playtest map-and-card history board games: "
                          "one scenario file, any registered ruleset, step by step with undo and branches.")

    # -- questions (tests replace these) ---------------------------------------------------

    def ask_unsaved(self, name: str) -> Answer:
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self, "Unsaved playtest", f"Save the changes to {name} before closing it?",
            buttons.Save | buttons.Discard | buttons.Cancel, buttons.Save,
        )
        return {buttons.Save: Answer.SAVE, buttons.Discard: Answer.DISCARD}.get(answer, Answer.CANCEL)

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
        if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.selectedFiles():
            return None
        return Path(dialog.selectedFiles()[0])

    def run_dialog(self, dialog: QDialog) -> bool:
        return dialog.exec() == QDialog.DialogCode.Accepted

    def show_problems(self, title: str, summary: str, problems: list[Problem], warning_only: bool = False) -> None:
        """Non-modal, so the window stays usable and a test can read the list."""
        if self.problems_dialog is not None:
            self.problems_dialog.close()
        self.problems_dialog = ProblemsDialog(title, summary, problems, self, warning_only)
        self.problems_dialog.open()

    def confirm_discard(self) -> bool:
        """True when the open playtest may go: saved, unchanged, or the designer says so."""
        playtest = self.playtest
        if playtest is None or not playtest.is_modified():
            return True
        playtest.pause()
        answer = self.ask_unsaved(playtest.path.name if playtest.path else "the untitled playtest")
        if answer is Answer.SAVE:
            return self.save()
        return answer is Answer.DISCARD

    # -- files ---------------------------------------------------------------------------------

    def ask_open(self) -> None:
        start = self.settings.recent_files()[0].parent if self.settings.recent_files() else Path.cwd()
        path = self.ask_path("Open scenario or playtest", start, FILE_FILTER, saving=False)
        if path is not None:
            self.open(path)

    def open(self, path: Path) -> bool:
        """Open a scenario or a playtest. The file is read and checked completely first: a
        broken one lists its problems and nothing in the window changes."""
        path = Path(path)
        try:
            if is_playtest_file(path):
                playtest, mismatches = PlaytestController.open(path)
                scenario, scenario_path = playtest.session.scenario, playtest.scenario_path
            else:
                playtest, mismatches = None, []
                scenario, scenario_path = load_scenario(path, get_ruleset), path
        except ScenarioError as error:
            if any(problem.message == "file not found" for problem in error.problems):
                self.settings.remove_recent(path)
                self._refresh_recent()
            count = len(error.problems)
            found = "1 problem was found" if count == 1 else f"{count} problems were found"
            self.show_problems(f"Cannot open {path.name}",
                               f"<b>{path.name}</b> cannot be opened: {found}. Nothing has changed in the window.",
                               error.problems)
            return False
        if not self.confirm_discard():
            return False
        self._install(scenario, scenario_path, base_dir=path.parent)
        if playtest is not None:
            self._install_playtest(playtest)
        self.settings.add_recent(path)
        self._refresh_recent()
        if mismatches:
            self.show_problems(f"{path.name} replays differently", (
                f"<b>{path.name}</b> is open, but replaying it did not reproduce every recorded state: "
                "the rules or the scenario changed since it was saved."), mismatches, warning_only=True)
        self.statusBar().showMessage(self._summary(scenario), 10000)
        return True

    def _summary(self, scenario: Scenario) -> str:
        ruleset = get_ruleset(scenario.ruleset.id)
        rules = ruleset.title if ruleset else f"unknown ruleset {scenario.ruleset.id!r}"
        return (f"{scenario.meta.title} · {rules} · {len(scenario.board.spaces)} spaces · "
                f"{sum(len(deck.cards) for deck in scenario.decks)} cards · "
                f"{len(scenario.meta.provisional)} provisional values")

    def _install(self, scenario: Scenario, scenario_path: Path | None, base_dir: Path) -> None:
        """Show a scenario's board, closing whatever was open (the caller has asked)."""
        self._drop_playtest()
        self.scenario, self.scenario_path = scenario, scenario_path
        self.board = BoardScene(scenario, scenario_path.parent if scenario_path else base_dir)
        self.view.setScene(self.board)
        self.pages.setCurrentWidget(self.view)
        self.view.fit()
        self._update()

    def _install_playtest(self, playtest: PlaytestController) -> None:
        self._drop_playtest()
        playtest.setParent(self)
        self.playtest = playtest
        self.actions_panel.space_name = {space.id: space.name for space in playtest.session.scenario.board.spaces}
        for panel in (self.actions_panel, self.history_panel, self.log_panel):
            panel.set_controller(playtest)
        self.seats_panel.set_controller(playtest, self.board.legend if self.board else None)
        self.view_as_menu.clear()
        for seat, name in [(None, "Designer (sees everything)"),
                           *((number, seat.name) for number, seat in enumerate(playtest.session.seats))]:
            action = self.view_as_menu.addAction(name)
            action.setCheckable(True)
            action.setData(seat)
            action.setChecked(seat is None)
            self.view_as.addAction(action)
        playtest.changed.connect(self._playtest_changed)
        playtest.viewer_changed.connect(self._viewer_changed)
        playtest.modified_changed.connect(lambda _: self._update())
        playtest.running_changed.connect(lambda _: self._update())
        playtest.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self._show_playtest_chrome(True)
        self._playtest_changed()

    def _viewer_changed(self) -> None:
        for action in self.view_as.actions():
            action.setChecked(action.data() == (self.playtest.viewer if self.playtest else None))
        self._playtest_changed()

    def _drop_playtest(self) -> None:
        playtest = self.playtest
        if playtest is None:
            return
        self._remember_playtest_layout()
        playtest.pause()
        self.playtest = None
        for panel in (self.actions_panel, self.history_panel, self.log_panel, self.seats_panel):
            panel.set_controller(None)
        for action in self.view_as.actions():
            self.view_as.removeAction(action)
        self.view_as_menu.clear()
        playtest.deleteLater()
        self._show_playtest_chrome(False)
        self._show_board()

    def new_playtest(self) -> None:
        scenario = self.scenario
        ruleset = get_ruleset(scenario.ruleset.id) if scenario else None
        if scenario is None or ruleset is None:
            return
        if len(scenario.seats) < ruleset.min_players:
            QMessageBox.warning(self, "New Playtest", f"{ruleset.title} needs {ruleset.min_players} seats; "
                                f"the scenario has {len(scenario.seats)}.")
            return
        dialog = NewPlaytestDialog(scenario, ruleset, self)
        if self.run_dialog(dialog):
            self.start_playtest(dialog.setup())

    def start_playtest(self, setup: PlaytestSetup) -> bool:
        scenario = self.scenario
        ruleset = get_ruleset(scenario.ruleset.id) if scenario else None
        if scenario is None or ruleset is None or not self.confirm_discard():
            return False
        try:
            session = Session(scenario, ruleset, setup.seats, setup.options, setup.seed, setup.controllers, BOTS)
            session.decision()
        except (ValueError, IllegalAction) as error:
            QMessageBox.warning(self, "New Playtest", f"The playtest cannot start: {error}")
            return False
        self._install_playtest(PlaytestController(session, self.scenario_path))
        return True

    def save(self) -> bool:
        """Save the playtest where it was opened or last saved, or ask where."""
        playtest = self.playtest
        if playtest is None:
            return False
        if playtest.path is None:
            return self.save_as()
        return self._save_playtest(playtest.path)

    def save_as(self) -> bool:
        if self.playtest is not None:
            start = self.playtest.path or self._beside_scenario(".playtest.json")
            embed = QCheckBox("Embed a copy of the scenario: the playtest then opens in any folder, "
                              "without the scenario file")
            embed.setChecked(self.playtest.embed_scenario)
            embed.setEnabled(self.playtest.scenario_path is not None)  # no file: always embedded
            path = self.ask_path("Save playtest", start, PLAYTEST_FILTER, saving=True, extra=embed)
            if path is None:
                return False
            self.playtest.embed_scenario = embed.isChecked()
            return self._save_playtest(path)
        if self.scenario is not None:
            path = self.ask_path("Save scenario as", self._beside_scenario(".json"), SCENARIO_FILTER, saving=True)
            return path is not None and self._save_scenario(path)
        return False

    def _beside_scenario(self, suffix: str) -> Path:
        if self.scenario_path is not None:
            return self.scenario_path.with_name(self.scenario_path.stem + suffix)
        return Path.cwd() / f"untitled{suffix}"

    def _save_playtest(self, path: Path) -> bool:
        assert self.playtest is not None
        try:
            self.playtest.save(path)
        except OSError as error:
            QMessageBox.critical(self, "Cannot save", f"{path} could not be written: {error.strerror or error}")
            return False
        self.settings.add_recent(path)
        self._refresh_recent()
        self.statusBar().showMessage(f"Saved {path.name}", 5000)
        self._update()
        return True

    def _save_scenario(self, path: Path) -> bool:
        assert self.scenario is not None
        try:
            save_scenario(self.scenario, path, get_ruleset)
        except OSError as error:
            QMessageBox.critical(self, "Cannot save", f"{path} could not be written: {error.strerror or error}")
            return False
        self.scenario_path = path
        self.settings.add_recent(path)
        self._refresh_recent()
        self._update()
        return True

    def close_document(self) -> bool:
        """Close the playtest; with none open, close the scenario and show the start page."""
        if not self.confirm_discard():
            return False
        if self.playtest is not None:
            self._drop_playtest()
        else:
            self.view.setScene(None)
            self.board = None
            self.scenario, self.scenario_path = None, None
            self.pages.setCurrentWidget(self.start_page)
        self._update()
        return True

    def _run(self, until: Until) -> None:
        if self.playtest is not None:
            self.playtest.run(until)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.confirm_discard():
            event.ignore()
            return
        self._remember_playtest_layout()
        if self.playtest is not None:
            self.playtest.pause()
        self.settings.set_layout("geometry", self.saveGeometry())
        if self.problems_dialog is not None:
            self.problems_dialog.close()
        event.accept()
