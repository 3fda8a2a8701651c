"""The card layout editor: zones moved, resized, added, deleted and aligned on the card at
real size, each change one undo step, snapped to half a millimetre (issue 31, item 1)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF

from studio.cards.layout_canvas import SNAP_MM, snapped
from studio.cards.layout_dialog import LayoutDialog

PER_MM = 4.0


@pytest.fixture
def editor(cards, qtbot):
    card = cards.document.scenario.deck("empires").cards[0]
    dialog = LayoutDialog(cards.document, card, "empires", cards.card_types, per_mm=PER_MM)
    qtbot.addWidget(dialog)
    return dialog


def zones(editor):
    return editor.canvas.layout().zones


def settle(qtbot, editor):
    """The canvas is drawn again once the change's event is over."""
    qtbot.waitUntil(lambda: not editor.canvas._redraw_soon.isActive())


def test_snapping_is_to_half_a_millimetre():
    assert SNAP_MM == 0.5 and snapped(10.3) == 10.5 and snapped(10.2) == 10.0 and snapped(-0.26) == -0.5


def test_the_shipped_layout_is_shown_with_its_own_zones_as_handles(editor):
    assert editor.canvas.layout_id == "hotw-empire"
    assert len(editor.canvas.items) == len(zones(editor)) and not editor.create_button.isVisible()
    title = next(item for item in editor.canvas.items if zones(editor)[item.index].content == "{name}")
    zone = zones(editor)[title.index]
    assert (title.pos().x(), title.pos().y()) == (zone.x * PER_MM, zone.y * PER_MM)  # real size, in mm
    bands = [item for item in editor.canvas.items if (zones(editor)[item.index].show_if or "").startswith("epoch=")]
    assert [item.drawn for item in bands][:5] == [True, False, False, False, False]  # Sumerians: epoch I


def test_a_dragged_zone_lands_snapped_in_one_undo_step_and_undo_puts_it_back(editor, qtbot):
    stack = editor.document.undo_stack
    item = editor.canvas.items[-1]
    before = zones(editor)[item.index]
    item.setSelected(True)
    item.setPos(QPointF(10.3 * PER_MM, 20.1 * PER_MM))
    editor.canvas.zone_moved(item)
    settle(qtbot, editor)
    moved = zones(editor)[item.index]
    assert (moved.x, moved.y) == (10.5, 20.0) and stack.count() == 1
    stack.undo()
    settle(qtbot, editor)
    assert (zones(editor)[item.index].x, zones(editor)[item.index].y) == (before.x, before.y)
    assert editor.canvas.items[-1].pos() == QPointF(before.x * PER_MM, before.y * PER_MM)


def test_a_zone_resized_by_its_corner_is_one_undo_step(editor, qtbot):
    item = editor.canvas.items[0]
    item.resize_to(20.2 * PER_MM, 7.9 * PER_MM)
    editor.canvas.zone_resized(item)
    settle(qtbot, editor)
    assert (zones(editor)[0].width, zones(editor)[0].height) == (20.0, 8.0)
    assert editor.document.undo_stack.count() == 1


def test_add_align_content_and_delete(editor, qtbot):
    stack = editor.document.undo_stack
    count = len(zones(editor))
    editor.add_button.click()
    assert len(zones(editor)) == count + 1 and editor.canvas.selected_indexes() == [count]
    assert editor.content.text() == "{name}"
    editor.content.setText("{armies} armies")
    editor.content.editingFinished.emit()
    assert zones(editor)[count].content == "{armies} armies"
    settle(qtbot, editor)
    for item in editor.canvas.items:
        item.setSelected(item.index in (1, count))
    assert editor.align_buttons["left"].isEnabled()
    editor.align_buttons["left"].click()
    assert zones(editor)[count].x == zones(editor)[1].x
    settle(qtbot, editor)
    editor.canvas.select(count)
    editor.delete_button.click()
    assert len(zones(editor)) == count
    assert stack.count() == 4  # add, content, align, delete: one step each
    for _ in range(4):
        stack.undo()
    assert len(zones(editor)) == count


def test_a_card_type_without_a_layout_starts_from_its_default_face(cards, qtbot):
    document = cards.document
    document.set_value("layouts", [], "Remove layouts", merge_key=None)
    card = document.scenario.deck("events").cards[0]
    dialog = LayoutDialog(document, card, "events", cards.card_types, per_mm=PER_MM)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.create_button.isVisible() and not dialog.add_button.isEnabled()
    dialog.create_button.click()
    assert [layout.id for layout in document.scenario.layouts] == ["event-face"]
    assert dialog.canvas.layout_id == "event-face" and dialog.add_button.isEnabled()
    assert not dialog.create_button.isVisible()
    document.undo_stack.undo()  # the layout taken away again: offered again
    qtbot.waitUntil(lambda: dialog.create_button.isVisible())
    assert not dialog.add_button.isEnabled() and dialog.canvas.items == []


def test_the_cards_mode_opens_the_editor_on_the_selected_card_and_its_preview_follows(cards):
    cards.table.setCurrentIndex(cards.proxy.index(0, 0))
    cards.layout_action.trigger()
    editor = cards.layout_dialog
    assert editor.isVisible() and editor.canvas.layout_id == "hotw-empire"
    before = cards.preview.pixmap().toImage()
    editor.canvas.select(0)
    editor.canvas.remove_selected()  # the epoch band: the preview changes with the layout
    assert cards.preview.pixmap().toImage() != before
    editor.close()


def test_the_open_editor_follows_the_card_selected_in_the_table_and_its_deck(cards, qtbot):
    """Issue 31, item 1: "previewed live on the selected card": choosing another card in the
    Cards mode's table redraws the editor on it, another deck's card on its own type's layout."""
    cards.table.setCurrentIndex(cards.proxy.index(0, 1))
    cards.layout_action.trigger()
    editor = cards.layout_dialog
    first = editor.canvas.scene().items()[-1]  # the face, drawn first
    face = first.pixmap().toImage()
    editor.canvas.select(3)
    cards.table.setCurrentIndex(cards.proxy.index(2, 1))  # the Minoans
    assert editor.canvas.card.name == "Minoans" and "Minoans" in editor.windowTitle()
    assert editor.canvas.layout_id == "hotw-empire" and editor.canvas.selected_indexes() == [3]
    assert editor.canvas.scene().items()[-1].pixmap().toImage() != face
    events = next(index for index in range(cards.tabs.count()) if cards.tabs.tabData(index) == "events")
    cards.tabs.setCurrentIndex(events)
    assert editor.deck_id == "events" and editor.canvas.card.data.type_name == "event"
    assert editor.canvas.layout().card_type == "event" and editor.canvas.selected_indexes() == []
    editor.close()
    cards.table.setCurrentIndex(cards.proxy.index(1, 1))
    assert editor.canvas.card is not cards.selected_card()  # a closed editor follows no more


def test_the_zone_form_edits_the_selected_zone_one_step_per_value(editor, qtbot):
    from PySide6.QtWidgets import QCheckBox, QDoubleSpinBox

    stack = editor.document.undo_stack
    editor.canvas.select(len(zones(editor)) - 1)
    form = editor.form
    assert form.isEnabled() and form.editors["content"].text() == zones(editor)[-1].content
    size = form.editors["size"]
    assert isinstance(size, QDoubleSpinBox)
    size.setValue(12.5)
    size.editingFinished.emit()
    bold = form.editors["bold"]
    assert isinstance(bold, QCheckBox)
    bold.click()
    form.editors["show_if"].setText("")
    form.editors["show_if"].editingFinished.emit()
    last = zones(editor)[-1]
    assert (last.size, last.show_if) == (12.5, None) and stack.count() == 3
    settle(qtbot, editor)
    assert form.editors["size"].value() == 12.5  # filled again from the document
    stack.undo()
    stack.undo()
    stack.undo()
    settle(qtbot, editor)
    assert form.editors["size"].value() == zones(editor)[-1].size != 12.5
    editor.canvas.select(-1)
    assert not form.isEnabled()


def test_a_sheet_of_the_deck_follows_each_change(editor, qtbot):
    sheet = editor.sheet.pixmap().toImage()
    assert not sheet.isNull() and sheet.width() > 7 * sheet.height() / 2  # eight cards side by side
    editor.canvas.select(0)
    editor.canvas.remove_selected()  # the epoch band
    settle(qtbot, editor)
    assert editor.sheet.pixmap().toImage() != sheet


def face_pixel(editor, x_mm, y_mm):
    """The colour the selected card's face prints at (x, y) mm from its trim corner."""
    from studio.cards.output import Placed, card_image

    image, _ = card_image(editor.document.scenario, Placed(editor.canvas.card, editor.canvas.layout(), "empires"),
                          PER_MM * 25.4, editor.document.base_dir)
    return image.pixelColor(round(x_mm * PER_MM), round(y_mm * PER_MM)).name()


def test_a_zone_filled_from_a_field_takes_its_regions_colour_in_one_undo_step(editor, qtbot):
    """Issue 31, item 1: "a colour from a field (an epoch's or region's colour)": the
    Sumerians start in Tigris, in the Near East (#e6c35c)."""
    from engine.scenario.model import Zone, ZoneKind

    stack = editor.document.undo_stack
    editor.canvas.add_zone(Zone(kind=ZoneKind.SHAPE, x=40, y=60, width=10, height=10, fill="#ffffff"))
    count = stack.count()
    line = editor.form.editors["fill_from"]
    line.setText("{start_provinces}")
    line.editingFinished.emit()
    assert zones(editor)[-1].fill_from == "{start_provinces}" and stack.count() == count + 1
    assert face_pixel(editor, 45, 65) == "#e6c35c"
    stack.undo()
    settle(qtbot, editor)
    assert zones(editor)[-1].fill_from is None and face_pixel(editor, 45, 65) == "#ffffff"
    assert editor.form.editors["fill_from"].text() == ""


def test_the_corner_radius_is_one_undo_step_and_cuts_the_faces_corners(editor, qtbot):
    """Issue 31, item 1: "bleed, safe area and corner radius shown". A PNG without bleed
    leaves the rounded corners transparent; the trim line on the canvas is rounded too."""
    from PySide6.QtWidgets import QGraphicsPathItem

    from studio.cards.output import Placed, card_image

    def corner_alpha():
        image, _ = card_image(editor.document.scenario, Placed(editor.canvas.card, editor.canvas.layout(), "empires"),
                              PER_MM * 25.4, editor.document.base_dir)
        return image.pixelColor(0, 0).alpha(), image.pixelColor(image.width() // 2, image.height() // 2).alpha()

    assert editor.radius.value() == 0 and corner_alpha() == (255, 255)
    stack, count = editor.document.undo_stack, editor.document.undo_stack.count()
    editor.radius.setValue(3)
    editor.radius.editingFinished.emit()
    assert editor.canvas.layout().corner_radius == 3 and stack.count() == count + 1
    assert corner_alpha() == (0, 255)
    settle(qtbot, editor)
    trim = [item for item in editor.canvas.scene().items()
            if isinstance(item, QGraphicsPathItem) and item.path().boundingRect().width() == 63.5 * PER_MM]
    assert trim and not trim[0].path().contains(QPointF(0.2, 0.2))  # the corner is cut off the card's outline
    stack.undo()
    settle(qtbot, editor)
    assert editor.radius.value() == 0 and corner_alpha() == (255, 255)


def drag(view, start, end, qtbot):
    """A left-button drag on the canvas from ``start`` to ``end`` (scene points), in steps."""
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    def send(kind, scene_point, buttons):
        at = QPointF(view.mapFromScene(scene_point))
        event = QMouseEvent(kind, at, view.viewport().mapToGlobal(at), Qt.MouseButton.LeftButton, buttons,
                            Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(view.viewport(), event)

    send(QEvent.Type.MouseButtonPress, start, Qt.MouseButton.LeftButton)
    for step in range(1, 6):
        send(QEvent.Type.MouseMove, start + (end - start) * (step / 5), Qt.MouseButton.LeftButton)
    guides = [line.isVisible() and line.line() for line in view.guide_lines]
    send(QEvent.Type.MouseButtonRelease, end, Qt.MouseButton.NoButton)
    return guides


def test_guides_are_the_cards_and_other_zones_edges_and_centres():
    from engine.scenario.model import CardLayout, Zone
    from studio.cards.layout_canvas import guides, nearest

    layout = CardLayout(id="a", card_type="empire", zones=[Zone(x=10, y=20, width=5, height=4), Zone(x=1, y=1)])
    xs, ys = guides(layout, 1)
    assert xs == [0, 3, 31.75, 60.5, 63.5, 10, 12.5, 15] and ys == [0, 3, 44.45, 85.9, 88.9, 20, 22, 24]
    assert nearest([11.2, 16, 21], xs, 1.5) == (-1.0, 15)  # the nearest edge wins
    assert nearest([40, 45], xs, 1.5) is None


def test_a_dragged_zone_snaps_to_another_zones_centre_with_the_guide_shown(editor, qtbot):
    """Issue 31, item 1: zones "dragged, resized, aligned and snapped". A 10 mm zone dragged so
    its centre comes to 31.9 mm lands on the centre line of the card and of the ability box
    (31.75 mm), off the half-millimetre grid, in one undo step."""
    from engine.scenario.model import Zone

    editor.show()
    qtbot.waitExposed(editor)
    canvas, stack = editor.canvas, editor.document.undo_stack
    canvas.add_zone(Zone(x=40, y=60.2, width=10, height=5.2))
    count = stack.count()
    start = QPointF(45 * PER_MM, 62 * PER_MM)
    guides = drag(canvas, start, start + QPointF(-13.1 * PER_MM, 0), qtbot)
    settle(qtbot, editor)
    moved = zones(editor)[-1]
    assert moved.x == 26.75 and stack.count() == count + 1
    assert guides[0] and guides[0].x1() == guides[0].x2() == 31.75 * PER_MM  # the vertical guide drawn
    assert not any(line.isVisible() for line in canvas.guide_lines)  # and gone after the drop
    stack.undo()
    settle(qtbot, editor)
    assert zones(editor)[-1].x == 40


def test_a_corner_dragged_near_another_zones_edge_resizes_onto_it(editor, qtbot):
    from engine.scenario.model import Zone

    editor.show()
    qtbot.waitExposed(editor)
    canvas = editor.canvas
    canvas.add_zone(Zone(x=20, y=60.2, width=10, height=5.2))
    corner = QPointF(30 * PER_MM, 65.4 * PER_MM)
    drag(canvas, corner, corner + QPointF(30.2 * PER_MM, 0), qtbot)  # to 60.2: the ability box's right, 60.5
    settle(qtbot, editor)
    assert zones(editor)[-1].width == 40.5
