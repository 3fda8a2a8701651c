"""Connections: every connection of one kind drawn by one item, in tiles of the board."""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from studio.board.drawing import pen, visible_part

MIN_CONNECTION_PIXELS = 20.0  # shorter typical connections on screen are a grey smear


class ConnectionsItem(QGraphicsItem):
    """Every connection of one kind in a few paths: thousands of lines cost one item.

    The lines are bucketed into tiles of the board, each one path, so a zoomed-in view strokes
    only the tiles it shows and an edit rebuilds only the tiles whose lines changed. One-way
    connections carry an arrowhead part-way along, pointing from ``a`` to ``b``, where it does
    not collide with either space's name.
    """

    def __init__(self, colour: QColor, pen_style: Qt.PenStyle, arrows: bool, head: float, typical: float) -> None:
        super().__init__()
        # Each tile's bounds, its path and its lines as (x0, y0, x1, y1).
        self._tiles: dict[tuple[int, int], tuple[QRectF, QPainterPath, set[tuple[float, ...]]]] = {}
        self.typical = typical  # a typical line's length: below a readable size none is drawn
        self._arrows, self._head = arrows, head
        # One device pixel wide: Qt strokes such a cosmetic pen with its fast line drawer, and a
        # wider one through the general stroker at several times the cost on a zoomed-in board
        # (the colours in ``style`` carry the lines' weight instead).
        self._pen = pen(colour, 1.0, pen_style)
        self._brush = QBrush(colour) if arrows else QBrush(Qt.BrushStyle.NoBrush)
        self._bounds = QRectF()
        self.setZValue(2)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)

    def set_tile(self, key: tuple[int, int], segments: list[tuple[QPointF, QPointF]]) -> None:
        """The lines of one tile, replacing what it had (none: the tile is dropped)."""
        old = self._tiles.pop(key, None)
        lines = {(a.x(), a.y(), b.x(), b.y()) for a, b in segments}
        if segments:
            path = QPainterPath()
            for a, b in segments:
                path.moveTo(a)
                path.lineTo(b)
                if self._arrows:
                    path.addPolygon(_arrowhead(a, b, self._head))
                    path.closeSubpath()
            bounds = path.boundingRect().adjusted(-2, -2, 2, 2)
            self._tiles[key] = (bounds, path, lines)
            if not self._bounds.contains(bounds):
                self.prepareGeometryChange()
                self._bounds = self._bounds.united(bounds)
        # Only the lines that came or went are repainted, not the tile: a dragged space's few.
        reach = self._head + 2
        for x0, y0, x1, y1 in lines ^ (old[2] if old is not None else set()):
            self.update(QRectF(min(x0, x1) - reach, min(y0, y1) - reach, abs(x1 - x0) + 2 * reach,
                               abs(y1 - y0) + 2 * reach))

    def is_empty(self) -> bool:
        return not self._tiles

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if self.typical * option.levelOfDetailFromTransform(painter.worldTransform()) < MIN_CONNECTION_PIXELS:
            return
        painter.setPen(self._pen)
        painter.setBrush(self._brush)
        exposed = visible_part(painter, option)
        for bounds, path, _ in self._tiles.values():
            if bounds.intersects(exposed):
                painter.drawPath(path)


def _arrowhead(a: QPointF, b: QPointF, size: float) -> QPolygonF:
    line = QLineF(a, b)
    length = line.length()
    if length == 0:
        return QPolygonF()
    size = min(size, length * 0.3)
    tip = line.pointAt(0.62)
    angle = math.atan2(b.y() - a.y(), b.x() - a.x())
    left = QPointF(tip.x() - size * math.cos(angle - 0.45), tip.y() - size * math.sin(angle - 0.45))
    right = QPointF(tip.x() - size * math.cos(angle + 0.45), tip.y() - size * math.sin(angle + 0.45))
    return QPolygonF([tip, left, right])
