"""The frontend-neutral picture of a game state, as one seat may see it.

The studio draws this generically, with no code per game; a web client could draw the
same data. Track markers are pieces on track spaces.
"""

from __future__ import annotations

from typing import Any

from attrs import Factory, field, frozen


def _explained(text: str, default: Any = ...) -> Any:
    """A field with the help the protocol's description (docs/protocol.openrpc.json) shows."""
    if default is ...:
        return field(metadata={"help": text})
    if isinstance(default, Factory):
        return field(factory=default.factory, metadata={"help": text})
    return field(default=default, metadata={"help": text})


@frozen
class Piece:
    space: str = _explained("a space id of the board")
    kind: str = _explained("in the game's words: army, capital, monument, fort, score marker")
    owner: int | None = _explained("the owning seat's number; null: no seat's", None)
    count: int = _explained("how many stand there as one stack", 1)
    label: str = _explained("text to write on the piece (a strength, a value), often empty", "")


@frozen
class SpaceMark:
    """How play has changed a space's look: a face-down tile, a disaster, a region marker."""

    space: str = _explained("a space id of the board")
    hidden: bool = _explained("a face-down tile: draw the space covered", False)
    fill: str | None = _explained("#rrggbb replacing the region's colour", None)
    label: str = _explained("text such as a disaster's name", "")


@frozen
class SeatPanel:
    seat: int
    name: str
    score: float = 0
    resources: dict[str, int] = _explained("a resource's name to its amount (coins, iron, ...)", Factory(dict))
    hand: tuple[str, ...] | None = _explained("the cards in hand; null when the asking seat may not see them "
                                              "(or there are none)", None)
    hand_size: int | None = _explained("how many cards are in hand; null: the game gives seats no hand", None)
    lines: tuple[str, ...] = _explained("anything else worth showing: the empire played, the epoch", ())


@frozen
class CardArea:
    name: str
    cards: tuple[str, ...] = _explained("the face-up cards' names", ())
    hidden: int = _explained("face-down cards counted but not shown", 0)


@frozen(kw_only=True)  # many optional parts: named, so adding one never shifts another
class Picture:
    pieces: tuple[Piece, ...] = _explained("every piece on a space; track markers are pieces on track spaces", ())
    marks: tuple[SpaceMark, ...] = _explained("how play changed the spaces' look", ())
    panels: tuple[SeatPanel, ...] = _explained("one per seat", ())
    areas: tuple[CardArea, ...] = _explained("card areas off the board: a display, a discard pile", ())
    active_seat: int | None = _explained("whose turn it is; null between turns", None)
    round: str = _explained('the game\'s largest time unit now, e.g. "Epoch II"', "")
    status: str = _explained('one line for a status bar, e.g. "Epoch II: Red plays Persians (conquest)"', "")
