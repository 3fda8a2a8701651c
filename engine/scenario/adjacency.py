"""Connections derived from the drawn borders, and their difference from the board's own.

Two land spaces (or wasteland) whose polygons share a stretch of border are joined by a land
connection. A sea's polygon need not touch the coast, so a space next to water is joined by a
sea connection when the two come within a gap tolerance for their pair of kinds, along a
facing stretch no third space cuts off (the "bridge" between them). Straits, one-way arrows
and connections carrying props are the designer's own: a re-derivation never removes them.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy
import shapely
from attrs import frozen
from shapely import STRtree, unary_union
from shapely.geometry.base import BaseGeometry
from shapely.validation import make_valid

from engine.scenario.model import Board, Connection, ConnectionKind, SpaceKind

LANDS = {SpaceKind.LAND, SpaceKind.WASTELAND}
WATERS = {SpaceKind.SEA, SpaceKind.OCEAN}
TOUCH = 1.0  # board units apart that still count as touching (hand-drawn borders)
SHARED_BORDER = 8.0
OPEN = 1e-6  # square units of open gap that are only rounding
OPEN = 1.0  # square units of open gap around a space below which it counts as hemmed in  # board units of common border that make two land spaces neighbours
# Gap tolerance and the facing stretch it needs, per pair of kinds, in board units; tuned on
# the History of the World map (benchmarks/adjacency.py prints recall and precision).
LAND_WATER = (40.0, 40.0)
WATER_WATER = (45.0, 20.0)
DERIVED_KINDS = {ConnectionKind.LAND, ConnectionKind.SEA}
# The widest gap tolerance a designer may ask for, read by the studio's dialog and the CLI alike.
TOLERANCE_MAX = 1000.0


def pair_key(a: SpaceKind, b: SpaceKind) -> str:
    return "-".join(sorted((a.value, b.value)))


def default_tolerances() -> dict[str, float]:
    """Gap tolerance per pair of kinds ("land-sea": 40.0); any pair may be overridden."""
    tolerances = {}
    for a in LANDS | WATERS:
        for b in WATERS:
            tolerances[pair_key(a, b)] = (WATER_WATER if a in WATERS else LAND_WATER)[0]
    return tolerances


@frozen
class AdjacencyDiff:
    added: list[Connection]
    removed: list[Connection]
    kept: list[Connection]


def _pair(connection: Connection) -> tuple[frozenset[str], ConnectionKind]:
    return frozenset((connection.a, connection.b)), connection.kind


def is_manual(connection: Connection) -> bool:
    """A connection only the designer can make: never removed by a re-derivation."""
    return connection.kind not in DERIVED_KINDS or bool(connection.props)


def _shapes(board: Board) -> dict[str, BaseGeometry]:
    """The outline of every land and water space, built in one vectorised call; an outline
    that crosses itself is mended (make_valid) rather than dropped."""
    spaces = [space for space in board.spaces if len(space.polygon) >= 3 and space.kind in LANDS | WATERS]
    if not spaces:
        return {}
    coordinates = numpy.array([point for space in spaces for point in (*space.polygon, space.polygon[0])],
                              dtype=float)
    rings = numpy.repeat(numpy.arange(len(spaces)), [len(space.polygon) + 1 for space in spaces])
    polygons = shapely.polygons(shapely.linearrings(coordinates, indices=rings))
    valid = shapely.is_valid(polygons)
    shapes = {}
    for space, shape, ok in zip(spaces, polygons.tolist(), valid.tolist(), strict=True):
        shape = shape if ok else make_valid(shape)
        if not shape.is_empty:
            shapes[space.id] = shape
    return shapes


def derive(board: Board, tolerances: Mapping[str, float] | None = None) -> list[Connection]:
    """The land and sea connections the borders imply, in board order of their first space.

    Only pairs the spatial index puts within reach are looked at (pairs within a unit, and
    pairs with water within the widest gap); their common borders, gaps and open water are
    measured in vectorised calls over all pairs at once, and the costly bridge across a gap
    only where an open gap touches both spaces: 2,000 spaces take a fraction of a second,
    where all pairs took 40."""
    gaps = {**default_tolerances(), **(tolerances or {})}
    edges = _Edges(_shapes(board), board)
    if not edges.ids:
        return []
    kind_of = {space.id: space.kind for space in board.spaces}
    kinds = [kind_of[space_id] for space_id in edges.ids]
    water = numpy.array([kind in WATERS for kind in kinds], dtype=bool)
    count, geometries = len(kinds), edges.geometries
    touching = _pairs(edges.tree.query(geometries, predicate="dwithin", distance=TOUCH), count)
    candidates = touching
    if water.any():
        seas = numpy.flatnonzero(water)
        found, near = edges.tree.query(geometries[seas], predicate="dwithin", distance=max(gaps.values()))
        candidates = _pairs(numpy.concatenate([touching, numpy.stack([seas[found], near], axis=1)]).T, count)
    borders = numpy.zeros(len(candidates))
    borders[numpy.searchsorted(_keys(candidates, count), _keys(touching, count))] = edges.shared_borders(touching)
    shared = borders >= SHARED_BORDER  # a common border: neighbours, land or water
    firsts, seconds = candidates.T
    across = numpy.flatnonzero(~shared & (water[firsts] | water[seconds]))  # no common border, but water
    limit = {(a, b): gaps.get(pair_key(a, b), numpy.nan) for a in SpaceKind for b in SpaceKind}
    widths = numpy.array([limit[kinds[first], kinds[second]] for first, second
                          in zip(firsts[across].tolist(), seconds[across].tolist())], dtype=float)
    lanes = numpy.zeros(len(candidates), dtype=bool)
    lanes[across] = edges.sea_lanes(candidates[across], water, widths)
    connections: list[Connection] = []
    for index in numpy.flatnonzero(shared | lanes).tolist():
        first, second = int(firsts[index]), int(seconds[index])
        land = shared[index] and {kinds[first], kinds[second]} <= LANDS
        connections.append(Connection(edges.ids[first], edges.ids[second],
                                      ConnectionKind.LAND if land else ConnectionKind.SEA))
    return connections


def _keys(pairs: numpy.ndarray, count: int) -> numpy.ndarray:
    return pairs[:, 0] * count + pairs[:, 1]


def _pairs(found: tuple | numpy.ndarray, count: int) -> numpy.ndarray:
    """Index pairs from a tree query, each once, lower index first, sorted (an array of rows)."""
    firsts, seconds = (numpy.asarray(column, dtype=numpy.int64) for column in found)
    lower, upper = numpy.minimum(firsts, seconds), numpy.maximum(firsts, seconds)
    keys = numpy.unique((lower * count + upper)[lower != upper])
    return numpy.stack([keys // count, keys % count], axis=1)


class _Edges:
    """The borders and surroundings of the spaces, each buffered once."""

    def __init__(self, shapes: dict[str, BaseGeometry], board: Board) -> None:
        self.shapes = shapes
        self.ids = list(shapes)
        self.geometries = numpy.array(list(shapes.values()), dtype=object)
        self.tree = STRtree(self.geometries)
        # the board ends at its edge: two spaces must be linked by a gap on the board
        left, top, right, bottom = shapely.total_bounds(list(shapes.values())) if shapes else (0, 0, 0, 0)
        self.frame = shapely.box(min(left, 0.0), min(top, 0.0), max(right, board.width), max(bottom, board.height))
        self._buffers: dict[tuple[str, float], BaseGeometry] = {}
        self._open: BaseGeometry | None = None

    def around(self, space_id: str, width: float) -> BaseGeometry:
        key = (space_id, width)
        if key not in self._buffers:
            self._buffers[key] = self.shapes[space_id].buffer(width)
        return self._buffers[key]

    def open_board(self) -> BaseGeometry:
        """The open gap of the whole board: what no space covers inside the frame, worked out
        once (the spaces united quickly when they tile the board without overlapping, as traced
        maps do, and then there is hardly any)."""
        if self._open is None:
            shapes = list(self.shapes.values())
            valid = shapely.coverage_is_valid(shapes)
            self._open = self.frame.difference(shapely.coverage_union_all(shapes) if valid else unary_union(shapes))
            shapely.prepare(self._open)
        return self._open

    def shared_borders(self, pairs: numpy.ndarray) -> numpy.ndarray:
        """The length of border each pair of touching polygons has in common (a corner counts
        nothing): the area where the two, each grown by half a unit, overlap, a strip one unit
        wide along the common border. All pairs in one GEOS call."""
        if not len(pairs):
            return numpy.zeros(0)
        strips = shapely.buffer(self.geometries, 0.5, join_style="bevel")
        return shapely.area(shapely.intersection(strips[pairs[:, 0]], strips[pairs[:, 1]]))

    def sea_lanes(self, pairs: numpy.ndarray, water: numpy.ndarray, widths: numpy.ndarray) -> numpy.ndarray:
        """For each pair with water and no common border, whether a sea lane joins them: they
        come within the gap ``widths`` allows them (NaN: none), one stretch of open gap touches
        both, and it faces them along a stretch no third space cuts off."""
        firsts, seconds = pairs.T
        lanes = numpy.zeros(len(pairs), dtype=bool)
        close = numpy.flatnonzero(shapely.distance(self.geometries[firsts], self.geometries[seconds]) <= widths)
        from_water = water[firsts[close]]
        linked = close[self.linked(numpy.where(from_water, firsts[close], seconds[close]),
                                   numpy.where(from_water, seconds[close], firsts[close]), widths[close])]
        for index in linked.tolist():
            first, second = firsts[index], seconds[index]
            facing = (WATER_WATER if water[first] and water[second] else LAND_WATER)[1]
            lanes[index] = self.bridge(self.ids[first], self.ids[second], float(widths[index])) >= facing
        return lanes

    def bridge(self, a: str, b: str, gap: float) -> float:
        """How long a stretch of open gap joins ``a`` and ``b``: the overlap of their surroundings
        with every other space taken out, measured as area over the gap's width."""
        shapes = self.shapes
        between = self.around(a, gap).intersection(self.around(b, gap))
        others = [shapes[self.ids[index]] for index in self.tree.query(between, predicate="intersects")
                  if self.ids[index] not in (a, b)]
        if others:
            between = between.difference(unary_union(others))
        return self._joining(between, a, b) / (2 * gap)

    def linked(self, waters: numpy.ndarray, others: numpy.ndarray, widths: numpy.ndarray) -> numpy.ndarray:
        """For each pair of a water space and another (by index) with the gap allowed between
        them: whether one stretch of open gap (covered by no space) touches both. A path from
        one to the other that enters neither on the way crosses only open gap, so without one
        there is no bridge to measure. The open gap around each water space is worked out once
        per width, and only where the board has open gap within reach (on a traced map, where
        neighbours share their borders, hardly anywhere); all pairs in a few vectorised calls."""
        geometries, board = self.geometries, self.open_board()
        grown, which = numpy.unique(numpy.column_stack([waters, widths]), axis=0, return_inverse=True)
        spaces, reach = grown[:, 0].astype(int), grown[:, 1]
        gaps = numpy.array([shapely.Polygon()] * len(grown), dtype=object)
        near = shapely.dwithin(geometries[spaces], board, reach)
        gaps[near] = shapely.intersection(shapely.buffer(geometries[spaces[near]], reach[near]), board)
        gaps = gaps[which.ravel()]
        open_gap = shapely.area(gaps) >= OPEN
        chosen = numpy.flatnonzero(open_gap)
        chosen = chosen[shapely.distance(gaps[chosen], geometries[others[chosen]]) < 1e-6]  # it reaches the other
        links = shapely.intersection(gaps[chosen], shapely.buffer(geometries[others[chosen]], widths[chosen]))
        parts, owner = shapely.get_parts(links, return_index=True)
        pairs = chosen[owner]
        joining = (shapely.area(parts) > 0) & (shapely.distance(parts, geometries[waters[pairs]]) < 1e-6) & (
            shapely.distance(parts, geometries[others[pairs]]) < 1e-6)
        linked = numpy.zeros(len(waters), dtype=bool)
        linked[pairs[joining]] = True
        return linked

    def _joining(self, between: BaseGeometry, a: str, b: str) -> float:
        """The area of the largest part of ``between`` that touches both spaces."""
        best = 0.0
        for part in getattr(between, "geoms", [between]):
            if part.distance(self.shapes[a]) < 1e-6 and part.distance(self.shapes[b]) < 1e-6:
                best = max(best, part.area)
        return best


def diff(board: Board, derived: list[Connection]) -> AdjacencyDiff:
    """What accepting ``derived`` would change; manual connections are always kept."""
    wanted = {_pair(connection) for connection in derived}
    existing = {_pair(connection) for connection in board.connections}
    kept = [c for c in board.connections if _pair(c) in wanted or is_manual(c)]
    removed = [c for c in board.connections if _pair(c) not in wanted and not is_manual(c)]
    added = [c for c in derived if _pair(c) not in existing]
    return AdjacencyDiff(added, removed, kept)


def measure(board: Board, derived: list[Connection]) -> dict[str, tuple[int, int, int]]:
    """(derived, on the board, derived and on the board) for land and for sea connections: the
    recall and precision of a derivation against a board whose connections are known good."""
    figures = {}
    for kind in (ConnectionKind.LAND, ConnectionKind.SEA):
        true = {frozenset((c.a, c.b)) for c in board.connections if c.kind == kind}
        found = {frozenset((c.a, c.b)) for c in derived if c.kind == kind}
        figures[f"{kind.value} connections"] = (len(found), len(true), len(true & found))
    return figures
