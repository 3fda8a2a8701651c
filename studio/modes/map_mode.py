"""Map mode: the board of the scenario being edited, following the document's signals.

A changed space updates its own items; the scene is only built when a scenario is opened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QTextDocumentFragment
from PySide6.QtWidgets import QDockWidget, QToolBar

from studio.board.scene import BoardScene
from studio.board.view import BoardView
from studio.document import ScenarioDocument

if TYPE_CHECKING:
    from studio.main_window import MainWindow


class MapMode(QObject):
    name = "map"

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.document: ScenarioDocument | None = None
        self.board: BoardScene | None = None
        self.view = BoardView()
        self.view.space_hovered.connect(self._hovered)
        self.widget = self.view
        self.docks: dict[str, QDockWidget] = {}
        self.toolbar = QToolBar("Map")
        self.toolbar.setObjectName("map_toolbar")
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self.toolbar.addActions([window.actions.undo, window.actions.redo])
        self.toolbar.addSeparator()
        self.toolbar.addAction(window.actions.fit)
        window.addToolBar(self.toolbar)

    def install(self, document: ScenarioDocument | None, board: BoardScene | None = None) -> None:
        """Edit ``document``'s board (None: nothing to edit); ``board`` is its scene when the
        caller built it already (opening a file builds it before anything changes)."""
        self.document = document
        if document is None:
            self.view.setScene(None)
            self.board = None
            return
        self.board = board or BoardScene(document.scenario, document.base_dir)
        self.view.setScene(self.board)
        self.view.fit()
        document.space_changed.connect(self._space_changed)
        document.space_renamed.connect(lambda old, new: self.board and self.board.rename_space(old, new))
        document.spaces_changed.connect(lambda: self.board and self.board.sync_spaces())
        document.regions_changed.connect(lambda: self.board and self.board.refresh_regions())
        document.connections_changed.connect(lambda: self.board and self.board.refresh_connections())

    def _space_changed(self, space_id: str) -> None:
        if self.board is not None and self.document is not None:
            self.board.refresh_space(self.document.scenario.board.space(space_id))

    def refresh(self, showing: bool) -> str:
        """The position text for the status bar while this mode shows."""
        if self.document is None:
            return ""
        board = self.document.scenario.board
        return f"{len(board.spaces)} spaces · {len(board.regions)} regions · {len(board.connections)} connections"

    def _hovered(self, space: str) -> None:
        if not space or self.board is None:
            self.window.hover_info.clear()
            return
        text = QTextDocumentFragment.fromHtml(self.board.tooltip(space)).toPlainText()
        self.window.hover_info.setText(text.replace("\n", " · "))
