"""A space's room: the upright rectangle inside its outline where its badges are laid out."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath, QPolygonF

from studio.board.room import room


def polygon(*points: tuple[float, float]) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in points])


def inside(outline: QPolygonF, rect: QRectF) -> bool:
    path = QPainterPath()
    path.addPolygon(outline)
    path.closeSubpath()
    return path.contains(rect)


def test_a_square_is_its_own_room(qapp):
    square = polygon((0, 0), (40, 0), (40, 40), (0, 40))
    assert room(square, QPointF(20, 20)) == QRectF(0, 0, 40, 40)


def test_an_l_shaped_space_gets_the_arm_its_label_point_is_in_grown_to_its_ends(qapp):
    shape = polygon((0, 0), (100, 0), (100, 20), (20, 20), (20, 100), (0, 100))
    across = room(shape, QPointF(60, 10))
    down = room(shape, QPointF(10, 60))
    assert inside(shape, across) and across.width() > 95 and across.height() > 19
    assert inside(shape, down) and down.height() > 95 and down.width() > 19


def test_a_label_point_outside_its_space_still_finds_a_room_inside(qapp):
    shape = polygon((0, 0), (30, 0), (15, 30))  # a triangle; its label point dragged off it
    found = room(shape, QPointF(80, 80))
    assert found is not None and inside(shape, found) and found.width() * found.height() > 50


def test_a_space_without_an_area_has_no_room(qapp):
    assert room(QPolygonF(), QPointF(0, 0)) is None
    assert room(polygon((0, 0), (10, 10), (20, 20)), QPointF(5, 5)) is None
