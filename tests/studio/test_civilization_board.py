"""Issue 28.3, as found by its reporter: "Civilization's badges spill into neighbouring squares
and past the board's edge; its culture track is unnumbered boxes with the markers outside it."
Its board fitted to the board's part of the default 1360x860 window, as a person sees it."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage
from test_labels import fitted_view, played

from engine.play.session import Session
from studio.board import legibility
from studio.board.labels import SMALLEST
from studio.board.view import BoardView


def on_screen(view: BoardView, rect: QRectF) -> QRectF:
    """A rectangle placed at the view's scale (before its translation) in viewport pixels."""
    scale = view.transform().m11()
    return QRectF(view.mapFromScene(rect.topLeft() / scale).toPointF(),
                  view.mapFromScene(rect.bottomRight() / scale).toPointF())


def differ(one: QImage, other: QImage, rect: QRectF) -> int:
    """How many pixels of ``rect`` differ between two grabs of the same viewport."""
    box = rect.toAlignedRect().intersected(one.rect())
    return sum(one.pixel(x, y) != other.pixel(x, y)
               for x in range(box.left(), box.right() + 1) for y in range(box.top(), box.bottom() + 1))


def track(session: Session) -> dict[str, int]:
    """Each culture track box's id and its step, the ruleset's track data."""
    return {space.id: space.props["step"] for space in session.scenario.board.spaces if space.id.startswith("culture-")}


@pytest.mark.parametrize(("players", "steps"), [(4, 0), (2, 300)])
def test_the_culture_track_is_numbered_and_each_seats_marker_stands_inside_its_box(qtbot, players, steps):
    """§4.2 G: each player's marker starts on the first space of the track; §6.3.10: "Several
    markers may share a space". The boxes show the track's steps, 0 to 20 (the panel's "space
    N of 20"), and the markers are drawn inside the box they stand on, side by side."""
    session = played("civilization", players, steps)
    view = fitted_view(qtbot, session)
    scene, scale = view.board(), view.transform().m11()
    cells = track(session)
    assert sorted(cells.values()) == list(range(21))
    # Each box's number is drawn, readable, inside the box: the grab differs where it is.
    assert scene.names.drawn_at(scale)
    names = {placed.key: placed for placed in scene.names.placed(scale)}
    shown = view.viewport().grab().toImage()
    scene.names.setVisible(False)
    bare = view.viewport().grab().toImage()
    scene.names.setVisible(True)
    for cell, step in cells.items():
        assert scene.name(cell) == str(step)
        box = scene.spaces[cell].polygon().boundingRect()
        frame = QRectF(box.topLeft() * scale, box.bottomRight() * scale)
        assert cell in names and frame.adjusted(-1, -1, 1, 1).contains(names[cell].rect), cell
        assert names[cell].rect.height() >= SMALLEST - 0.01
        assert differ(shown, bare, on_screen(view, names[cell].rect)) > 5, f"no number drawn in box {step}"
    # Every seat's marker, each inside the box it stands on.
    standing = Counter(piece.space for piece in session.view(None).pieces if piece.kind == "culture marker")
    assert sum(standing.values()) == players
    fitted = scene._markers.fitted(scale)
    for cell, count in standing.items():
        drawn = [badge for _, badge in fitted[cell]]
        assert len(drawn) == count and not any(badge.text.startswith("+") for badge in drawn), drawn
        for rect in scene.marker_rects(scale)[cell]:
            box = scene.spaces[cell].polygon().boundingRect()
            assert QRectF(box.topLeft() * scale, box.bottomRight() * scale).contains(rect), cell
            assert not rect.intersects(names[cell].rect)
    assert legibility.problems(view) == []


def test_every_square_is_named_inside_it_at_fit_to_window_beside_its_badges(qtbot):
    """The squares' names are the coordinates the move labels use ("step 2 to square 3,4"),
    drawn at least ``SMALLEST`` pixels high, inside the square, over none of its badges."""
    session = played("civilization", 2, 300)
    view = fitted_view(qtbot, session)
    scene, scale = view.board(), view.transform().m11()
    squares = [space for space in session.scenario.board.spaces if "col" in space.props]
    assert len(squares) == 256 and scene.names.drawn_at(scale)
    names = {placed.key: placed for placed in scene.names.placed(scale)}
    shown = view.viewport().grab().toImage()
    scene.names.setVisible(False)
    bare = view.viewport().grab().toImage()
    badges = scene.marker_rects(scale)
    for square in squares:
        assert square.name == f"{square.props['col']},{square.props['row']}"
        placed = names.get(square.id)
        assert placed is not None, f"square {square.name} has no name"
        outline = scene.spaces[square.id].polygon().boundingRect()
        assert QRectF(outline.topLeft() * scale, outline.bottomRight() * scale).adjusted(-1, -1, 1, 1).contains(
            placed.rect), square.name
        assert placed.rect.height() >= SMALLEST - 0.01
        assert not any(placed.rect.intersects(rect) for rect in badges.get(square.id, []))
        assert differ(shown, bare, on_screen(view, placed.rect)) > 3, f"square {square.name}'s name is not drawn"
    assert any(badges.get(square.id) for square in squares), "some squares have badges"
