"""Log events, with who may read them: a card drawn into a hand is not for everyone."""

from __future__ import annotations

from engine.core.text import Words, words
from engine.core.value import value


@value
class Event:
    """One line of the log; its words may be made only when read (``engine/core/text.py``)."""

    _text: Words
    seats: tuple[int, ...] | None = None  # None: public; otherwise only these seats see it

    @property
    def text(self) -> str:
        return words(self._text)

    def visible_to(self, seat: int | None) -> bool:
        return seat is None or self.seats is None or seat in self.seats
