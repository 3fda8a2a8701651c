"""Short names for piece kinds, so a marker stays small and still says what it is.

Kinds are the game's own words ("army", "inactive army", "capital"): the studio knows none of
them. Each kind gets the first free abbreviation from a list of candidates when it is first
drawn, and keeps it for the life of the board, so a marker never changes its text under the
designer's eyes. The seats panel shows the same table as a legend.
"""

from __future__ import annotations

import itertools


def _candidates(kind: str) -> list[str]:
    words = kind.split() or ["?"]
    last = words[-1]
    initials = "".join(word[0] for word in words[:2]).upper()
    return [
        initials,
        (words[0][0] + last[0]).upper() + last[1:2] if len(words) > 1 else last[:2].capitalize(),
        last[:2].capitalize(),
        last[:3].capitalize(),
        kind[:4].capitalize(),
    ]


class Legend:
    """Kind -> abbreviation, assigned on first sight and stable afterwards."""

    def __init__(self) -> None:
        self._short: dict[str, str] = {}

    def short(self, kind: str) -> str:
        if kind not in self._short:
            taken = set(self._short.values())
            candidates = _candidates(kind)
            choice = next((c for c in candidates if c not in taken), None)
            if choice is None:
                numbered = (f"{candidates[0]}{n}" for n in itertools.count(2))
                choice = next(c for c in numbered if c not in taken)
            self._short[kind] = choice
        return self._short[kind]

    def entries(self) -> list[tuple[str, str]]:
        """(abbreviation, kind) in the order the kinds first appeared."""
        return [(short, kind) for kind, short in self._short.items()]
