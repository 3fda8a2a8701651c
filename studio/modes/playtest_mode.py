"""Playtest mode: the board dressed with the game's picture, and the docks that play it.

A playtest has its own board, built from the scenario it was started with: editing the map
afterwards does not change a game in progress. The session is the playtest's undo history;
Edit ▸ Undo and Redo call it while this mode is showing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPoint, Qt, QTimer
from PySide6.QtGui import QActionGroup, QTextDocumentFragment
from PySide6.QtWidgets import QDockWidget, QMenu, QToolBar

from engine.core.decision import Chance, Choice
from engine.core.moves import Action
from studio.board.pick import Picker
from studio.board.scene import BoardScene
from studio.board.view import BoardView
from studio.playtest.actions_panel import ActionsPanel
from studio.playtest.card_tips import BoardCardTips, CardTips
from studio.playtest.cards_panel import CardsPanel
from studio.playtest.controller import PlaytestController, Until
from studio.playtest.history_panel import HistoryPanel
from studio.playtest.log_panel import LogPanel
from studio.playtest.seats_panel import SeatsPanel

if TYPE_CHECKING:
    from studio.host import Window




class PlaytestMode(QObject):
    name = "playtest"

    def __init__(self, window: Window) -> None:
        super().__init__(window)
        self.window = window
        actions = window.actions
        self.controller: PlaytestController | None = None
        self.board: BoardScene | None = None
        self.view = BoardView()
        self.view.space_clicked.connect(self._board_clicked)
        self.view.space_hovered.connect(self._hovered)
        self.card_tips: CardTips | None = None
        BoardCardTips(self.view, lambda: self.card_tips)
        self.widget = self.view
        self.actions_panel = ActionsPanel()
        self.actions_panel.focus_spaces.connect(lambda spaces: self.board and self.board.set_focus(spaces))
        self.history_panel = HistoryPanel()
        self.log_panel = LogPanel()
        self.seats_panel = SeatsPanel()
        self.cards_panel = CardsPanel()
        self.docks: dict[str, QDockWidget] = {}
        # One column on the right, so the board keeps the window's full height: the decision on
        # top, and seats, history and log as tabs under it (each is read in turn, not together).
        for name, title, widget in (
            ("decision", "Decision", self.actions_panel),
            ("seats", "Seats", self.seats_panel),
            ("history", "History", self.history_panel),
            ("log", "Log", self.log_panel),
            ("cards", "Cards", self.cards_panel),
        ):
            dock = QDockWidget(title, window)
            dock.setObjectName(f"{name}_dock")  # saveState/restoreState find docks by name
            dock.setWidget(widget)
            window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            self.docks[name] = dock
        window.tabifyDockWidget(self.docks["seats"], self.docks["history"])
        window.tabifyDockWidget(self.docks["history"], self.docks["log"])
        window.tabifyDockWidget(self.docks["log"], self.docks["cards"])
        self.docks["seats"].raise_()
        self.toolbar = QToolBar("Play")
        self.toolbar.setObjectName("play_toolbar")
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toolbar.addActions([actions.undo, actions.redo])
        self.toolbar.addSeparator()
        self.toolbar.addActions([actions.step, actions.turn, actions.bots, actions.pause])
        self.toolbar.addSeparator()
        self.toolbar.addAction(actions.fit)
        window.addToolBar(self.toolbar)
        self.view_as = QActionGroup(self)
        self.view_as.triggered.connect(lambda action: self.controller and self.controller.set_viewer(action.data()))
        self.view_as_menu = QMenu("View &As")
        actions.bookmark.triggered.connect(lambda: self.history_panel.ask_bookmark(self.here()))
        actions.note.triggered.connect(lambda: self.history_panel.ask_note(self.here()))
        actions.step.triggered.connect(lambda: self.controller and self.controller.step())
        actions.roll.triggered.connect(lambda: self.controller and self.controller.roll())
        actions.roll_again.triggered.connect(lambda: self.controller and self.controller.roll(True))
        actions.step_again.triggered.connect(lambda: self.controller and self.controller.step(True))
        actions.turn.triggered.connect(lambda: self.run(Until.TURN))
        actions.round.triggered.connect(lambda: self.run(Until.ROUND))
        actions.bots.triggered.connect(lambda: self.run(Until.PERSON))
        actions.pause.triggered.connect(lambda: self.controller and self.controller.pause())

    def here(self) -> int:
        return self.controller.session.current if self.controller else 0

    def run(self, until: Until) -> None:
        if self.controller is not None:
            self.controller.run(until)

    # -- installing and dropping ---------------------------------------------------------------

    def install(self, controller: PlaytestController, base_dir, board: BoardScene | None = None) -> None:
        """Show ``controller``'s game on a board of its own scenario (the caller has asked);
        ``board`` is that scene when the caller built it already."""
        self.drop()
        controller.setParent(self)
        self.controller = controller
        scenario = controller.session.scenario
        self.board = board or BoardScene(scenario, base_dir)
        self.view.setScene(self.board)
        self.view.fit()
        self.actions_panel.space_name = {space.id: space.name for space in scenario.board.spaces}
        tips = CardTips(scenario, base_dir)
        self.card_tips = tips
        for panel in (self.actions_panel, self.log_panel, self.seats_panel, self.cards_panel):
            panel.card_tips = tips
        for panel in (self.actions_panel, self.history_panel, self.log_panel, self.cards_panel):
            panel.set_controller(controller)
        self.seats_panel.set_controller(controller, self.board.legend)
        self.view_as_menu.clear()
        for seat, name in [(None, "Designer (sees everything)"),
                           *((number, seat.name) for number, seat in enumerate(controller.session.seats))]:
            action = self.view_as_menu.addAction(name)
            action.setCheckable(True)
            action.setData(seat)
            action.setChecked(seat == controller.viewer)
            self.view_as.addAction(action)
        controller.changed.connect(self._changed)
        controller.viewer_changed.connect(self._viewer_changed)
        controller.modified_changed.connect(lambda _: self.window.refresh())
        controller.running_changed.connect(lambda _: self.window.refresh())
        controller.message.connect(lambda text: self.window.statusBar().showMessage(text, 8000))
        self._changed()
        self.take_focus()

    def take_focus(self) -> None:
        """The playtest's keys (F5, F9, F10) work at once, without a click first: the window is
        made active and the board takes the keyboard (issue 28). Asked again once the event
        loop turns, as the dialog that started the playtest may be closing still."""
        self._focus()
        QTimer.singleShot(0, self._focus)

    def _focus(self) -> None:
        if self.controller is not None:
            self.window.activateWindow()
            self.view.setFocus(Qt.FocusReason.OtherFocusReason)

    def drop(self) -> None:
        controller = self.controller
        if controller is None:
            return
        controller.pause()
        self.controller = None
        for panel in (self.actions_panel, self.history_panel, self.log_panel, self.seats_panel, self.cards_panel):
            panel.set_controller(None)
        for action in self.view_as.actions():
            self.view_as.removeAction(action)
        self.view_as_menu.clear()
        controller.deleteLater()
        self.view.setScene(None)
        self.board = None

    # -- what it shows ---------------------------------------------------------------------------

    def _changed(self) -> None:
        self._show_board()
        self.window.refresh()

    def _viewer_changed(self) -> None:
        for action in self.view_as.actions():
            action.setChecked(action.data() == (self.controller.viewer if self.controller else None))
        self._changed()

    def _show_board(self) -> None:
        """Dress the board with the playtest's picture and ring the clickable spaces."""
        controller, board = self.controller, self.board
        if controller is None or board is None:
            return
        board.show_picture(controller.picture(), controller.session.seats)
        decision = controller.decision()
        targets: list[str] = []
        if isinstance(decision, Choice) and controller.sees_choice(decision):
            targets = [space for action in decision.actions for space in action.spaces]
        board.set_targets(targets)

    def refresh(self, showing: bool) -> str:
        """Enable this mode's actions; returns the position text for the status bar."""
        actions, controller = self.window.actions, self.controller
        for action in (actions.bookmark, actions.note, actions.step, actions.step_again, actions.turn, actions.round,
                       actions.bots):
            action.setEnabled(controller is not None and showing)
        actions.pause.setEnabled(bool(controller and controller.running))
        self.view_as_menu.setEnabled(controller is not None)
        if controller is None:
            actions.roll.setEnabled(False)
            actions.roll_again.setEnabled(False)
            return ""
        chance = showing and isinstance(controller.decision(), Chance)
        actions.roll.setEnabled(chance)
        actions.roll_again.setEnabled(chance)
        picture = controller.picture()
        actions.round.setText(f"Play to End of {picture.round}" if picture.round else "Play to End of Round")
        step = controller.session.step
        parts = [f"step {step.depth}", f"{len(controller.session.steps) - 1} in the tree"]
        if picture.round:
            parts.insert(0, picture.round)
        if controller.viewer is not None:
            parts.append(f"viewing as {controller.seat_name(controller.viewer)}")
        return " · ".join(parts)

    def _hovered(self, space: str) -> None:
        if not space or self.board is None:
            self.window.hover_info.clear()
            return
        text = QTextDocumentFragment.fromHtml(self.board.tooltip(space).replace("<hr>", "<br>")).toPlainText()
        self.window.hover_info.setText(text.replace("\n", " · "))

    def _board_clicked(self, space: str, where: QPoint) -> None:
        if self.controller is None or self.board is None:
            return
        actions, reason = [], ""
        for target in self._meant(space, where):
            found, why = self.controller.actions_at(target, self.board.name(target))
            actions += [action for action in found if action not in actions]
            reason = reason or why
        if not actions:
            self.window.statusBar().showMessage(reason, 8000)
            return
        action = actions[0] if len(actions) == 1 else self.window.choose_action(actions, where)
        if action is not None:
            self.controller.play(action)

    def _meant(self, space: str, where: QPoint) -> list[str]:
        """The targets a click may mean (``pick``): the one under it, a small target whose name
        and markers are drawn there (often over a neighbour), or, where several meet, all of
        them, whose moves are offered in a menu (issue 28). No target near: the space itself."""
        decision = self.controller.decision() if self.controller else None
        if not isinstance(decision, Choice) or not self.controller.sees_choice(decision) or self.board is None:
            return [space]
        targets = {target for action in decision.actions for target in action.spaces}
        picker = Picker(self.view, self.board, targets)
        return picker.candidates(self.view.viewport().mapFromGlobal(where)) or [space]

    def choose(self, actions: list[Action], where: QPoint) -> Action | None:
        """Several legal actions on one space (conquer by land or by fleet): ask which."""
        menu = QMenu(self.window)
        for action in actions:
            menu.addAction(str(action)).setData(actions.index(action))
        chosen = menu.exec(where)
        return actions[chosen.data()] if chosen is not None else None
