"""Which space is under a point: a uniform grid over the board's polygons.

QGraphicsScene.items(point) walks every kind of item (names, markers, connections) and sorts
them; a click or a hover only asks about spaces, so a grid of polygon bounding boxes answers
in a few microseconds on a 5,000-space board.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPolygonF


class SpaceIndex:
    """Spaces added later win where polygons overlap, as they are drawn on top."""

    def __init__(self, bounds: QRectF, cell: float) -> None:
        self._left, self._top = bounds.left(), bounds.top()
        self._cell = max(cell, 1e-6)
        self._columns = max(1, math.ceil(bounds.width() / self._cell))
        self._rows = max(1, math.ceil(bounds.height() / self._cell))
        self._grid: dict[tuple[int, int], list[tuple[int, str, QPolygonF]]] = {}
        self._cells: dict[str, list[tuple[int, int]]] = {}
        self._count = 0

    @classmethod
    def for_polygons(cls, bounds: QRectF, polygons: dict[str, QPolygonF]) -> SpaceIndex:
        """A grid whose cells hold a few polygons each: about one cell per space."""
        cell = math.sqrt(max(bounds.width() * bounds.height(), 1.0) / max(len(polygons), 1))
        index = cls(bounds, cell)
        for space_id, polygon in polygons.items():
            index.add(space_id, polygon)
        return index

    def _cell_of(self, x: float, y: float) -> tuple[int, int]:
        column = min(max(int((x - self._left) // self._cell), 0), self._columns - 1)
        row = min(max(int((y - self._top) // self._cell), 0), self._rows - 1)
        return column, row

    def add(self, space_id: str, polygon: QPolygonF) -> None:
        box = polygon.boundingRect()
        first = self._cell_of(box.left(), box.top())
        last = self._cell_of(box.right(), box.bottom())
        entry = (self._count, space_id, polygon)
        self._count += 1
        cells = self._cells.setdefault(space_id, [])
        for column in range(first[0], last[0] + 1):
            for row in range(first[1], last[1] + 1):
                self._grid.setdefault((column, row), []).append(entry)
                cells.append((column, row))

    def remove(self, space_id: str) -> None:
        for cell in self._cells.pop(space_id, ()):
            self._grid[cell] = [entry for entry in self._grid[cell] if entry[1] != space_id]

    def replace(self, space_id: str, polygon: QPolygonF) -> None:
        """A space's new outline, edited on the map."""
        self.remove(space_id)
        self.add(space_id, polygon)

    def space_at(self, point: QPointF) -> str | None:
        best: tuple[int, str] | None = None
        for order, space_id, polygon in self._grid.get(self._cell_of(point.x(), point.y()), ()):
            if (best is None or order > best[0]) and polygon.containsPoint(point, Qt.FillRule.OddEvenFill):
                best = (order, space_id)
        return best[1] if best else None

    def near(self, area: QRectF) -> set[str]:
        """The spaces whose bounding boxes may meet ``area``: what snapping and shared corners
        look through, rather than the whole board."""
        first = self._cell_of(area.left(), area.top())
        last = self._cell_of(area.right(), area.bottom())
        found: set[str] = set()
        for column in range(first[0], last[0] + 1):
            for row in range(first[1], last[1] + 1):
                found.update(entry[1] for entry in self._grid.get((column, row), ()))
        return found
