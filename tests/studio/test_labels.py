"""Board names: readable, never over another name or a marker, inside their box when framed.

The playtest view of every shipped board, a few dozen steps into a game, is checked as a
designer sees it in the default window: the names placed at the view's scale, against the
markers drawn at that scale.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRectF

from engine.bots import BOTS
from engine.core.decision import End
from engine.play.session import Session
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario
from studio.board.labels import READABLE, SMALLEST, Label, place
from studio.board.names import MIN_NAME_PIXELS
from studio.board.scene import BoardScene
from studio.board.view import BoardView

SCENARIOS = Path(__file__).parents[2] / "scenarios"


def overlapping(rects: list[QRectF]) -> list[tuple[int, int]]:
    return [(i, j) for i in range(len(rects)) for j in range(i + 1, len(rects))
            if rects[i].adjusted(0.5, 0.5, -0.5, -0.5).intersects(rects[j])]


def test_where_names_crowd_the_larger_space_keeps_its_name_and_markers_are_left_free():
    big = Label("big", QPointF(50, 50), 40, 10, QRectF(0, 0, 100, 100), priority=10_000)
    small = Label("small", QPointF(55, 52), 40, 10, QRectF(40, 40, 30, 30), priority=900)
    marked = Label("marked", QPointF(200, 50), 30, 10, QRectF(170, 0, 60, 100), priority=6000)
    badge = QRectF(185, 44, 30, 16)  # a marker right on the marked space's label point
    placed = {p.key: p for p in place([small, big, marked], 1.0, {"marked": [badge]})}
    assert set(placed) >= {"big", "marked"}
    assert not placed["marked"].rect.intersects(badge) and placed["marked"].rect.bottom() <= badge.top()
    rects = [p.rect for p in placed.values()] + [badge]
    assert overlapping(rects) == []


def test_a_framed_box_keeps_its_name_inside_shrunk_or_leaves_it_out():
    box = QRectF(0, 0, 60, 20)
    fits = Label("fits", QPointF(30, 10), 80, 10, box, priority=1, boxed=True)
    [placed] = place([fits], 1.0, {})
    assert box.adjusted(-1, -1, 1, 1).contains(placed.rect)
    assert placed.rect.height() >= SMALLEST
    crowded = Label("crowded", QPointF(30, 10), 80, 10, box, priority=1, boxed=True)
    assert place([crowded], 1.0, {"crowded": [QRectF(0, 0, 60, 20)]}) == []  # full of markers


def played(name: str, players: int, steps: int) -> Session:
    scenario = load_scenario(SCENARIOS / f"{name}.json", get_ruleset)
    session = Session(scenario, get_ruleset(scenario.ruleset.id), scenario.seats[:players],
                      scenario.ruleset.options, 7, ["random"] * players, BOTS)
    while steps and not isinstance(session.decision(), End):
        session.bot_step()
        steps -= 1
    return session


def fitted_view(qtbot, session: Session) -> BoardView:
    """The session's board with its picture in a view of the board's part of the default
    window (1360x860 less its docks), fitted."""
    scene = BoardScene(session.scenario)
    scene.show_picture(session.view(None), session.seats)
    view = BoardView()
    qtbot.addWidget(view)
    view.setScene(scene)
    view.resize(1000, 760)
    view.show()
    view.fit()
    view.scene_ref = scene  # the view holds its scene for the test's length
    return view


def fitted_board(qtbot, session: Session) -> tuple[BoardScene, float]:
    """``fitted_view``'s scene, and the scale it was fitted at."""
    view = fitted_view(qtbot, session)
    return view.scene_ref, view.transform().m11()


BOARDS = [("history-of-the-world", 4), ("antike-duellum-carthage-rome", 2), ("antike-duellum-greece-persia", 2),
          ("a-brief-history-of-the-world", 3), ("after-the-flood", 3), ("civilization", 2)]


@pytest.mark.parametrize(("name", "players"), BOARDS)
def test_names_on_a_played_board_are_readable_and_overlap_nothing(qtbot, name, players):
    session = played(name, players, 120)
    scene, scale = fitted_board(qtbot, session)
    placed = scene.names.placed(scale)
    markers = [rect for rects in scene._markers.screen_rects(scale).values() for rect in rects]
    names = [p.rect for p in placed]
    assert len(placed) > len(scene.spaces) * 0.55  # most names stay
    assert all(rect.height() >= SMALLEST - 0.01 for rect in names)
    boxed = {space.id for space in session.scenario.board.spaces if space.kind.value in ("box", "track")}
    free = [p.rect for p in placed if p.key not in boxed]  # a boxed name is shrunk to fit its frame
    assert sum(rect.height() >= READABLE - 0.01 for rect in free) > len(free) * 0.6
    assert overlapping(names) == []
    assert [(n, m) for n in names for m in markers if n.adjusted(0.5, 0.5, -0.5, -0.5).intersects(m)] == []
    for p in placed:
        if p.key in boxed:
            outline = scene.spaces[p.key].polygon().boundingRect()
            frame = QRectF(outline.topLeft() * scale, outline.bottomRight() * scale).adjusted(-1, -1, 1, 1)
            assert frame.contains(p.rect), p.key


@pytest.mark.parametrize(("name", "players"), BOARDS)
def test_every_shipped_board_draws_its_names_when_fitted_to_the_window(qtbot, name, players):
    """The names' font follows the board's typical place, not its boxes and track cells: a
    long score track of small cells (After the Flood's 70) once made every name too small to
    be drawn at all. Fitted to the window, names are drawn, and most land and water spaces
    keep their name (Civilization's 256 squares too, since issue 28.3)."""
    session = played(name, players, 0)
    scene, scale = fitted_board(qtbot, session)
    assert scene.names.drawn_at(scale) and scene.names._height * scale >= MIN_NAME_PIXELS, "the names are drawn"
    placed = {p.key for p in scene.names.placed(scale)}
    places = [s.id for s in session.scenario.board.spaces if s.kind.value not in ("box", "track")]
    assert len(placed & set(places)) >= len(places) * 0.8


def test_a_boxed_name_too_wide_for_its_box_is_broken_in_two_lines_rather_than_shrunk():
    """Issue 28: After the Flood's "Army table A" was shrunk to 6 pixels and ran into "Army
    table B"; broken in two it stays readable."""
    box = QRectF(0, 0, 44, 40)
    label = Label("rank-a", QPointF(22, 20), 70, 10, box, priority=1, boxed=True, wrapped_width=46)
    [placed] = place([label], 1.0, {})
    assert placed.lines == 2 and placed.factor > SMALLEST / 10
    assert box.adjusted(-1, -1, 1, 1).contains(placed.rect)


@pytest.mark.parametrize(("name", "players"), BOARDS)
def test_every_drawn_name_fits_the_place_it_was_given(qtbot, name, players):
    """The text drawn, at its font size and on its lines, is no wider than the rectangle the
    placement kept free for it: names never run into each other."""
    session = played(name, players, 40)
    scene, scale = fitted_board(qtbot, session)
    layer = scene.names
    for p in layer.placed(scale):
        size, text = layer.drawn(p, scale)
        assert text.size().width() <= p.rect.width() + 0.01, p.key
        assert size >= layer._font.pointSizeF() * scale * p.factor * 0.85, p.key  # a hinting slack, no more


def test_after_the_floods_boxes_keep_readable_names(qtbot):
    """Issue 28: its army tables, turn order and pass boxes were named in 6-pixel text."""
    session = played("after-the-flood", 3, 40)
    scene, scale = fitted_board(qtbot, session)
    boxes = {space.id for space in session.scenario.board.spaces if space.kind.value in ("box", "track")}
    placed = {p.key: p for p in scene.names.placed(scale) if p.key in boxes}
    assert {"rank-a", "order-1", "pass-1", "round-1"} <= set(placed)
    assert all(p.rect.height() / p.lines >= READABLE - 0.01 for p in placed.values()), {
        key: p.rect.height() / p.lines for key, p in placed.items()}


def test_a_boxed_name_goes_above_its_markers_in_a_tall_cell_and_beside_them_in_a_flat_box():
    """Issue 28.3: a box's markers stand in the corner at its foot, inside it; its name takes
    the larger part of the box they leave (Antike Duellum's flat "0 persons + wall" box kept
    its name only once it could go beside its markers)."""
    cell = QRectF(0, 0, 36, 50)
    tall = Label("cell", QPointF(18, 25), 12, 10, cell, priority=1, boxed=True)
    [above] = place([tall], 1.0, {"cell": [QRectF(8, 34, 26, 14)]})
    assert cell.contains(above.rect) and above.rect.bottom() <= 34 and above.rect.height() >= READABLE - 0.01
    flat = QRectF(0, 0, 150, 18)
    wide = Label("flat", QPointF(75, 9), 90, 10, flat, priority=1, boxed=True)
    [beside] = place([wide], 1.0, {"flat": [QRectF(120, 2, 28, 14)]})
    assert flat.adjusted(-1, -1, 1, 1).contains(beside.rect) and beside.rect.right() <= 120
    assert beside.rect.height() >= SMALLEST - 0.01
