"""The map tools driven as a designer does: mouse presses, drags and keys on the board view.

Dice Race's track is a row of 40 x 40 cells (t0 at x 0..40, t1 at 40..80, ...), neighbours
sharing their corners, which is what shared-corner drags and snapping need."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication
from shapely.geometry import Point, Polygon

from engine.scenario.model import ConnectionKind

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def mode(window, dice_race_path, tmp_path):
    copy = tmp_path / "race.json"
    copy.write_text(dice_race_path.read_text())
    assert window.open(copy)
    mode = window.map_mode
    mode.view.setFocus()
    return mode


def at(mode, x: float, y: float):
    return mode.view.mapFromScene(QPointF(x, y))


def click(qtbot, mode, x, y, modifier=Qt.KeyboardModifier.NoModifier):
    qtbot.mouseClick(mode.view.viewport(), LEFT, modifier, at(mode, x, y))


def drag(qtbot, mode, *points, modifier=Qt.KeyboardModifier.NoModifier):
    """Press, move through the points with the button and ``modifier`` held (as a hand holding
    Ctrl sends them; QTest's mouseMove carries no modifier), release."""
    viewport = mode.view.viewport()
    qtbot.mousePress(viewport, LEFT, modifier, at(mode, *points[0]))
    for point in points[1:]:
        where = QPointF(at(mode, *point))
        QApplication.sendEvent(viewport, QMouseEvent(QEvent.Type.MouseMove, where, viewport.mapToGlobal(where),
                                                     Qt.MouseButton.NoButton, LEFT, modifier))
    qtbot.mouseRelease(viewport, LEFT, modifier, at(mode, *points[-1]))


def space(mode, space_id):
    return mode.document.scenario.board.space(space_id)


def key(qtbot, mode, name, modifier=Qt.KeyboardModifier.NoModifier):
    qtbot.keyClick(mode.view, name, modifier)


def test_click_shift_click_and_a_rubber_band_select_spaces(qtbot, mode):
    click(qtbot, mode, 60, 20)
    assert mode.selection == ["t1"]
    click(qtbot, mode, 100, 20, Qt.KeyboardModifier.ShiftModifier)
    assert mode.selection == ["t1", "t2"]
    click(qtbot, mode, 60, 20, Qt.KeyboardModifier.ShiftModifier)
    assert mode.selection == ["t2"]
    drag(qtbot, mode, (118, 50), (150, 45), (245, -5))  # from below the track: t3, t4 and t5 lie wholly inside
    assert mode.selection == ["t3", "t4", "t5"]
    click(qtbot, mode, 400, 55)  # the empty board clears the selection
    assert mode.selection == []


def test_dragging_a_selection_moves_it_as_one_undo_step(qtbot, mode):
    before = mode.document.text()
    mode.snap_action.trigger()  # no snapping: the space goes exactly where it is dragged
    click(qtbot, mode, 60, 20)
    drag(qtbot, mode, (60, 20), (70, 20), (80, 20), (90, 20))
    assert space(mode, "t1").polygon[0][0] == pytest.approx(70, abs=1.5)
    assert mode.document.undo_stack.count() == 1
    assert mode.board.spaces["t1"].polygon().boundingRect().left() == pytest.approx(space(mode, "t1").polygon[0][0])
    mode.window.actions.undo.trigger()
    assert mode.document.text() == before


def test_a_corner_shared_by_neighbours_moves_in_both_and_snaps_to_another_corner(qtbot, mode):
    before = mode.document.text()
    click(qtbot, mode, 60, 20)
    mode.tool_actions["corners"].trigger()
    # t1's top-right corner (80, 0) is t2's top-left; drag it near t3's top-right (160, 0).
    drag(qtbot, mode, (80, 0), (100, 10), (130, 5), (158, 2))
    assert (160.0, 0.0) in space(mode, "t1").polygon and (160.0, 0.0) in space(mode, "t2").polygon
    assert (80.0, 0.0) not in space(mode, "t1").polygon + space(mode, "t2").polygon
    assert mode.document.undo_stack.count() == 1
    mode.window.actions.undo.trigger()
    assert mode.document.text() == before


def test_double_click_adds_a_corner_to_both_sides_of_a_border_and_delete_removes_it(qtbot, mode):
    click(qtbot, mode, 60, 20)
    mode.tool_actions["corners"].trigger()
    qtbot.mouseDClick(mode.view.viewport(), LEFT, pos=at(mode, 80, 22))
    added = [point for point in space(mode, "t1").polygon if point[0] == pytest.approx(80) and 10 < point[1] < 30]
    assert len(added) == 1 and added[0] in space(mode, "t2").polygon
    assert mode.overlay.chosen  # the new corner is the chosen one
    key(qtbot, mode, Qt.Key.Key_Delete)
    assert added[0] not in space(mode, "t1").polygon + space(mode, "t2").polygon


def test_drawing_a_space_snaps_its_corners_to_the_neighbours(qtbot, mode):
    mode.tool_actions["draw"].trigger()
    count = len(mode.document.scenario.board.spaces)
    for x, y in ((41.5, 41.5), (78.5, 41.2), (60, 58)):
        click(qtbot, mode, x, y)
    key(qtbot, mode, Qt.Key.Key_Return)
    spaces = mode.document.scenario.board.spaces
    assert len(spaces) == count + 1
    drawn = spaces[-1]
    assert drawn.polygon[:2] == [(40.0, 40.0), (80.0, 40.0)]  # t1's bottom corners
    assert mode.selection == [drawn.id] and mode.document.undo_stack.count() == 1
    assert drawn.id in mode.board.spaces


def test_escape_drops_a_half_drawn_outline(qtbot, mode):
    mode.tool_actions["draw"].trigger()
    click(qtbot, mode, 300, 50)
    click(qtbot, mode, 340, 50)
    key(qtbot, mode, Qt.Key.Key_Escape)
    assert mode.overlay.draft == [] and mode.document.undo_stack.count() == 0


def test_a_line_dragged_across_a_space_splits_it(qtbot, mode):
    mode.tool_actions["split"].trigger()
    drag(qtbot, mode, (140, -8), (140, 20), (140, 48))
    spaces = {s.id: s for s in mode.document.scenario.board.spaces}
    assert "t3-2" in spaces
    areas = sorted([Polygon(spaces["t3"].polygon).area, Polygon(spaces["t3-2"].polygon).area])
    assert areas == pytest.approx([800, 800], abs=40)
    assert set(mode.selection) == {"t3", "t3-2"} and mode.document.undo_stack.count() == 1


def test_merge_joins_the_selected_neighbours(qtbot, mode):
    click(qtbot, mode, 180, 20)
    click(qtbot, mode, 220, 20, Qt.KeyboardModifier.ShiftModifier)
    assert mode.merge_action.isEnabled()
    mode.merge_action.trigger()
    board = mode.document.scenario.board
    assert "t5" not in {s.id for s in board.spaces} and Polygon(space(mode, "t4").polygon).area == pytest.approx(3200)
    assert "t5" not in mode.board.spaces and mode.selection == ["t4"]
    for step in (mode.window.actions.undo, mode.window.actions.redo, mode.window.actions.undo):
        step.trigger()
        assert mode.board.drawn_connections() == sorted((c.a, c.b, c.kind) for c in board.connections)
    assert "t5" in mode.board.spaces


def test_a_run_of_nudges_is_one_undo_step_and_turns_and_scalings_are_runs_too(qtbot, mode):
    click(qtbot, mode, 60, 20)
    for _ in range(3):
        key(qtbot, mode, Qt.Key.Key_Right)
    key(qtbot, mode, Qt.Key.Key_Down, Qt.KeyboardModifier.ShiftModifier)
    assert space(mode, "t1").polygon[0] == (43.0, 10.0)
    assert mode.document.undo_stack.count() == 1
    key(qtbot, mode, Qt.Key.Key_BracketRight)
    key(qtbot, mode, Qt.Key.Key_BracketRight)
    assert mode.document.undo_stack.count() == 2
    corners = space(mode, "t1").polygon
    # Turned 30° about its middle (63, 30): the leftmost corner is 20 (cos 30° + sin 30°) to the left.
    assert min(x for x, _ in corners) == pytest.approx(63 - 20 * (math.cos(math.pi / 6) + 0.5), abs=0.01)
    key(qtbot, mode, Qt.Key.Key_Period)
    assert mode.document.undo_stack.count() == 3
    mode.window.actions.undo.trigger()
    mode.window.actions.undo.trigger()
    assert space(mode, "t1").polygon[0] == (43.0, 10.0)


def test_connect_drags_from_space_to_space_with_the_chosen_kind(qtbot, mode):
    mode.tool_actions["connect"].trigger()
    mode.choose_kind(ConnectionKind.STRAIT)
    drag(qtbot, mode, (20, 20), (100, 20), (220, 20))
    last = mode.document.scenario.board.connections[-1]
    assert (last.a, last.b, last.kind, last.props) == ("t0", "t5", ConnectionKind.STRAIT, {"manual": True})


def test_the_name_is_dragged_but_stays_inside_its_space(qtbot, mode):
    mode.tool_actions["label"].trigger()
    drag(qtbot, mode, (60, 20), (65, 25), (70, 30), (200, 30))
    label = space(mode, "t1").label
    assert 40 < label[0] < 80 and 0 < label[1] < 40
    assert mode.document.undo_stack.count() == 1


def test_delete_removes_the_selected_spaces_and_their_connections(qtbot, mode):
    asked = []
    mode.ask_delete_referenced = lambda ids, found: asked.append([r.path for r in found]) or True
    click(qtbot, mode, 60, 20)
    key(qtbot, mode, Qt.Key.Key_Delete)
    assert asked == [["decks[bonus].cards[b1].data.home"]]  # the bonus card's home is t1: asked, then emptied
    assert mode.document.value("decks[bonus].cards[b1].data.home") is None
    board = mode.document.scenario.board
    assert "t1" not in {s.id for s in board.spaces} and all("t1" not in (c.a, c.b) for c in board.connections)
    assert "t1" not in mode.board.spaces


def test_the_grid_snaps_drawn_corners_when_it_is_on(qtbot, mode):
    mode.grid_action.trigger()
    mode.grid_size.setValue(25)
    mode.tool_actions["draw"].trigger()
    for x, y in ((302, 98), (352, 102), (327, 123)):
        click(qtbot, mode, x, y)
    key(qtbot, mode, Qt.Key.Key_Return)
    assert mode.document.scenario.board.spaces[-1].polygon == [(300.0, 100.0), (350.0, 100.0), (325.0, 125.0)]


def test_a_click_with_any_tool_still_tells_who_listens_which_space_was_clicked(qtbot, mode):
    clicked = []
    mode.view.space_clicked.connect(lambda space_id, _: clicked.append(space_id))
    click(qtbot, mode, 60, 20)
    drag(qtbot, mode, (60, 20), (90, 20), (120, 20))  # a drag is not a click
    mode.tool_actions["label"].trigger()
    under = mode.board.space_at(QPointF(100, 20))  # whichever space the drag left there
    click(qtbot, mode, 100, 20)
    assert clicked == ["t1", under] and under is not None


def test_the_cards_mode_checks_map_edits_when_it_shows_not_at_every_mouse_move(qtbot, mode):
    window = mode.window
    checked = window.cards_mode.validation
    click(qtbot, mode, 60, 20)
    drag(qtbot, mode, (60, 20), (70, 20), (80, 20))
    qtbot.wait(20)
    assert window.cards_mode.validation is checked  # not checked again while the map shows
    window.show_mode("cards")
    qtbot.waitUntil(lambda: window.cards_mode.validation is not checked)


def test_a_dragged_space_snaps_its_nearest_corner_to_another_space(qtbot, mode):
    click(qtbot, mode, 420, 20)
    drag(qtbot, mode, (402, 3), (402, 20), (402, 41))  # (400, 0) would land at (400, 38)
    assert space(mode, "t10").polygon[0] == (400.0, 40.0)  # on t9's corner, not on t10's own
    assert space(mode, "t10").polygon[2] == (440.0, 80.0)


def test_shift_drag_with_the_connect_tool_removes_that_connection(qtbot, mode):
    board = mode.document.scenario.board
    first = board.connections[0]
    assert first.kind is ConnectionKind.ARROW  # Dice Race's track is one-way: t0 to t1
    mode.tool_actions["connect"].trigger()
    mode.choose_kind(first.kind)
    a, b = mode.board.centres[first.a], mode.board.centres[first.b]
    shift = Qt.KeyboardModifier.ShiftModifier
    drag(qtbot, mode, (b.x(), b.y()), (a.x(), a.y()), modifier=shift)  # against the arrow: none there
    assert first in board.connections and mode.document.undo_stack.count() == 0
    drag(qtbot, mode, (a.x(), a.y()), (b.x(), b.y()), modifier=shift)
    assert first not in board.connections and mode.document.undo_stack.count() == 1
    assert mode.board.drawn_connections() == sorted((c.a, c.b, c.kind) for c in board.connections)


def test_the_snap_reach_and_target_are_shown_while_drawing(qtbot, mode):
    mode.tool_actions["draw"].trigger()
    qtbot.mouseMove(mode.view.viewport(), at(mode, 41.5, 41.5))
    centre, radius = mode.overlay.circle
    assert radius == pytest.approx(10 * mode.pixel())  # ten pixels on screen, in board units
    assert (centre.x(), centre.y()) == pytest.approx((41.5, 41.5), abs=2 * mode.pixel())  # around the cursor
    assert mode.overlay.snap == (QPointF(40, 40), "vertex")
    qtbot.mouseMove(mode.view.viewport(), at(mode, 300, 40 + 30 * mode.pixel()))  # 30 pixels below the track
    assert mode.overlay.snap is None and mode.overlay.circle is not None
    mode.snap_action.trigger()  # % turns snapping off: no circle, no target
    qtbot.mouseMove(mode.view.viewport(), at(mode, 41.5, 41.5))
    assert mode.overlay.snap is None and mode.overlay.circle is None


def handle(mode, name):
    return dict(mode.overlay.box_handles())[name]


def corners(mode, *space_ids):
    return sorted(point for space_id in space_ids for point in space(mode, space_id).polygon)


def test_a_corner_handle_scales_the_selection_about_its_centre_in_one_undo_step(qtbot, mode):
    before = mode.document.text()
    mode.snap_action.trigger()  # no snapping to the neighbours: the handle goes where it is dragged
    click(qtbot, mode, 60, 20)
    assert mode.overlay.box == "scale" and len(mode.overlay.box_handles()) == 8
    se = handle(mode, "se")  # a few pixels out from t1's corner (80, 40)
    assert se.x() > 80 and se.y() > 40
    steps = [(se.x() + 5 * i, se.y() + 5 * i) for i in range(5)]  # the corner to about (100, 60)
    drag(qtbot, mode, *steps, modifier=Qt.KeyboardModifier.ShiftModifier)  # Shift: in proportion
    xs, ys = [x for x, _ in space(mode, "t1").polygon], [y for _, y in space(mode, "t1").polygon]
    assert (min(xs), max(xs)) == (pytest.approx(20, abs=2), pytest.approx(100, abs=2))
    assert (min(ys), max(ys)) == (pytest.approx(-20, abs=2), pytest.approx(60, abs=2))
    assert max(xs) - min(xs) == pytest.approx(max(ys) - min(ys))  # proportions kept
    assert (sum(xs) / 4, sum(ys) / 4) == (pytest.approx(60, abs=0.01), pytest.approx(20, abs=0.01))
    assert Polygon(space(mode, "t1").polygon).contains(Point(space(mode, "t1").label))
    assert mode.document.undo_stack.count() == 1
    mode.window.actions.undo.trigger()
    assert mode.document.text() == before


def test_a_side_handle_stretches_one_way_and_the_corner_snaps_to_the_grid(qtbot, mode):
    mode.snap_action.trigger()
    mode.grid_action.trigger()
    mode.grid_size.setValue(25)
    click(qtbot, mode, 60, 20)
    e = handle(mode, "e")
    drag(qtbot, mode, (e.x(), e.y()), (e.x() + 10, e.y()), (e.x() + 21, e.y() + 3))  # t1's side to about 101
    assert corners(mode, "t1") == [(20.0, 0.0), (20.0, 40.0), (100.0, 0.0), (100.0, 40.0)]  # snapped to 100
    se = handle(mode, "se")
    drag(qtbot, mode, (se.x(), se.y()), (se.x() + 5, se.y() + 5), (se.x() + 2, se.y() + 12))
    assert corners(mode, "t1") == [(20.0, -10.0), (20.0, 50.0), (100.0, -10.0), (100.0, 50.0)]  # (100, 50)
    assert mode.document.undo_stack.count() == 2


def test_clicking_the_selection_again_gives_rotate_handles_that_turn_it_about_its_centre(qtbot, mode):
    before = mode.document.text()
    mode.snap_action.trigger()
    click(qtbot, mode, 60, 20)
    click(qtbot, mode, 100, 20, Qt.KeyboardModifier.ShiftModifier)  # t1 and t2: 80 x 40 about (80, 20)
    click(qtbot, mode, 60, 20)  # again, on the selection: rotate handles
    assert mode.selection == ["t1", "t2"] and mode.overlay.box == "rotate"
    assert [name for name, _ in mode.overlay.box_handles()] == ["nw", "ne", "se", "sw"]
    ne = handle(mode, "ne")
    dx, dy = ne.x() - 80, ne.y() - 20
    quarter = [(80 + dx * math.cos(t) - dy * math.sin(t), 20 + dx * math.sin(t) + dy * math.cos(t))
               for t in (0, 0.3, 0.8, 1.2, math.pi / 2)]  # a quarter turn clockwise on screen
    drag(qtbot, mode, *quarter, modifier=Qt.KeyboardModifier.ControlModifier)  # Ctrl: by 15° steps
    assert corners(mode, "t1", "t2") == sorted([(60.0, -20.0), (100.0, -20.0), (100.0, 20.0), (60.0, 20.0),
                                                (60.0, 20.0), (100.0, 20.0), (100.0, 60.0), (60.0, 60.0)])
    for space_id in ("t1", "t2"):
        assert Polygon(space(mode, space_id).polygon).contains(Point(space(mode, space_id).label))
    assert mode.document.undo_stack.count() == 1 and mode.document.undo_stack.undoText() == "Rotate 2 spaces"
    click(qtbot, mode, 80, 10)  # again: back to scale handles
    assert mode.overlay.box == "scale"
    click(qtbot, mode, 400, 55)
    assert mode.overlay.box_handles() == []  # nothing selected, no box
    mode.window.actions.undo.trigger()
    assert mode.document.text() == before


def test_on_the_shipped_map_a_corner_dragged_moves_in_every_land_that_has_it(qtbot, window, hotw_path, tmp_path):
    copy = tmp_path / "hotw.json"
    copy.write_text(hotw_path.read_text())
    assert window.open(copy)
    mode = window.map_mode
    mode.view.setFocus()
    mode.snap_action.trigger()
    corner = (928.0, 338.0)  # where Gaul, Rhineland and Italia meet
    having = [s.id for s in mode.document.scenario.board.spaces if corner in s.polygon]
    assert having == ["gaul", "rhineland", "italia"]
    click(qtbot, mode, 870, 320)
    mode.tool_actions["corners"].trigger()
    drag(qtbot, mode, corner, (940, 350), (950, 358))  # some pixels: the board is 2000 units wide
    moved = mode.document.scenario.board.space("gaul").polygon[3]
    assert moved != corner and geometry_distance(moved, (950, 358)) < 3
    assert all(moved in space(mode, space_id).polygon and corner not in space(mode, space_id).polygon
               for space_id in having)
    assert mode.document.undo_stack.count() == 1


def geometry_distance(a, b) -> float:
    return math.dist(a, b)
