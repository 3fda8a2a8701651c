"""Connections derived from the drawn borders, and their difference from the board's own.

Two land spaces (or wasteland) whose polygons share a stretch of border are joined by a land
connection. A sea's polygon need not touch the coast, so a space next to water is joined by a
sea connection when the two come within a gap tolerance for their pair of kinds, along a
facing stretch no third space cuts off (the "bridge" between them). Straits, one-way arrows
and connections carrying props are the designer's own: a re-derivation never removes them.
"""

from __future__ import annotations

from collections.abc import Mapping

from attrs import frozen
from shapely import STRtree, unary_union
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry
from shapely.validation import make_valid

from engine.scenario.model import Board, Connection, ConnectionKind, SpaceKind

LANDS = {SpaceKind.LAND, SpaceKind.WASTELAND}
WATERS = {SpaceKind.SEA, SpaceKind.OCEAN}
SHARED_BORDER = 8.0  # board units of common border that make two land spaces neighbours
# Gap tolerance and the facing stretch it needs, per pair of kinds, in board units; tuned on
# the History of the World map (benchmarks/adjacency.py prints recall and precision).
LAND_WATER = (40.0, 40.0)
WATER_WATER = (45.0, 20.0)
DERIVED_KINDS = {ConnectionKind.LAND, ConnectionKind.SEA}


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
    shapes = {}
    for space in board.spaces:
        if len(space.polygon) >= 3 and space.kind in LANDS | WATERS:
            shape = make_valid(Polygon(space.polygon))
            if not shape.is_empty:
                shapes[space.id] = shape
    return shapes


def derive(board: Board, tolerances: Mapping[str, float] | None = None) -> list[Connection]:
    """The land and sea connections the borders imply, in board order of their first space."""
    gaps = {**default_tolerances(), **(tolerances or {})}
    kinds = {space.id: space.kind for space in board.spaces}
    shapes = _shapes(board)
    ids = list(shapes)
    geometries = [shapes[space_id] for space_id in ids]
    tree = STRtree(geometries)
    reach = max(gaps.values(), default=0.0)
    edges = _Edges(shapes)
    found: list[Connection] = []
    firsts, seconds = tree.query(geometries, predicate="dwithin", distance=reach)
    for first, second in sorted(zip(firsts.tolist(), seconds.tolist(), strict=True)):
        if second <= first:
            continue
        a, b = ids[first], ids[second]
        pair = {kinds[a], kinds[b]}
        if pair <= LANDS:
            if edges.shared_border(a, b) >= SHARED_BORDER:
                found.append(Connection(a, b, ConnectionKind.LAND))
            continue
        if not pair & WATERS:
            continue
        gap = gaps.get(pair_key(kinds[a], kinds[b]))
        facing = (WATER_WATER if pair <= WATERS else LAND_WATER)[1]
        if gap is not None and shapes[a].distance(shapes[b]) <= gap and \
                edges.bridge(a, b, ids, tree, gap) >= facing:
            found.append(Connection(a, b, ConnectionKind.SEA))
    return found


class _Edges:
    """The borders and surroundings of the spaces, each buffered once."""

    def __init__(self, shapes: dict[str, BaseGeometry]) -> None:
        self.shapes = shapes
        self._buffers: dict[tuple[str, float], BaseGeometry] = {}

    def around(self, space_id: str, width: float) -> BaseGeometry:
        key = (space_id, width)
        if key not in self._buffers:
            self._buffers[key] = self.shapes[space_id].buffer(width)
        return self._buffers[key]

    def shared_border(self, a: str, b: str) -> float:
        """The length of border two touching polygons have in common (a corner counts nothing),
        as the area of the 1-unit-wide strip along it."""
        if self.shapes[a].distance(self.shapes[b]) > 1.0:
            return 0.0
        return self.around(a, 0.5).intersection(self.around(b, 0.5)).area

    def bridge(self, a: str, b: str, ids: list[str], tree: STRtree, gap: float) -> float:
        """How long a stretch of open gap joins ``a`` and ``b``: the overlap of their surroundings
        with every other space taken out, measured as area over the gap's width."""
        shapes = self.shapes
        between = self.around(a, gap).intersection(self.around(b, gap))
        others = [shapes[ids[index]] for index in tree.query(between, predicate="intersects")
                  if ids[index] not in (a, b)]
        if others:
            between = between.difference(unary_union(others))
        best = 0.0
        for part in getattr(between, "geoms", [between]):
            if part.distance(shapes[a]) < 1e-6 and part.distance(shapes[b]) < 1e-6:
                best = max(best, part.area / (2 * gap))
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
