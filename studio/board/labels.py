"""Where each space's name is drawn so that no two names and no name and marker overlap.

Names are placed on screen, at the view's scale, after the markers (which keep a fixed size
on screen): a name is made readable (at least ``READABLE`` pixels high), shrunk towards its
space's width when it would spill far over it, and tried at its label point, then just above
its own markers, then a line above or below, these with their middle over their own space's
bounds (a name moved over a neighbour reads as the neighbour's, and its ink was chosen for its
own fill). One that fits nowhere is left out; bigger spaces
go first, so a crowded corner keeps the names of its largest spaces and the rest show on
hover or when zoomed in. The result depends only on the scale and the markers, so it is
computed once per zoom level and step, not per repaint.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

import attrs
from attrs import frozen
from PySide6.QtCore import QPointF, QRectF

READABLE = 9.0  # pixels: a name is drawn at least this high when it is drawn at all
SMALLEST = 7.5  # pixels: shrinking a name to fit its space stops here
SPILL = 1.25  # a name may be this much wider than its space before it is shrunk
CELL = 48.0  # pixels: the grid that finds neighbouring rectangles quickly


@frozen
class Label:
    """A name to place: ``width`` and ``height`` at size factor 1 in board units, ``outline``
    its space's bounding box, ``priority`` its space's area (larger first). A ``boxed`` name
    (a box or a track cell, drawn as a framed box) must stay inside its box; a land or sea
    name may spill over its borders, as on a printed map."""

    key: str  # the space's id
    anchor: QPointF
    width: float
    height: float
    outline: QRectF
    priority: float
    boxed: bool = False
    wrapped_width: float = 0.0  # the wider line of the name broken in two (0: one word)


@frozen
class Placed:
    key: str
    rect: QRectF  # in board units times the scale: the view's pixels, before its translation
    factor: float  # the font size relative to the natural one
    lines: int = 1  # 2: a boxed name broken in two, rather than shrunk unreadably small


class Occupied:
    """Rectangles already taken on screen, bucketed in a grid."""

    def __init__(self) -> None:
        self._cells: dict[tuple[int, int], list[QRectF]] = defaultdict(list)

    def _keys(self, rect: QRectF) -> Iterable[tuple[int, int]]:
        for x in range(int(rect.left() // CELL), int(rect.right() // CELL) + 1):
            for y in range(int(rect.top() // CELL), int(rect.bottom() // CELL) + 1):
                yield x, y

    def add(self, rect: QRectF) -> None:
        for key in self._keys(rect):
            self._cells[key].append(rect)

    def hits(self, rect: QRectF) -> bool:
        inner = rect.adjusted(0.5, 0.5, -0.5, -0.5)  # touching is not overlapping
        return any(inner.intersects(other) for key in self._keys(rect) for other in self._cells.get(key, ()))


def place(labels: Sequence[Label], scale: float, markers: dict[str, list[QRectF]],
          paper: QRectF | None = None) -> list[Placed]:
    """``markers`` maps a label's key to the screen rectangles (scaled, untranslated) of the
    markers on its space; every marker is an obstacle, and a name may sit above its own.
    With ``paper`` (the board, in board units) a name near its edge is moved inside it."""
    inside = QRectF(paper.topLeft() * scale, paper.bottomRight() * scale) if paper is not None else None
    occupied = Occupied()
    for rects in markers.values():
        for rect in rects:
            occupied.add(rect)
    placed = []
    for label in sorted(labels, key=lambda label: -label.priority):
        label = _beside_markers(label, scale, markers.get(label.key, []))
        centre = QPointF(label.anchor.x() * scale, label.anchor.y() * scale)
        box = QRectF(label.outline.topLeft() * scale, label.outline.bottomRight() * scale).adjusted(-1, -1, 1, 1)
        for factor, lines, size in _forms(label, scale):
            rect = next((rect for number, rect in enumerate(within(candidate, inside) for candidate in
                                                            _candidates(size, centre, markers.get(label.key, [])))
                         if (box.contains(rect) if label.boxed else number == 0 or box.contains(rect.center()))
                         and not occupied.hits(rect)), None)
            if rect is not None:
                occupied.add(rect)
                placed.append(Placed(label.key, rect, factor, lines))
                break
    return placed


def _beside_markers(label: Label, scale: float, own: list[QRectF]) -> Label:
    """A boxed name with its markers in the corner at its box's foot (``BoardScene``) is fitted
    to the part of the box above them or the part left of them, whichever lets it be larger:
    in a tall cell it goes above (as two lines rather than one too long), in a flat box
    ("0 persons + wall") beside them."""
    if not label.boxed or not own or scale <= 0:
        return label
    top, left = min(rect.top() for rect in own) / scale, min(rect.left() for rect in own) / scale
    parts = []
    if label.outline.top() < top < label.outline.bottom():
        parts.append(QRectF(label.outline.left(), label.outline.top(), label.outline.width(), top - label.outline.top()))
    if label.outline.left() < left < label.outline.right():
        parts.append(QRectF(label.outline.left(), label.outline.top(), left - label.outline.left(),
                            label.outline.height()))
    if not parts:
        return label
    sizes = [(label.width, 1), (label.wrapped_width, 2)] if label.wrapped_width else [(label.width, 1)]
    part = max(parts, key=lambda part: max(min(part.width() / width, part.height() / (label.height * lines))
                                           for width, lines in sizes))
    return attrs.evolve(label, outline=part, anchor=part.center())


def within(rect: QRectF, paper: QRectF | None) -> QRectF:
    """``rect`` moved the least that puts it inside ``paper`` (where it is no larger)."""
    if paper is None:
        return rect
    dx = max(paper.left() - rect.left(), 0.0) + min(paper.right() - rect.right(), 0.0)
    dy = max(paper.top() - rect.top(), 0.0) + min(paper.bottom() - rect.bottom(), 0.0)
    return rect.translated(dx, dy) if dx or dy else rect


def _forms(label: Label, scale: float) -> list[tuple[float, int, QRectF]]:
    """(font factor, lines, size) to try: the name on one line, readable or shrunk to its
    space; a boxed name too wide for its box is first tried on two lines, larger."""
    natural = label.height * scale
    readable = max(1.0, READABLE / natural) if natural > 0 else 1.0
    room = label.outline.width() * scale * (1.0 if label.boxed else SPILL)
    forms = []
    for width, lines in ((label.width, 1), (label.wrapped_width, 2)):
        factor = readable
        if room > 0 and width * scale * factor > room:
            floor = SMALLEST / natural if label.boxed else min(factor, 1.0)
            factor = max(factor * room / (width * scale * factor), floor)
        tall = label.outline.height() * scale
        if label.boxed and natural > 0 and natural * lines * factor > tall:  # two lines may not fit a flat box
            factor = max(tall / (natural * lines), SMALLEST / natural)
        forms.append((factor, lines, QRectF(0, 0, width * scale * factor, label.height * lines * scale * factor)))
    one, two = forms
    return [two, one] if label.boxed and label.wrapped_width and two[0] > one[0] else [one]


def _candidates(size: QRectF, centre: QPointF, own: list[QRectF]) -> list[QRectF]:
    """At the label point; just above, then just below, the space's own markers; a line above;
    a line below."""
    height = size.height()
    at = QRectF(size)
    at.moveCenter(centre)
    candidates = [at]
    if own:
        above, below = QRectF(at), QRectF(at)
        above.moveBottom(min(rect.top() for rect in own) - 1)
        below.moveTop(max(rect.bottom() for rect in own) + 1)
        candidates += [above, below]
    candidates += [at.translated(0, -height * 0.9), at.translated(0, height * 0.9)]
    return candidates
