"""Which targets a click on the board may mean, so that every target is easy to hit.

A space that holds no ``SIDE``-pixel square on screen (History of the World's Lower Tigris is
about 22x28 at Fit to Window) is hard to hit, and its name and markers are often drawn over a
neighbour. Such a space also takes clicks within ``SNAP`` pixels of its label point, a hit
target of at least ``SIDE`` x ``SIDE`` about it; where several targets meet there, the click
means each of them, and the view asks which (a magnified pick) rather than guessing.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QPoint, QPointF
from PySide6.QtGui import QPolygonF

from studio.board.scene import BoardScene
from studio.board.view import BoardView

SIDE = 24.0  # pixels: the least hit target, for a hand as well as a mouse
GRID = 4.0  # pixels between the centres tried for a square inside a space
SAMPLES = 5  # points a side of a square tried
SNAP = SIDE / 2 * math.sqrt(2) + 1  # reaches the corners of a SIDE-pixel square about a label point


class Picker:
    """The targets of one decision as they lie on screen at the view's present scale."""

    def __init__(self, view: BoardView, board: BoardScene, targets: Iterable[str]) -> None:
        self._view, self._board = view, board
        self.targets = {target for target in targets if target in board.spaces}
        self._points = {target: QPointF(view.mapFromScene(board.centres[target])) for target in self.targets}
        self.small = {target for target in self.targets if not holds_square(view, board, target)}

    def _distance(self, target: str, at: QPointF) -> float:
        offset = self._points[target] - at
        return math.hypot(offset.x(), offset.y())

    def candidates(self, position: QPoint) -> list[str]:
        """The targets a click at ``position`` (viewport pixels) may mean, nearest first: the
        target under it and every small target whose label point is within ``SNAP``; on no
        target, each within ``SNAP`` of its label point. Empty: the click means no target."""
        at = QPointF(position)
        under = self._view.space_at(position)
        near = sorted((t for t in self.targets if self._distance(t, at) <= SNAP), key=lambda t: self._distance(t, at))
        if under not in self.targets:
            return near
        return [under] + [t for t in near if t in self.small and t != under]


def holds_square(view: BoardView, board: BoardScene, space: str) -> bool:
    return square_in(view, board, space) is not None


def square_in(view: BoardView, board: BoardScene, space: str) -> QPoint | None:
    """The centre of a ``SIDE``-pixel square of the space on screen (``SAMPLES`` points a side
    of it find the space, as a click would: a space drawn over it does not count), tried about its label point first, then on a grid over it; None
    when there is none."""
    box = QPolygonF(view.mapFromScene(board.spaces[space].polygon())).boundingRect()
    if box.width() < SIDE or box.height() < SIDE:
        return None
    half = SIDE / 2
    label = view.mapFromScene(board.centres[space])
    centres = [QPoint(round(x), round(y)) for x in _steps(box.left() + half, box.right() - half)
               for y in _steps(box.top() + half, box.bottom() - half)]
    centres.sort(key=lambda point: (point - label).manhattanLength())
    return next((centre for centre in [label, *centres]
                 if all(view.space_at(centre + offset) == space for offset in square_points())), None)


def square_points() -> list[QPoint]:
    """The points tried of a ``SIDE``-pixel square, about its centre."""
    steps = [round(SIDE * (i / (SAMPLES - 1) - 0.5)) for i in range(SAMPLES)]
    return [QPoint(dx, dy) for dx in steps for dy in steps]


def _steps(first: float, last: float) -> list[float]:
    count = max(int((last - first) // GRID), 0)
    return [first + GRID * i for i in range(count + 1)]
