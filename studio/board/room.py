"""A space's room: an upright rectangle inside its outline, about its label point, where the
space's badges are laid out so that none is drawn over a neighbour (issue 28: "badges inside
their space").

A square or a framed box is its own room. Any other outline gets the largest rectangle of a
few shapes (wide, square, tall) centred on its label point, then grown side by side while it
stays inside: a province's label point is where a designer found space, but rarely its middle.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath, QPolygonF

ASPECTS = (3.0, 1.5, 1.0, 0.5)  # width over height of the shapes tried about the label point
STEPS = 12  # halvings of each search: a room is found to within 1/4096 of the space's size


def inside(outline: QPolygonF) -> QPainterPath | None:
    """The area an outline encloses, to ask what lies within it; None for one without an inside
    (a space drawn without a shape)."""
    bounds = outline.boundingRect()
    if outline.count() < 3 or bounds.width() <= 0 or bounds.height() <= 0:
        return None
    path = QPainterPath()
    path.addPolygon(outline)
    path.closeSubpath()
    return path


def room(outline: QPolygonF, point: QPointF) -> QRectF | None:
    """The space's room, in the outline's units; None for an outline that has no inside (a
    space drawn without a shape keeps its badges about its label point, as before)."""
    path = inside(outline)
    if path is None:
        return None
    bounds = outline.boundingRect()
    if path.contains(bounds.adjusted(1e-6, 1e-6, -1e-6, -1e-6)):
        return bounds
    if not path.contains(point):
        point = _inner_point(path, bounds, point)
    best = QRectF(point, point)
    for aspect in ASPECTS:
        found = _grown(path, _centred(path, point, aspect, max(bounds.width(), bounds.height())), bounds)
        if found.width() * found.height() > best.width() * best.height():
            best = found
    return best if best.width() > 0 and best.height() > 0 else None


def _centred(path: QPainterPath, point: QPointF, aspect: float, reach: float) -> QRectF:
    """The largest rectangle of the given shape about ``point`` inside ``path``."""
    low, high = 0.0, reach
    for _ in range(STEPS):
        middle = (low + high) / 2
        if path.contains(_about(point, middle * aspect, middle)):
            low = middle
        else:
            high = middle
    return _about(point, low * aspect, low)


def _grown(path: QPainterPath, rect: QRectF, bounds: QRectF) -> QRectF:
    """``rect`` pushed out, a side at a time, as far as the outline lets each side go."""
    for _ in range(2):
        for side in range(4):
            low, high = 0.0, max(bounds.width(), bounds.height())
            for _ in range(STEPS):
                middle = (low + high) / 2
                if path.contains(_pushed(rect, side, middle)):
                    low = middle
                else:
                    high = middle
            rect = _pushed(rect, side, low)
    return rect


def _about(point: QPointF, width: float, height: float) -> QRectF:
    return QRectF(point.x() - width / 2, point.y() - height / 2, width, height)


def _pushed(rect: QRectF, side: int, by: float) -> QRectF:
    """``rect`` with one side (left, top, right, bottom) moved out by ``by``."""
    return rect.adjusted(*[(-by, 0, 0, 0), (0, -by, 0, 0), (0, 0, by, 0), (0, 0, 0, by)][side])


def _inner_point(path: QPainterPath, bounds: QRectF, point: QPointF) -> QPointF:
    """The point inside the outline nearest ``point`` on a grid of its bounding box (a label
    point dragged outside its space, or an outline without one, still gets a room)."""
    grid = [QPointF(bounds.left() + bounds.width() * (i + 0.5) / 16, bounds.top() + bounds.height() * (j + 0.5) / 16)
            for i in range(16) for j in range(16)]
    inside = [candidate for candidate in grid if path.contains(candidate)]
    if not inside:
        return point
    return min(inside, key=lambda candidate: (candidate - point).manhattanLength())
