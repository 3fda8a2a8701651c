"""The board as one QGraphicsScene, built from a scenario and dressed with a game's picture.

The scene knows spaces, regions, connections and the engine's generic ``Picture``; it knows
no game. The playtest view calls ``show_picture`` after every step; the map editor will
rebuild or patch the same items.
"""

from __future__ import annotations

import html
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import QGraphicsPixmapItem, QGraphicsRectItem, QGraphicsScene

from engine.core.picture import Picture, Piece, SpaceMark
from engine.scenario.model import (
    Board,
    Region,
    Scenario,
    Seat,
    Space,
    SpaceKind,
)
from studio.board import style
from studio.board.badges import Badge
from studio.board.index import SpaceIndex
from studio.board.legend import Legend
from studio.board.markers import MarkersLayer
from studio.board.names import Name, NamesLayer
from studio.board.room import room
from studio.board.scene_lines import SceneLines
from studio.board.spaces import SpaceItem, SpacesLayer
from studio.pictures import read_picture

SETTLE_MS = 250
MARGIN = 0.03  # of the board's size, kept around it so edge spaces are not flush with the view


def label_point(space: Space) -> QPointF:
    """Where a space's name and markers go: its label point, else its corners' mean."""
    if space.label is not None:
        return QPointF(*space.label)
    if not space.polygon:
        return QPointF()
    xs = [x for x, _ in space.polygon]
    ys = [y for _, y in space.polygon]
    return QPointF(sum(xs) / len(xs), sum(ys) / len(ys))


class BoardScene(SceneLines):
    """Spaces, names and connections of one board, plus the markers of the current picture."""

    def __init__(self, scenario: Scenario, base_dir: Path | None = None) -> None:
        super().__init__()
        board = scenario.board
        self.board = board
        self.legend = Legend()
        self._frame(board)
        self.setBackgroundBrush(style.PAPER)
        # Clicks and hover ask our own index; Qt's BSP tree would only add work when markers change.
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self._regions = {region.id: region for region in board.regions}
        self._details = {space.id: _details(space, self._regions) for space in board.spaces}
        self._names = {space.id: space.name for space in board.spaces}
        self.spaces: dict[str, SpaceItem] = {}
        self.centres = {space.id: label_point(space) for space in board.spaces}
        self._rooms: dict[str, QRectF | None] = {}  # where a space's badges go, found when first needed
        self._marked: set[str] = set()
        self._notes: dict[str, list[str]] = {}
        self._targets: set[str] = set()
        self._focus: set[str] = set()
        self._hovered = ""
        # Names moved by an edit are placed afresh once the edits pause (placing every name of
        # a large board costs more than a mouse move may).
        self._settle = QTimer()
        self._settle.setSingleShot(True)
        self._settle.setInterval(SETTLE_MS)
        self._settle.timeout.connect(lambda: self.names.place_again())
        # Likewise while the view zooms: the names are placed at the new scale once it pauses.
        self._zoom_settle = QTimer()
        self._zoom_settle.setSingleShot(True)
        self._zoom_settle.setInterval(SETTLE_MS)
        self._zoom_settle.timeout.connect(self._zoom_settled)
        self.background_item: QGraphicsPixmapItem | None = None
        self._build(board, base_dir)
        self.index = SpaceIndex.for_polygons(
            QRectF(0, 0, board.width, board.height),
            {space_id: item.polygon() for space_id, item in self.spaces.items()},
        )

    def _build(self, board: Board, base_dir: Path | None) -> None:
        self.paper = QGraphicsRectItem(0, 0, board.width, board.height)
        self.paper.setBrush(style.BOARD)
        self.paper.setPen(QPen(Qt.PenStyle.NoPen))
        self.paper.setZValue(-20)
        self.addItem(self.paper)
        self._translucent = self._add_background(board, base_dir)
        self.spaces_layer = SpacesLayer()
        self.addItem(self.spaces_layer)
        for space in board.spaces:
            item = SpaceItem(space.id, _outline(space), self._fill(space), self.spaces_layer)
            self.addItem(item)
            self.spaces[space.id] = item
        font = _name_font(board)
        self._name_height = QFontMetricsF(font).height()
        paper = QRectF(0, 0, board.width, board.height)
        self._markers = MarkersLayer(reach=max(board.width, board.height), paper=paper)
        self.names = NamesLayer([self._name(space) for space in board.spaces], font, self._markers, paper)
        self.addItem(self.names)
        self._start_lines(board)
        self.addItem(self._markers)

    def _name(self, space: Space) -> Name:
        water = space.kind in style.WATER_KINDS
        ink, halo = style.name_colours(self._fill(space), style.WATER_NAME if water else style.NAME)
        outline = self.spaces[space.id].polygon().boundingRect()
        return Name(space.id, space.name, self.centres[space.id], ink, water, outline,
                    outline.width() * outline.height(), space.kind in style.BOXED_KINDS, halo)

    def _frame(self, board: Board) -> None:
        margin = MARGIN * max(board.width, board.height)
        self.setSceneRect(QRectF(-margin, -margin, board.width + 2 * margin, board.height + 2 * margin))

    # -- following edits (the map editor changes one space at a time) ------------------

    def zoomed(self) -> None:
        """The view's scale changed: a large board's names keep their places until the zoom
        pauses, so each step of a wheel paints a frame rather than placing every name."""
        self.names.zooming = True
        self._zoom_settle.start()

    def _zoom_settled(self) -> None:
        self.names.zooming = False
        self.names.update()

    def resize_board(self) -> None:
        """The board's size changed: its paper, the scene around it, the index and the
        connections' tiles follow (the background is fitted again by whoever shows it)."""
        board = self.board
        if self.paper.rect() == QRectF(0, 0, board.width, board.height):
            return
        self.paper.setRect(0, 0, board.width, board.height)
        self.names.paper = self._markers.paper = QRectF(0, 0, board.width, board.height)
        self.names.place_again()
        self._frame(board)
        self.index = SpaceIndex.for_polygons(
            QRectF(0, 0, board.width, board.height),
            {space_id: item.polygon() for space_id, item in self.spaces.items()},
        )
        self.redraw_connections()

    def refresh_space(self, space: Space) -> None:
        """One space's outline, fill, name and hover text after an edit; the rest stays."""
        item = self.spaces.get(space.id)
        if item is None:
            return
        outline = _outline(space)
        item.setPolygon(outline)
        item.base_fill = self._fill(space)
        item.set_look()
        self.index.replace(space.id, outline)
        self._details[space.id] = _details(space, self._regions)
        self._names[space.id] = space.name
        self._rooms.pop(space.id, None)
        centre = label_point(space)
        moved = centre != self.centres.get(space.id)
        self.centres[space.id] = centre
        self.names.set_name(space.id, self._name(space), settle=True)
        self._settle.start()
        if moved:
            self._centre_moved(space.id)

    def refresh_regions(self) -> None:
        """Region colours or names changed: restyle every land space, its name's ink with it
        (light on a fill made dark), each name repainted where it is placed."""
        self._regions = {region.id: region for region in self.board.regions}
        for space in self.board.spaces:
            if space.id in self.spaces:
                self.spaces[space.id].base_fill = self._fill(space)
                self.spaces[space.id].set_look()
                self._details[space.id] = _details(space, self._regions)
                self._recolour_name(space.id)

    def rename_space(self, old: str, new: str) -> None:
        for table in (self.spaces, self.centres, self._details, self._names, self._rooms):
            if old in table:
                table[new] = table.pop(old)
        if new in self.spaces:
            self.spaces[new].space_id = new
            self.index.remove(old)
            self.index.add(new, self.spaces[new].polygon())
        self.names.set_name(old, None, settle=True)
        self._settle.start()
        self.redraw_connections()  # rare: the connections' ends are read again by their ids

    def sync_spaces(self, added: Iterable[Space], removed: Iterable[Space]) -> None:
        """Spaces came and went: their items are added and dropped, every other item stays as
        it is (a merge's undo on a 5,000-space board touches two spaces, not 5,000)."""
        gone = {space.id for space in removed if space.id in self.spaces}
        for space_id in gone:
            item = self.spaces.pop(space_id)
            self.spaces_layer.forget(item)
            self.removeItem(item)
            self.index.remove(space_id)
            self.names.set_name(space_id, None, settle=True)
            self._settle.start()
            for table in (self.centres, self._details, self._names, self._rooms):
                table.pop(space_id, None)
        new = [space for space in added if space.id not in self.spaces]
        for space in new:
            item = SpaceItem(space.id, _outline(space), self._fill(space), self.spaces_layer)
            self.addItem(item)
            self.spaces[space.id] = item
            self.index.add(space.id, item.polygon())
            self.refresh_space(space)
        self._ends_changed([space.id for space in new], gone)

    def _add_background(self, board: Board, base_dir: Path | None) -> bool:
        """The board's picture under the spaces; True when there is one, so fills let it show."""
        if not board.background or base_dir is None:
            return False
        pixmap = QPixmap.fromImage(read_picture(base_dir / board.background))
        if pixmap.isNull():
            return False
        item = QGraphicsPixmapItem(pixmap)
        item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        item.setScale(min(board.width / pixmap.width(), board.height / pixmap.height()))
        item.setZValue(-10)
        self.addItem(item)
        self.background_item = item
        return True

    def show_background(self, base_dir: Path | None, opacity: float = 1.0) -> None:
        """Show the board's background as it is now (chosen, replaced, removed), at ``opacity``;
        the fills let it show through while there is one."""
        if self.background_item is not None:
            self.removeItem(self.background_item)
            self.background_item = None
        self._translucent = self._add_background(self.board, base_dir)
        if self.background_item is not None:
            self.background_item.setOpacity(opacity)
        self.refresh_regions()

    def _fill(self, space: Space) -> QColor:
        if space.kind == SpaceKind.LAND:
            region = self._regions.get(space.region or "")
            fill = style.colour(region.colour if region else None, style.UNREGIONED_LAND)
        else:
            fill = QColor(style.KIND_FILLS[space.kind])
        if self._translucent:
            fill.setAlpha(120)
        return fill

    # -- looking things up ---------------------------------------------------------

    def space_at(self, point: QPointF) -> str | None:
        return self.index.space_at(point)

    def name(self, space_id: str) -> str:
        return self._names.get(space_id, space_id)

    # -- what the playtest shows -----------------------------------------------------

    def set_hovered(self, space_id: str) -> None:
        if space_id == self._hovered:
            return
        if self._hovered in self.spaces:
            self.spaces[self._hovered].set_look(hovered=False)
        self._hovered = space_id
        if space_id in self.spaces:
            self.spaces[space_id].set_look(hovered=True)

    def set_targets(self, space_ids: Iterable[str]) -> None:
        """Ring the spaces a legal action can be taken on, so clicks are discoverable."""
        self._targets = self._restyle(self._targets, set(space_ids), "target")

    def set_focus(self, space_ids: Iterable[str]) -> None:
        """Light up the spaces of one action, e.g. the one under the mouse in the list."""
        self._focus = self._restyle(self._focus, set(space_ids), "focused")

    def _restyle(self, old: set[str], new: set[str], look: str) -> set[str]:
        for space_id in old - new:
            if space_id in self.spaces:
                self.spaces[space_id].set_look(**{look: False})
        for space_id in new - old:
            if space_id in self.spaces:
                self.spaces[space_id].set_look(**{look: True})
        return new

    def show_picture(self, picture: Picture | None, seats: Sequence[Seat]) -> None:
        """Replace the markers and marks by those of ``picture``; None shows the bare board."""
        before = self._marked
        for space_id in before:
            self.spaces[space_id].set_look(clear_mark=True)
        self._marked = set()
        self._notes = {}
        stacks: dict[str, tuple[QPointF, list[Badge]]] = {}
        if picture is not None:
            # A picture is a ruleset's data: one drawn wrongly (a panel passed as a mark) shows
            # what is sound rather than taking the window down.
            pieces: dict[str, list[Piece]] = defaultdict(list)
            for piece in picture.pieces:
                if isinstance(piece, Piece):
                    pieces[piece.space].append(piece)
            marks: dict[str, list[SpaceMark]] = defaultdict(list)
            for mark in picture.marks:
                if isinstance(mark, SpaceMark):
                    marks[mark.space].append(mark)
            # In the picture's own order, not a set's: the legend names kinds as it first meets
            # them, so the same picture gets the same abbreviations in every run.
            for space_id in (space for space in dict.fromkeys([*pieces, *marks]) if space in self.spaces):
                stacks[space_id] = (self._marker_anchor(space_id), self._dress(space_id, marks[space_id],
                                                                               pieces[space_id], seats))
        shown = {space_id: stack for space_id, stack in stacks.items() if stack[1]}
        self._markers.set_stacks(shown, {space_id: self.badge_room(space_id) for space_id in shown},
                                 {space_id for space_id in shown if self.names.boxed(space_id)})
        for space_id in before | self._marked:
            self._recolour_name(space_id)
        self.names.update()  # the names make room for the new markers

    def _dress(self, space_id: str, marks: list[SpaceMark], pieces: list[Piece], seats: Sequence[Seat]) -> list[Badge]:
        """Apply a space's marks, note its pieces for the hover text, and return its badges."""
        item = self.spaces[space_id]
        self._marked.add(space_id)
        for mark in marks:
            item.set_look(hatched=mark.hidden or None,
                          mark_fill=style.colour(mark.fill, item.base_fill) if mark.fill else None)
        lines = [f"<i>{html.escape(m.label or 'hidden')}</i>" for m in marks if m.label or m.hidden]
        lines += [html.escape(_describe(piece, seats)) for piece in pieces]
        self._notes[space_id] = lines
        badges = [Badge(m.label, style.HALO, style.NAME, dashed=True) for m in marks if m.label]
        return badges + [self._badge(piece, seats) for piece in pieces]

    def _recolour_name(self, space_id: str) -> None:
        """A name reads on its space's fill as the picture has it (a terrain's colour put on a
        square): dark ink on a light one, light ink on a dark one."""
        item = self.spaces[space_id]
        ink = style.WATER_NAME if self.names.italic(space_id) else style.NAME
        self.names.recolour(space_id, *style.name_colours(item.mark_fill or item.base_fill, ink))

    def badge_room(self, space_id: str) -> QRectF | None:
        """The rectangle inside the space where its badges go (``room.room``), in board units."""
        if space_id not in self._rooms:
            self._rooms[space_id] = room(self.spaces[space_id].polygon(), self.centres[space_id])
        return self._rooms[space_id]

    def tooltip(self, space_id: str) -> str:
        """What hovering a space shows: its details, then what the picture puts on it."""
        details = self._details.get(space_id, "")
        notes = self._notes.get(space_id)
        return details + "<hr>" + "<br>".join(notes) if notes else details

    def _marker_anchor(self, space_id: str) -> QPointF:
        """Just under the space's name, so the name stays readable above its markers; in a
        framed box or track cell in the corner at its foot, so its name keeps the rest of the
        box, above or beside them (the stack is moved into the box's room, ``badges.fit``)."""
        centre = self.centres[space_id]
        if self.names.boxed(space_id):
            return self.spaces[space_id].polygon().boundingRect().bottomRight()
        return QPointF(centre.x(), centre.y() + self._name_height * 0.55)

    def _badge(self, piece: Piece, seats: Sequence[Seat]) -> Badge:
        text = self.legend.short(piece.kind)
        if piece.count != 1:
            text += f" {piece.count}"
        if piece.owner is None or not 0 <= piece.owner < len(seats):
            return Badge(text, style.NEUTRAL_PIECE, style.NAME)
        fill = style.colour(seats[piece.owner].colour, style.NEUTRAL_PIECE)
        return Badge(text, fill, style.ink_on(fill))

    def marker_rects(self, scale: float) -> dict[str, list[QRectF]]:
        """Each space's badges as drawn at ``scale``, in the view's pixels before its translation."""
        return self._markers.screen_rects(scale)

    def drawn_markers(self) -> dict[str, tuple[tuple[str, str], ...]]:
        """Space -> (text, fill) of each badge drawn there: what a person sees, for comparisons."""
        return {space_id: tuple((badge.text, badge.fill.name()) for badge in badges)
                for space_id, (_, badges) in self._markers.stacks.items()}


def _outline(space: Space) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in space.polygon])


def _name_font(board: Board) -> QFont:
    """Names sized to the board's typical place (land, water, wasteland), so they fit it at any
    board scale. Boxes and track cells do not count: a long score track of small cells would
    shrink every name below legibility, and a boxed name is fitted to its own box anyway."""
    shaped = [s for s in board.spaces if s.polygon]
    places = [s for s in shaped if s.kind not in style.BOXED_KINDS] or shaped
    widths = sorted(max(x for x, _ in s.polygon) - min(x for x, _ in s.polygon) for s in places)
    typical = widths[len(widths) // 2] if widths else board.width / 20
    font = QFont()
    font.setPointSizeF(max(typical / 10, 0.5))
    return font


def _describe(piece: Piece, seats: Sequence[Seat]) -> str:
    owner = seats[piece.owner].name + " " if piece.owner is not None and 0 <= piece.owner < len(seats) else ""
    count = f"{piece.count} × " if piece.count != 1 else ""
    label = f" ({piece.label})" if piece.label else ""
    return f"{count}{owner}{piece.kind}{label}"


def _details(space: Space, regions: dict[str, Region]) -> str:
    """The hover text of a bare space: what a designer checks when looking at the map."""
    parts = [f"<b>{html.escape(space.name)}</b> <span style='color:#666'>{space.kind.value} · {space.id}</span>"]
    if space.region:
        region = regions.get(space.region)
        parts.append(f"region: {html.escape(region.name if region else space.region)}")
    if space.terrain:
        parts.append("terrain: " + html.escape(", ".join(space.terrain)))
    if space.resources:
        parts.append("resources: " + html.escape(", ".join(space.resources)))
    parts += [f"{html.escape(key)}: {html.escape(str(value))}" for key, value in sorted(space.props.items())]
    return "<br>".join(parts)
