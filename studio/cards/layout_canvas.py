"""A card type's layout at real size, its zones moved and resized with the mouse.

The selected card's face is drawn under the zones by face.py, so what is placed is what
prints; the bleed, trim and safe lines are drawn over it. A zone is dragged by its body or
resized by its corner handle; while it moves alone, an edge or its centre near another
zone's edge or centre, or the card's edges, centre or safe lines, is pulled onto it and the
guide is drawn (as Inkscape and Tiled do); on release its place, on that guide or else
snapped to ``SNAP_MM``, goes to the document as one undo step, and the canvas is drawn again from the document, so an undo
puts the zone back. Only the layout's own zones are handles: a parent's (``extends``) are
part of the face underneath.

The view zooms (Ctrl+wheel under the mouse; the dialog's buttons and Ctrl+plus, Ctrl+minus,
Ctrl+0 for real size) by its transform alone: the scene stays in millimetres times ``per_mm``,
so a place is snapped to the same half millimetre at any zoom, while the reach of a guide
(``SNAP_PX``) and the handles stay in screen pixels, as in Inkscape. The face is drawn again
at the zoomed resolution, so small print stays sharp.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QPen, QPixmap, QTransform, QWheelEvent
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsView,
    QWidget,
)

from engine.scenario.layout import card_values, showing
from engine.scenario.model import Card, CardData, CardLayout, Zone
from engine.scenario.naming import names_of
from studio.cards.face import FACE_PATHS, card_outline
from studio.cards.output import Placed, card_image
from studio.document import ScenarioDocument

SNAP_MM = 0.5
SNAP_PX = 6.0  # how near, on screen, an edge or centre comes to a guide before it snaps there
HANDLE_PX = 8.0
ZOOM_STEP = 1.25  # one wheel notch or one Zoom In
ZOOM_MIN, ZOOM_MAX = 0.25, 8.0
EDGES = ("left", "top", "right", "bottom")


def snapped(value: float, step: float = SNAP_MM) -> float:
    """``value`` on the nearest multiple of ``step`` (millimetres)."""
    return round(round(value / step) * step, 3)


def guides(layout: CardLayout, moving: int) -> tuple[list[float], list[float]]:
    """What a moving zone snaps to, as Inkscape and Tiled do: the card's edges, centre and safe
    lines, and every other zone's edges and centre (x values, then y values, in mm)."""
    xs = [0.0, layout.safe, layout.width / 2, layout.width - layout.safe, layout.width]
    ys = [0.0, layout.safe, layout.height / 2, layout.height - layout.safe, layout.height]
    for index, zone in enumerate(layout.zones):
        if index != moving:
            xs += [zone.x, zone.x + zone.width / 2, zone.x + zone.width]
            ys += [zone.y, zone.y + zone.height / 2, zone.y + zone.height]
    return xs, ys


def nearest(edges: list[float], targets: list[float], reach: float) -> tuple[float, float] | None:
    """The shift that puts the nearest of ``edges`` on a target no farther than ``reach``, and
    that target; None when none is near enough (the zone then keeps to the grid)."""
    pairs = [(target - edge, target) for edge in edges for target in targets if abs(target - edge) <= reach]
    return min(pairs, key=lambda pair: abs(pair[0])) if pairs else None


class HandleItem(QGraphicsRectItem):
    """The corner a zone is resized by; it tells its zone on release."""

    def __init__(self, zone_item: ZoneItem) -> None:
        super().__init__(-HANDLE_PX / 2, -HANDLE_PX / 2, HANDLE_PX, HANDLE_PX, zone_item)
        self.zone_item = zone_item
        self.setBrush(QBrush(QColor("#1e6fd9")))
        self.setPen(QPen(Qt.PenStyle.NoPen))
        self.setCursor(Qt.CursorShape.SizeFDiagCursor)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)  # as big at any zoom

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self.zone_item.snap = (None, None)
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        corner = self.zone_item.mapFromScene(self.zone_item.canvas.snap_corner(self.zone_item, event.scenePos()))
        self.zone_item.resize_to(max(corner.x(), 1.0), max(corner.y(), 1.0))

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self.zone_item.canvas.zone_resized(self.zone_item)


class ZoneItem(QGraphicsRectItem):
    """One of the layout's own zones, placed in scene units of ``per_mm`` per millimetre."""

    def __init__(self, index: int, zone: Zone, canvas: LayoutCanvas, drawn: bool = True) -> None:
        per_mm = canvas.per_mm
        super().__init__(0, 0, zone.width * per_mm, zone.height * per_mm)
        self.index = index
        self.canvas = canvas
        self.setPos(zone.x * per_mm, zone.y * per_mm)
        self.setFlags(QGraphicsItem.GraphicsItemFlag.ItemIsMovable | QGraphicsItem.GraphicsItemFlag.ItemIsSelectable
                      | QGraphicsItem.GraphicsItemFlag.ItemSendsGeometryChanges)
        self.dragging = False
        self.snap: tuple[float | None, float | None] = (None, None)  # mm a guide put it at, else the grid's
        # A zone this card does not draw (its show_if does not hold) stays a handle, fainter.
        self.drawn = drawn
        self.setPen(QPen(QColor(30, 111, 217, 255 if drawn else 90), 0, Qt.PenStyle.DashLine))  # one pixel at any zoom
        self.setBrush(QBrush(QColor(30, 111, 217, 24 if drawn else 0)))
        hidden = "" if drawn else f" (not on this card: {zone.show_if})"
        self.setToolTip((zone.content or zone.kind.value) + hidden)
        self.handle = HandleItem(self)
        self.handle.setPos(self.rect().bottomRight())

    def resize_to(self, width: float, height: float) -> None:
        self.setRect(0, 0, width, height)
        self.handle.setPos(self.rect().bottomRight())

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self.dragging, self.snap = True, (None, None)
        super().mousePressEvent(event)

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: Any) -> Any:
        """A zone dragged alone is pulled onto a guide near enough; several move as they are."""
        if change is QGraphicsItem.GraphicsItemChange.ItemPositionChange and self.dragging \
                and len(self.canvas.selected_indexes()) <= 1:
            return self.canvas.snap_move(self, value)
        return super().itemChange(change, value)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        self.dragging = False
        self.canvas.zone_moved(self)


class LayoutCanvas(QGraphicsView):
    """Shows one layout on one card; every change goes to the document as one undo step."""

    selection_changed = Signal()
    redrawn = Signal()  # the layout was drawn again from the document
    zoomed = Signal(float)  # the new zoom, 1.0 for real size

    def __init__(self, document: ScenarioDocument, card_types: Mapping[str, type[CardData]],
                 per_mm: float | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.card_types = card_types
        self.per_mm = per_mm if per_mm is not None else self.logicalDpiX() / 25.4  # real size on screen
        self.zoom = 1.0  # the view's scale over real size
        self.layout_id: str | None = None
        self.card: Card | None = None
        self.deck_id = ""
        self.items: list[ZoneItem] = []
        self.guide_lines: list[QGraphicsLineItem] = []  # where a dragged zone snapped: a vertical, a horizontal
        self.setScene(QGraphicsScene(self))
        self.setBackgroundBrush(QColor("#8a8a8a"))
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.scene().selectionChanged.connect(self.selection_changed)
        # Drawn again once the event that changed the document is over: a release handler
        # must not see its own item deleted under it.
        self._redraw_soon = QTimer(self)
        self._redraw_soon.setSingleShot(True)
        self._redraw_soon.setInterval(0)
        self._redraw_soon.timeout.connect(self.redraw)
        document.changed.connect(self._document_changed)

    # -- what is shown ---------------------------------------------------------------------

    def layout(self) -> CardLayout | None:
        return next((layout for layout in self.document.scenario.layouts if layout.id == self.layout_id), None)

    def show_layout(self, layout_id: str | None, card: Card | None, deck_id: str) -> None:
        """Show ``layout_id`` (none: an empty canvas) over ``card``'s face; another layout's
        zones start unselected."""
        if layout_id != self.layout_id:
            for item in self.items:
                item.setSelected(False)
        self.layout_id, self.card, self.deck_id = layout_id, card, deck_id
        self.redraw()

    # -- zoom --------------------------------------------------------------------------------

    def set_zoom(self, zoom: float) -> None:
        """Scale the view to ``zoom`` times real size (within ``ZOOM_MIN`` and ``ZOOM_MAX``)."""
        zoom = min(max(zoom, ZOOM_MIN), ZOOM_MAX)
        if zoom == self.zoom:
            return
        self.zoom = zoom
        self.setTransform(QTransform.fromScale(zoom, zoom))
        self._redraw_soon.start()  # the face again at the new resolution
        self.zoomed.emit(zoom)

    def zoom_by(self, steps: float) -> None:
        self.set_zoom(self.zoom * ZOOM_STEP ** steps)

    def wheelEvent(self, event: QWheelEvent) -> None:
        """Ctrl+wheel zooms about the mouse; the wheel alone scrolls."""
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.zoom_by(event.angleDelta().y() / 120)
            event.accept()
            return
        super().wheelEvent(event)

    def _document_changed(self, path: str) -> None:
        if path.startswith((*FACE_PATHS, "decks", "board")):
            self._redraw_soon.start()

    def redraw(self) -> None:
        """Draw the face and the zones again from the document, keeping the selection."""
        selected = self.selected_indexes()
        scene = self.scene()
        scene.blockSignals(True)
        scene.clear()
        self.items = []
        layout = self.layout()
        if layout is not None:
            self._draw_face(layout)
            self.guide_lines = [scene.addLine(QLineF(), QPen(QColor("#e0218a"), 0)) for _ in range(2)]
            for line in self.guide_lines:
                line.setZValue(1)
                line.hide()
            values = card_values(self.card, names_of(self.document.scenario)) if self.card is not None else {}
            for index, zone in enumerate(layout.zones):
                item = ZoneItem(index, zone, self, self.card is None or showing(zone.show_if, values))
                scene.addItem(item)
                item.setSelected(index in selected)
                self.items.append(item)
            margin = (layout.bleed + 4) * self.per_mm
            scene.setSceneRect(QRectF(-margin, -margin, layout.width * self.per_mm + 2 * margin,
                                      layout.height * self.per_mm + 2 * margin))
        scene.blockSignals(False)
        self.selection_changed.emit()
        self.redrawn.emit()

    def _draw_face(self, layout: CardLayout) -> None:
        per_mm, scene = self.per_mm, self.scene()
        if self.card is not None:  # drawn at the zoomed resolution, shown at real size's scene size
            image, _ = card_image(self.document.scenario, Placed(self.card, layout, self.deck_id),
                                  per_mm * 25.4 * self.zoom, self.document.base_dir, bleed=True)
            pixmap = QPixmap.fromImage(image)
            pixmap.setDevicePixelRatio(self.zoom)
            face = scene.addPixmap(pixmap)
            face.setPos(-layout.bleed * per_mm, -layout.bleed * per_mm)
        lines = ((layout.bleed, "#d93025", Qt.PenStyle.DashLine), (0.0, "#000000", Qt.PenStyle.SolidLine),
                 (-layout.safe, "#1e8e3e", Qt.PenStyle.DotLine))
        for outset, colour, style in lines:  # each follows the rounded corners at its own distance
            radius = max(0.0, layout.corner_radius + outset) if layout.corner_radius else 0.0
            scene.addPath(card_outline(QRectF(-outset * per_mm, -outset * per_mm, (layout.width + 2 * outset) * per_mm,
                                              (layout.height + 2 * outset) * per_mm), radius * per_mm),
                          QPen(QColor(colour), 0, style))

    # -- snapping to guides ----------------------------------------------------------------

    def snap_move(self, item: ZoneItem, pos: QPointF) -> QPointF:
        """Where a zone dragged to ``pos`` goes: an edge or its centre onto the nearest guide
        within ``SNAP_PX``, in each direction apart; the guide is drawn while it holds."""
        layout, per_mm = self.layout(), self.per_mm
        if layout is None:
            return pos
        xs, ys = guides(layout, item.index)
        x, y = pos.x() / per_mm, pos.y() / per_mm
        width, height = item.rect().width() / per_mm, item.rect().height() / per_mm
        found = (nearest([x, x + width / 2, x + width], xs, self._reach()),
                 nearest([y, y + height / 2, y + height], ys, self._reach()))
        item.snap = tuple(round(start + hit[0], 3) if hit else None for start, hit in zip((x, y), found))
        self._show_guides(*(hit[1] if hit else None for hit in found))
        return QPointF(x * per_mm if item.snap[0] is None else item.snap[0] * per_mm,
                       y * per_mm if item.snap[1] is None else item.snap[1] * per_mm)

    def snap_corner(self, item: ZoneItem, pos: QPointF) -> QPointF:
        """Where the corner handle dragged to ``pos`` goes: onto a guide within ``SNAP_PX``;
        ``item.snap`` keeps the width and height that gives."""
        layout, per_mm = self.layout(), self.per_mm
        if layout is None:
            return pos
        xs, ys = guides(layout, item.index)
        corner = (pos.x() / per_mm, pos.y() / per_mm)
        found = (nearest([corner[0]], xs, self._reach()), nearest([corner[1]], ys, self._reach()))
        origin = (item.pos().x() / per_mm, item.pos().y() / per_mm)
        item.snap = tuple(round(at + hit[0] - start, 3) if hit else None
                          for at, hit, start in zip(corner, found, origin))
        self._show_guides(*(hit[1] if hit else None for hit in found))
        return QPointF(*((at + hit[0] if hit else at) * per_mm for at, hit in zip(corner, found)))

    def _reach(self) -> float:
        """How near a guide, in mm, an edge is pulled onto it: ``SNAP_PX`` on screen at this zoom."""
        return SNAP_PX / (self.per_mm * self.zoom)

    def _show_guides(self, x: float | None, y: float | None) -> None:
        layout = self.layout()
        if layout is None or len(self.guide_lines) != 2:
            return
        reach = (layout.bleed + 4) * self.per_mm
        vertical, horizontal = self.guide_lines
        vertical.setVisible(x is not None)
        horizontal.setVisible(y is not None)
        if x is not None:
            vertical.setLine(x * self.per_mm, -reach, x * self.per_mm, layout.height * self.per_mm + reach)
        if y is not None:
            horizontal.setLine(-reach, y * self.per_mm, layout.width * self.per_mm + reach, y * self.per_mm)

    # -- the selection ---------------------------------------------------------------------

    def selected_indexes(self) -> list[int]:
        return [item.index for item in self.items if item.isSelected()]

    def select(self, index: int) -> None:
        for item in self.items:
            item.setSelected(item.index == index)

    def zone_path(self, index: int) -> str:
        return f"layouts[{self.layout_id}].zones[{index}]"

    # -- changes, each one undo step -------------------------------------------------------

    def zone_moved(self, item: ZoneItem) -> None:
        """The dragged zones' new places, snapped (every selected zone moves with the one held)."""
        values = {}
        layout = self.layout()
        for moved in [each for each in self.items if each.isSelected()] or [item]:
            zone = layout.zones[moved.index] if layout is not None else None
            if zone is None:
                continue
            guided_x, guided_y = moved.snap if moved is item else (None, None)
            x = snapped(moved.pos().x() / self.per_mm) if guided_x is None else guided_x
            y = snapped(moved.pos().y() / self.per_mm) if guided_y is None else guided_y
            if (x, y) != (zone.x, zone.y):
                values |= {f"{self.zone_path(moved.index)}.x": x, f"{self.zone_path(moved.index)}.y": y}
        if values:
            self.document.set_values(values, "Move zone" if len(values) == 2 else "Move zones")
        self._redraw_soon.start()  # snapped into place

    def zone_resized(self, item: ZoneItem) -> None:
        guided_width, guided_height = item.snap
        width = max(SNAP_MM, snapped(item.rect().width() / self.per_mm) if guided_width is None else guided_width)
        height = max(SNAP_MM, snapped(item.rect().height() / self.per_mm) if guided_height is None else guided_height)
        path = self.zone_path(item.index)
        self.document.set_values({f"{path}.width": width, f"{path}.height": height}, "Resize zone")
        self._redraw_soon.start()

    def add_zone(self, zone: Zone | None = None) -> None:
        """A new text zone inside the safe line, selected."""
        layout = self.layout()
        if layout is None:
            return
        zone = zone or Zone(x=layout.safe + 1, y=layout.safe + 1, width=min(30.0, layout.width - 2 * layout.safe - 2),
                            height=6.0, content="{name}")
        self.document.add(f"layouts[{layout.id}].zones", zone, text="Add zone")
        self.redraw()
        self.select(len(self.layout().zones) - 1)

    def remove_selected(self) -> None:
        indexes = sorted(self.selected_indexes(), reverse=True)
        if not indexes or self.layout_id is None:
            return
        with self.document.group("Delete zones" if len(indexes) > 1 else "Delete zone"):
            for index in indexes:
                self.document.remove(f"layouts[{self.layout_id}].zones", str(index))

    def align(self, edge: str) -> None:
        """The selected zones' ``edge`` lined up with the first selected zone's, one step."""
        layout = self.layout()
        indexes = self.selected_indexes()
        if layout is None or len(indexes) < 2:
            return
        first = layout.zones[indexes[0]]
        values = {}
        for index in indexes[1:]:
            zone, path = layout.zones[index], self.zone_path(index)
            if edge == "left":
                values[f"{path}.x"] = first.x
            elif edge == "top":
                values[f"{path}.y"] = first.y
            elif edge == "right":
                values[f"{path}.x"] = snapped(first.x + first.width - zone.width, 0.001)
            else:
                values[f"{path}.y"] = snapped(first.y + first.height - zone.height, 0.001)
        self.document.set_values(values, f"Align zones {edge}")
