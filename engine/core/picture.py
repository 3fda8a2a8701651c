"""The frontend-neutral picture of a game state, as one seat may see it.

The studio draws this generically, with no code per game; a web client could draw the
same data. Track markers are pieces on track spaces.
"""

from __future__ import annotations

from attrs import Factory, frozen


@frozen
class Piece:
    space: str
    kind: str  # in the game's words: army, capital, monument, fort, score marker
    owner: int | None = None
    count: int = 1
    label: str = ""


@frozen
class SpaceMark:
    """How play has changed a space's look: a face-down tile, a disaster, a region marker."""

    space: str
    hidden: bool = False
    fill: str | None = None  # #rrggbb replacing the region's colour
    label: str = ""


@frozen
class SeatPanel:
    seat: int
    name: str
    score: float = 0
    resources: dict[str, int] = Factory(dict)
    hand: tuple[str, ...] | None = None  # None when this seat may not see the cards (or has none)
    hand_size: int | None = None  # None: the game gives seats no hand, so none is shown
    lines: tuple[str, ...] = ()  # anything else worth showing: the empire played, the epoch


@frozen
class CardArea:
    name: str
    cards: tuple[str, ...] = ()
    hidden: int = 0  # face-down cards counted but not shown


@frozen(kw_only=True)  # many optional parts: named, so adding one never shifts another
class Picture:
    pieces: tuple[Piece, ...] = ()
    marks: tuple[SpaceMark, ...] = ()
    panels: tuple[SeatPanel, ...] = ()
    areas: tuple[CardArea, ...] = ()
    active_seat: int | None = None  # whose turn it is: "play to the end of the turn" watches it
    round: str = ""  # the game's largest time unit now, e.g. "Epoch II": "play to the end of it"
    status: str = ""  # e.g. "Epoch II: Red plays Persians (conquest)"
