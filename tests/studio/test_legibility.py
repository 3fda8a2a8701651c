"""Issue 28.3 and 25.6: every shipped board, played some way and fitted to the board's part of
the default 1360x860 window, has readable names apart from each other and on the board, badges
on the board, names in ink that reads on their fill, and a 24-pixel hit target for every space.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF
from PySide6.QtGui import QColor
from test_labels import BOARDS, fitted_view, played

from studio.board import legibility, style
from studio.board.badges import Badge, fit
from studio.board.labels import Label, place
from studio.board.pick import SIDE, Picker, holds_square


@pytest.mark.parametrize(("name", "players"), BOARDS)
def test_every_shipped_board_is_legible_and_easy_to_hit_at_fit_to_window(qtbot, name, players):
    session = played(name, players, 60)
    view = fitted_view(qtbot, session)
    scene, scale = view.board(), view.transform().m11()
    assert legibility.problems(view) == []
    frame = view.viewport().grab()
    assert not frame.isNull() and frame.width() == view.viewport().width()
    assert scene.names.placed(scale) and scene.marker_rects(scale)  # names and badges were checked


def test_civilizations_squares_name_themselves_in_light_ink_on_their_dark_terrain(qtbot):
    """Issue 25: its grid labels ("0,0") were dark ink on a white halo over dark green."""
    session = played("civilization", 2, 0)
    scene = fitted_view(qtbot, session).board()
    dark = [key for key, item in scene.spaces.items()
            if item.mark_fill is not None and style.contrast(style.NAME, item.mark_fill) < style.NAME_CONTRAST]
    assert dark, "some square is painted a dark terrain"
    for key in dark:
        assert style.contrast(scene.names.ink(key), scene.spaces[key].mark_fill) >= style.NAME_CONTRAST, key


def test_the_check_finds_a_name_that_does_not_read_on_its_fill(qtbot):
    session = played("civilization", 2, 0)
    view = fitted_view(qtbot, session)
    scene = view.board()
    key = next(key for key, item in scene.spaces.items() if item.mark_fill is not None
               and style.contrast(style.NAME, item.mark_fill) < style.NAME_CONTRAST)
    scene.names.recolour(key, style.NAME, style.HALO)
    found = legibility.problems(view)
    assert any(problem.startswith(f"{scene.name(key)}: name's ink") for problem in found), found


def test_name_colours_keep_dark_ink_on_light_fills_and_turn_light_on_dark():
    assert style.name_colours(QColor("#efe9dc"), style.NAME) == (style.NAME, style.HALO)
    ink, halo = style.name_colours(QColor("#3f6e3a"), style.NAME)
    assert ink == QColor("#ffffff") and halo == style.DARK_HALO
    assert style.contrast(QColor("black"), QColor("white")) == pytest.approx(21.0)


def test_a_name_and_a_stack_of_badges_at_the_boards_edge_are_moved_onto_it():
    paper = QRectF(0, 0, 100, 100)
    edge = Label("edge", QPointF(2, 50), 40, 10, QRectF(0, 40, 10, 20), priority=1)
    [placed] = place([edge], 1.0, {}, paper)
    assert paper.contains(placed.rect) and placed.rect.left() == 0
    badges = [Badge("army 3", QColor("red"), QColor("white")), Badge("city", QColor("red"), QColor("white"))]
    fitted = fit({"corner": (QPointF(99, 99), badges)}, 1.0, paper)
    assert all(paper.contains(rect.translated(99, 99)) for rect, _ in fitted["corner"])


def test_a_click_where_small_targets_meet_means_each_of_them(qtbot):
    """The magnified pick: two small spaces whose label points are close are both offered."""
    session = played("history-of-the-world", 4, 0)
    view = fitted_view(qtbot, session)
    scene = view.board()
    picker = Picker(view, scene, scene.spaces)
    small = sorted(picker.small)
    assert small, "History of the World has spaces that hold no 24-pixel square at Fit to Window"
    points = {key: view.mapFromScene(scene.centres[key]) for key in small}
    pair = next(((a, b) for a in small for b in small if a < b
                 and (points[a] - points[b]).manhattanLength() < SIDE), None)
    assert pair is not None
    middle = (points[pair[0]] + points[pair[1]]) / 2
    assert set(pair) <= set(picker.candidates(middle))
    big = next(key for key in scene.spaces if key not in picker.small)
    assert holds_square(view, scene, big) and picker.candidates(view.mapFromScene(scene.centres[big]))[0] == big
    assert Picker(view, scene, []).candidates(QPoint(5, 5)) == []


def test_the_check_finds_a_badge_past_its_spaces_outline(qtbot):
    """Issue 28: "badges inside their space". The same badges laid out about their anchors
    without their spaces' rooms, as before, hang over the squares' edges, and the check says so."""
    view = fitted_view(qtbot, played("civilization", 2, 60))
    scene = view.board()
    assert legibility.badge_problems(scene, view.transform().m11()) == []
    scene._markers.set_stacks(scene._markers.stacks)
    found = legibility.badge_problems(scene, view.transform().m11())
    assert any(problem.endswith("a badge past its space's outline") for problem in found), found
