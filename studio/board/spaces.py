"""The spaces of the board: one polygon item per space, and the layer that paints their plain looks.

Spaces are plain polygon items painted by Qt itself, one per space, so hovering or ringing
one repaints only it; in their plain look one layer paints them all (``SpacesLayer``).
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPolygonItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from studio.board import style
from studio.board.drawing import pen, visible_part

MANY_SPACES = 1000  # spaces in view above which their plain looks are painted a colour at a time

PLAIN, TARGET, HOVER, FOCUS = (
    pen(style.OUTLINE, 1.0),
    pen(style.TARGET_OUTLINE, 2.6),
    pen(style.HOVER_OUTLINE, 2.4),
    pen(style.FOCUS_OUTLINE, 3.2),
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
