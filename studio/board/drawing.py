"""What the board's items share: cosmetic pens and the part of an item a repaint can show."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem


def pen(colour: QColor, width: float, pen_style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(colour, width, pen_style)
    pen.setCosmetic(True)  # the same width on screen at every zoom
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def visible_part(painter: QPainter, option: QStyleOptionGraphicsItem) -> QRectF:
    """The part of an item that can show: its exposed rect, cut to the painter's target.

    A view exposes only what changed, but QGraphicsScene.render exposes the whole item even
    when it draws a small part of the board, so the painter's viewport is consulted as well.
    """
    inverse, invertible = painter.worldTransform().inverted()
    if not invertible:
        return option.exposedRect
    return option.exposedRect.intersected(inverse.mapRect(QRectF(painter.viewport())))
