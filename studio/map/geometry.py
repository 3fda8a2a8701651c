"""The map editor's geometry on plain points: snapping, shared vertices, split, merge, turns.

Polygons are lists of ``(x, y)`` tuples, as the scenario stores them; the polygon operations
go through shapely. Nothing here knows Qt or the document, so each rule is tested alone.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from attrs import frozen
from shapely import LineString, Polygon, unary_union
from shapely import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points
from shapely.ops import split as shapely_split
from shapely.validation import make_valid

Point = tuple[float, float]


class GeometryError(ValueError):
    """An operation that cannot be done on these shapes; the message says why, for people."""


def distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def closest_on_segment(point: Point, a: Point, b: Point) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    if length == 0:
        return a
    t = max(0.0, min(1.0, ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / length))
    return (a[0] + t * dx, a[1] + t * dy)


def edges(polygon: Sequence[Point]) -> Iterable[tuple[int, Point, Point]]:
    """Each side as (index of its first corner, first corner, second corner), closing the ring."""
    for index, corner in enumerate(polygon):
        yield index, corner, polygon[(index + 1) % len(polygon)]


# -- snapping -----------------------------------------------------------------------------


@frozen
class Snap:
    point: Point
    kind: str  # "vertex", "edge" or "grid": what the point was drawn to


def snap(point: Point, polygons: Iterable[Sequence[Point]], tolerance: float, grid: float = 0.0,
         ignore: frozenset[Point] = frozenset()) -> Snap | None:
    """The point ``point`` is drawn to: another space's corner within ``tolerance`` first,
    else the nearest point of a side, else the nearest grid crossing when ``grid`` is set.
    Corners in ``ignore`` (the ones being dragged) and the sides that touch them are skipped."""
    best_vertex: tuple[float, Point] | None = None
    best_edge: tuple[float, Point] | None = None
    for polygon in polygons:
        for _, a, b in edges(polygon):
            if a not in ignore:
                gap = distance(point, a)
                if gap <= tolerance and (best_vertex is None or gap < best_vertex[0]):
                    best_vertex = (gap, a)
            if a in ignore or b in ignore:
                continue
            on = closest_on_segment(point, a, b)
            gap = distance(point, on)
            if gap <= tolerance and (best_edge is None or gap < best_edge[0]):
                best_edge = (gap, on)
    if best_vertex is not None:
        return Snap(best_vertex[1], "vertex")
    if best_edge is not None:
        return Snap(best_edge[1], "edge")
    if grid > 0:
        return Snap((round(point[0] / grid) * grid, round(point[1] / grid) * grid), "grid")
    return None


# -- corners and sides shared by neighbours -----------------------------------------------


def corner_indices(polygon: Sequence[Point], corner: Point) -> list[int]:
    return [index for index, point in enumerate(polygon) if point == corner]


def with_corner_inserted(polygon: Sequence[Point], a: Point, b: Point, corner: Point) -> list[Point] | None:
    """``polygon`` with ``corner`` put between its neighbouring corners ``a`` and ``b`` (either
    way round), or None when it has no side from ``a`` to ``b``: how a shared side stays shared
    when one of the spaces on it gets a new corner there."""
    for index, first, second in edges(polygon):
        if {first, second} == {a, b} and first != second:
            points = list(polygon)
            points.insert(index + 1, corner)
            return points
    return None


def nearest_side(polygon: Sequence[Point], point: Point) -> tuple[int, float, Point]:
    """(index of the side's first corner, distance, the closest point on it)."""
    best = (-1, math.inf, point)
    for index, a, b in edges(polygon):
        on = closest_on_segment(point, a, b)
        gap = distance(point, on)
        if gap < best[1]:
            best = (index, gap, on)
    return best


# -- shapes -------------------------------------------------------------------------------


def shape(polygon: Sequence[Point]) -> Polygon:
    return Polygon(polygon)


def ring(polygon: Polygon) -> list[Point]:
    """The outline of a shapely polygon as scenario corners (no repeated closing corner)."""
    return [(float(x), float(y)) for x, y in list(polygon.exterior.coords)[:-1]]


def is_simple(polygon: Sequence[Point]) -> bool:
    return len(polygon) >= 3 and Polygon(polygon).is_valid


def area(polygon: Sequence[Point]) -> float:
    return Polygon(polygon).area if len(polygon) >= 3 else 0.0


def contains(polygon: Sequence[Point], point: Point) -> bool:
    """Whether ``point`` lies inside the outline (even-odd rule): cheaper than shapely for
    the few corners of one space, asked at every mouse move of a drag."""
    x, y = point
    inside = False
    for _, (ax, ay), (bx, by) in edges(polygon):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def _area_of(shape: BaseGeometry) -> BaseGeometry:
    """The part of a repaired outline that has an area: ``make_valid`` turns a crossed or
    collapsed outline into a point, lines, or a collection of polygons and lines (whose
    ``boundary`` shapely leaves undefined)."""
    parts = getattr(shape, "geoms", [shape])
    return unary_union([part for part in parts if part.area > 0])


def label_inside(polygon: Sequence[Point], wanted: Point | None) -> Point:
    """``wanted`` when it lies inside the polygon, else the nearest point well inside it: a
    label anchor always stays within its space."""
    if wanted is not None and contains(polygon, wanted) and Polygon(polygon).is_valid:
        return wanted
    outline = _area_of(make_valid(Polygon(polygon)))
    if wanted is not None and outline.contains(ShapelyPoint(wanted)):
        return wanted
    if outline.is_empty:  # no area to be inside (the map check reports the space)
        return wanted if wanted is not None else (round(sum(x for x, _ in polygon) / max(len(polygon), 1), 2),
                                                  round(sum(y for _, y in polygon) / max(len(polygon), 1), 2))
    inner = outline.representative_point()
    if wanted is None:
        return (round(inner.x, 2), round(inner.y, 2))
    # The nearest point of the outline, nudged a little towards the inside.
    edge_point = nearest_points(outline.boundary, ShapelyPoint(wanted))[0]
    towards = (inner.x - edge_point.x, inner.y - edge_point.y)
    length = math.hypot(*towards) or 1.0
    step = min(length / 2, max(math.sqrt(outline.area) * 0.05, 1e-3))
    candidate = (edge_point.x + towards[0] / length * step, edge_point.y + towards[1] / length * step)
    if outline.contains(ShapelyPoint(candidate)):
        return (round(candidate[0], 2), round(candidate[1], 2))
    return (round(inner.x, 2), round(inner.y, 2))


def split(polygon: Sequence[Point], line: Sequence[Point]) -> tuple[list[Point], list[Point]]:
    """The two pieces of ``polygon`` cut along ``line`` (a drawn polyline that must cross it
    from side to side), the larger first. Both pieces keep the corners they share exactly."""
    outline = Polygon(polygon)
    if not outline.is_valid:
        raise GeometryError("the space's outline crosses itself; mend it before splitting")
    cut = LineString(line)
    pieces = [piece for piece in shapely_split(outline, cut).geoms if isinstance(piece, Polygon)]
    if len(pieces) != 2:
        raise GeometryError("draw the line across the space from one border to another, crossing it once")
    pieces.sort(key=lambda piece: piece.area, reverse=True)
    return ring(pieces[0].normalize()), ring(pieces[1].normalize())


def merge(polygons: Sequence[Sequence[Point]], tolerance: float = 1e-6) -> list[Point]:
    """One outline covering the given spaces, which must touch along their borders. Corners
    shared with other neighbours are kept, so their borders stay shared."""
    shapes = [make_valid(Polygon(polygon)) for polygon in polygons]
    union = unary_union(shapes)
    if not isinstance(union, Polygon):
        union = unary_union([piece.buffer(tolerance, join_style="mitre") for piece in shapes])
        if not isinstance(union, Polygon):
            raise GeometryError("the spaces do not touch: only neighbouring spaces can be merged")
        union = union.buffer(-tolerance, join_style="mitre")
    if not isinstance(union, Polygon) or union.is_empty:
        raise GeometryError("the merged outline is not one polygon")
    corners = ring(union)
    # A closed ring may start anywhere; start where the first space did, so the file reads stably.
    first = polygons[0][0] if polygons and polygons[0] else None
    if first in corners:
        start = corners.index(first)
        corners = corners[start:] + corners[:start]
    return corners


def centre(polygons: Iterable[Sequence[Point]]) -> Point:
    """The middle of the bounding box of all the given corners: what a selection turns about."""
    xs, ys = [], []
    for polygon in polygons:
        for x, y in polygon:
            xs.append(x)
            ys.append(y)
    if not xs:
        return (0.0, 0.0)
    return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)


def rotated(point: Point, about: Point, degrees: float) -> Point:
    angle = math.radians(degrees)
    cos, sin = math.cos(angle), math.sin(angle)
    x, y = point[0] - about[0], point[1] - about[1]
    return (about[0] + x * cos - y * sin, about[1] + x * sin + y * cos)


def scaled(point: Point, about: Point, factor: float, factor_y: float | None = None) -> Point:
    """``point`` scaled about ``about``: by ``factor`` both ways, or across by ``factor`` and
    down by ``factor_y``."""
    down = factor if factor_y is None else factor_y
    return (about[0] + (point[0] - about[0]) * factor, about[1] + (point[1] - about[1]) * down)


def tidy(point: Point) -> Point:
    """Coordinates rounded to a hundredth of a board unit: turning a shape does not fill the
    file with float noise, and a corner shared by two spaces stays exactly equal in both."""
    return (round(point[0], 2) + 0.0, round(point[1], 2) + 0.0)
