"""The things drawn on the board: spaces, the names layer, connections and the markers layer.

Spaces are plain polygon items painted by Qt itself, one per space, so hovering or ringing
one repaints only it. Names, connections and markers are each one item that paints many
things in a single call: on a 5,000-space board a Python ``paint`` per name would cost more
than the drawing. Names and connections step aside when the board is zoomed out too far for
them to be read (level of detail); markers keep a fixed size on screen, so an army stays a
legible badge whether the designer looks at the whole world or at one province.
"""

from __future__ import annotations

import math
from collections import defaultdict

from attrs import frozen
from PySide6.QtCore import QLineF, QPointF, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
    QStaticText,
    QTransform,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPolygonItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from studio.board import style
from studio.board.badges import Badge, badge_font, fit, paint_badge
from studio.board.labels import Label, Placed, place

MIN_NAME_PIXELS = 6.0  # below this on-screen height a name is noise, not text
MIN_CONNECTION_PIXELS = 20.0  # shorter typical connections on screen are a grey smear
MANY_SPACES = 1000  # spaces in view above which their plain looks are painted a colour at a time
HALO_OFFSETS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def _pen(colour: QColor, width: float, pen_style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(colour, width, pen_style)
    pen.setCosmetic(True)  # the same width on screen at every zoom
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


PLAIN, TARGET, HOVER, FOCUS = (
    _pen(style.OUTLINE, 1.0),
    _pen(style.TARGET_OUTLINE, 2.6),
    _pen(style.HOVER_OUTLINE, 2.4),
    _pen(style.FOCUS_OUTLINE, 3.2),
)


class SpaceItem(QGraphicsPolygonItem):
    """One space: its outline in its fill colour, lit when hovered, ringed when it is a target.

    In its plain look the board's ``SpacesLayer`` draws it with every other space, and the item
    paints nothing itself; lit, ringed or focused, it paints itself above the layer.
    """

    def __init__(self, space_id: str, polygon: QPolygonF, fill: QColor, layer: SpacesLayer | None = None) -> None:
        super().__init__(polygon)
        self.space_id = space_id
        self._layer = layer
        self.base_fill = QColor(fill)
        self.hovered = False
        self.target = False  # a legal action can be taken here by clicking
        self.focused = False  # the action under the mouse in the actions list acts here
        self.mark_fill: QColor | None = None
        self._hatch: QGraphicsPolygonItem | None = None  # a face-down or hidden space
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # the view's index finds clicks
        self._restyle()

    @property
    def hatched(self) -> bool:
        return self._hatch is not None

    def set_look(self, *, hovered: bool | None = None, target: bool | None = None,
                 focused: bool | None = None, mark_fill: QColor | None = None,
                 hatched: bool | None = None, clear_mark: bool = False) -> None:
        """Change how the space is drawn; only what is given changes."""
        if hovered is not None:
            self.hovered = hovered
        if target is not None:
            self.target = target
        if focused is not None:
            self.focused = focused
        if clear_mark:
            self.mark_fill = None
            hatched = False
        if mark_fill is not None:
            self.mark_fill = mark_fill
        if hatched is not None and hatched != self.hatched:
            self._set_hatch(hatched)
        self._restyle()

    def _set_hatch(self, on: bool) -> None:
        if on:
            self._hatch = QGraphicsPolygonItem(self.polygon(), self)
            self._hatch.setPen(QPen(Qt.PenStyle.NoPen))
            self._hatch.setBrush(QBrush(QColor(60, 60, 60, 130), Qt.BrushStyle.BDiagPattern))
            self._hatch.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        elif self._hatch is not None:
            self._hatch.setParentItem(None)
            if self._hatch.scene() is not None:
                self._hatch.scene().removeItem(self._hatch)
            self._hatch = None

    def _restyle(self) -> None:
        fill = QColor(self.mark_fill or self.base_fill)
        if self.hovered or self.focused:
            fill = fill.lighter(118)
        self.setBrush(fill)
        self.setPen(FOCUS if self.focused else HOVER if self.hovered else TARGET if self.target else PLAIN)
        # A ringed outline is drawn above its neighbours', so no edge of it is hidden.
        self.setZValue(0.6 if self.focused else 0.5 if self.hovered else 0.3 if self.target else 0)
        plain = self._layer is not None and not (self.hovered or self.focused or self.target)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, plain)
        if self._layer is not None:
            self._layer.restyled(self, fill if plain else None)

    def plain_look(self) -> bool:
        """Drawn by the spaces layer rather than by itself."""
        return bool(self.flags() & QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)


class SpacesLayer(QGraphicsItem):
    """Every space in its plain look (its fill and a thin outline) painted by one item.

    Qt paints 5,000 polygon items one antialiased fill and outline at a time, and most of a
    whole-board repaint went there. With few spaces in view each is drawn here exactly as its
    item would draw it (fill, then outline, in the order the spaces were added). With more than
    ``MANY_SPACES`` in view, each a few pixels across, the fills go down in one path per colour
    without antialiasing and every outline in one antialiased path over them: the outlines
    cover the fills' stepped edges, at a fraction of the cost. A change of look makes only its
    colours' paths again (hovering a space on a large board), a change of outline the outlines'.
    """

    def __init__(self) -> None:
        super().__init__()
        self._fills: dict[SpaceItem, QColor | None] = {}  # None: the item paints itself
        self._polygons: dict[SpaceItem, QPolygonF] = {}
        self._turned: dict[SpaceItem, QPolygonF] = {}  # each outline turning clockwise, once worked out
        self._colours: dict[int, tuple[QColor, dict[SpaceItem, None]]] = {}  # by rgba: its spaces, in order
        self._paths: dict[int, QPainterPath] = {}  # each colour's fills, made when first painted at once
        self._outlines: QPainterPath | None = None
        # Each outline's bounding box as plain numbers (left, top, right, bottom), kept as outlines
        # change, so a repaint finds the exposed spaces without a call into Qt per space.
        self._edges: dict[SpaceItem, tuple[float, float, float, float]] = {}
        self._bounds = QRectF()
        self.setZValue(-1)  # under every space item, above the board and its picture
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)

    def restyled(self, item: SpaceItem, fill: QColor | None) -> None:
        """A space's look or outline changed; ``fill`` None while it paints itself."""
        polygon = item.polygon()
        before = self._polygons.get(item)
        moved = before is None or before != polygon
        if not moved and self._fills[item] == fill:
            return
        self._leave_colour(item)
        self._fills[item] = QColor(fill) if fill is not None else None
        if fill is not None:
            self._colours.setdefault(fill.rgba(), (QColor(fill), {}))[1][item] = None
            self._paths.pop(fill.rgba(), None)
        box = polygon.boundingRect()
        if moved:
            self._polygons[item] = polygon
            self._turned.pop(item, None)
            self._outlines = None
            self._edges[item] = (box.left(), box.top(), box.right(), box.bottom())
        if not self._bounds.contains(box):
            self.prepareGeometryChange()
            self._bounds = self._bounds.united(box)
        self.update(box.adjusted(-1, -1, 1, 1))
        if before is not None and moved:
            self.update(before.boundingRect().adjusted(-1, -1, 1, 1))

    def _leave_colour(self, item: SpaceItem) -> None:
        fill = self._fills.get(item)
        if fill is not None:
            members = self._colours[fill.rgba()][1]
            del members[item]
            if not members:
                del self._colours[fill.rgba()]
            self._paths.pop(fill.rgba(), None)

    def forget(self, item: SpaceItem) -> None:
        """A space left the board."""
        polygon = self._polygons.pop(item, None)
        if polygon is not None:
            self._leave_colour(item)
            del self._fills[item]
            del self._edges[item]
            self._turned.pop(item, None)
            self._outlines = None
            self.update(polygon.boundingRect().adjusted(-1, -1, 1, 1))

    def boundingRect(self) -> QRectF:
        return self._bounds.adjusted(-1, -1, 1, 1)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        exposed = visible_part(painter, option)
        if exposed.contains(self._bounds):
            shown = list(self._polygons)
        else:
            left, top, right, bottom = exposed.left(), exposed.top(), exposed.right(), exposed.bottom()
            shown = [item for item, (x0, y0, x1, y1) in self._edges.items()
                     if x0 <= right and x1 >= left and y0 <= bottom and y1 >= top]
        if len(shown) > MANY_SPACES:
            self._paint_at_once(painter)
            return
        painter.setPen(PLAIN)
        fills, polygons = self._fills, self._polygons
        for item in shown:
            fill = fills[item]
            if fill is not None:
                painter.setBrush(fill)
                painter.drawPolygon(polygons[item])

    def _paint_at_once(self, painter: QPainter) -> None:
        antialiased = painter.testRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(Qt.PenStyle.NoPen)
        for rgba, (colour, _) in self._colours.items():
            painter.setBrush(colour)
            painter.drawPath(self._fill_path(rgba))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, antialiased)
        if self._outlines is None:
            self._outlines = QPainterPath()
            for polygon in self._polygons.values():
                self._outlines.addPolygon(polygon)
                self._outlines.closeSubpath()
        painter.strokePath(self._outlines, PLAIN)

    def _fill_path(self, rgba: int) -> QPainterPath:
        """The fills of one colour's spaces. Each outline goes in turning the same way, so that
        under the winding rule spaces of one colour that overlap add up rather than cancel out."""
        path = self._paths.get(rgba)
        if path is None:
            path = self._paths[rgba] = QPainterPath()
            path.setFillRule(Qt.FillRule.WindingFill)
            for item in self._colours[rgba][1]:
                turned = self._turned.get(item)
                if turned is None:
                    turned = self._turned[item] = _clockwise(self._polygons[item])
                path.addPolygon(turned)
                path.closeSubpath()
        return path


def _clockwise(polygon: QPolygonF) -> QPolygonF:
    """The outline turning clockwise on screen (y down: a positive shoelace area)."""
    points = list(polygon)
    area = sum(a.x() * b.y() - b.x() * a.y() for a, b in zip(points, points[1:] + points[:1]))
    return polygon if area >= 0 else QPolygonF(points[::-1])


@frozen
class Name:
    space: str
    text: str
    centre: QPointF
    ink: QColor
    italic: bool
    outline: QRectF  # the space's bounding box, which the name should not spill far beyond
    priority: float = 0.0  # the space's area: where names crowd, the larger spaces keep theirs
    boxed: bool = False  # a framed box or track cell: the name stays inside it


class NamesLayer(QGraphicsItem):
    """Every space's name, dark on a light halo, placed so that no two names and no name and
    marker overlap (``labels.place``), drawn only where the view is exposed.

    Text is drawn in device pixels with a font of the on-screen size: Qt caches glyphs per
    size, whereas text under a scaling transform is rasterised afresh as outlines each time.
    """

    def __init__(self, names: list[Name], font: QFont, markers: MarkersLayer | None = None) -> None:
        super().__init__()
        self._font = font
        self._markers = markers
        metrics, italic_metrics = QFontMetricsF(font), QFontMetricsF(_italic(font))
        self._height = metrics.height()
        self._metrics = {False: metrics, True: italic_metrics}
        self._names = {name.space: name for name in names}
        self._labels: dict[str, Label] = {}
        bounds = QRectF()
        for name in names:
            bounds = bounds.united(self._label(name))
        self._bounds = bounds.adjusted(-bounds.width() * 0.05, -self._height * 3, bounds.width() * 0.05,
                                       self._height * 3)  # names move a line or two, or grow
        self._placed: tuple[tuple[float, int], dict[str, Placed]] | None = None  # by space
        # Each placed name's rectangle as plain numbers (left, top, right, bottom), so a repaint
        # finds the exposed ones without a call into Qt per name; None after a new placement.
        self._edges: dict[str, tuple[float, float, float, float, Placed]] | None = None
        self._texts: dict[tuple[str, bool, float, int], QStaticText] = {}  # laid out at the current scale
        self._fonts: dict[tuple[bool, float], QFont] = {}
        self._text_scale = 0.0  # the scale the texts and fonts were made for
        # While the view zooms, a large board's names keep their last placement, drawn at the
        # new scale, until the zoom pauses (``BoardScene.zoomed``): placing them all anew
        # costs more than a frame.
        self.zooming = False
        self.setZValue(3)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def _label(self, name: Name) -> QRectF:
        metrics = self._metrics[name.italic]
        width = metrics.horizontalAdvance(name.text) + 4
        wrapped = max(map(metrics.horizontalAdvance, broken(name.text).split(LINE_BREAK))) + 4 if " " in name.text else 0
        self._labels[name.space] = Label(name.space, name.centre, width, self._height, name.outline, name.priority,
                                         name.boxed, wrapped)
        return QRectF(name.centre.x() - width / 2, name.centre.y() - self._height / 2, width, self._height)

    def set_name(self, space: str, name: Name | None, settle: bool = False) -> None:
        """One space's name changed, was added or (None) removed: the names are placed afresh.

        With ``settle`` (an edit in progress, such as a drag) the other names stay where they
        were placed and only this one follows its anchor; ``place_again`` places them all once
        the edit has settled. Placing every name costs far more than one mouse move may.
        """
        self._names.pop(space, None)
        self._labels.pop(space, None)
        if name is not None:
            self._names[space] = name
            rect = self._label(name)
            grown = self._bounds.united(rect.adjusted(-rect.width(), -self._height * 3, rect.width(),
                                                      self._height * 3))
            if grown != self._bounds:
                self.prepareGeometryChange()
                self._bounds = grown
        if settle and self._placed is not None:
            key, placed = self._placed
            scale = key[0]
            before = placed.pop(space, None)
            if self._edges is not None:
                self._edges.pop(space, None)
            if before is not None:
                self._repaint(before, scale)
            if name is not None:
                label = self._labels[space]
                factor = before.factor if before is not None else 1.0
                width, height = label.width * scale * factor, label.height * scale * factor
                now = placed[space] = Placed(space, QRectF(label.anchor.x() * scale - width / 2,
                                                           label.anchor.y() * scale - height / 2, width, height),
                                             factor)
                if self._edges is not None:
                    self._edges[space] = _edge(now)
                self._repaint(now, scale)
        else:
            self._placed = self._edges = None
            self.update()

    def _repaint(self, placed: Placed, scale: float) -> None:
        """Repaint where one name is drawn, halo included: the rest of the board stays."""
        rect = placed.rect
        pad = 4.0 / scale  # the halo's pixel and the text's own box, a little wider than the rect
        self.update(QRectF(rect.left() / scale - pad, rect.top() / scale - pad, rect.width() / scale + 2 * pad,
                           rect.height() / scale + 2 * pad))

    def place_again(self) -> None:
        """Place every name afresh at the next paint (after edits that moved some)."""
        self._placed = None
        self.update()

    def placed(self, scale: float) -> list[Placed]:
        """Where each shown name goes at ``scale``; made once per zoom level and step."""
        return list(self._place(scale).values())

    def _place(self, scale: float) -> dict[str, Placed]:
        revision = self._markers.revision if self._markers is not None else 0
        key = (round(scale, 6), revision)
        if self._placed is None or self._placed[0] != key:
            obstacles = self._markers.screen_rects(scale) if self._markers is not None else {}
            self._placed = (key, {entry.key: entry for entry in place(list(self._labels.values()), scale,
                                                                       obstacles)})
            self._edges = None
        return self._placed[1]

    def _placement_scale(self, scale: float) -> float:
        """The scale of the placement drawn at ``scale``: its own, or while a large board is
        zoomed the last placement's (the names keep their places and grow or shrink)."""
        revision = self._markers.revision if self._markers is not None else 0
        if not (self.zooming and len(self._labels) > MANY_SPACES and self._placed is not None
                and self._placed[0][1] == revision):
            self._place(scale)
        assert self._placed is not None
        return self._placed[0][0]

    def _shown(self, placement: float, left: float, top: float, right: float, bottom: float) -> list[Placed]:
        """The names placed at ``placement`` whose rectangles meet the given one (in its coordinates)."""
        assert self._placed is not None and self._placed[0][0] == placement
        if self._edges is None:
            self._edges = {p.key: _edge(p) for p in self._placed[1].values()}
        return [p for x0, y0, x1, y1, p in self._edges.values()
                if x0 <= right and x1 >= left and y0 <= bottom and y1 >= top]

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        transform = painter.worldTransform()
        scale = option.levelOfDetailFromTransform(transform)
        if self._height * scale < MIN_NAME_PIXELS:
            return
        if scale != self._text_scale:
            self._texts, self._fonts, self._text_scale = {}, {}, scale
        placement = self._placement_scale(scale)
        ratio = scale / placement if placement > 0 else 1.0
        # The exposed part in the placement's coordinates (the view's pixels before its translation).
        exposed = transform.mapRect(visible_part(painter, option)).translated(-transform.dx(), -transform.dy())
        shown = self._shown(placement, exposed.left() / ratio, exposed.top() / ratio, exposed.right() / ratio,
                            exposed.bottom() / ratio)
        if not shown:
            return
        groups: dict[tuple[bool, float], list[tuple[QPointF, QStaticText, QColor]]] = defaultdict(list)
        for placed in shown:
            name = self._names[placed.key]
            size, text = self.drawn(placed, scale, ratio)
            centre, box = placed.rect.center() * ratio, text.size()
            corner = QPointF(centre.x() + transform.dx() - box.width() / 2,
                             centre.y() + transform.dy() - box.height() / 2)
            groups[(name.italic, size)].append((corner, text, name.ink))
        painter.save()
        painter.resetTransform()
        # A light halo (the text nudged a pixel each way) keeps a name readable over any fill
        # and across borders; stroking outlines would cost ten times more. Every halo goes
        # down before any name, so no halo covers a neighbour's letters.
        painter.setPen(style.HALO)
        for (italic, size), drawn in groups.items():
            painter.setFont(self._sized(italic, size))
            for corner, text, _ in drawn:
                for dx, dy in HALO_OFFSETS:
                    painter.drawStaticText(corner + QPointF(dx, dy), text)
        for (italic, size), drawn in groups.items():
            painter.setFont(self._sized(italic, size))
            for corner, text, ink in drawn:
                painter.setPen(ink)
                painter.drawStaticText(corner, text)
        painter.restore()

    def _sized(self, italic: bool, size: float) -> QFont:
        font = self._fonts.get((italic, size))
        if font is None:
            font = QFont(self._font)
            font.setPointSizeF(size)
            font = self._fonts[(italic, size)] = _italic(font) if italic else font
        return font

    def drawn(self, placed: Placed, scale: float, ratio: float = 1.0) -> tuple[float, QStaticText]:
        """A placed name's font size and laid-out text: never wider than its place, as
        hinting at a small size can widen a text past what its metrics at one size said.
        ``ratio``: the scale drawn at over the scale placed at (a zoom not yet placed anew)."""
        name = self._names[placed.key]
        size = round(self._font.pointSizeF() * scale * placed.factor, 1)
        text = self._text(name, size, placed.lines)
        room = placed.rect.width() * ratio
        if text.size().width() > room:
            size = math.floor(size * room / text.size().width() * 10) / 10
            text = self._text(name, size, placed.lines)
        return size, text

    def _text(self, name: Name, size: float, lines: int = 1) -> QStaticText:
        """A name laid out once in its font at one on-screen size. A static text is drawn with
        the painter's font, which must be that one: drawing laid-out text skips the shaping
        that every ``drawText`` would do again (five times a name, halo included)."""
        key = (name.text, name.italic, size, lines)
        text = self._texts.get(key)
        if text is None:
            text = self._texts[key] = QStaticText(broken(name.text) if lines == 2 else name.text)
            text.setTextFormat(Qt.TextFormat.PlainText)
            text.prepare(QTransform(), self._sized(name.italic, size))
        return text


LINE_BREAK = "\u2028"  # a line break a plain static text honours


def broken(text: str) -> str:
    """``text`` in two lines, broken at the space nearest its middle."""
    spaces = [i for i, char in enumerate(text) if char == " "]
    if not spaces:
        return text
    at = min(spaces, key=lambda i: abs(len(text) - 2 * i))
    return text[:at] + LINE_BREAK + text[at + 1:]


def _edge(placed: Placed) -> tuple[float, float, float, float, Placed]:
    rect = placed.rect
    return rect.left(), rect.top(), rect.right(), rect.bottom(), placed


def visible_part(painter: QPainter, option: QStyleOptionGraphicsItem) -> QRectF:
    """The part of an item that can show: its exposed rect, cut to the painter's target.

    A view exposes only what changed, but QGraphicsScene.render exposes the whole item even
    when it draws a small part of the board, so the painter's viewport is consulted as well.
    """
    inverse, invertible = painter.worldTransform().inverted()
    if not invertible:
        return option.exposedRect
    return option.exposedRect.intersected(inverse.mapRect(QRectF(painter.viewport())))


def _italic(font: QFont) -> QFont:
    italic = QFont(font)
    italic.setItalic(True)
    return italic


class ConnectionsItem(QGraphicsItem):
    """Every connection of one kind in a few paths: thousands of lines cost one item.

    The lines are bucketed into tiles of the board, each one path, so a zoomed-in view strokes
    only the tiles it shows and an edit rebuilds only the tiles whose lines changed. One-way
    connections carry an arrowhead part-way along, pointing from ``a`` to ``b``, where it does
    not collide with either space's name.
    """

    def __init__(self, colour: QColor, pen_style: Qt.PenStyle, arrows: bool, head: float, typical: float) -> None:
        super().__init__()
        # Each tile's bounds, its path and its lines as (x0, y0, x1, y1).
        self._tiles: dict[tuple[int, int], tuple[QRectF, QPainterPath, set[tuple[float, ...]]]] = {}
        self.typical = typical  # a typical line's length: below a readable size none is drawn
        self._arrows, self._head = arrows, head
        # One device pixel wide: Qt strokes such a cosmetic pen with its fast line drawer, and a
        # wider one through the general stroker at several times the cost on a zoomed-in board
        # (the colours in ``style`` carry the lines' weight instead).
        self._pen = _pen(colour, 1.0, pen_style)
        self._brush = QBrush(colour) if arrows else QBrush(Qt.BrushStyle.NoBrush)
        self._bounds = QRectF()
        self.setZValue(2)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)

    def set_tile(self, key: tuple[int, int], segments: list[tuple[QPointF, QPointF]]) -> None:
        """The lines of one tile, replacing what it had (none: the tile is dropped)."""
        old = self._tiles.pop(key, None)
        lines = {(a.x(), a.y(), b.x(), b.y()) for a, b in segments}
        if segments:
            path = QPainterPath()
            for a, b in segments:
                path.moveTo(a)
                path.lineTo(b)
                if self._arrows:
                    path.addPolygon(_arrowhead(a, b, self._head))
                    path.closeSubpath()
            bounds = path.boundingRect().adjusted(-2, -2, 2, 2)
            self._tiles[key] = (bounds, path, lines)
            if not self._bounds.contains(bounds):
                self.prepareGeometryChange()
                self._bounds = self._bounds.united(bounds)
        # Only the lines that came or went are repainted, not the tile: a dragged space's few.
        reach = self._head + 2
        for x0, y0, x1, y1 in lines ^ (old[2] if old is not None else set()):
            self.update(QRectF(min(x0, x1) - reach, min(y0, y1) - reach, abs(x1 - x0) + 2 * reach,
                               abs(y1 - y0) + 2 * reach))

    def is_empty(self) -> bool:
        return not self._tiles

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if self.typical * option.levelOfDetailFromTransform(painter.worldTransform()) < MIN_CONNECTION_PIXELS:
            return
        painter.setPen(self._pen)
        painter.setBrush(self._brush)
        exposed = visible_part(painter, option)
        for bounds, path, _ in self._tiles.values():
            if bounds.intersects(exposed):
                painter.drawPath(path)


def _arrowhead(a: QPointF, b: QPointF, size: float) -> QPolygonF:
    line = QLineF(a, b)
    length = line.length()
    if length == 0:
        return QPolygonF()
    size = min(size, length * 0.3)
    tip = line.pointAt(0.62)
    angle = math.atan2(b.y() - a.y(), b.x() - a.x())
    left = QPointF(tip.x() - size * math.cos(angle - 0.45), tip.y() - size * math.sin(angle - 0.45))
    right = QPointF(tip.x() - size * math.cos(angle + 0.45), tip.y() - size * math.sin(angle + 0.45))
    return QPolygonF([tip, left, right])


class MarkersLayer(QGraphicsItem):
    """The markers of every space at a fixed size on screen, painted in device pixels, placed
    at each zoom level so that no two spaces' markers overlap (``badges.fit``).

    One item rather than one per space with ItemIgnoresTransformations: the same look at a
    fraction of the cost, since Qt would call into Python once per marker stack.
    """

    def __init__(self, reach: float) -> None:
        super().__init__()
        self._font = badge_font()
        self._metrics = QFontMetricsF(self._font)
        self._reach = reach  # how far outside its anchors a badge may paint, in board units
        self.stacks: dict[str, tuple[QPointF, list[Badge]]] = {}
        self.revision = 0  # counts changes, so the names know when to make room again
        self._fitted: tuple[float, dict[str, list[tuple[QRectF, Badge]]]] | None = None  # per zoom level
        # What a repaint blits, per zoom level and pixel ratio: each badge's corner in the view's
        # pixels before its translation, its anchor's likewise, and its picture.
        self._blits: tuple[tuple[float, float, float], list[tuple[float, float, float, float, QPixmap]]] | None = None
        self._bounds = QRectF()
        self._pixmaps: dict[tuple[str, int, int, bool, float, float], QPixmap] = {}
        self.setZValue(5)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_stacks(self, stacks: dict[str, tuple[QPointF, list[Badge]]]) -> None:
        self.prepareGeometryChange()
        self.stacks = stacks
        self.revision += 1
        self._fitted = self._blits = None
        bounds = QRectF()
        for anchor, _ in stacks.values():
            bounds = bounds.united(QRectF(anchor, anchor))
        self._bounds = bounds.adjusted(-self._reach, -self._reach, self._reach, self._reach)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def fitted(self, scale: float) -> dict[str, list[tuple[QRectF, Badge]]]:
        """Each shown space's badges at ``scale``, about its anchor; made once per zoom level."""
        key = round(scale, 6)
        if self._fitted is None or self._fitted[0] != key:
            self._fitted = (key, fit(self.stacks, scale, self._metrics))
        return self._fitted[1]

    def screen_rects(self, scale: float) -> dict[str, list[QRectF]]:
        """Each space's badges as drawn at ``scale``, in board units times the scale (the
        view's pixels before its translation): the room the names must leave them."""
        rects = {}
        for space, placed in self.fitted(scale).items():
            anchor = self.stacks[space][0]
            at = QPointF(anchor.x() * scale, anchor.y() * scale)
            rects[space] = [rect.translated(at) for rect, _ in placed]
        return rects

    def _pixmap(self, badge: Badge, size: QSizeF, ratio: float) -> QPixmap:
        """A badge drawn once and blitted after: a few distinct badges cover a whole board."""
        key = (badge.text, badge.fill.rgba(), badge.ink.rgba(), badge.dashed, size.width(), ratio)
        pixmap = self._pixmaps.get(key)
        if pixmap is None:
            pixmap = QPixmap((size * ratio).toSize() + QSize(2, 2))
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(Qt.GlobalColor.transparent)
            painter = QPainter(pixmap)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setFont(self._font)
            paint_badge(painter, QRectF(QPointF(0.5, 0.5), size), badge)
            painter.end()
            self._pixmaps[key] = pixmap
        return pixmap

    def _blits_at(self, transform: QTransform, scale: float, ratio: float) -> list[tuple[float, float, float, float,
                                                                                        QPixmap]]:
        key = (transform.m11(), transform.m22(), ratio)
        if self._blits is None or self._blits[0] != key:
            blits = []
            for space, placed in self.fitted(scale).items():
                anchor = self.stacks[space][0]
                x, y = anchor.x() * key[0], anchor.y() * key[1]
                blits += [(x + rect.left(), y + rect.top(), x, y, self._pixmap(badge, rect.size(), ratio))
                          for rect, badge in placed]
            self._blits = (key, blits)
        return self._blits[1]

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        transform = painter.worldTransform()
        blits = self._blits_at(transform, option.levelOfDetailFromTransform(transform),
                               painter.device().devicePixelRatioF())
        dx, dy = transform.dx(), transform.dy()
        device = QRectF(painter.viewport()).adjusted(-80, -80, 80, 80).translated(-dx, -dy)
        left, top, right, bottom = device.left(), device.top(), device.right(), device.bottom()
        painter.save()
        painter.resetTransform()
        for x, y, anchor_x, anchor_y, pixmap in blits:
            if left <= anchor_x <= right and top <= anchor_y <= bottom:
                painter.drawPixmap(QPointF(round(x + dx), round(y + dy)), pixmap)
        painter.restore()
