"""The board as one QGraphicsScene: spaces in their region's colour, names and connections."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsScene

from engine.scenario.model import ConnectionKind, Scenario, Space, SpaceKind

WATER = {SpaceKind.SEA: "#a9cbe8", SpaceKind.OCEAN: "#6f9fcf", SpaceKind.WASTELAND: "#f2efe6"}
CONNECTION_PENS = {
    ConnectionKind.LAND: (QColor("#5a4a32"), Qt.PenStyle.SolidLine),
    ConnectionKind.SEA: (QColor("#2f6ea5"), Qt.PenStyle.DashLine),
    ConnectionKind.STRAIT: (QColor("#7a5a20"), Qt.PenStyle.DotLine),
    ConnectionKind.ARROW: (QColor("#404040"), Qt.PenStyle.SolidLine),
}


def _centre(space: Space) -> QPointF:
    if space.label is not None:
        return QPointF(*space.label)
    xs = [x for x, _ in space.polygon] or [0.0]
    ys = [y for _, y in space.polygon] or [0.0]
    return QPointF(sum(xs) / len(xs), sum(ys) / len(ys))


def board_scene(scenario: Scenario) -> QGraphicsScene:
    board = scenario.board
    scene = QGraphicsScene(0, 0, board.width, board.height)
    scene.setBackgroundBrush(QColor("#e9e4d8"))
    colours = {region.id: region.colour for region in board.regions}
    font = QFont()
    font.setPointSizeF(max(6.0, board.width / 160))
    for space in board.spaces:
        fill = WATER.get(space.kind) or colours.get(space.region or "", "#d8d0bc")
        item = scene.addPolygon(
            QPolygonF([QPointF(x, y) for x, y in space.polygon]),
            QPen(QColor("#3b3326"), 1.2),
            QBrush(QColor(fill)),
        )
        item.setToolTip(_details(space))
        text = scene.addSimpleText(space.name, font)
        centre = _centre(space)
        bounds = text.boundingRect()
        text.setPos(centre.x() - bounds.width() / 2, centre.y() - bounds.height() / 2)
        text.setZValue(2)
    centres = {space.id: _centre(space) for space in board.spaces}
    for connection in board.connections:
        colour, style = CONNECTION_PENS[connection.kind]
        pen = QPen(colour, 1.5, style)
        line = scene.addLine(centres[connection.a].x(), centres[connection.a].y(),
                             centres[connection.b].x(), centres[connection.b].y(), pen)
        line.setZValue(1)
        line.setOpacity(0.55)
    return scene


def _details(space: Space) -> str:
    parts = [f"<b>{space.name}</b> ({space.kind.value})"]
    if space.region:
        parts.append(f"region: {space.region}")
    if space.terrain:
        parts.append("terrain: " + ", ".join(space.terrain))
    if space.resources:
        parts.append("resources: " + ", ".join(space.resources))
    return "<br>".join(parts)
