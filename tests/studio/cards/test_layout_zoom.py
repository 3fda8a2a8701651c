"""Zoom in the card layout editor (issue 31, item 1, what is left: "add zoom (Ctrl+wheel,
Ctrl+plus/minus, a "real size" reset) so small zones can be edited, with snapping still to 0.5 mm
and to other zones' edges at any zoom")."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication
from test_layout_editor import PER_MM, drag, settle, zones

from engine.scenario.model import Zone
from studio.cards.layout_canvas import ZOOM_MAX, ZOOM_MIN, ZOOM_STEP
from studio.cards.layout_dialog import LayoutDialog


@pytest.fixture
def editor(cards, qtbot):
    card = cards.document.scenario.deck("empires").cards[0]
    dialog = LayoutDialog(cards.document, card, "empires", cards.card_types, per_mm=PER_MM)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def wheel(canvas, notches: int, modifiers=Qt.KeyboardModifier.ControlModifier) -> None:
    at = QPointF(canvas.viewport().rect().center())
    event = QWheelEvent(at, QPointF(canvas.viewport().mapToGlobal(at.toPoint())), QPoint(0, 0),
                        QPoint(0, 120 * notches), Qt.MouseButton.NoButton, modifiers, Qt.ScrollPhase.NoScrollPhase,
                        False)
    QApplication.sendEvent(canvas.viewport(), event)


def scale(canvas) -> float:
    return canvas.transform().m11()


def test_ctrl_wheel_the_keys_and_the_buttons_zoom_and_real_size_resets(editor, qtbot):
    canvas = editor.canvas
    assert scale(canvas) == 1.0 and editor.zoom_label.text() == "100%"
    wheel(canvas, 1)
    assert scale(canvas) == pytest.approx(ZOOM_STEP) and editor.zoom_label.text() == "125%"
    wheel(canvas, -1, Qt.KeyboardModifier.NoModifier)  # the wheel alone scrolls
    assert scale(canvas) == pytest.approx(ZOOM_STEP)
    canvas.setFocus()
    qtbot.keyClick(canvas, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(canvas, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert scale(canvas) == pytest.approx(ZOOM_STEP ** 3)
    qtbot.keyClick(editor.content, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)  # wherever the focus is
    assert scale(canvas) == pytest.approx(ZOOM_STEP ** 2)
    qtbot.keyClick(canvas, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert scale(canvas) == 1.0 and editor.zoom_label.text() == "100%"
    editor.zoom_buttons["Zoom In"].click()
    assert scale(canvas) == pytest.approx(ZOOM_STEP)
    editor.zoom_buttons["Real Size"].click()
    assert scale(canvas) == 1.0
    for _ in range(30):
        editor.zoom_buttons["Zoom Out"].click()
    assert scale(canvas) == ZOOM_MIN
    wheel(canvas, 40)
    assert scale(canvas) == ZOOM_MAX and editor.zoom_label.text() == "800%"


def test_the_face_is_drawn_again_at_the_zoomed_resolution_and_the_handles_keep_their_size(editor, qtbot):
    canvas = editor.canvas
    face = next(item for item in canvas.scene().items() if hasattr(item, "pixmap")).pixmap()
    canvas.set_zoom(2.0)
    settle(qtbot, editor)
    zoomed = next(item for item in canvas.scene().items() if hasattr(item, "pixmap")).pixmap()
    assert zoomed.width() == pytest.approx(2 * face.width(), abs=2) and zoomed.devicePixelRatio() == 2.0
    size, before = zoomed.deviceIndependentSize(), face.deviceIndependentSize()
    assert (size.width(), size.height()) == pytest.approx((before.width(), before.height()), abs=1)
    handle = canvas.items[0].handle
    on_screen = handle.deviceTransform(canvas.viewportTransform()).mapRect(handle.rect())
    assert on_screen.width() == 8  # HANDLE_PX on screen, not 16
    zone = canvas.items[0]
    assert zone.deviceTransform(canvas.viewportTransform()).mapRect(zone.rect()).width() == \
        2 * zone.rect().width()  # the zone itself is zoomed


@pytest.mark.parametrize("zoom", [1.0, 2.0])
def test_a_drag_snaps_to_the_same_millimetre_at_100_and_200_percent(editor, qtbot, zoom):
    """The same drag, in mm, lands on the same half millimetre where no guide is near, and on the
    same guide, off the grid, where one is 0.25 mm away (the zone's right edge near another
    zone's, 37.25 mm, and its centre near another's, 32.25 mm). The drags are whole pixels at
    100%, so the mouse puts the zone at the same place at both zooms."""
    canvas = editor.canvas
    canvas.set_zoom(zoom)
    settle(qtbot, editor)
    canvas.add_zone(Zone(x=40.1, y=60.2, width=10, height=5.2))
    settle(qtbot, editor)
    assert scale(canvas) == zoom
    start = QPointF(45 * PER_MM, 62 * PER_MM)
    drag(canvas, start, start + QPointF(-23.25 * PER_MM, 2.25 * PER_MM), qtbot)  # to 16.85, 62.45: no guide near
    settle(qtbot, editor)
    assert (zones(editor)[-1].x, zones(editor)[-1].y) == (17.0, 62.5)
    start = QPointF(22 * PER_MM, 64.5 * PER_MM)
    guides = drag(canvas, start, start + QPointF(10.5 * PER_MM, 0), qtbot)  # to 27.5: right edge 37.5
    settle(qtbot, editor)
    assert (zones(editor)[-1].x, zones(editor)[-1].y) == (27.25, 62.5)
    assert guides[0] and guides[0].x1() in (32.25 * PER_MM, 37.25 * PER_MM)  # drawn in the scene's units


def test_the_reach_of_a_guide_stays_six_screen_pixels(editor, qtbot):
    canvas = editor.canvas
    assert canvas._reach() == pytest.approx(6 / PER_MM)
    canvas.set_zoom(2.0)
    assert canvas._reach() == pytest.approx(3 / PER_MM)


def test_the_editors_zoom_keys_are_its_own_and_listed_so(cards, qtbot):
    """The board's Ctrl+0, Ctrl++ and Ctrl+- (Fit to Window, Zoom In, Zoom Out) work everywhere in
    the main window; the editor's are bound to the editor alone, so neither is dropped as
    ambiguous, and Help ▸ Keyboard Shortcuts says where each works."""
    from studio.help import shortcuts

    cards.table.setCurrentIndex(cards.proxy.index(0, 0))
    cards.layout_action.trigger()
    editor = cards.layout_dialog
    qtbot.waitExposed(editor)
    listed = set(shortcuts(cards.window))
    assert {("Ctrl+0", "Real Size", "card_layout_editor"), ("Ctrl+0", "Fit to Window", "everywhere")} <= listed
    editor.canvas.set_zoom(2.0)
    editor.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is editor)
    editor.content.setFocus()
    qtbot.keyClick(editor.content, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert scale(editor.canvas) == 1.0
    editor.close()
