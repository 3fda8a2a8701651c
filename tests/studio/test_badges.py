"""Badges never overlap: at every zoom level each space's stack is drawn whole, shortened,
or cut to its pieces with a "+N", or left out, and its tooltip keeps the full text."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFontMetricsF
from test_labels import BOARDS, fitted_board, overlapping, played

from studio.board import style
from studio.board.badges import Badge, badge_font, fit, layout_badges


def mark(text: str) -> Badge:
    return Badge(text, style.HALO, style.NAME, dashed=True)


def army(text: str = "A") -> Badge:
    return Badge(text, QColor("#c0392b"), QColor("white"))


def drawn(stacks, scale: float) -> dict[str, list[QRectF]]:
    """Each space's badge rectangles on screen at ``scale``."""
    found = fit(stacks, scale, QFontMetricsF(badge_font()))
    return {key: [rect.translated(stacks[key][0] * scale) for rect, _ in placed] for key, placed in found.items()}


def between_spaces(rects: dict[str, list[QRectF]]) -> list[tuple[str, str]]:
    keyed = [(key, rect) for key, rs in rects.items() for rect in rs]
    return [(a, b) for i, (a, r) in enumerate(keyed) for b, s in keyed[i + 1:]
            if a != b and r.adjusted(0.5, 0.5, -0.5, -0.5).intersects(s)]


def test_a_crowded_row_of_squares_shortens_then_cuts_its_tags_and_zoomed_in_shows_them_whole(qapp):
    row = {f"sq-{x}": (QPointF(40 * x, 0), [mark("wheat wonder"), army()]) for x in range(6)}
    row["sq-2"] = (QPointF(80, 0), [mark("incense"), mark("iron $1")])
    metrics = QFontMetricsF(badge_font())
    crowded = fit(row, 1.0, metrics)
    assert between_spaces(drawn(row, 1.0)) == []
    texts = {key: [badge.text for _, badge in placed] for key, placed in crowded.items()}
    assert any(text in ("whe won", "+1") for shown in texts.values() for text in shown)
    assert all("A" in shown for key, shown in texts.items() if key != "sq-2")  # a piece outlasts a mark
    roomy = fit(row, 4.0, metrics)
    assert set(roomy) == set(row)
    assert {key: [badge.text for _, badge in placed] for key, placed in roomy.items()} == \
        {key: [badge.text for badge in badges] for key, (_, badges) in row.items()}


def test_a_stack_alone_keeps_its_layout(qapp):
    stacks = {"gaul": (QPointF(100, 100), [army(), army("C"), mark("hidden"), army("M")])}
    placed = fit(stacks, 1.0, QFontMetricsF(badge_font()))["gaul"]
    assert [(rect, badge.text) for rect, badge in placed] == \
        [(rect, badge.text) for rect, badge in layout_badges(stacks["gaul"][1], QFontMetricsF(badge_font()))]


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
