"""Badges never overlap: at every zoom level each space's stack is drawn whole, shortened,
or cut to its pieces with a "+N", or left out, and its tooltip keeps the full text."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor
from test_labels import BOARDS, fitted_board, overlapping, played

from studio.board import style
from studio.board.badges import (
    INSET,
    NAME_LINE,
    NORMAL,
    SMALL,
    Badge,
    fit,
    layout_badges,
)


def mark(text: str) -> Badge:
    return Badge(text, style.HALO, style.NAME, dashed=True)


def army(text: str = "A") -> Badge:
    return Badge(text, QColor("#c0392b"), QColor("white"))


def drawn(stacks, scale: float) -> dict[str, list[QRectF]]:
    """Each space's badge rectangles on screen at ``scale``."""
    found = fit(stacks, scale)
    return {key: [rect.translated(stacks[key][0] * scale) for rect, _ in placed] for key, placed in found.items()}


def between_spaces(rects: dict[str, list[QRectF]]) -> list[tuple[str, str]]:
    keyed = [(key, rect) for key, rs in rects.items() for rect in rs]
    return [(a, b) for i, (a, r) in enumerate(keyed) for b, s in keyed[i + 1:]
            if a != b and r.adjusted(0.5, 0.5, -0.5, -0.5).intersects(s)]


def test_a_crowded_row_of_squares_shortens_then_cuts_its_tags_and_zoomed_in_shows_them_whole(qapp):
    row = {f"sq-{x}": (QPointF(40 * x, 0), [mark("wheat wonder"), army()]) for x in range(6)}
    row["sq-2"] = (QPointF(80, 0), [mark("incense"), mark("iron $1")])
    crowded = fit(row, 1.0)
    assert between_spaces(drawn(row, 1.0)) == []
    texts = {key: [badge.text for _, badge in placed] for key, placed in crowded.items()}
    assert any(text in ("whe won", "w w", "+1") for shown in texts.values() for text in shown)
    assert all("A" in shown for key, shown in texts.items() if key != "sq-2")  # a piece outlasts a mark
    roomy = fit(row, 4.0)
    assert set(roomy) == set(row)
    assert {key: [badge.text for _, badge in placed] for key, placed in roomy.items()} == \
        {key: [badge.text for badge in badges] for key, (_, badges) in row.items()}


def test_a_stack_alone_keeps_its_layout(qapp):
    stacks = {"gaul": (QPointF(100, 100), [army(), army("C"), mark("hidden"), army("M")])}
    placed = fit(stacks, 1.0)["gaul"]
    assert [(rect, badge.text) for rect, badge in placed] == \
        [(rect, badge.text) for rect, badge in layout_badges(stacks["gaul"][1])]


@pytest.mark.parametrize(("name", "players"), BOARDS)
@pytest.mark.parametrize("zoom", [0.5, 1.0, 3.0])
def test_no_two_spaces_badges_meet_on_a_played_board_at_any_zoom(qtbot, name, players, zoom):
    session = played(name, players, 300)
    scene, fitted = fitted_board(qtbot, session)
    scale = fitted * zoom
    rects = scene._markers.screen_rects(scale)
    assert between_spaces(rects) == []
    assert overlapping([rect for rs in rects.values() for rect in rs]) == []
    shown = scene._markers.fitted(scale)
    for space, (_, badges) in scene._markers.stacks.items():
        if [badge.text for _, badge in shown.get(space, [])] != [badge.text for badge in badges]:
            hover = scene.tooltip(space)  # what a badge no longer shows, the space's tooltip does
            assert all(badge.text in hover for badge in badges if badge.dashed), space
            assert len(hover.split("<hr>")[1].split("<br>")) == len(badges), space


def test_a_stack_is_wrapped_shrunk_or_cut_to_stay_inside_its_spaces_room(qapp):
    """Issue 28: "badges inside their space". A 40-pixel square holds a badge at the normal
    size, a mark and a piece at the small size on two rows, and a "+N" for what does not fit,
    all below a line kept free for the square's name."""
    square = QRectF(0, 0, 40, 40)
    stacks = {"one": (QPointF(20, 24), [army()]),
              "two": (QPointF(20, 24), [mark("wheat"), army()]),
              "many": (QPointF(20, 24), [mark("wheat wonder"), mark("iron"), army(), army("C"), army("M")])}
    for key, stack in stacks.items():
        placed = fit({key: stack}, 1.0, rooms={key: square})[key]
        inner = square.adjusted(1, 1, -1, -1)
        assert all(inner.contains(rect.translated(20, 24)) for rect, _ in placed), key
        assert all(rect.translated(20, 24).top() >= INSET + NAME_LINE for rect, _ in placed), key
        texts = [badge.text for _, badge in placed]
        if key == "one":
            assert texts == ["A"] and placed[0][0].height() == NORMAL.height
        if key == "two":  # "wheat" alone is too wide at the normal size
            assert texts == ["wheat", "A"] and placed[0][0].height() == SMALL.height and placed[0][0].top() < placed[1][0].top()
        if key == "many":
            assert texts[-1].startswith("+")
    unbounded = fit({"many": stacks["many"]}, 1.0)["many"]
    assert [badge.text for _, badge in unbounded] == [badge.text for badge in stacks["many"][1]]


def test_layout_wraps_rows_to_the_width_it_is_given(qapp):
    badges = [army(), army("C"), army("M")]
    assert {rect.top() for rect, _ in layout_badges(badges)} == {0.0}
    narrow = layout_badges(badges, room=40)
    assert sorted({rect.top() for rect, _ in narrow}) == [0.0, 18.0]
    assert all(rect.width() <= 40 for rect, _ in narrow)
