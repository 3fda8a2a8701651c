"""The names layer: every space's name in one item, placed so that none overlaps another.

Names are one item that paints many in a single call: on a 5,000-space board a Python
``paint`` per name would cost more than the drawing. They step aside when the board is zoomed
out too far for them to be read (level of detail).
"""

from __future__ import annotations

import math
from collections import defaultdict

import attrs
from attrs import frozen
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QStaticText,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from studio.board import style
from studio.board.drawing import visible_part
from studio.board.labels import Label, Placed, place
from studio.board.markers import MarkersLayer
from studio.board.spaces import MANY_SPACES

# Below this natural on-screen height the names step aside: each would be enlarged to
# ``labels.READABLE`` more than 1.8 times, past what its space can hold. Civilization's
# 40-unit squares give 5.7-pixel names at Fit to Window, drawn at 9 pixels in 39-pixel squares.
MIN_NAME_PIXELS = 5.0
HALO_OFFSETS = ((-1, 0), (1, 0), (0, -1), (0, 1))


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
    halo: QColor = style.HALO  # light about dark ink, dark about light ink on a dark fill


class NamesLayer(QGraphicsItem):
    """Every space's name, dark on a light halo, placed so that no two names and no name and
    marker overlap (``labels.place``), drawn only where the view is exposed.

    Text is drawn in device pixels with a font of the on-screen size: Qt caches glyphs per
    size, whereas text under a scaling transform is rasterised afresh as outlines each time.
    """

    def __init__(self, names: list[Name], font: QFont, markers: MarkersLayer | None = None,
                 paper: QRectF | None = None) -> None:
        super().__init__()
        self.paper = paper  # the board: no name is placed past its edge
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

    def recolour(self, space: str, ink: QColor, halo: QColor) -> None:
        """A space's name in new colours (its fill changed), in the place it has: only it is repainted."""
        name = self._names.get(space)
        if name is None or (name.ink == ink and name.halo == halo):
            return
        self._names[space] = attrs.evolve(name, ink=QColor(ink), halo=QColor(halo))
        placed = self._placed[1].get(space) if self._placed is not None else None
        if placed is not None and self._placed is not None:
            self._repaint(placed, self._placed[0][0])

    def italic(self, space: str) -> bool:
        """Whether a space's name is set in italics, as water is."""
        name = self._names.get(space)
        return name is not None and name.italic

    def boxed(self, space: str) -> bool:
        """Whether a space's name is kept inside its frame, as a box's or a track cell's is."""
        name = self._names.get(space)
        return name is not None and name.boxed

    def ink(self, space: str) -> QColor:
        """The colour a space's name is drawn in."""
        return self._names[space].ink

    def drawn_at(self, scale: float) -> bool:
        """Whether the names are drawn at all at ``scale`` (zoomed out too far they are not)."""
        return self._height * scale >= MIN_NAME_PIXELS

    def placed(self, scale: float) -> list[Placed]:
        """Where each shown name goes at ``scale``; made once per zoom level and step."""
        return list(self._place(scale).values())

    def _place(self, scale: float) -> dict[str, Placed]:
        revision = self._markers.revision if self._markers is not None else 0
        key = (round(scale, 6), revision)
        if self._placed is None or self._placed[0] != key:
            obstacles = self._markers.screen_rects(scale) if self._markers is not None else {}
            self._placed = (key, {entry.key: entry for entry in place(list(self._labels.values()), scale,
                                                                       obstacles, self.paper)})
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
        if not self.drawn_at(scale):
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
        groups: dict[tuple[bool, float], list[tuple[QPointF, QStaticText, Name]]] = defaultdict(list)
        for placed in shown:
            name = self._names[placed.key]
            size, text = self.drawn(placed, scale, ratio)
            centre, box = placed.rect.center() * ratio, text.size()
            corner = QPointF(centre.x() + transform.dx() - box.width() / 2,
                             centre.y() + transform.dy() - box.height() / 2)
            groups[(name.italic, size)].append((corner, text, name))
        painter.save()
        painter.resetTransform()
        # A light halo (the text nudged a pixel each way) keeps a name readable over any fill
        # and across borders; stroking outlines would cost ten times more. Every halo goes
        # down before any name, so no halo covers a neighbour's letters.
        for (italic, size), drawn in groups.items():
            painter.setFont(self._sized(italic, size))
            for corner, text, name in drawn:
                painter.setPen(name.halo)
                for dx, dy in HALO_OFFSETS:
                    painter.drawStaticText(corner + QPointF(dx, dy), text)
        for (italic, size), drawn in groups.items():
            painter.setFont(self._sized(italic, size))
            for corner, text, name in drawn:
                painter.setPen(name.ink)
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


def _italic(font: QFont) -> QFont:
    italic = QFont(font)
    italic.setItalic(True)
    return italic
