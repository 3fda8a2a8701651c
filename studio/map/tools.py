"""The map tools: what a press, a drag, a release, a double-click and a key mean in each.

Select (S) picks spaces by click, shift-click and rubber band and drags them; Corners (E)
drags, adds (double-click a side) and deletes corners, a corner shared by neighbours moving in
all of them; Draw (P), Split (K), Connect (C) and Name (L) are in ``drawing_tools.py``. Keys
follow Tiled and Inkscape. Every change goes through ``MapEditor``, so each action is one undo step.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QCursor, QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QApplication

from studio.icons import icon
from studio.map import geometry
from studio.map.editing import CornerDrag, new_run
from studio.map.geometry import Point
from studio.map.overlay import BOX_POINTS

if TYPE_CHECKING:
    from studio.map.host import MapHost

SHIFT = Qt.KeyboardModifier.ShiftModifier
CTRL = Qt.KeyboardModifier.ControlModifier
HANDLE_PIXELS = 8.0  # how near a corner handle a press must be to take it
SNAP_DEGREES = 15.0  # a turn with Ctrl held goes by these steps (Inkscape)
MIN_SCALE = 0.01  # a scale handle never flattens or mirrors the selection
_SHAPE = Qt.CursorShape
SCALE_CURSORS = {"nw": _SHAPE.SizeFDiagCursor, "se": _SHAPE.SizeFDiagCursor, "ne": _SHAPE.SizeBDiagCursor,
                 "sw": _SHAPE.SizeBDiagCursor, "n": _SHAPE.SizeVerCursor, "s": _SHAPE.SizeVerCursor,
                 "e": _SHAPE.SizeHorCursor, "w": _SHAPE.SizeHorCursor}


def xy(point: QPointF) -> Point:
    return (point.x(), point.y())


class Tool:
    """The common ground: the mode it works in, and nothing done on a plain move."""

    name = ""
    snaps = False  # shows the snap circle around the cursor

    def __init__(self, mode: MapHost) -> None:
        self.mode = mode

    def activate(self) -> None:
        self.mode.overlay_changed(handles=False, box=None)

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


class BoxDrag:
    """A handle of the selection's box being dragged: a scale handle scales the selection about
    its centre (a side handle one way only; Shift or Ctrl keeps its proportions), a rotate
    handle turns it about its centre (Ctrl: by 15° steps). The whole drag is one undo step."""

    def __init__(self, mode: MapHost, handle: str, at: QPointF, kind: str) -> None:
        self.mode, self.handle, self.kind = mode, handle, kind
        self.ids = list(mode.selection)
        self.originals = mode.editor.originals(self.ids)
        self.centre = geometry.centre(corners for corners, _ in self.originals.values())
        self.start = xy(at)
        # The box's handle sits a few pixels out from the spaces' own corner: the spaces' corner
        # (what snaps) follows the pointer at that offset.
        xs = [x for corners, _ in self.originals.values() for x, _ in corners]
        ys = [y for corners, _ in self.originals.values() for _, y in corners]
        share_x, share_y = BOX_POINTS[handle]
        self.corner = (min(xs) + share_x * (max(xs) - min(xs)), min(ys) + share_y * (max(ys) - min(ys)))
        self.run = new_run()

    def to(self, point: QPointF, modifiers: Qt.KeyboardModifier) -> None:
        if self.kind == "rotate":
            self._turn(xy(point), bool(modifiers & CTRL))
        else:
            self._scale(point, bool(modifiers & (SHIFT | CTRL)))

    def _turn(self, point: Point, steps: bool) -> None:
        (cx, cy), (sx, sy) = self.centre, self.start
        degrees = math.degrees(math.atan2(point[1] - cy, point[0] - cx) - math.atan2(sy - cy, sx - cx))
        degrees = (degrees + 180) % 360 - 180
        if steps:
            degrees = round(degrees / SNAP_DEGREES) * SNAP_DEGREES
        self.mode.editor.rotate(self.ids, degrees, self.run, self.originals)

    def _scale(self, point: QPointF, proportional: bool) -> None:
        offset = (self.corner[0] - self.start[0], self.corner[1] - self.start[1])
        wanted = QPointF(point.x() + offset[0], point.y() + offset[1])
        x, y = self.mode.snapped(wanted, moving=frozenset(self.ids))
        (cx, cy), (hx, hy) = self.centre, self.corner
        share_x, share_y = BOX_POINTS[self.handle]
        across = (x - cx) / (hx - cx) if share_x != 0.5 and hx != cx else None
        down = (y - cy) / (hy - cy) if share_y != 0.5 and hy != cy else None
        if proportional:
            if across is not None and down is not None:  # the pointer projected on the diagonal
                length = (hx - cx) ** 2 + (hy - cy) ** 2
                across = down = ((x - cx) * (hx - cx) + (y - cy) * (hy - cy)) / length
            else:
                across = down = across if across is not None else down
        across = max(MIN_SCALE, across if across is not None else 1.0)
        down = max(MIN_SCALE, down if down is not None else 1.0)
        self.mode.editor.scale(self.ids, across, self.run, self.originals, factor_y=down)


class SelectTool(Tool):
    """Click a space to select it, shift-click to add or take it away, drag on the empty board
    for a rubber band (the spaces wholly inside it), drag a selected space to move them all.
    The selection's box has handles to scale it by; a click on the selection again turns them
    into handles to rotate it by, and back (as Inkscape does)."""

    name = "select"

    def __init__(self, mode: MapHost) -> None:
        super().__init__(mode)
        self._start: QPointF | None = None
        self._moving: tuple[list[str], dict, str] | None = None
        self._band = False
        self._dragging = False
        self._anchor: Point | None = None
        self._box: BoxDrag | None = None
        self._again = False  # the press was on the selection as it was: a click toggles the handles
        self.box_kind = "scale"

    def activate(self) -> None:
        self.mode.overlay_changed(handles=False, box=self.box_kind)

    def box_handle_at(self, point: QPointF) -> str | None:
        reach = HANDLE_PIXELS * self.mode.pixel()
        for name, at in self.mode.overlay.box_handles():
            if geometry.distance(xy(at), xy(point)) <= reach:
                return name
        return None

    def selection_changed(self) -> None:
        """A new selection starts with scale handles."""
        if self.box_kind != "scale":
            self.box_kind = "scale"
            if self.mode.tool is self:
                self.mode.overlay_changed(box=self.box_kind)

    def press(self, point: QPointF, event: QMouseEvent) -> None:
        mode = self.mode
        mode.end_key_run()
        handle = self.box_handle_at(point) if mode.selection else None
        if handle is not None:
            self._box = BoxDrag(mode, handle, point, self.box_kind)
            self._start, self._dragging = point, False
            return
        space = mode.space_at(point)
        self._start = point
        self._band = space is None
        self._dragging = False
        self._again = space is not None and space in mode.selection and not event.modifiers() & SHIFT
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
            self._hover(point)
            return
        if self._box is not None:
            if self._dragging or self._far_enough(self._start, point):
                self._dragging = True
                self.mode.attempt(lambda: self._box.to(point, event.modifiers()))
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
        elif self._again and not self._dragging and self._box is None:
            self.box_kind = "rotate" if self.box_kind == "scale" else "scale"
            self.mode.overlay_changed(box=self.box_kind)
        self._start, self._moving, self._band, self._box, self._again = None, None, False, None, False
        self.mode.hide_snap()

    def cancel(self) -> None:
        self._start, self._moving, self._band, self._box, self._again = None, None, False, None, False
        self.mode.overlay_changed(band=None)
        self.mode.view.unsetCursor()

    def _hover(self, point: QPointF) -> None:
        """The pointer over a handle shows what dragging it does."""
        handle = self.box_handle_at(point) if self.mode.selection and self.mode.overlay else None
        if handle is None:
            self.mode.view.unsetCursor()
        elif self.box_kind == "rotate":
            self.mode.view.setCursor(QCursor(icon("rotate-right").pixmap(22, 22)))
        else:
            self.mode.view.setCursor(SCALE_CURSORS[handle])


class CornerTool(Tool):
    """Corners of the selected spaces as handles: drag one (snapped; a corner shared with
    neighbours moves in all of them), shift-click to choose several, Delete to remove the
    chosen, double-click a side to add a corner there. Clicking a space selects it."""

    name = "corners"

    def __init__(self, mode: MapHost) -> None:
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
