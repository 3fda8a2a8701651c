"""Badges, the markers a picture puts on spaces, and where they go at one zoom level so that
no two spaces' badges overlap.

Badges keep a fixed size on screen, so zoomed out the stacks of neighbouring spaces run into
each other (one square's "wheat wonder" over the next one's "iron"). At each zoom level a
stack is tried in its full form, then with its texts shortened, then with fewer badges and a
"+N" badge counting the rest (pieces are kept longer than marks), and the first form that
meets no stack already placed is drawn; a stack that fits in no form is left out. Stacks with
more pieces go first. Nothing is lost: a space's tooltip lists its marks and pieces in full.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence

import attrs
from attrs import frozen
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

from studio.board import style
from studio.board.labels import Occupied, within

BADGE_HEIGHT = 16.0
BADGE_GAP = 2.0
BADGES_PER_ROW = 3
SHORT = 3  # letters kept of each word of a shortened badge
ROOM = 1.0  # pixels kept free between two spaces' badges

Placed = list[tuple[QRectF, "Badge"]]  # a stack's badges, each at its rectangle about the anchor


@frozen(eq=False)  # QColor is not hashable; badges are compared by what they show, in tests
class Badge:
    """One marker: a short text on a fill; ``dashed`` for a space mark rather than a piece."""

    text: str
    fill: QColor
    ink: QColor
    dashed: bool = False


def badge_font() -> QFont:
    font = QFont()
    font.setPixelSize(10)
    font.setBold(True)
    return font


def paint_badge(painter: QPainter, rect: QRectF, badge: Badge) -> None:
    """Shared by the board and the legend, so both show the same marker."""
    outline = QPen(QColor(20, 20, 20, 210), 1.0, Qt.PenStyle.DashLine if badge.dashed else Qt.PenStyle.SolidLine)
    painter.setPen(outline)
    painter.setBrush(badge.fill)
    painter.drawRoundedRect(rect, 4, 4)
    painter.setPen(badge.ink)
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, badge.text)


def layout_badges(badges: Iterable[Badge], metrics: QFontMetricsF) -> Placed:
    """Rows of at most three badges, centred on (0, 0) horizontally and hanging below it."""
    badges = list(badges)
    placed = []
    for number in range(0, len(badges), BADGES_PER_ROW):
        row = badges[number:number + BADGES_PER_ROW]
        widths = [max(BADGE_HEIGHT, metrics.horizontalAdvance(badge.text) + 8) for badge in row]
        x = -(sum(widths) + BADGE_GAP * (len(row) - 1)) / 2
        y = number // BADGES_PER_ROW * (BADGE_HEIGHT + BADGE_GAP)
        for width, badge in zip(widths, row):
            placed.append((QRectF(x, y, width, BADGE_HEIGHT), badge))
            x += width + BADGE_GAP
    return placed


def shortened(badge: Badge) -> Badge:
    """Each word cut to its first letters: "wheat wonder" becomes "whe won"."""
    return attrs.evolve(badge, text=" ".join(word[:SHORT] for word in badge.text.split()))


def forms(badges: Sequence[Badge]) -> Iterator[list[Badge]]:
    """A stack from its full form to its smallest: shortened, then ever fewer badges (marks
    go before pieces) with a "+N" badge for the ones left out."""
    yield list(badges)
    short = [shortened(badge) for badge in badges]
    yield short
    kept = sorted(range(len(short)), key=lambda i: short[i].dashed)  # pieces first, each kind in order
    for count in range(len(short) - 1, -1, -1):
        chosen = sorted(kept[:count])
        yield [short[i] for i in chosen] + [Badge(f"+{len(short) - count}", style.HALO, style.NAME, dashed=True)]


def fit(stacks: Mapping[str, tuple[QPointF, Sequence[Badge]]], scale: float, metrics: QFontMetricsF,
        paper: QRectF | None = None) -> dict[str, Placed]:
    """Each space's badges as drawn at ``scale``, about its anchor in screen pixels, so that no
    two spaces' badges meet; a space missing from the result shows none at this zoom. With
    ``paper`` (the board, in board units) a stack near its edge is moved inside it."""
    inside = QRectF(paper.topLeft() * scale, paper.bottomRight() * scale) if paper is not None else None
    occupied = Occupied()
    found: dict[str, Placed] = {}
    order = sorted(stacks, key=lambda key: (-sum(not badge.dashed for badge in stacks[key][1]), key))
    for key in order:
        anchor, badges = stacks[key]
        at = QPointF(anchor.x() * scale, anchor.y() * scale)
        for form in forms(badges):
            placed = _inside(layout_badges(form, metrics), at, inside)
            rects = [rect.translated(at).adjusted(-ROOM, -ROOM, ROOM, ROOM) for rect, _ in placed]
            if not any(occupied.hits(rect) for rect in rects):
                for rect in rects:
                    occupied.add(rect)
                found[key] = placed
                break
    return found


def _inside(placed: Placed, at: QPointF, paper: QRectF | None) -> Placed:
    """A stack about ``at`` moved as one the least that keeps it on the paper."""
    if paper is None or not placed:
        return placed
    bounds = QRectF(placed[0][0])
    for rect, _ in placed[1:]:
        bounds = bounds.united(rect)
    moved = within(bounds.translated(at), paper).topLeft() - bounds.translated(at).topLeft()
    return [(rect.translated(moved), badge) for rect, badge in placed] if not moved.isNull() else placed
