"""Badges, the markers a picture puts on spaces, and where they go at one zoom level so that
each space's badges stay inside it and no two spaces' badges overlap.

Badges keep a fixed size on screen, so zoomed out a stack no longer fits its space (one
square's "wheat wonder" over the next one's "iron"). At each zoom level a stack is tried in
its full form, then with its texts shortened, then cut to initials, then with fewer badges and
a "+N" badge counting the rest (pieces are kept longer than marks), each form at the normal
size and then smaller, wrapped into rows as wide as the space's room (``room.room``): first
below a line kept free for the space's name at the room's top, then anywhere in the room. The
first form that fits and meets no stack already placed is drawn; a stack that fits in no form
is left out. Stacks with more pieces go first. Nothing is lost: a space's tooltip lists its
marks and pieces in full.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence

import attrs
from attrs import frozen
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

from studio.board import style
from studio.board.labels import READABLE, Occupied, within

BADGE_GAP = 2.0
BADGES_PER_ROW = 3
SHORT = 3  # letters kept of each word of a shortened badge
ROOM = 1.0  # pixels kept free between two spaces' badges
INSET = 2.0  # pixels kept free between a space's badges and its border
NAME_LINE = READABLE  # pixels at the top of a space's room (within its INSET) its name is given first

Placed = list[tuple[QRectF, "Badge"]]  # a stack's badges, each at its rectangle about the anchor


@frozen
class Size:
    """A badge's height on screen, its font's pixel size and the room beside its text."""

    height: float
    pixels: int
    padding: float


NORMAL = Size(16.0, 10, 8.0)
SMALL = Size(11.0, 8, 5.0)  # a crowded space's badges: 8 px text still reads


@frozen(eq=False)  # QColor is not hashable; badges are compared by what they show, in tests
class Badge:
    """One marker: a short text on a fill; ``dashed`` for a space mark rather than a piece."""

    text: str
    fill: QColor
    ink: QColor
    dashed: bool = False


def badge_font(size: Size = NORMAL) -> QFont:
    font = QFont()
    font.setPixelSize(size.pixels)
    font.setBold(True)
    return font


def size_of(height: float) -> Size:
    """The size a badge drawn ``height`` pixels high was laid out at."""
    return SMALL if height < NORMAL.height else NORMAL


@functools.cache
def _metrics(size: Size) -> QFontMetricsF:
    return QFontMetricsF(badge_font(size))


def paint_badge(painter: QPainter, rect: QRectF, badge: Badge) -> None:
    """Shared by the board and the legend, so both show the same marker."""
    outline = QPen(QColor(20, 20, 20, 210), 1.0, Qt.PenStyle.DashLine if badge.dashed else Qt.PenStyle.SolidLine)
    painter.setPen(outline)
    painter.setBrush(badge.fill)
    painter.drawRoundedRect(rect, 4, 4)
    painter.setPen(badge.ink)
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, badge.text)


def layout_badges(badges: Iterable[Badge], size: Size = NORMAL, room: float = float("inf")) -> Placed:
    """Rows of at most three badges, each row no wider than ``room`` pixels unless one badge
    is, centred on (0, 0) horizontally and hanging below it."""
    widths = [max(size.height, _metrics(size).horizontalAdvance(badge.text) + size.padding) for badge in badges]
    rows: list[list[tuple[float, Badge]]] = []
    for width, badge in zip(widths, badges):
        row = rows[-1] if rows else None
        if row is None or len(row) == BADGES_PER_ROW or sum(w for w, _ in row) + BADGE_GAP * len(row) + width > room:
            rows.append([])
        rows[-1].append((width, badge))
    placed = []
    for number, row in enumerate(rows):
        x = -(sum(width for width, _ in row) + BADGE_GAP * (len(row) - 1)) / 2
        for width, badge in row:
            placed.append((QRectF(x, number * (size.height + BADGE_GAP), width, size.height), badge))
            x += width + BADGE_GAP
    return placed


def shortened(badge: Badge, letters: int = SHORT) -> Badge:
    """Each word cut to its first letters: "wheat wonder" becomes "whe won", or with one
    letter "w w"; a count ("A 2", "$1") is kept whole."""
    return attrs.evolve(badge, text=" ".join(word if any(char.isdigit() for char in word) else word[:letters]
                                             for word in badge.text.split()))


def whole(badges: Sequence[Badge]) -> list[list[Badge]]:
    """A stack's forms that show every badge: full, shortened, to initials (four seats' "CM"
    markers as "C" side by side in one track cell, told apart by colour)."""
    return [list(badges), [shortened(badge) for badge in badges], [shortened(badge, 1) for badge in badges]]


def forms(badges: Sequence[Badge]) -> Iterator[list[Badge]]:
    """A stack from its full form to its smallest: its whole forms, then ever fewer badges
    (marks go before pieces) with a "+N" badge for the ones left out."""
    yield from whole(badges)
    short = [shortened(badge) for badge in badges]
    kept = sorted(range(len(short)), key=lambda i: short[i].dashed)  # pieces first, each kind in order
    for count in range(len(short) - 1, -1, -1):
        chosen = sorted(kept[:count])
        yield [short[i] for i in chosen] + [Badge(f"+{len(short) - count}", style.HALO, style.NAME, dashed=True)]


def fit(stacks: Mapping[str, tuple[QPointF, Sequence[Badge]]], scale: float, paper: QRectF | None = None,
        rooms: Mapping[str, QRectF | None] | None = None, framed: Collection[str] = ()) -> dict[str, Placed]:
    """Each space's badges as drawn at ``scale``, about its anchor in screen pixels, so that no
    two spaces' badges meet; a space missing from the result shows none at this zoom. With
    ``paper`` (the board, in board units) a stack near its edge is moved inside it; with a
    space's room (board units, ``room.room``) its stack is laid out inside that. A ``framed``
    space's badges (a box's, a track cell's) are tried small first: its name shares its frame."""
    inside = _scaled(paper, scale) if paper is not None else None
    occupied = Occupied()
    found: dict[str, Placed] = {}
    order = sorted(stacks, key=lambda key: (-sum(not badge.dashed for badge in stacks[key][1]), key))
    for key in order:
        anchor, badges = stacks[key]
        at = QPointF(anchor.x() * scale, anchor.y() * scale)
        own = (rooms or {}).get(key)
        room = _scaled(own, scale).adjusted(INSET, INSET, -INSET, -INSET).translated(-at) if own is not None else None
        sizes = (SMALL, NORMAL) if key in framed else (NORMAL, SMALL)
        # First below a line kept free for the space's name at its room's top, then anywhere in the room.
        tries = [(form, room.adjusted(0, NAME_LINE, 0, 0)) for form in forms(badges)] if room is not None else []
        tries += [(form, room) for form in forms(badges)]
        placed = next((laid for form, inner in tries for size in sizes
                       if (laid := _laid(form, size, inner, at, inside)) is not None
                       and not any(occupied.hits(_spaced(rect, at)) for rect, _ in laid)), None)
        if placed is not None:
            for rect, _ in placed:
                occupied.add(_spaced(rect, at))
            found[key] = placed
    return found


def _laid(form: list[Badge], size: Size, room: QRectF | None, at: QPointF, paper: QRectF | None) -> Placed | None:
    """A form's badges about the anchor, moved as one the least that keeps them in the room
    (about the anchor) and on the paper; None when they are larger than the room."""
    placed = layout_badges(form, size, room.width() if room is not None else float("inf"))
    if not placed:
        return placed
    bounds = QRectF(placed[0][0])
    for rect, _ in placed[1:]:
        bounds = bounds.united(rect)
    if room is not None:
        if bounds.width() > room.width() or bounds.height() > room.height():
            return None
        moved = within(bounds, room)
    else:
        moved = bounds
    if paper is not None:
        moved = within(moved.translated(at), paper).translated(-at)
    shift = moved.topLeft() - bounds.topLeft()
    return [(rect.translated(shift), badge) for rect, badge in placed] if not shift.isNull() else placed


def _scaled(rect: QRectF, scale: float) -> QRectF:
    return QRectF(rect.topLeft() * scale, rect.bottomRight() * scale)


def _spaced(rect: QRectF, at: QPointF) -> QRectF:
    """A badge on screen with the pixel kept free about it."""
    return rect.translated(at).adjusted(-ROOM, -ROOM, ROOM, ROOM)
