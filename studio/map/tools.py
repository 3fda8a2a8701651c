"""The map tools: what a press, a drag, a release, a double-click and a key mean in each.

Select (S) picks spaces by click, shift-click and rubber band and drags them; Corners (E)
drags, adds (double-click a side) and deletes corners, a corner shared by neighbours moving in
all of them; Draw (P) clicks an outline; Split (K) cuts a space along a dragged line;
Connect (C) drags from a space to another; Name (L) drags a space's name anchor. Keys follow
Tiled and Inkscape. Every change goes through ``MapEditor``, so each action is one undo step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QApplication

from engine.scenario.model import ConnectionKind
from studio.map import geometry
from studio.map.editing import CornerDrag, new_run
from studio.map.geometry import Point

if TYPE_CHECKING:
    from studio.modes.map_mode import MapMode

SHIFT = Qt.KeyboardModifier.ShiftModifier
HANDLE_PIXELS = 8.0  # how near a corner handle a press must be to take it


def xy(point: QPointF) -> Point:
    return (point.x(), point.y())


class Tool:
    """The common ground: the mode it works in, and nothing done on a plain move."""

    name = ""
    snaps = False  # shows the snap circle around the cursor

    def __init__(self, mode: MapMode) -> None:
        self.mode = mode

    def activate(self) -> None:
        self.mode.overlay_changed(handles=False)

    def deactivate(self) -> None:
        self.cancel()

    def cancel(self) -> None:
        """Drop whatever is half done (Escape, or another tool taken)."""

    def press(self, point: QPointF, event: QMouseEvent) -> None:
        pass

    def move(self, point: QPointF, event: QMouseEvent) -> None:
        if self.snaps:
            self.mode.show_snap(point)

    def release(self, point: QPointF, event: QMouseEvent) -> None:
        pass

    def double_click(self, point: QPointF, event: QMouseEvent) -> None:
        pass

    def key(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Escape:
            self.cancel()
            return True
        return False

    def _far_enough(self, start: QPointF, point: QPointF) -> bool:
        pixels = (point - start).manhattanLength() / self.mode.pixel()
        return pixels >= QApplication.startDragDistance()


class SelectTool(Tool):
    """Click a space to select it, shift-click to add or take it away, drag on the empty board
    for a rubber band (the spaces wholly inside it), drag a selected space to move them all."""

    name = "select"

    def __init__(self, mode: MapMode) -> None:
        super().__init__(mode)
        self._start: QPointF | None = None
        self._moving: tuple[list[str], dict, str] | None = None
        self._band = False
        self._dragging = False
        self._anchor: Point | None = None

    def press(self, point: QPointF, event: QMouseEvent) -> None:
        mode = self.mode
        mode.end_key_run()
        space = mode.space_at(point)
        self._start = point
        self._band = space is None
        self._dragging = False
        if event.modifiers() & SHIFT:
            if space is not None:
                mode.select([s for s in mode.selection if s != space] if space in mode.selection
                            else [*mode.selection, space])
                self._start = None
            return
        if space is None:
            mode.select([])
            return
        if space not in mode.selection:
            mode.select([space])
        ids = list(mode.selection)
        originals = mode.editor.originals(ids)
        self._moving = (ids, originals, new_run())
        # The selection's corner nearest the press is the one snapped as the selection moves.
        corners = [corner for outline, _ in originals.values() for corner in outline]
        self._anchor = min(corners, key=lambda corner: geometry.distance(corner, xy(point))) if corners else None

    def move(self, point: QPointF, event: QMouseEvent) -> None:
        if self._start is None:
            return
        if self._band:
            self.mode.overlay_changed(band=QRectF(self._start, point))
            return
        if self._moving is not None and (self._dragging or self._far_enough(self._start, point)):
            self._dragging = True
            ids, originals, run = self._moving
            dx, dy = point.x() - self._start.x(), point.y() - self._start.y()
            if self._anchor is not None:
                ax, ay = self._anchor
                to = self.mode.snapped(QPointF(ax + dx, ay + dy), moving=frozenset(ids))
                dx, dy = to[0] - ax, to[1] - ay
            self.mode.editor.move(ids, dx, dy, run, originals)

    def release(self, point: QPointF, event: QMouseEvent) -> None:
        if self._band and self._start is not None:
            band = QRectF(self._start, point).normalized()
            inside = [space_id for space_id in self.mode.board.index.near(band)
                      if band.contains(self.mode.board.spaces[space_id].polygon().boundingRect())]
            order = {space.id: number for number, space in enumerate(self.mode.editor.board.spaces)}
            inside.sort(key=order.__getitem__)
            keep = self.mode.selection if event.modifiers() & SHIFT else []
            self.mode.select([*keep, *(space for space in inside if space not in keep)])
            self.mode.overlay_changed(band=None)
        self._start, self._moving, self._band = None, None, False
        self.mode.hide_snap()

    def cancel(self) -> None:
        self._start, self._moving, self._band = None, None, False
        self.mode.overlay_changed(band=None)


class CornerTool(Tool):
    """Corners of the selected spaces as handles: drag one (snapped; a corner shared with
    neighbours moves in all of them), shift-click to choose several, Delete to remove the
    chosen, double-click a side to add a corner there. Clicking a space selects it."""

    name = "corners"

    def __init__(self, mode: MapMode) -> None:
        super().__init__(mode)
        self._drag: CornerDrag | None = None
        self._start: QPointF | None = None

    def activate(self) -> None:
        self.mode.overlay_changed(handles=True)

    def handle_at(self, point: QPointF) -> tuple[str, int] | None:
        reach = HANDLE_PIXELS * self.mode.pixel()
        best: tuple[float, tuple[str, int]] | None = None
        for space_id in self.mode.selection:
            for index, corner in enumerate(self.mode.editor.space(space_id).polygon):
                gap = geometry.distance(corner, xy(point))
                if gap <= reach and (best is None or gap < best[0]):
                    best = (gap, (space_id, index))
        return best[1] if best else None

    def press(self, point: QPointF, event: QMouseEvent) -> None:
        mode = self.mode
        handle = self.handle_at(point)
        if handle is None:
            space = mode.space_at(point)
            mode.select([space] if space else [])
            return
        if event.modifiers() & SHIFT:
            mode.choose_corners(mode.overlay.chosen ^ {handle})
            return
        mode.choose_corners({handle})
        corner = mode.editor.space(handle[0]).polygon[handle[1]]
        self._drag = mode.editor.corner_drag(handle[0], handle[1], mode.spaces_near(QPointF(*corner)))
        self._start = point

    def move(self, point: QPointF, event: QMouseEvent) -> None:
        if self._drag is None or self._start is None:
            return
        if self._drag.at == self._drag.start and not self._far_enough(self._start, point):
            return
        target = self.mode.snapped(point, ignore=frozenset({self._drag.at}))
        self._drag.to(target)

    def release(self, point: QPointF, event: QMouseEvent) -> None:
        self._drag, self._start = None, None
        self.mode.hide_snap()

    def double_click(self, point: QPointF, event: QMouseEvent) -> None:
        mode = self.mode
        reach = HANDLE_PIXELS * mode.pixel()
        for space_id in mode.selection:
            side, gap, on = geometry.nearest_side(mode.editor.space(space_id).polygon, xy(point))
            if gap <= reach:
                mode.editor.insert_corner(space_id, side, on, mode.spaces_near(point))
                mode.choose_corners({(space_id, side + 1)})
                return

    def key(self, event: QKeyEvent) -> bool:
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace) and self.mode.overlay.chosen:
            chosen = sorted(self.mode.overlay.chosen)
            first = self.mode.editor.space(chosen[0][0]).polygon[chosen[0][1]]
            self.mode.attempt(lambda: self.mode.editor.delete_corners(chosen, self.mode.spaces_near(QPointF(*first))))
            self.mode.choose_corners(set())
            return True
        return super().key(event)

    def cancel(self) -> None:
        self._drag, self._start = None, None
        self.mode.hide_snap()


class DrawTool(Tool):
    """Click the corners of a new space, each snapped to its neighbours' corners and sides;
    double-click, Enter or a click on the first corner closes it; Backspace takes the last
    corner back; Escape drops the outline."""

    name = "draw"
    snaps = True

    def __init__(self, mode: MapMode) -> None:
        super().__init__(mode)
        self.corners: list[Point] = []

    def press(self, point: QPointF, event: QMouseEvent) -> None:
        at = self.mode.snapped(point)
        if len(self.corners) >= 3 and geometry.distance(at, self.corners[0]) <= HANDLE_PIXELS * self.mode.pixel():
            self.finish()
            return
        if not self.corners or at != self.corners[-1]:
            self.corners.append(at)
        self._show(at)

    def move(self, point: QPointF, event: QMouseEvent) -> None:
        at = self.mode.snapped(point)
        if self.corners:
            self._show(at)

    def double_click(self, point: QPointF, event: QMouseEvent) -> None:
        self.finish()

    def finish(self) -> None:
        corners, self.corners = self.corners, []
        self.mode.overlay_changed(draft=[], draft_closed=False)
        if len(corners) >= 3:
            space_id = self.mode.attempt(lambda: self.mode.editor.add_space(corners))
            if space_id:
                self.mode.select([space_id])

    def key(self, event: QKeyEvent) -> bool:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.finish()
            return True
        if event.key() == Qt.Key.Key_Backspace and self.corners:
            self.corners.pop()
            self._show(None)
            return True
        return super().key(event)

    def _show(self, cursor: Point | None) -> None:
        points = [*self.corners, *([cursor] if cursor is not None else [])]
        self.mode.overlay_changed(draft=[QPointF(*p) for p in points], draft_closed=len(points) >= 3)

    def cancel(self) -> None:
        self.corners = []
        self.mode.overlay_changed(draft=[], draft_closed=False)
        self.mode.hide_snap()


class SplitTool(Tool):
    """Drag a line across a space (the selected one, or the one the line's middle is in) to
    cut it in two along that line."""

    name = "split"
    snaps = True

    def __init__(self, mode: MapMode) -> None:
        super().__init__(mode)
        self._start: Point | None = None

    def press(self, point: QPointF, event: QMouseEvent) -> None:
        self._start = self.mode.snapped(point)

    def move(self, point: QPointF, event: QMouseEvent) -> None:
        at = self.mode.snapped(point)
        if self._start is not None:
            self.mode.overlay_changed(draft=[QPointF(*self._start), QPointF(*at)])

    def release(self, point: QPointF, event: QMouseEvent) -> None:
        start, self._start = self._start, None
        self.mode.overlay_changed(draft=[])
        end = self.mode.snapped(point)
        self.mode.hide_snap()
        if start is None or geometry.distance(start, end) == 0:
            return
        self.mode.split_along([start, end])

    def cancel(self) -> None:
        self._start = None
        self.mode.overlay_changed(draft=[])
        self.mode.hide_snap()


class ConnectTool(Tool):
    """Drag from one space to another to connect them with the kind chosen in the toolbar;
    with Shift held, the drag removes that kind of connection between them."""

    name = "connect"

    def __init__(self, mode: MapMode) -> None:
        super().__init__(mode)
        self._from: str | None = None
        self.kind = ConnectionKind.LAND

    def press(self, point: QPointF, event: QMouseEvent) -> None:
        self._from = self.mode.space_at(point)
        if self._from is not None:
            self.mode.select([self._from])

    def move(self, point: QPointF, event: QMouseEvent) -> None:
        if self._from is not None:
            self.mode.overlay_changed(draft=[self.mode.board.centres[self._from], point])

    def release(self, point: QPointF, event: QMouseEvent) -> None:
        start, self._from = self._from, None
        self.mode.overlay_changed(draft=[])
        end = self.mode.space_at(point)
        if start is None or end is None or end == start:
            return
        if event.modifiers() & SHIFT:
            self.mode.attempt(lambda: self.mode.editor.disconnect(start, end, self.kind))
        elif self.mode.attempt(lambda: self.mode.editor.connect(start, end, self.kind)) is not None:
            self.mode.select([start, end])

    def cancel(self) -> None:
        self._from = None
        self.mode.overlay_changed(draft=[])


class LabelTool(Tool):
    """Press on a space and drag to place its name; the anchor stays inside the space."""

    name = "label"

    def __init__(self, mode: MapMode) -> None:
        super().__init__(mode)
        self._space: str | None = None
        self._run = ""

    def press(self, point: QPointF, event: QMouseEvent) -> None:
        space = self.mode.space_at(point)
        if space is None and len(self.mode.selection) == 1:
            space = self.mode.selection[0]
        self._space, self._run = space, new_run()
        if space is not None:
            self.mode.select([space])
            self.mode.editor.set_label(space, xy(point), self._run)

    def move(self, point: QPointF, event: QMouseEvent) -> None:
        if self._space is not None:
            self.mode.editor.set_label(self._space, xy(point), self._run)

    def release(self, point: QPointF, event: QMouseEvent) -> None:
        self._space = None
