"""The Map mode's docks and data actions, assembled apart from its drawing tools.

The Space, Regions and Problems docks, and the actions that derive connections, set the
background, trace it, and import or export SVG and PNG. The mode makes one ``MapPanels`` and
tells it the document and the selection; the panels ask the mode to select what a clicked
problem names.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRectF, QSize, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QInputDialog, QScrollArea, QWidget

from engine.core.text import plural
from engine.scenario.paths import PathError, get_value, parse
from engine.scenario.problems import Problem, ScenarioError
from studio.document import ScenarioDocument
from studio.map.background import BackgroundPanel
from studio.map.problems import ProblemsPanel
from studio.map.properties import SpaceProperties
from studio.map.regions import RegionsPanel

if TYPE_CHECKING:
    from studio.map.host import MapHost


class _Pane(QScrollArea):
    """A dock's content that scrolls rather than asking the window for room: the window may be
    made (and restored) small while the map's docks are there."""

    def sizeHint(self) -> QSize:
        return QSize(260, 160)

    def minimumSizeHint(self) -> QSize:
        return QSize(40, 24)


class MapPanels(QObject):
    def __init__(self, mode: MapHost) -> None:
        super().__init__(mode)
        self.mode = mode
        window = mode.window
        self.document: ScenarioDocument | None = None
        self.properties = SpaceProperties()
        self.regions = RegionsPanel(lambda: list(getattr(self.mode, "selection", self.clicked)))
        self.problems = ProblemsPanel()
        self.background = BackgroundPanel(window.settings.store)
        self.background.choose_button.clicked.connect(self.choose_background)
        self.background.opacity_changed.connect(self._show_background)
        self.background.trace_requested.connect(self.trace_background)
        self.background.refused.connect(lambda error: window.show_problems(
            "Choose Image", f"{error.source} was not made the background:", error.problems))
        self.problems.located.connect(self.find)
        for panel in (self.properties, self.regions, self.background):
            panel.message.connect(lambda text: window.statusBar().showMessage(text, 8000))
        # The docks are made with the first scenario: a window restored small before any file is
        # open would otherwise be enlarged to make room for them.
        self.docks = mode.docks
        self.derive_action = QAction("&Derive Connections…", self)
        self.derive_action.setToolTip("Work out land and sea connections from the borders, as a diff to accept")
        self.derive_action.triggered.connect(self.derive_connections)
        self.import_svg_action = QAction("&Import SVG…", self)
        self.import_svg_action.setToolTip("Add the shapes of an SVG drawing as spaces, its layers as regions")
        self.import_svg_action.triggered.connect(self.import_svg)
        self.export_svg_action = QAction("Export S&VG…", self)
        self.export_svg_action.setToolTip("Write the board as a clean SVG: a layer per region, spaces by id")
        self.export_svg_action.triggered.connect(self.export_svg)
        self.export_png_action = QAction("Export &PNG…", self)
        self.export_png_action.setToolTip("Write the board as a picture of a chosen width")
        self.export_png_action.triggered.connect(self.export_png)
        self.actions: list[QAction] = [self.derive_action]
        self.file_actions = [self.import_svg_action, self.export_svg_action, self.export_png_action]
        self.clicked: list[str] = []  # the space last clicked, while the mode keeps no selection
        mode.view.space_clicked.connect(self._clicked)

    def _dock(self, title: str, name: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self.mode.window)
        dock.setObjectName(name)
        scroll = _Pane()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(widget)
        dock.setWidget(scroll)
        self.mode.window.addDockWidget(area, dock)
        dock.hide()
        return dock

    def _make_docks(self) -> None:
        if self.docks.get("space") is not None:
            return
        self.docks.update({
            "space": self._dock("Space", "space_dock", self.properties, Qt.DockWidgetArea.LeftDockWidgetArea),
            "regions": self._dock("Regions", "regions_dock", self.regions, Qt.DockWidgetArea.LeftDockWidgetArea),
            "background": self._dock("Background", "background_dock", self.background,
                                     Qt.DockWidgetArea.LeftDockWidgetArea),
            "problems": self._dock("Problems", "problems_dock", self.problems, Qt.DockWidgetArea.LeftDockWidgetArea),
        })
        self.mode.window.tabifyDockWidget(self.docks["space"], self.docks["regions"])
        self.mode.window.tabifyDockWidget(self.docks["regions"], self.docks["background"])
        self.docks["space"].raise_()
        for dock in self.docks.values():  # tabifying shows them; the window shows them with a file
            dock.hide()

    def install(self, document: ScenarioDocument | None) -> None:
        if document is not None:
            self._make_docks()
        if self.document is not None:
            self.document.board_changed.disconnect(self._show_background)
        self.document = document
        if document is not None:
            document.board_changed.connect(self._show_background)
        self.background.set_document(document)
        self.properties.set_document(document)
        self.regions.set_document(document)
        self.problems.set_document(document)
        for action in self.actions + self.file_actions:
            action.setEnabled(document is not None)

    def _clicked(self, space_id: str, _: object = None) -> None:
        self.regions.clicked(space_id)
        self.clicked = [space_id] if space_id else []
        if not hasattr(self.mode, "selection"):
            self.selection_changed(self.clicked)

    def selection_changed(self, space_ids: list[str]) -> None:
        if space_ids != self.properties.space_ids:
            self.properties.show_spaces(space_ids)

    # -- actions ---------------------------------------------------------------------------

    def derive_connections(self) -> None:
        # the adjacency derivation, for this action alone
        from studio.map import adjacency_dialog

        if self.document is not None:
            changed = adjacency_dialog.derive_connections(self.document, self.mode.window)
            self.mode.window.statusBar().showMessage(f"{plural(changed, 'connection')} changed", 5000)

    def _folder(self) -> Path:
        """Where a file dialog starts: beside the scenario, or at home while it is untitled (its
        own folder then is a scratch one the designer never sees)."""
        return self.document.path.parent if self.document is not None and self.document.path else Path.home()

    def import_svg(self) -> None:
        from studio.map import exchange  # svgelements, for this action alone

        window = self.mode.window
        path = window.ask_path("Import SVG", self._folder(), "SVG drawings (*.svg)", saving=False)
        if path is None or self.document is None:
            return
        try:
            drawn = exchange.import_svg(self.document, path)
        except ScenarioError as error:
            window.show_problems("Import SVG", f"{path.name} was not imported:", error.problems)
            return
        said = f"{plural(len(drawn.spaces), 'space')} imported from {path.name}"
        window.statusBar().showMessage(said + (f", {plural(len(drawn.skipped), 'shape')} skipped" if drawn.skipped
                                               else ""), 8000)
        if drawn.skipped:
            window.show_problems("Import SVG", f"{said}; these shapes are no space and were skipped:",
                                 drawn.skipped, warning_only=True)
        if self.mode.board is not None:
            self.mode.view.fit()

    def export_svg(self) -> None:
        from studio.map import exchange

        window = self.mode.window
        path = window.ask_path("Export SVG", self._folder() / "board.svg", "SVG drawings (*.svg)", saving=True)
        if path is None or self.document is None:
            return
        try:
            exchange.export_svg(self.document, path)
        except OSError as error:
            window.show_problems("Export SVG", f"{path.name} was not written:", [Problem("", str(error))])

    def export_png(self) -> None:
        from studio.map import exchange

        window = self.mode.window
        if self.mode.board is None:
            return
        width, chosen = QInputDialog.getInt(window, "Export PNG", "Width in pixels:", 2400, 16, 20000, 100)
        if not chosen:
            return
        path = window.ask_path("Export PNG", self._folder() / "board.png", "PNG images (*.png)", saving=True)
        if path is None:
            return
        try:
            exchange.export_png(self.mode.board, path, width)
        except ScenarioError as error:
            window.show_problems("Export PNG", f"{path.name} was not written:", error.problems)
        except OSError as error:
            window.show_problems("Export PNG", f"{path.name} was not written:", [Problem("", str(error))])

    def choose_background(self) -> None:
        path = self.mode.window.ask_path("Background Image", self._folder(),
                                         "Images (*.png *.jpg *.jpeg *.bmp *.gif *.tif *.tiff *.webp)", saving=False)
        if path is not None:
            self.background.choose(path)

    def _show_background(self, *_: object) -> None:
        board = self.mode.board
        if board is not None and self.document is not None:
            board.show_background(self.document.base_dir, self.background.opacity.value() / 100)

    def trace_background(self) -> None:
        # scikit-image and Pillow, for this action alone
        from studio.map import trace_dialog

        if self.document is not None:
            try:
                said = trace_dialog.trace_background(self.document, self.mode.window)
            except ScenarioError as error:
                self.mode.window.show_problems("Trace", f"{error.source} cannot be traced:", error.problems)
                return
            if said:
                self.mode.window.statusBar().showMessage(said, 8000)

    def find(self, path: str) -> None:
        """Select the spaces a problem's path names (a space, or a connection's two ends)."""
        if self.document is None:
            return
        steps = [name for _, name in parse(path)]
        ids: list[str] = []
        if steps[:2] == ["board", "spaces"] and len(steps) > 2:
            ids = [steps[2]]
        elif steps[:2] == ["board", "connections"] and len(steps) > 2:
            try:
                connection = get_value(self.document.scenario, f"board.connections[{steps[2]}]")
                ids = [connection.a, connection.b]
            except PathError:
                ids = []
        elif steps[:2] == ["board", "regions"] and len(steps) > 2:
            ids = [space.id for space in self.document.scenario.board.spaces if space.region == steps[2]]
        known = {space.id for space in self.document.scenario.board.spaces}
        ids = [space_id for space_id in ids if space_id in known]
        if not ids:
            self.mode.window.statusBar().showMessage(f"{path}: not on the map", 5000)
            return
        select = getattr(self.mode, "select", None)
        if select is not None:
            select(ids)
        self.selection_changed(ids)
        board = self.mode.board
        if board is not None:
            area = QRectF()
            for space in self.document.scenario.board.spaces:
                if space.id in ids and space.polygon:
                    xs, ys = [p[0] for p in space.polygon], [p[1] for p in space.polygon]
                    area = area.united(QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
            if not area.isEmpty():
                self.mode.view.centerOn(area.center())
