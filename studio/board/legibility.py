"""What a person sees of a board as drawn in a view: every name readable and apart from the
others, every badge inside its own space, every space a hit target of at least ``pick.SIDE``
pixels.

The check reads what the view draws at its present scale (the names' placement, the badges'
fit, the click resolution of ``pick``), so the test of every shipped board and each step of a
journey measure the frame a person has in front of them, not a model of it.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath, QTransform

from studio.board import style
from studio.board.labels import SMALLEST
from studio.board.pick import SIDE, Picker, square_in, square_points
from studio.board.room import inside
from studio.board.scene import BoardScene
from studio.board.view import BoardView

SPILL = 2.0  # pixels a badge may reach past its space's outline: its border's line and antialiasing


def problems(view: BoardView, targets: Iterable[str] | None = None) -> list[str]:
    """Everything on the view's board a person would find hard to read or to hit (of
    ``targets``, by default every space); none: []."""
    board = view.board()
    if board is None:
        return []
    scale = view.transform().m11()
    return [*name_problems(board, scale), *badge_problems(board, scale), *hit_problems(view, board, targets)]


def name_problems(board: BoardScene, scale: float) -> list[str]:
    found = []
    paper = QRectF(0, 0, board.board.width * scale, board.board.height * scale).adjusted(-1, -1, 1, 1)
    placed = board.names.placed(scale) if board.names.drawn_at(scale) else []
    for number, name in enumerate(placed):
        label = board.name(name.key)
        if name.rect.height() / name.lines < SMALLEST - 0.01:
            found.append(f"{label}: name {name.rect.height() / name.lines:.1f} px high")
        if not paper.contains(name.rect):
            found.append(f"{label}: name past the board's edge")
        found += [f"{label}: name over {board.name(other.key)}'s" for other in placed[number + 1:]
                  if name.rect.adjusted(0.5, 0.5, -0.5, -0.5).intersects(other.rect)]
        under = board.space_at(QPointF(name.rect.center().x() / scale, name.rect.center().y() / scale))
        fill = board.spaces[under].brush().color() if under else style.BOARD
        ink = board.names.ink(name.key)
        if style.contrast(ink, fill) < style.NAME_CONTRAST:
            found.append(f"{label}: name's ink {ink.name()} on {fill.name()} (contrast {style.contrast(ink, fill):.1f})")
    return found


def badge_problems(board: BoardScene, scale: float) -> list[str]:
    paper = QRectF(0, 0, board.board.width * scale, board.board.height * scale).adjusted(-1, -1, 1, 1)
    found = []
    rects = [(space, rect) for space, placed in board.marker_rects(scale).items() for rect in placed]
    outlines: dict[str, QPainterPath | None] = {}
    for number, (space, rect) in enumerate(rects):
        if not paper.contains(rect):
            found.append(f"{board.name(space)}: a badge past the board's edge")
        if space not in outlines:
            outlines[space] = _outline(board, space, scale)
        outline = outlines[space]
        if outline is not None and not outline.contains(rect.adjusted(SPILL, SPILL, -SPILL, -SPILL)):
            found.append(f"{board.name(space)}: a badge past its space's outline")
        found += [f"{board.name(space)}: a badge over {board.name(other)}'s" for other, beside in rects[number + 1:]
                  if rect.adjusted(0.5, 0.5, -0.5, -0.5).intersects(beside)]
    return found


def _outline(board: BoardScene, space: str, scale: float) -> QPainterPath | None:
    """The space's outline on screen (before the view's translation); None for a space drawn
    without an area, whose badges stay about its label point."""
    return inside(QTransform.fromScale(scale, scale).map(board.spaces[space].polygon()))


def hit_problems(view: BoardView, board: BoardScene, spaces: Iterable[str] | None = None) -> list[str]:
    """Each space (by default every one, as if all were targets at once: the hardest case) has
    a ``SIDE``-pixel square every point of which takes it: about its label point, or the one
    ``pick`` finds inside it."""
    picker = Picker(view, board, board.spaces if spaces is None else spaces)
    points = square_points()
    found = []
    for space in sorted(picker.targets):
        centres = [view.mapFromScene(board.centres[space]), square_in(view, board, space)]
        if not any(centre is not None and all(space in picker.candidates(centre + point) for point in points)
                   for centre in centres):
            found.append(f"{board.name(space)}: no {SIDE:.0f} px square of the board takes it")
    return found
