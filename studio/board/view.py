"""The board's QGraphicsView: wheel zoom around the cursor, drag to pan, fit, click and hover.

Panning is done here rather than with ScrollHandDrag so that a press that does not move is a
click on a space; both clicks and hovering ask the scene's index, not the item tree.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt, Signal
from PySide6.QtGui import (
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QApplication, QFrame, QGraphicsView, QToolTip, QWidget

from studio.board.scene import BoardScene

ZOOM_STEP = 1.25
MAX_ZOOM = 40.0  # times the fitted scale
MIN_ZOOM = 0.5


class Tool(Protocol):
    """A map tool: it is handed the left button's presses, moves, releases and double-clicks
    at board coordinates, and keys; the view keeps the wheel (zoom) and the middle button (pan)."""

    def press(self, point: QPointF, event: QMouseEvent) -> None: ...
    def move(self, point: QPointF, event: QMouseEvent) -> None: ...
    def release(self, point: QPointF, event: QMouseEvent) -> None: ...
    def double_click(self, point: QPointF, event: QMouseEvent) -> None: ...
    def key(self, event: QKeyEvent) -> bool: ...


class BoardView(QGraphicsView):
    """Keeps the board fitted to the window until the designer zooms or pans on their own."""

    space_clicked = Signal(str, QPoint)  # space id and the global position, for a menu there
    space_hovered = Signal(str)  # "" when the mouse leaves every space

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setMouseTracking(True)
        self.fitted = True
        self._press: QPoint | None = None
        self._panning = False
        self._hovered = ""
        self.tool: Tool | None = None  # the map editor's current tool; None: click and pan
        self._tool_down = False
        self._tool_press = QPoint()

    def board(self) -> BoardScene | None:
        scene = self.scene()
        return scene if isinstance(scene, BoardScene) else None

    # -- zoom ---------------------------------------------------------------------------

    def fit(self) -> None:
        if self.scene() is not None:
            self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        self.fitted = True

    def _fitted_scale(self) -> float:
        rect = self.sceneRect()
        if rect.isEmpty():
            return 1.0
        viewport = self.viewport().rect()
        return min(viewport.width() / rect.width(), viewport.height() / rect.height())

    def zoom(self, factor: float) -> None:
        """Scale by ``factor`` within sane limits, about the point under the mouse."""
        fitted = self._fitted_scale()
        current = self.transform().m11()
        target = min(max(current * factor, fitted * MIN_ZOOM), fitted * MAX_ZOOM)
        if current > 0 and target != current:
            board = self.board()
            if board is not None:
                board.zoomed()
            self.scale(target / current, target / current)
            self.fitted = False

    def zoom_in(self) -> None:
        self.zoom(ZOOM_STEP)

    def zoom_out(self) -> None:
        self.zoom(1 / ZOOM_STEP)

    def wheelEvent(self, event: QWheelEvent) -> None:
        # 120 units per notch; a touchpad sends smaller steps and gets a smoother zoom.
        self.zoom(ZOOM_STEP ** (event.angleDelta().y() / 120))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.fitted:
            self.fit()

    # -- click, drag, hover -------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.tool is not None:
            self._tool_down = True
            self._tool_press = event.position().toPoint()
            self.tool.press(self.mapToScene(event.position().toPoint()), event)
            event.accept()
            return
        if event.button() == Qt.MouseButton.LeftButton or (
                event.button() == Qt.MouseButton.MiddleButton and self.tool is not None):
            self._press = event.position().toPoint()
            self._panning = False
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        position = event.position().toPoint()
        if self._press is not None:
            moved = position - self._press
            if self._panning or moved.manhattanLength() >= QApplication.startDragDistance():
                self._panning = True
                self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
                self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - moved.x())
                self.verticalScrollBar().setValue(self.verticalScrollBar().value() - moved.y())
                self._press = position
                self.fitted = False
            return
        self._hover(self.space_at(position))
        if self.tool is not None:
            self.tool.move(self.mapToScene(position), event)
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.tool is not None and self._tool_down:
            self._tool_down = False
            position = event.position().toPoint()
            self.tool.release(self.mapToScene(position), event)
            # A press and release in one place is still a click on a space for whoever listens
            # (the regions panel paints by clicking), whatever the tool did with it.
            if (position - self._tool_press).manhattanLength() < QApplication.startDragDistance():
                space = self.space_at(position)
                if space:
                    self.space_clicked.emit(space, self.viewport().mapToGlobal(position))
            event.accept()
            return
        if event.button() in (Qt.MouseButton.LeftButton, Qt.MouseButton.MiddleButton) and self._press is not None:
            clicked = not self._panning
            self._press = None
            self._panning = False
            self.viewport().unsetCursor()
            position = event.position().toPoint()
            space = self.space_at(position) if clicked else None
            if space:
                self.space_clicked.emit(space, self.viewport().mapToGlobal(position))
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.tool is not None:
            self.tool.double_click(self.mapToScene(event.position().toPoint()), event)
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.tool is not None and self.tool.key(event):
            event.accept()
            return
        super().keyPressEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        self._hover("")
        super().leaveEvent(event)

    def viewportEvent(self, event: QEvent) -> bool:
        """Tooltips come from the space under the mouse (found by the index), markers included."""
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            board = self.board()
            space = self.space_at(event.pos())
            if board is not None and space:
                QToolTip.showText(event.globalPos(), board.tooltip(space), self.viewport())
            else:
                QToolTip.hideText()
            return True
        return super().viewportEvent(event)

    def space_at(self, position: QPoint) -> str:
        board = self.board()
        if board is None:
            return ""
        return board.space_at(QPointF(self.mapToScene(position))) or ""

    def _hover(self, space: str) -> None:
        if space != self._hovered:
            self._hovered = space
            board = self.board()
            if board is not None:
                board.set_hovered(space)
            self.space_hovered.emit(space)
