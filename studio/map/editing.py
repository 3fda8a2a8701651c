"""The map editor's edits: each is one undo step of the document's own commands.

The tools turn mouse and keys into these calls; the tests call them directly too. A drag
(moving spaces, a corner) pushes a set-value command per mouse move with the same merge key
and the same paths, so the stack folds the whole drag into one step, as Tiled does.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from operator import attrgetter

import attrs

from engine.rulesets.registry import get_ruleset
from engine.scenario.bounds import check_bounds
from engine.scenario.io import scenario_to_data
from engine.scenario.model import Board, Connection, ConnectionKind, Space, SpaceKind
from engine.scenario.paths import index_in, parse
from engine.scenario.references import Referrer, cleared, referrers, repointed
from studio.commands import SetValues
from studio.document import ScenarioDocument
from studio.map import geometry
from studio.map.geometry import GeometryError, Point

_runs = itertools.count(1)


def new_run() -> str:
    """A fresh merge key: edits made under it fold into one undo step, and no others do."""
    return f"run-{next(_runs)}"


def space_path(space_id: str) -> str:
    return f"board.spaces[{space_id}]"


def free_id(board: Board, stem: str) -> str:
    taken = {space.id for space in board.spaces}
    if stem not in taken:
        return stem
    return next(f"{stem}-{number}" for number in itertools.count(2) if f"{stem}-{number}" not in taken)


def free_name(board: Board, stem: str, first: int) -> str:
    """``stem N`` with the lowest N from ``first`` that no space is called yet."""
    taken = {space.name for space in board.spaces}
    return next(f"{stem} {number}" for number in itertools.count(first) if f"{stem} {number}" not in taken)


class MapEditor:
    """Edits of one document's board, in the words a designer uses."""

    def __init__(self, document: ScenarioDocument) -> None:
        self.document = document
        self._by_id: dict[str, Space] = {}
        document.spaces_changed.connect(self._spaces_changed)
        document.space_renamed.connect(self._forget)

    @property
    def board(self) -> Board:
        return self.document.scenario.board

    def space(self, space_id: str) -> Space:
        """A space by id, from a table kept until spaces are added, removed or renamed (a drag
        looks its spaces up at every mouse move)."""
        space = self._by_id.get(space_id)
        if space is None or space.id != space_id:
            spaces = self.board.spaces
            self._by_id = dict(zip(map(attrgetter("id"), spaces), spaces))  # built in C
            space = self._by_id.get(space_id)
            if space is None:
                raise KeyError(space_id)
        return space

    def _forget(self, *_: object) -> None:
        self._by_id = {}

    def _spaces_changed(self, added: list[Space], removed: list[Space]) -> None:
        """The table follows the spaces that came and went (an empty one is built when asked)."""
        if self._by_id:
            for space in removed:
                if self._by_id.get(space.id) is space:
                    del self._by_id[space.id]
            self._by_id.update((space.id, space) for space in added)

    def _push_run(self, changes: list[tuple[str, object, object]], text: str, run: str) -> None:
        """Every path every time, changed or not, so each command of a run merges with the last."""
        self.document.push(SetValues(self.document, changes, text, run))

    # -- moving, turning, scaling whole spaces -----------------------------------------

    def transform(self, space_ids: Sequence[str], originals: dict[str, tuple[list[Point], Point | None]],
                  mapping: Callable[[Point], Point], text: str, run: str) -> None:
        """Put each space's corners and label where ``mapping`` takes them from ``originals``
        (their places when the run began), as one step of the run ``run``."""
        changes: list[tuple[str, object, object]] = []
        for space_id in space_ids:
            space = self.space(space_id)
            corners, label = originals[space_id]
            outline = [geometry.tidy(mapping(point)) for point in corners]
            changes.append((f"{space_path(space_id)}.polygon", space.polygon, outline))
            if label is not None:  # a name carried along stays inside, even a hundredth from the edge
                label = geometry.tidy(mapping(label))
                if not geometry.contains(outline, label) and geometry.is_simple(outline):
                    label = geometry.label_inside(outline, label)
            changes.append((f"{space_path(space_id)}.label", space.label, label))
        self._push_run(changes, text, run)

    def originals(self, space_ids: Iterable[str]) -> dict[str, tuple[list[Point], Point | None]]:
        return {space_id: (list(self.space(space_id).polygon), self.space(space_id).label) for space_id in space_ids}

    def move(self, space_ids: Sequence[str], dx: float, dy: float, run: str | None = None,
             originals: dict[str, tuple[list[Point], Point | None]] | None = None) -> None:
        """Move spaces by (dx, dy) from ``originals`` (default: where they are now)."""
        originals = originals or self.originals(space_ids)
        self.transform(space_ids, originals, lambda p: (p[0] + dx, p[1] + dy), _text("Move", space_ids),
                       run or new_run())

    def rotate(self, space_ids: Sequence[str], degrees: float, run: str | None = None,
               originals: dict[str, tuple[list[Point], Point | None]] | None = None) -> None:
        """Turn spaces about the middle of their bounding box, clockwise on screen."""
        originals = originals or self.originals(space_ids)
        about = geometry.centre(corners for corners, _ in originals.values())
        self.transform(space_ids, originals, lambda p: geometry.rotated(p, about, degrees),
                       _text("Rotate", space_ids), run or new_run())

    def scale(self, space_ids: Sequence[str], factor: float, run: str | None = None,
              originals: dict[str, tuple[list[Point], Point | None]] | None = None,
              factor_y: float | None = None) -> None:
        """Scale spaces about the middle of their bounding box: by ``factor`` both ways, or
        across by ``factor`` and down by ``factor_y`` (a side handle stretches one way)."""
        if factor <= 0 or (factor_y is not None and factor_y <= 0):
            raise GeometryError("a scale must be above zero")
        originals = originals or self.originals(space_ids)
        about = geometry.centre(corners for corners, _ in originals.values())
        self.transform(space_ids, originals, lambda p: geometry.scaled(p, about, factor, factor_y),
                       _text("Scale", space_ids), run or new_run())

    # -- the board itself -------------------------------------------------------------

    def resize_board(self, width: float, height: float) -> None:
        """The board's size, checked as the file is (the fields' bounds, no space far off the
        board): a size the file would refuse raises GeometryError and changes nothing."""
        if not all(type(value) is int or (type(value) is float and math.isfinite(value)) for value in (width, height)):
            raise GeometryError("the board's width and height must be numbers")
        spaces = [{"id": space.id, "polygon": [list(point) for point in space.polygon],
                   "label": list(space.label) if space.label is not None else None} for space in self.board.spaces]
        problems = check_bounds({"board": {"width": width, "height": height, "spaces": spaces}}, {})
        if problems:
            steps = [name for _, name in parse(problems[0].path)]
            if steps[1] == "spaces":
                raise GeometryError(f"{self.space(steps[2]).name} would lie far outside a {width:g} x {height:g} "
                                    "board")
            raise GeometryError(f"the board's {steps[1]} {problems[0].message}")
        self.document.set_values({"board.width": width, "board.height": height},
                                 f"Board size {width:g} x {height:g}")

    def fit_board(self, margin_share: float = 0.02) -> tuple[float, float]:
        """The board made to hold its spaces with a small margin all round: the spaces (and
        names) move so that the margin is the same on every side. A board with a background
        picture keeps its spaces where they are over it, and only its right and bottom edges
        move. Returns the new size."""
        corners = [point for space in self.board.spaces for point in space.polygon]
        if not corners:
            raise GeometryError("the board has no spaces to fit")
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        margin = round(max(max(xs) - min(xs), max(ys) - min(ys)) * margin_share, 2)
        dx, dy = (0.0, 0.0) if self.board.background else (margin - min(xs), margin - min(ys))
        width, height = round(max(xs) + dx + margin, 2), round(max(ys) + dy + margin, 2)
        with self.document.group("Fit board to spaces"):
            if dx or dy:
                ids = [space.id for space in self.board.spaces]
                self.transform(ids, self.originals(ids), lambda p: (p[0] + dx, p[1] + dy), "Move", new_run())
            self.resize_board(width, height)
        return width, height

    # -- corners ------------------------------------------------------------------------

    def corner_drag(self, space_id: str, index: int, candidates: Iterable[str]) -> CornerDrag:
        """Start dragging a corner; every space among ``candidates`` with a corner at the very
        same place moves it too."""
        return CornerDrag(self, space_id, index, candidates)

    def insert_corner(self, space_id: str, side: int, point: Point, candidates: Iterable[str]) -> None:
        """A new corner on side ``side`` of the space (between corners side and side+1), and on
        the same side of every neighbour that shares it, so their border stays shared."""
        space = self.space(space_id)
        a, b = space.polygon[side], space.polygon[(side + 1) % len(space.polygon)]
        point = geometry.tidy(point)
        values = {}
        for other_id in dict.fromkeys([space_id, *candidates]):
            other = self.space(other_id)
            widened = geometry.with_corner_inserted(other.polygon, a, b, point)
            if widened is not None:
                values[f"{space_path(other_id)}.polygon"] = widened
        self.document.set_values(values, "Add corner", merge_key=None)

    def delete_corners(self, corners: Sequence[tuple[str, int]], candidates: Iterable[str]) -> None:
        """Remove corners, from every space that shares them; a space keeps at least three."""
        places = {self.space(space_id).polygon[index] for space_id, index in corners}
        values = {}
        for other_id in dict.fromkeys([space_id for space_id, _ in corners] + list(candidates)):
            other = self.space(other_id)
            kept = [point for point in other.polygon if point not in places]
            if len(kept) == len(other.polygon):
                continue
            if len(kept) < 3:
                raise GeometryError(f"{other.name} would have fewer than three corners")
            values[f"{space_path(other_id)}.polygon"] = kept
            if other.label is not None:
                values[f"{space_path(other_id)}.label"] = geometry.label_inside(kept, other.label)
        self.document.set_values(values, "Delete corner" if len(places) == 1 else "Delete corners", merge_key=None)

    # -- spaces ---------------------------------------------------------------------------

    def add_space(self, polygon: Sequence[Point], kind: SpaceKind = SpaceKind.LAND, region: str | None = None,
                  name: str | None = None) -> str:
        corners = [geometry.tidy(point) for point in polygon]
        if not geometry.is_simple(corners):
            raise GeometryError("a space needs at least three corners and an outline that does not cross itself")
        number = len(self.board.spaces) + 1
        space_id = free_id(self.board, f"space-{number}")
        space = Space(space_id, name or free_name(self.board, "Space", number), kind, region, polygon=corners,
                      label=geometry.label_inside(corners, None))
        self.document.add("board.spaces", space, text=f"Draw {space.name}")
        return space_id

    def set_label(self, space_id: str, point: Point, run: str | None = None) -> Point:
        """Put the space's name at ``point``, or the nearest place inside the space."""
        space = self.space(space_id)
        label = geometry.label_inside(space.polygon, geometry.tidy(point))
        self._push_run([(f"{space_path(space_id)}.label", space.label, label)], f"Place name of {space.name}",
                       run or new_run())
        return label

    def referrers(self, space_ids: Iterable[str]) -> list[Referrer]:
        """The cards, placements and other fields (connections aside) naming these spaces:
        found by the same reference walk that renaming a space follows. The board's spaces
        (which name no space) and connections (the editor's own) are left out of the walk,
        so a merge on a board of thousands of spaces does not write them all out first."""
        scenario = self.document.scenario
        ruleset = get_ruleset(scenario.ruleset.id)
        card_types = ruleset.card_type_map() if ruleset is not None else {}
        rest = attrs.evolve(scenario, board=attrs.evolve(scenario.board, spaces=[], connections=[]))
        return referrers(scenario_to_data(rest, get_ruleset), card_types, "space", set(space_ids))

    def delete(self, space_ids: Sequence[str]) -> list[Referrer]:
        """Spaces, the connections that touch them, and every reference to them, as one step:
        a list of spaces loses them, an optional reference is emptied, a setup placement on
        one is removed. A required lone reference (a card's one start space) cannot be
        emptied; those are left and returned, for the designer to point elsewhere."""
        gone = set(space_ids)
        left: list[Referrer] = []
        values: dict[str, object] = {}
        placements: list[int] = []
        for referrer in self.referrers(gone):
            steps = parse(referrer.path)
            if [name for _, name in steps][:1] == ["setup"] and len(steps) == 3:
                placements.append(index_in(self.document.scenario.setup, steps[1][1], "setup"))
            elif isinstance(referrer.value, list) or referrer.optional:
                values[referrer.path] = cleared(referrer, gone)
            else:
                left.append(referrer)
        with self.document.group(_text("Delete", space_ids)):
            self.document.set_values(values, "Clear references")
            for index in sorted(placements, reverse=True):
                self.document.remove("setup", str(index))
            self._set_connections([c for c in self.board.connections if c.a not in gone and c.b not in gone])
            for space_id in space_ids:
                self.document.remove("board.spaces", space_id)
        return left

    def split(self, space_id: str, line: Sequence[Point], candidates: Iterable[str] = ()) -> str:
        """Cut a space in two along a drawn line. It keeps the larger piece; the other becomes
        a new space like it. Where the cut meets a side shared with a neighbour, the neighbour
        gets the new corner too."""
        space = self.space(space_id)
        kept, cut_off = geometry.split(space.polygon, line)
        kept, cut_off = [geometry.tidy(p) for p in kept], [geometry.tidy(p) for p in cut_off]
        new_id = free_id(self.board, f"{space_id}-2")
        taken = {other.name for other in self.board.spaces}
        piece_name = next(f"{space.name} ({n})" for n in itertools.count(2) if f"{space.name} ({n})" not in taken)
        piece = attrs.evolve(space, id=new_id, name=piece_name, polygon=cut_off,
                             label=geometry.label_inside(cut_off, None), terrain=list(space.terrain),
                             resources=list(space.resources), props=dict(space.props))
        outline = list(space.polygon)
        new_corners = [point for point in dict.fromkeys(kept + cut_off) if point not in outline]
        sides = [(point, _side_under(outline, point)) for point in new_corners]
        with self.document.group(f"Split {space.name}"):
            self.document.set_values({f"{space_path(space_id)}.polygon": kept,
                                      f"{space_path(space_id)}.label": geometry.label_inside(kept, space.label)},
                                     f"Split {space.name}")
            index = next(i for i, s in enumerate(self.board.spaces) if s.id == space_id)
            self.document.add("board.spaces", piece, index + 1)
            for point, side in sides:
                if side is None:
                    continue
                a, b = outline[side], outline[(side + 1) % len(outline)]
                for other_id in candidates:
                    if other_id in (space_id, new_id):
                        continue
                    widened = geometry.with_corner_inserted(self.space(other_id).polygon, a, b, point)
                    if widened is not None:
                        self.document.set_value(f"{space_path(other_id)}.polygon", widened, merge_key=None)
        return new_id

    def merge(self, space_ids: Sequence[str]) -> str:
        """One space from several neighbours: the first keeps its id, name and values; the
        others' connections, and every card or placement naming them, are moved onto it
        (without duplicates), and they are removed."""
        if len(space_ids) < 2:
            raise GeometryError("select two or more neighbouring spaces to merge")
        spaces = [self.space(space_id) for space_id in space_ids]
        outline = [geometry.tidy(point) for point in geometry.merge([space.polygon for space in spaces])]
        keep = spaces[0]
        gone = {space.id for space in spaces[1:]}
        connections: list[Connection] = []
        seen: set[tuple[frozenset[str], ConnectionKind]] = set()
        for connection in self.board.connections:
            if connection.a in gone or connection.b in gone:
                connection = attrs.evolve(connection, a=keep.id if connection.a in gone else connection.a,
                                          b=keep.id if connection.b in gone else connection.b,
                                          props=dict(connection.props))
                if connection.a == connection.b:
                    continue
            key = (frozenset((connection.a, connection.b)), connection.kind)
            if key in seen and connection.kind is not ConnectionKind.ARROW:
                continue
            seen.add(key)
            connections.append(connection)
        with self.document.group(f"Merge {', '.join(space.name for space in spaces)}"):
            self.document.set_values({f"{space_path(keep.id)}.polygon": outline,
                                      f"{space_path(keep.id)}.label": geometry.label_inside(outline, keep.label)},
                                     "Merge")
            if connections != self.board.connections:
                self._set_connections(connections)
            self.document.set_values({referrer.path: repointed(referrer, gone, keep.id)
                                      for referrer in self.referrers(gone)}, "Re-point references")
            for space in spaces[1:]:
                self.document.remove("board.spaces", space.id)
        return keep.id

    # -- connections ----------------------------------------------------------------------

    def connect(self, a: str, b: str, kind: ConnectionKind) -> Connection:
        """A connection drawn by hand: marked manual, so deriving adjacency never removes it."""
        if a == b:
            raise GeometryError("a connection joins two different spaces")
        for connection in self.board.connections:
            same = (connection.a, connection.b) == (a, b) or (
                kind is not ConnectionKind.ARROW and {connection.a, connection.b} == {a, b})
            if same and connection.kind is kind:
                raise GeometryError(f"{self.space(a).name} and {self.space(b).name} already have a "
                                    f"{kind.value} connection")
        connection = Connection(a, b, kind, {"manual": True})
        self.document.add("board.connections", connection,
                          text=f"Connect {self.space(a).name} and {self.space(b).name} ({kind.value})")
        return connection

    def disconnect(self, a: str, b: str, kind: ConnectionKind) -> None:
        """Remove the connection of ``kind`` between two spaces (a one-way arrow from a to b)."""
        for connection in self.board.connections:
            if connection.kind is kind and ((connection.a, connection.b) == (a, b) or (
                    kind is not ConnectionKind.ARROW and (connection.b, connection.a) == (a, b))):
                kept = [c for c in self.board.connections if c is not connection]
                self.document.set_value("board.connections", kept,
                                        f"Disconnect {self.space(a).name} and {self.space(b).name} ({kind.value})",
                                        merge_key=None)
                return
        raise GeometryError(f"{self.space(a).name} and {self.space(b).name} have no {kind.value} connection")

    def _set_connections(self, connections: list[Connection]) -> None:
        """The whole list at once: one change for the board to redraw, one value for undo."""
        if connections != self.board.connections:
            self.document.set_value("board.connections", connections, "Change connections", merge_key=None)


class CornerDrag:
    """One corner being dragged, with the same corner of every neighbour that shares it."""

    def __init__(self, editor: MapEditor, space_id: str, index: int, candidates: Iterable[str]) -> None:
        self.editor = editor
        self.start = editor.space(space_id).polygon[index]
        self.members: list[tuple[str, list[int]]] = []
        self.labels: dict[str, Point | None] = {}
        for other_id in dict.fromkeys([space_id, *candidates]):
            other = editor.space(other_id)
            indices = geometry.corner_indices(other.polygon, self.start)
            if indices:
                self.members.append((other_id, indices))
                self.labels[other_id] = other.label
        self.run = new_run()
        self.at = self.start

    @property
    def spaces(self) -> list[str]:
        return [space_id for space_id, _ in self.members]

    def to(self, point: Point) -> None:
        """The corner, in every space that has it, moved to ``point`` (one undo step per drag).
        A name pushed out of its space by the move is kept inside it."""
        point = geometry.tidy(point)
        changes: list[tuple[str, object, object]] = []
        for space_id, indices in self.members:
            space = self.editor.space(space_id)
            for index in indices:
                changes.append((f"{space_path(space_id)}.polygon[{index}]", space.polygon[index], point))
            label = self.labels[space_id]
            if label is not None:
                corners = list(space.polygon)
                for index in indices:
                    corners[index] = point
                new_label = label
                if not geometry.contains(corners, label) and geometry.is_simple(corners):
                    new_label = geometry.label_inside(corners, label)
                changes.append((f"{space_path(space_id)}.label", space.label, new_label))
        self.at = point
        self.editor._push_run(changes, "Move corner", self.run)


def _side_under(polygon: Sequence[Point], point: Point) -> int | None:
    side, gap, _ = geometry.nearest_side(polygon, point)
    return side if gap < 1e-2 else None


def _text(verb: str, space_ids: Sequence[str]) -> str:
    return f"{verb} {space_ids[0]}" if len(space_ids) == 1 else f"{verb} {len(space_ids)} spaces"
