"""Dice thrown together as one chance step whose outcome names every face ("6-5": the first
die 6, the second 5), so a designer can force any throw (§7.2-§7.3)."""

from __future__ import annotations

from functools import cache
from itertools import product

from engine.core.moves import Outcome


@cache
def thrown(dice: int) -> tuple[Outcome, ...]:
    return tuple(Outcome("-".join(map(str, faces)), " and ".join(map(str, faces)))
                 for faces in product(range(1, 7), repeat=dice))


@cache
def faces(value: int | str) -> tuple[int, ...]:
    return tuple(int(face) for face in str(value).split("-"))
