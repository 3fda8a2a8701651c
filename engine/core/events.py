"""Log events, with who may read them: a card drawn into a hand is not for everyone."""

from __future__ import annotations

from attrs import frozen


@frozen
class Event:
    text: str
    seats: tuple[int, ...] | None = None  # None: public; otherwise only these seats see it

    def visible_to(self, seat: int | None) -> bool:
        return seat is None or self.seats is None or seat in self.seats
