"""The markers layer: every space's badges at a fixed size on screen, so an army stays a
legible badge whether the designer looks at the whole world or at one province, laid out
inside its space's room."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import QPainter, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from studio.board.badges import Badge, badge_font, fit, paint_badge, size_of


class MarkersLayer(QGraphicsItem):
    """The markers of every space at a fixed size on screen, painted in device pixels, placed
    at each zoom level so that no two spaces' markers overlap (``badges.fit``).

    One item rather than one per space with ItemIgnoresTransformations: the same look at a
    fraction of the cost, since Qt would call into Python once per marker stack.
    """

    def __init__(self, reach: float, paper: QRectF | None = None) -> None:
        super().__init__()
        self.paper = paper  # the board: no badge is placed past its edge
        self._reach = reach  # how far outside its anchors a badge may paint, in board units
        self.stacks: dict[str, tuple[QPointF, list[Badge]]] = {}
        self.rooms: dict[str, QRectF | None] = {}  # each stacked space's room, in board units
        self.framed: set[str] = set()  # boxes and track cells: their badges are tried small first
        self.revision = 0  # counts changes, so the names know when to make room again
        self._fitted: tuple[float, dict[str, list[tuple[QRectF, Badge]]]] | None = None  # per zoom level
        # What a repaint blits, per zoom level and pixel ratio: each badge's corner in the view's
        # pixels before its translation, its anchor's likewise, and its picture.
        self._blits: tuple[tuple[float, float, float], list[tuple[float, float, float, float, QPixmap]]] | None = None
        self._bounds = QRectF()
        self._pixmaps: dict[tuple[str, int, int, bool, float, float, float], QPixmap] = {}
        self.setZValue(5)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_stacks(self, stacks: dict[str, tuple[QPointF, list[Badge]]],
                   rooms: dict[str, QRectF | None] | None = None, framed: set[str] | None = None) -> None:
        """The badges of each space about its anchor, each stack kept inside its space's room
        (``room.room``; a space without one keeps its stack about the anchor)."""
        self.prepareGeometryChange()
        self.stacks = stacks
        self.rooms = rooms or {}
        self.framed = framed or set()
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
            self._fitted = (key, fit(self.stacks, scale, self.paper, self.rooms, self.framed))
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
        key = (badge.text, badge.fill.rgba(), badge.ink.rgba(), badge.dashed, size.width(), size.height(), ratio)
        pixmap = self._pixmaps.get(key)
        if pixmap is None:
            pixmap = QPixmap((size * ratio).toSize() + QSize(2, 2))
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(Qt.GlobalColor.transparent)
            painter = QPainter(pixmap)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setFont(badge_font(size_of(size.height())))
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
