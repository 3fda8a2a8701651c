"""Six-sided dice as chance steps, and the battle score they give.

A die that may be rerolled on its own is one chance step of 6 outcomes; dice thrown
together are one step whose outcome names every face ("3-5": the first die 3, the second
5), so a designer can force any throw. A battle side scores its highest die plus its
bonuses (History of the World §7.2, A Brief History §7.3); a fort gives the defender a
second die in both games.
"""

from __future__ import annotations

from functools import cache
from itertools import product

from engine.core.moves import Outcome

SIDES = 6


@cache
def thrown(dice: int) -> tuple[Outcome, ...]:
    """Every throw of ``dice`` dice at once, in a fixed order."""
    if dice == 1:
        return tuple(Outcome(face, str(face)) for face in range(1, SIDES + 1))
    return tuple(Outcome("-".join(map(str, faces)), " and ".join(map(str, faces)))
                 for faces in product(range(1, SIDES + 1), repeat=dice))


DIE = thrown(1)
TWO_DICE = thrown(2)
FACES: dict[int | str, tuple[int, ...]] = {
    o.value: tuple(int(face) for face in str(o.value).split("-")) for o in DIE + TWO_DICE}


def faces(outcome: Outcome) -> tuple[int, ...]:
    """The faces of a throw, in the order thrown."""
    return FACES.get(outcome.value) or tuple(int(face) for face in str(outcome.value).split("-"))


def defence_dice(fortified: bool) -> int:
    """The defender rolls one die, two behind a fort."""
    return 2 if fortified else 1


def score(dice: list[int] | tuple[int, ...], bonus: int = 0) -> int:
    """Only the highest die counts, plus the side's bonuses."""
    return max(dice) + bonus
