"""The board's connections as the scene keeps them: bucketed into tiles by kind, so an edit
draws again only the tiles whose lines it touched."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QGraphicsScene

from engine.scenario.model import Board, Connection, ConnectionKind
from studio.board import style
from studio.board.connections import ConnectionsItem

LINES_PER_TILE = 10  # about; an edit redraws the lines of the tiles it touches
TILES = (8, 64)  # per side of the board, at least and at most


class SceneLines(QGraphicsScene):
    """The connection bookkeeping of ``BoardScene``, which provides ``board`` and ``centres``."""

    board: Board
    centres: dict[str, QPointF]

    def _start_lines(self, board: Board) -> None:
        self._head = max(board.width, board.height) / 110
        self._connection_items: dict[ConnectionKind, ConnectionsItem] = {}
        self._connection_groups: dict[tuple[ConnectionKind, int, int], dict[int, Connection]] = defaultdict(dict)
        self._drawn: dict[int, tuple[Connection, tuple[ConnectionKind, int, int]]] = {}
        self._undrawn: dict[int, Connection] = {}
        self._known: set[int] = set()  # the ids of the connection objects drawn or put aside
        self._touching: dict[str, set[tuple[ConnectionKind, int, int]]] = defaultdict(set)
        self._typical = 0.0
        # Tiles sized to the board's lines, so one tile redrawn stays cheap on a large board.
        self._tiles = min(max(math.isqrt(len(board.connections) // LINES_PER_TILE), TILES[0]), TILES[1])
        self.refresh_connections()

    def refresh_connections(self) -> None:
        """Draw the board's connections: those not drawn yet are placed, those no longer on the
        board dropped, told apart by identity (building the scene, or after ``redraw_connections``).
        Lines are bucketed into tiles of the board by kind, and only the tiles that gained or
        lost a line are drawn again, so one new connection on a large board costs one tile."""
        connections = self.board.connections
        by_number = dict(zip(map(id, connections), connections))  # built in C: no Python loop
        current = by_number.keys()
        dirty: set[tuple[ConnectionKind, int, int]] = set()
        for number in self._known - current:
            self._forget_connection(number, dirty)
        for number in current - self._known:
            self._place_connection(by_number[number], dirty)
        if self._typical == 0.0 and self._drawn:
            lengths = sorted(math.dist(self._xy(c.a), self._xy(c.b)) for c, _ in self._drawn.values())
            self._typical = lengths[len(lengths) // 2]
            for item in self._connection_items.values():
                item.typical = self._typical
        self._draw_tiles(dirty)

    def update_connections(self, added: Iterable[Connection], removed: Iterable[Connection]) -> None:
        """The connections an edit added and removed (one changed in place is both): only they
        are placed or dropped, and only their tiles drawn again."""
        dirty: set[tuple[ConnectionKind, int, int]] = set()
        for connection in removed:
            self._forget_connection(id(connection), dirty)
        for connection in added:
            self._place_connection(connection, dirty)
        self._draw_tiles(dirty)

    def redraw_connections(self) -> None:
        """Every connection drawn afresh: after a space's id changed (connections name their ends by id)."""
        for item in self._connection_items.values():
            self.removeItem(item)
        self._connection_items = {}
        self._connection_groups = defaultdict(dict)
        self._drawn, self._undrawn, self._known = {}, {}, set()
        self._touching = defaultdict(set)
        self.refresh_connections()

    def _forget_connection(self, number: int, dirty: set[tuple[ConnectionKind, int, int]]) -> None:
        if number not in self._known:
            return
        self._known.discard(number)
        if number in self._undrawn:
            del self._undrawn[number]
        else:
            _, key = self._drawn.pop(number)
            del self._connection_groups[key][number]
            dirty.add(key)

    def _place_connection(self, connection: Connection, dirty: set[tuple[ConnectionKind, int, int]]) -> None:
        number = id(connection)  # the list holds the object, so the number is not reused meanwhile
        self._forget_connection(number, dirty)  # changed in place: drawn where it is now
        a, b = self.centres.get(connection.a), self.centres.get(connection.b)
        self._known.add(number)
        if a is None or b is None:  # an end not on the board (yet): drawn when it arrives
            self._undrawn[number] = connection
            return
        key = (connection.kind, *self._tile_of((a + b) / 2))
        self._connection_groups[key][number] = connection
        self._drawn[number] = (connection, key)
        self._touching[connection.a].add(key)
        self._touching[connection.b].add(key)
        dirty.add(key)

    def _draw_tiles(self, keys: Iterable[tuple[ConnectionKind, int, int]]) -> None:
        for key in keys:
            kind = key[0]
            item = self._connection_items.get(kind)
            if item is None:
                colour, pen_style = style.CONNECTION_STYLES[kind]
                item = ConnectionsItem(colour, pen_style, kind == ConnectionKind.ARROW, self._head, self._typical)
                self.addItem(item)
                self._connection_items[kind] = item
            group = self._connection_groups.get(key, {})
            item.set_tile(key[1:], [(self.centres[c.a], self.centres[c.b]) for c in group.values()])

    def _ends_changed(self, added: Iterable[str], removed: set[str]) -> None:
        """Spaces came or went: their connections are drawn or put aside."""
        dirty: set[tuple[ConnectionKind, int, int]] = set()
        for space_id in removed:
            for key in self._touching.pop(space_id, ()):
                group = self._connection_groups.get(key, {})
                for number, connection in list(group.items()):
                    if connection.a in removed or connection.b in removed:
                        del group[number]
                        del self._drawn[number]
                        self._undrawn[number] = connection
                        dirty.add(key)
        if added:
            for number, connection in list(self._undrawn.items()):
                if connection.a in self.centres and connection.b in self.centres:
                    del self._undrawn[number]
                    self._place_connection(connection, dirty)
        self._draw_tiles(dirty)

    def drawn_connections(self) -> list[tuple[str, str, ConnectionKind]]:
        """(a, b, kind) of each connection drawn, for comparing with the board's list."""
        return sorted((c.a, c.b, c.kind) for c, _ in self._drawn.values())

    def _xy(self, space_id: str) -> tuple[float, float]:
        point = self.centres[space_id]
        return point.x(), point.y()

    def _tile_of(self, point: QPointF) -> tuple[int, int]:
        board = self.board
        tiles = self._tiles
        column = int(point.x() / board.width * tiles) if board.width > 0 else 0
        row = int(point.y() / board.height * tiles) if board.height > 0 else 0
        return (min(max(column, 0), tiles - 1), min(max(row, 0), tiles - 1))

    def _centre_moved(self, space_id: str) -> None:
        """Only the tiles holding this space's connections are drawn again."""
        self._draw_tiles(list(self._touching.get(space_id, ())))

