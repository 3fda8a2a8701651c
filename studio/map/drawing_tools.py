"""The map tools that draw: Draw (P) clicks an outline, Split (K) cuts a space along a dragged
line, Connect (C) drags from a space to another, Name (L) drags a space's name anchor. The
tools that pick and move (Select, Corners) and what every tool shares are in ``tools.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent

from engine.scenario.model import ConnectionKind
from studio.map import geometry
from studio.map.editing import new_run
from studio.map.geometry import Point
from studio.map.tools import HANDLE_PIXELS, SHIFT, Tool, xy

if TYPE_CHECKING:
    from studio.map.host import MapHost


class DrawTool(Tool):
    """Click the corners of a new space, each snapped to its neighbours' corners and sides;
    double-click, Enter or a click on the first corner closes it; Backspace takes the last
    corner back; Escape drops the outline."""

    name = "draw"
    snaps = True

    def __init__(self, mode: MapHost) -> None:
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

    def __init__(self, mode: MapHost) -> None:
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

    def __init__(self, mode: MapHost) -> None:
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

    def __init__(self, mode: MapHost) -> None:
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
