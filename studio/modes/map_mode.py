"""Map mode: the board of the scenario being edited, its tools, and the document's signals.

A changed space updates its own items; the scene is only built when a scenario is opened. The
tools (``studio/map/tools.py``, ``drawing_tools.py``) turn the mouse into edits, with the
snapping here; the actions on the selection (merge, delete, turn, scale, nudge) are in
``map_edits.py``. Every edit is one undo step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

import attrs
from PySide6.QtCore import QObject, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QKeySequence,
    QPolygonF,
    QTextDocumentFragment,
)
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QDoubleSpinBox,
    QMenu,
    QToolBar,
)
from shapely.errors import GEOSException

from engine.core.text import plural
from engine.rulesets.registry import get_ruleset
from engine.scenario.model import Board, Connection, ConnectionKind, Space
from engine.scenario.starters import kinds_used
from studio.board.scene import BoardScene
from studio.board.view import BoardView
from studio.document import ScenarioDocument
from studio.map import geometry
from studio.map.drawing_tools import ConnectTool, DrawTool, LabelTool, SplitTool
from studio.map.editing import MapEditor
from studio.map.geometry import GeometryError, Point
from studio.map.overlay import EditorOverlay
from studio.map.panels import MapPanels
from studio.map.tools import CornerTool, SelectTool, Tool, xy
from studio.modes.map_edits import MapEdits

if TYPE_CHECKING:
    from studio.host import Window

T = TypeVar("T")
SNAP_PIXELS = 10.0  # the snap tolerance, on screen: the same reach at every zoom
NUDGE, NUDGE_FAR = 1.0, 10.0  # board units per arrow key, with Shift (Inkscape: 2 px and 20 px)
TURN, TURN_FAR = 15.0, 90.0  # degrees per [ or ], with Ctrl (Inkscape)
SCALE = 1.1  # per , or .
VIEW_KEYS = Qt.ShortcutContext.WidgetWithChildrenShortcut  # keys that act only while the board has focus


class MapMode(MapEdits, QObject):
    name = "map"

    def __init__(self, window: Window) -> None:
        super().__init__(window)
        self.window = window
        self.document: ScenarioDocument | None = None
        self.board: BoardScene | None = None
        self.editor: MapEditor | None = None
        self.overlay: EditorOverlay | None = None
        self.selection: list[str] = []
        self._key_run: tuple[str, tuple[str, ...], str, dict, float, int] | None = None
        self.view = BoardView()
        self.view.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.view.space_hovered.connect(self._hovered)
        self.widget = self.view
        self.docks: dict[str, QDockWidget] = {}
        self.tools: dict[str, Tool] = {tool.name: tool for tool in (
            SelectTool(self), CornerTool(self), DrawTool(self), SplitTool(self), ConnectTool(self), LabelTool(self))}
        self.tool: Tool = self.tools["select"]
        self._make_actions(window)
        self._make_toolbar(window)
        self.use_tool("select")

    # -- actions, toolbar, menu -----------------------------------------------------------

    def _action(self, text: str, picture: str, shortcut: str | QKeySequence.StandardKey | None, tip: str,
                slot: Callable[[], object], checkable: bool = False) -> QAction:
        action = self.window.actions.tool(text, picture, None, tip) if checkable else \
            self.window.actions._make(text, None, picture, tip)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutContext(VIEW_KEYS)
            self.view.addAction(action)
        action.triggered.connect(slot)
        return action

    def _make_actions(self, window: Window) -> None:
        tools = [
            ("select", "&Select", "tool-select", "S", ("Select spaces: click, Shift+click to add, drag a band; "
                                                     "drag to move (S)")),
            ("corners", "Edit &Corners", "tool-corners", "E", ("Drag corners (shared ones move in every space), "
                                                              "double-click a side to add one, Delete removes (E)")),
            ("draw", "&Draw Space", "tool-draw", "P", ("Click the corners of a new space; double-click or Enter "
                                                      "closes it (P)")),
            ("split", "S&plit Space", "tool-split", "K", "Drag a line across a space to cut it in two (K)"),
            ("connect", "C&onnect Spaces", "tool-connect", "O", ("Drag from one space to another to connect them "
                                                                "with the kind chosen beside (O)")),
            ("label", "Place &Name", "tool-label", "L", ("Drag a space's name to where it is drawn; it stays "
                                                        "inside the space (L)")),
        ]
        self.tool_group = QActionGroup(window)
        self.tool_actions: dict[str, QAction] = {}
        for name, text, picture, key, tip in tools:
            action = self._action(text, picture, key, tip, lambda _=False, name=name: self.use_tool(name), True)
            self.tool_group.addAction(action)
            self.tool_actions[name] = action
        self.merge_action = self._action("&Merge Spaces", "merge", "Ctrl+M", "Make one space of the selected "
                                         "neighbours (Ctrl+M)", self.merge_selected)
        self.delete_action = self._action("&Delete", "delete", QKeySequence.StandardKey.Delete,
                                          "Delete the selected spaces, or the chosen corners (Delete)",
                                          self.delete_selected)
        self.rotate_left = self._action("Rotate 15° Anticlockwise", "rotate-left", "[",
                                        "Turn the selection 15° anticlockwise ([; Ctrl+[ for 90°)",
                                        lambda: self.turn(-TURN))
        self.rotate_right = self._action("Rotate 15° Clockwise", "rotate-right", "]",
                                         "Turn the selection 15° clockwise (]; Ctrl+] for 90°)",
                                         lambda: self.turn(TURN))
        self.rotate_left_far = self._action("Rotate 90° Anticlockwise", "", "Ctrl+[", "", lambda: self.turn(-TURN_FAR))
        self.rotate_right_far = self._action("Rotate 90° Clockwise", "", "Ctrl+]", "", lambda: self.turn(TURN_FAR))
        self.scale_down = self._action("Scale Down", "scale-down", ",", "Shrink the selection by 10% (,)",
                                       lambda: self.resize(1 / SCALE))
        self.scale_up = self._action("Scale Up", "scale-up", ".", "Grow the selection by 10% (.)",
                                     lambda: self.resize(SCALE))
        self.board_size_action = self._action("Board &Size…", "", None, "The board's width and height",
                                              self.edit_board_size)
        self.fit_board_action = self._action("&Fit Board to Spaces", "", None, "Make the board just hold its "
                                             "spaces, with a small margin all round", self.fit_board)
        schematic = attrs.fields(Board).schematic.metadata
        self.schematic_action = self._action("S&chematic Board", "", None, schematic["help"], self.set_schematic,
                                             True)
        self.select_all = self._action("Select &All Spaces", "", QKeySequence.StandardKey.SelectAll, "",
                                       lambda: self.select([space.id for space in self.editor.board.spaces]
                                                           if self.editor else []))
        self.nudges = []
        for key, dx, dy in (("Left", -1, 0), ("Right", 1, 0), ("Up", 0, -1), ("Down", 0, 1)):
            for prefix, step in (("", NUDGE), ("Shift+", NUDGE_FAR)):
                self.nudges.append(self._action(f"Nudge {key}", "", prefix + key, "",
                                                lambda _=False, dx=dx, dy=dy, step=step: self.nudge(dx * step, dy * step)))
        self.snap_action = self._action("S&nap to Spaces", "snap", "%", "Snap to other spaces' corners and sides "
                                        f"within {SNAP_PIXELS:g} pixels, shown as a circle (%)", self.refresh_tool,
                                        True)
        self.snap_action.setChecked(True)
        self.grid_action = self._action("Snap to &Grid", "grid", "#", "Show the grid and snap to it (#)",
                                        self._grid_toggled, True)
        self.grid_size = QDoubleSpinBox()
        self.grid_size.setRange(0.5, 1000.0)
        self.grid_size.setValue(10.0)
        self.grid_size.setSuffix(" grid")
        self.grid_size.setToolTip("The grid's spacing in board units")
        self.grid_size.valueChanged.connect(self._grid_toggled)
        self.kind_box = QComboBox()
        self.kind_box.setToolTip("The kind of connection the Connect tool draws")
        self.kind_box.currentIndexChanged.connect(self._kind_chosen)
        self.menu = QMenu("&Map", window)
        self.menu.addActions(list(self.tool_actions.values()))
        self.menu.addSeparator()
        self.menu.addActions([self.merge_action, self.delete_action, self.select_all])
        self.menu.addSeparator()
        self.menu.addActions([self.rotate_left, self.rotate_right, self.rotate_left_far, self.rotate_right_far,
                              self.scale_down, self.scale_up])
        self.menu.addSeparator()
        self.menu.addActions([self.snap_action, self.grid_action])
        self.menu.addSeparator()
        self.menu.addActions([self.board_size_action, self.fit_board_action, self.schematic_action])

    def _make_toolbar(self, window: Window) -> None:
        self.toolbar = QToolBar("Map")
        self.toolbar.setObjectName("map_toolbar")
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self.toolbar.addActions([window.actions.undo, window.actions.redo])
        self.toolbar.addSeparator()
        self.toolbar.addActions(list(self.tool_actions.values()))
        self.toolbar.addWidget(self.kind_box)
        self.toolbar.addSeparator()
        self.toolbar.addActions([self.merge_action, self.rotate_left, self.rotate_right, self.scale_down,
                                 self.scale_up, self.delete_action])
        self.toolbar.addSeparator()
        self.toolbar.addActions([self.snap_action, self.grid_action])
        self.toolbar.addWidget(self.grid_size)
        self.toolbar.addSeparator()
        self.toolbar.addAction(window.actions.fit)
        window.addToolBar(self.toolbar)
        self.panels = MapPanels(self)  # the data docks (space, regions, background, problems), their actions
        self.menu.addSeparator()
        self.menu.addActions(self.panels.actions)

    # -- the document ---------------------------------------------------------------------

    def install(self, document: ScenarioDocument | None, board: BoardScene | None = None) -> None:
        """Edit ``document``'s board (None: nothing to edit); ``board`` is its scene when the
        caller built it already (opening a file builds it before anything changes)."""
        self.tool.cancel()
        self.document = document
        self.selection = []
        self._key_run = None
        if document is None:
            self.view.setScene(None)
            self.board = self.editor = self.overlay = None
            self.panels.install(None)
            return
        scene = self.board = board or BoardScene(document.scenario, document.base_dir)
        self.editor = MapEditor(document)
        self.overlay = EditorOverlay(scene.sceneRect(), lambda space_id: self._outline(scene, space_id))
        scene.addItem(self.overlay)
        self.view.setScene(scene)
        self.view.fit()
        document.space_changed.connect(self._space_changed)
        document.space_renamed.connect(self._space_renamed)
        document.spaces_changed.connect(self._spaces_changed)
        document.board_changed.connect(self._board_changed)
        document.regions_changed.connect(lambda: self.board and self.board.refresh_regions())
        document.connections_changed.connect(self._connections_changed)
        self.panels.install(document)
        self._fill_kinds()
        self._grid_toggled()
        self.use_tool(self.tool.name)

    @staticmethod
    def _outline(board: BoardScene, space_id: str) -> QPolygonF | None:
        item = board.spaces.get(space_id)
        return item.polygon() if item is not None else None

    def _space_changed(self, space_id: str) -> None:
        if self.board is not None and self.editor is not None:
            self.board.refresh_space(self.editor.space(space_id))
            if space_id in self.selection:
                self.overlay_changed()

    def _space_renamed(self, old: str, new: str) -> None:
        if self.board is not None:
            self.board.rename_space(old, new)
        self.selection = [new if space_id == old else space_id for space_id in self.selection]

    def _spaces_changed(self, added: list[Space], removed: list[Space]) -> None:
        if self.board is None:
            return
        self.board.sync_spaces(added, removed)
        gone = {space.id for space in removed} - {space.id for space in added}
        if gone & set(self.selection):
            self.select([space_id for space_id in self.selection if space_id not in gone])

    def _connections_changed(self, added: list[Connection], removed: list[Connection]) -> None:
        if self.board is not None:
            self.board.update_connections(added, removed)

    def _fill_kinds(self) -> None:
        """The connection kinds the ruleset's boards use, then any other this board has."""
        assert self.document is not None
        scenario = self.document.scenario
        used = kinds_used(scenario.ruleset.id, get_ruleset)[1] if get_ruleset(scenario.ruleset.id) else []
        kinds = list(dict.fromkeys([*used, *(c.kind for c in scenario.board.connections)])) or list(ConnectionKind)
        self.kind_box.blockSignals(True)
        self.kind_box.clear()
        for kind in kinds:
            self.kind_box.addItem(kind.value.replace("arrow", "one-way arrow"), kind)
        self.kind_box.blockSignals(False)
        self._kind_chosen()

    def _kind_chosen(self) -> None:
        kind = self.kind_box.currentData()
        if isinstance(kind, ConnectionKind):
            tool = self.tools["connect"]
            assert isinstance(tool, ConnectTool)
            tool.kind = kind

    def choose_kind(self, kind: ConnectionKind) -> None:
        index = self.kind_box.findData(kind)
        if index < 0:
            self.kind_box.addItem(kind.value, kind)
            index = self.kind_box.count() - 1
        self.kind_box.setCurrentIndex(index)

    # -- tools ----------------------------------------------------------------------------

    def use_tool(self, name: str) -> None:
        self.tool.deactivate()
        self.tool = self.tools[name]
        self.tool_actions[name].setChecked(True)
        self.view.tool = self.tool if self.document is not None else None
        if self.overlay is not None:
            self.choose_corners(set())
            self.tool.activate()

    def refresh_tool(self) -> None:
        self.hide_snap()

    def pixel(self) -> float:
        """Board units per screen pixel at the view's zoom."""
        scale = self.view.transform().m11()
        return 1.0 / scale if scale > 0 else 1.0

    def space_at(self, point: QPointF) -> str | None:
        return self.board.space_at(point) if self.board is not None else None

    def spaces_near(self, point: QPointF, reach: float | None = None) -> set[str]:
        if self.board is None:
            return set()
        reach = reach if reach is not None else SNAP_PIXELS * self.pixel()
        return self.board.index.near(QRectF(point.x() - reach, point.y() - reach, 2 * reach, 2 * reach))

    def grid(self) -> float:
        return self.grid_size.value() if self.grid_action.isChecked() else 0.0

    def snapped(self, point: QPointF, ignore: frozenset[Point] = frozenset(),
                moving: frozenset[str] = frozenset()) -> Point:
        """Where a corner put at ``point`` goes: another space's corner or side within the
        tolerance, else the grid when it is on; the target is marked on the board. Corners in
        ``ignore`` and the spaces in ``moving`` (being dragged) are no targets."""
        assert self.editor is not None and self.overlay is not None
        tolerance = SNAP_PIXELS * self.pixel()
        polygons = []
        if self.snap_action.isChecked():
            polygons = [self.editor.space(space_id).polygon for space_id in self.spaces_near(point, tolerance)
                        if space_id not in moving]
        found = geometry.snap(xy(point), polygons, tolerance if self.snap_action.isChecked() else -1.0, self.grid(),
                              ignore)
        self.overlay_changed(snap=(QPointF(*found.point), found.kind) if found else None,
                             circle=(point, tolerance) if self.snap_action.isChecked() else None)
        return found.point if found else xy(point)

    def show_snap(self, point: QPointF) -> None:
        self.snapped(point)

    def hide_snap(self) -> None:
        self.overlay_changed(snap=None, circle=None)

    def overlay_changed(self, **marks: object) -> None:
        if self.overlay is None:
            return
        for name, value in marks.items():
            setattr(self.overlay, name, value)
        self.overlay.selection = self.selection
        self.overlay.pixel = self.pixel()
        self.overlay.refresh()

    def select(self, space_ids: list[str]) -> None:
        if space_ids != self.selection:
            self._key_run = None
            select_tool = self.tools["select"]
            assert isinstance(select_tool, SelectTool)
            select_tool.selection_changed()
        self.selection = list(dict.fromkeys(space_ids))
        if self.overlay is not None:
            self.overlay.chosen = {c for c in self.overlay.chosen if c[0] in self.selection}
        self.overlay_changed()
        self.window.refresh()

    def choose_corners(self, corners: set[tuple[str, int]]) -> None:
        self.overlay_changed(chosen=set(corners))

    def attempt(self, edit: Callable[[], T]) -> T | None:
        """Run an edit; one that cannot be done says why in the status bar and changes nothing."""
        try:
            return edit()
        except (GeometryError, GEOSException, KeyError) as error:
            text = str(error).strip("'")
            self.say(text[:1].upper() + text[1:])
            return None

    def say(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 8000)

    # -- acting on the selection: ``map_edits.py`` ------------------------------------------

    def _grid_toggled(self, *_: object) -> None:
        self.overlay_changed(grid=self.grid())

    # -- what the window asks -------------------------------------------------------------

    def refresh(self, showing: bool) -> str:
        """The position text for the status bar while this mode shows."""
        editing = showing and self.document is not None
        for action in [*self.tool_actions.values(), self.snap_action, self.grid_action, self.select_all,
                       self.board_size_action, self.fit_board_action, self.schematic_action, *self.nudges]:
            action.setEnabled(editing)
        self.schematic_action.setChecked(self.document is not None and self.document.scenario.board.schematic)
        chosen = editing and bool(self.selection)
        for action in (self.delete_action, self.rotate_left, self.rotate_right, self.rotate_left_far,
                       self.rotate_right_far, self.scale_down, self.scale_up):
            action.setEnabled(chosen)
        self.merge_action.setEnabled(editing and len(self.selection) >= 2)
        self.menu.menuAction().setVisible(showing)
        self.panels.selection_changed(list(self.selection))
        if self.document is None:
            return ""
        board = self.document.scenario.board
        chosen_text = f"{len(self.selection)} selected · " if self.selection else ""
        return (f"{chosen_text}{plural(len(board.spaces), 'space')} · {plural(len(board.regions), 'region')} · "
                f"{plural(len(board.connections), 'connection')}")

    def _hovered(self, space: str) -> None:
        if not space or self.board is None:
            self.window.hover_info.clear()
            return
        text = QTextDocumentFragment.fromHtml(self.board.tooltip(space)).toPlainText()
        self.window.hover_info.setText(text.replace("\n", " · "))
