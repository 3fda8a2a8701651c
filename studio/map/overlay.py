"""What the map tools draw over the board: the selection, corner handles, the snap circle and
target, a line or outline being drawn, the rubber band, and the grid.

One item paints all of it, in device pixels where a mark must keep its size on screen (a
handle, the snap circle), and asks for a repaint of only the part that changed, so a drag on
a large board does not redraw the whole board.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QPolygonF, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from studio.board.drawing import visible_part

SELECTION = QColor("#1d6fd8")
SNAP = QColor("#d81d8c")
DRAFT = QColor("#1a1a1a")
GRID = QColor(60, 60, 60, 45)
HANDLE = 7.0  # pixels: a corner handle's side
BOX_HANDLE = 9.0  # pixels: a scale or rotate handle of the selection's box
BOX_GAP = 8.0  # pixels between the selection's box and the spaces' outlines
# The box's handles by compass point, as (x, y) shares of the box: 0 left or top, 1 right or bottom.
BOX_POINTS = {"nw": (0, 0), "n": (0.5, 0), "ne": (1, 0), "e": (1, 0.5), "se": (1, 1), "s": (0.5, 1),
              "sw": (0, 1), "w": (0, 0.5)}
REACH = 24.0  # pixels around each mark that a repaint covers (handles, the snap circle's pen)


def _pen(colour: QColor, width: float, pen_style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(colour, width, pen_style)
    pen.setCosmetic(True)
    return pen


class EditorOverlay(QGraphicsItem):
    """The editor's marks. ``polygons`` gives a selected space's current outline by id, so the
    marks follow every edit without being told the new corners."""

    def __init__(self, bounds: QRectF, polygons: Callable[[str], QPolygonF | None]) -> None:
        super().__init__()
        self._bounds = bounds
        self._polygons = polygons
        self.pixel = 1.0  # board units per screen pixel, kept by the map mode as the view zooms
        self.selection: list[str] = []
        self.handles = False  # corner handles on the selected spaces (editing corners)
        self.box: str | None = None  # the selection's box with "scale" or "rotate" handles, or none
        self.chosen: set[tuple[str, int]] = set()  # selected corners
        self.snap: tuple[QPointF, str] | None = None
        self.circle: tuple[QPointF, float] | None = None  # the snap tolerance around the cursor
        self.draft: list[QPointF] = []  # a line or outline being drawn
        self.draft_closed = False
        self.band: QRectF | None = None
        self.grid = 0.0
        self._extent = QRectF()
        self.setZValue(10)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def refresh(self) -> None:
        """Repaint what the marks covered before and cover now."""
        extent = self._measure()
        if self.grid > 0:
            self.update()
        else:
            self.update(extent.united(self._extent))
        self._extent = extent

    def selection_box(self) -> QRectF:
        """The selected spaces' bounding box, a few pixels out so its handles clear the corners."""
        extent = QRectF()
        for space_id in self.selection:
            polygon = self._polygons(space_id)
            if polygon is not None:
                extent = extent.united(polygon.boundingRect())
        if extent.isNull():
            return extent
        gap = BOX_GAP * self.pixel
        return extent.adjusted(-gap, -gap, gap, gap)

    def box_handles(self) -> list[tuple[str, QPointF]]:
        """Where the box's handles are: all eight compass points for scaling, the four corners
        for turning."""
        box = self.selection_box() if self.box is not None else QRectF()
        if box.isNull():
            return []
        names = BOX_POINTS if self.box == "scale" else ("nw", "ne", "se", "sw")
        return [(name, QPointF(box.left() + BOX_POINTS[name][0] * box.width(),
                               box.top() + BOX_POINTS[name][1] * box.height())) for name in names]

    def _measure(self) -> QRectF:
        extent = QRectF()
        for space_id in self.selection:
            polygon = self._polygons(space_id)
            if polygon is not None:
                extent = extent.united(polygon.boundingRect())
        points = list(self.draft)
        if self.snap is not None:
            points.append(self.snap[0])
        for point in points:
            extent = extent.united(QRectF(point, point))
        if self.circle is not None:
            centre, radius = self.circle
            extent = extent.united(QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius))
        if self.band is not None:
            extent = extent.united(self.band.normalized())
        pad = REACH * self.pixel
        return extent.adjusted(-pad, -pad, pad, pad) if not extent.isNull() else extent

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if self.grid > 0:
            self._paint_grid(painter, visible_part(painter, option))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(_pen(SELECTION, 2.2))
        outlines = [(space_id, self._polygons(space_id)) for space_id in self.selection]
        for _, polygon in outlines:
            if polygon is not None:
                painter.drawPolygon(polygon)
        if self.band is not None:
            painter.setPen(_pen(SELECTION, 1.0, Qt.PenStyle.DashLine))
            painter.setBrush(QColor(29, 111, 216, 30))
            painter.drawRect(self.band.normalized())
        if self.draft:
            painter.setPen(_pen(DRAFT, 1.6, Qt.PenStyle.DashLine))
            painter.setBrush(QColor(255, 255, 255, 60) if self.draft_closed else Qt.BrushStyle.NoBrush)
            if self.draft_closed and len(self.draft) > 2:
                painter.drawPolygon(QPolygonF(self.draft))
            else:
                painter.drawPolyline(QPolygonF(self.draft))
        transform = painter.worldTransform()
        painter.save()
        painter.resetTransform()
        if self.handles:
            for space_id, polygon in outlines:
                if polygon is None:
                    continue
                for index in range(polygon.count()):
                    chosen = (space_id, index) in self.chosen
                    self._square(painter, transform.map(polygon.at(index)), SELECTION if chosen else QColor("white"))
        for point in self.draft:
            self._square(painter, transform.map(point), QColor("white"), size=5.0)
        if self.box is not None and self.selection:
            self._paint_box(painter, transform)
        if self.circle is not None:
            centre, radius = self.circle
            painter.setPen(_pen(SNAP, 1.0, Qt.PenStyle.DotLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(transform.map(centre), radius / self.pixel, radius / self.pixel)
        if self.snap is not None:
            self._snap_mark(painter, transform.map(self.snap[0]), self.snap[1])
        painter.restore()

    def _square(self, painter: QPainter, at: QPointF, fill: QColor, size: float = HANDLE) -> None:
        painter.setPen(_pen(SELECTION, 1.2))
        painter.setBrush(fill)
        painter.drawRect(QRectF(at.x() - size / 2, at.y() - size / 2, size, size))

    def _paint_box(self, painter: QPainter, transform: QTransform) -> None:
        """The selection's box, dashed, with squares to scale by or rings to turn by."""
        painter.setPen(_pen(SELECTION, 1.0, Qt.PenStyle.DashLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(transform.mapRect(self.selection_box()))
        for _, point in self.box_handles():
            at = transform.map(point)
            if self.box == "scale":
                self._square(painter, at, QColor("white"), size=BOX_HANDLE)
            else:
                painter.setPen(_pen(SELECTION, 1.6))
                painter.setBrush(QColor("white"))
                painter.drawEllipse(at, BOX_HANDLE / 2 + 1, BOX_HANDLE / 2 + 1)
                painter.setBrush(SELECTION)
                painter.drawEllipse(at, 1.8, 1.8)

    def _snap_mark(self, painter: QPainter, at: QPointF, kind: str) -> None:
        """A diamond on a corner, a cross on a side, a plus on the grid."""
        painter.setPen(_pen(SNAP, 2.0))
        painter.setBrush(QBrush(SNAP) if kind == "vertex" else Qt.BrushStyle.NoBrush)
        size = 6.0
        if kind == "vertex":
            painter.drawPolygon(QPolygonF([at + QPointF(0, -size), at + QPointF(size, 0), at + QPointF(0, size),
                                           at + QPointF(-size, 0)]))
        elif kind == "edge":
            painter.drawLine(at + QPointF(-size, -size), at + QPointF(size, size))
            painter.drawLine(at + QPointF(-size, size), at + QPointF(size, -size))
        else:
            painter.drawLine(at + QPointF(-size, 0), at + QPointF(size, 0))
            painter.drawLine(at + QPointF(0, -size), at + QPointF(0, size))

    def _paint_grid(self, painter: QPainter, area: QRectF) -> None:
        step = self.grid
        while step / self.pixel < 6:  # never denser than a line every few pixels
            step *= 5
        painter.setPen(_pen(GRID, 1.0))
        lines: list[tuple[QPointF, QPointF]] = []
        x = math.floor(area.left() / step) * step
        while x <= area.right():
            lines.append((QPointF(x, area.top()), QPointF(x, area.bottom())))
            x += step
        y = math.floor(area.top() / step) * step
        while y <= area.bottom():
            lines.append((QPointF(area.left(), y), QPointF(area.right(), y)))
            y += step
        for a, b in lines:
            painter.drawLine(a, b)

