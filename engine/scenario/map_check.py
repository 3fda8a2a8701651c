"""The map's own problems, found while the designer draws: outlines that cross themselves,
spaces that overlap or leave a hairline gap to a neighbour, a name placed outside its space,
a space nothing connects to, a land connection between spaces far apart.

The designer says where these would be false: a space marked ``isolated`` is reached by a
rule rather than by a connection (it is reported if a connection does reach it), and on a
``schematic`` board (boxes joined by lines) connected spaces need not touch.

The check is incremental: it remembers each space's outline and what it found, and after an
edit looks again only at the spaces whose kind, outline or label point changed and at their
neighbours (found through a spatial index), so one edit of a 2,000-space board costs a few
milliseconds, not a pass over every pair. Each problem is located by the same path the
editors use (``board.spaces[gaul].polygon``), so clicking it finds the item.
"""

from __future__ import annotations

from collections.abc import Iterable

import shapely
from shapely import STRtree
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.validation import explain_validity, make_valid

from engine.scenario.model import Board, ConnectionKind, Space, SpaceKind
from engine.scenario.problems import Problem

LANDS = {SpaceKind.LAND, SpaceKind.WASTELAND}
MAP_KINDS = LANDS | {SpaceKind.SEA, SpaceKind.OCEAN}
GAP = 2.0  # board units: neighbours closer than this but not touching leave a hairline gap
OVERLAP = 1.0  # square units of overlap below which two outlines merely share a border
FAR = 40.0  # board units: a land connection between spaces farther apart is suspect

_Key = tuple[SpaceKind, list, object]


class MapCheck:
    """Keeps the geometry problems of one board up to date; call ``problems()`` after edits."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self._keys: dict[str, _Key] = {}
        self._shapes: dict[str, BaseGeometry] = {}
        self._kinds: dict[str, SpaceKind] = {}
        self._own: dict[str, list[Problem]] = {}
        self._pairs: dict[frozenset[str], list[Problem]] = {}
        self._signature: tuple[bool, list[tuple[str, str, ConnectionKind]]] = (False, [])
        self._by_space: dict[str, list[int]] = {}
        self._far: dict[int, Problem] = {}

    def problems(self) -> list[Problem]:
        """Every geometry problem of the board as it stands now, spaces in board order."""
        changed = self._refresh()
        if changed:
            self._recheck_pairs(changed)
        order = {space.id: index for index, space in enumerate(self.board.spaces)}
        found = [problem for space in self.board.spaces for problem in self._own.get(space.id, [])]
        pairs = sorted(self._pairs.items(), key=lambda item: min(order.get(i, 0) for i in item[0]))
        found += [problem for _, problems in pairs for problem in problems]
        found += self._connection_problems(changed)
        return found

    # -- spaces ----------------------------------------------------------------------------

    def _refresh(self) -> set[str]:
        """The ids of spaces added, removed or changed since the last look. Commands replace a
        space's outline or label point with a new value, never change one in place, so an
        unchanged space is recognised by the very same objects, without comparing corners."""
        changed = set()
        seen = set()
        for space in self.board.spaces:
            seen.add(space.id)
            key = self._keys.get(space.id)
            if key is None or key[0] is not space.kind or key[1] is not space.polygon or key[2] is not space.label:
                self._keys[space.id] = (space.kind, space.polygon, space.label)
                self._own[space.id] = self._look_at(space)
                changed.add(space.id)
        for gone in set(self._keys) - seen:
            del self._keys[gone]
            self._own.pop(gone, None)
            self._shapes.pop(gone, None)
            self._kinds.pop(gone, None)
            changed.add(gone)
        return changed

    def _look_at(self, space: Space) -> list[Problem]:
        """What is wrong with one space on its own; keeps its outline for the pair checks."""
        path = f"board.spaces[{space.id}]"
        self._shapes.pop(space.id, None)
        self._kinds[space.id] = space.kind
        if not space.polygon:
            return []
        if len(space.polygon) < 3:
            return [Problem(f"{path}.polygon", f"an outline needs at least 3 corners, this one has {len(space.polygon)}")]
        problems = []
        shape = Polygon(space.polygon)
        if not shape.is_valid:
            reason = explain_validity(shape)
            where = reason[reason.find("[") + 1:reason.find("]")].split() if "[" in reason else []
            near = f" near ({float(where[0]):.0f}, {float(where[1]):.0f})" if len(where) == 2 else ""
            problems.append(Problem(f"{path}.polygon", f"the outline crosses itself{near}"))
            shape = make_valid(shape)
        if space.label is not None and not shape.is_empty and not shape.covers(Point(space.label)):
            problems.append(Problem(f"{path}.label", "the name's point lies outside the space"))
        if space.kind in MAP_KINDS and not shape.is_empty:
            self._shapes[space.id] = shape
        return problems

    # -- pairs of spaces -------------------------------------------------------------------

    def _recheck_pairs(self, changed: set[str]) -> None:
        for pair in [pair for pair in self._pairs if pair & changed]:
            del self._pairs[pair]
        ids = list(self._shapes)
        if not ids:
            return
        tree = STRtree([self._shapes[space_id] for space_id in ids])
        mine = [space_id for space_id in changed if space_id in self._shapes]
        if not mine:
            return
        near_of, others = tree.query([self._shapes[space_id] for space_id in mine], predicate="dwithin",
                                     distance=GAP)
        pairs = {frozenset((mine[first], ids[second])) for first, second in zip(near_of.tolist(), others.tolist(),
                                                                                   strict=True)
                 if mine[first] != ids[second]}
        order = {space.id: index for index, space in enumerate(self.board.spaces)}
        for pair in pairs:
            a, b = sorted(pair, key=lambda space_id: order.get(space_id, 0))
            problems = self._pair_problems(a, b)
            if problems:
                self._pairs[pair] = problems

    def _pair_problems(self, a: str, b: str) -> list[Problem]:
        first, second = self._shapes[a], self._shapes[b]
        path = f"board.spaces[{a}].polygon"
        overlap = shapely.intersection(first, second).area
        if overlap >= OVERLAP:
            return [Problem(path, f"overlaps {b} by {overlap:.0f} square units")]
        if not {self._kinds[a], self._kinds[b]} <= LANDS:  # a sea need not touch its coast
            return []
        gap = first.distance(second)
        if 0 < gap < GAP:
            return [Problem(path, f"leaves a gap of {gap:.1f} units to {b}: snap the borders together")]
        return []

    # -- connections -----------------------------------------------------------------------

    def _connection_problems(self, changed: set[str]) -> list[Problem]:
        """Spaces nothing connects to and land connections between spaces far apart; worked out
        again only for the connections of changed spaces while the connections stay the same."""
        ends = [(connection.a, connection.b, connection.kind) for connection in self.board.connections]
        signature = (self.board.schematic, ends)
        if signature != self._signature:
            self._signature = signature
            self._by_space = {}
            for index, (a, b, _) in enumerate(ends):
                self._by_space.setdefault(a, []).append(index)
                self._by_space.setdefault(b, []).append(index)
            self._far = {}
            again: Iterable[int] = range(len(ends))
        else:
            again = sorted({index for space_id in changed for index in self._by_space.get(space_id, ())})
        for index in again:
            self._far.pop(index, None)
            a, b, kind = ends[index]
            if kind == ConnectionKind.LAND and a in self._shapes and b in self._shapes and not self.board.schematic:
                apart = self._shapes[a].distance(self._shapes[b])
                if apart > FAR:
                    self._far[index] = Problem(f"board.connections[{index}]",
                                               f"a land connection between {a} and {b}, {apart:.0f} units apart")
        lonely = []
        for space in self.board.spaces:
            reaching = len(self._by_space.get(space.id, ()))
            if space.isolated and reaching:
                lonely.append(Problem(f"board.spaces[{space.id}].isolated",
                                      f"marked isolated on purpose, yet {reaching} connection"
                                      f"{'s reach' if reaching > 1 else ' reaches'} it"))
            elif space.kind in MAP_KINDS and not reaching and not space.isolated:
                lonely.append(Problem(f"board.spaces[{space.id}]", "no connection: nothing can reach this space "
                                      "(mark it isolated if a rule reaches it)"))
        return lonely + [self._far[index] for index in sorted(self._far)]
