"""The props a space of Civilization may carry, for the map editor: a map square's place in the
grid, and a culture track space's step, cost, reward and age (§6.3.10, printed on the market
board and authored)."""

from __future__ import annotations

from enum import Enum

from attrs import define

from engine.scenario.model import described


class Reward(Enum):
    START = "start"
    EVENT = "event"
    GREAT_PERSON = "great_person"
    WIN = "win"


class Age(Enum):
    ANCIENT = "ancient"
    MEDIEVAL = "medieval"
    MODERN = "modern"


@define
class CivilizationSpaceProps:
    col: int | None = described(
        "Column", "A map square's column in the 16 x 16 grid, from 0 at the left; its tile slot is its region",
        default=None, min=0)
    row: int | None = described("Row", "A map square's row in the grid, from 0 at the top", default=None, min=0)
    step: int | None = described(
        "Culture step", "A culture track space's place along the track, from 0 (the start) to the last "
        "(the culture victory); the space's id is culture-<step>", default=None, min=0)
    cost_culture: int | None = described(
        "Culture cost", "The culture tokens a player pays to enter this culture track space (§6.3.10)", default=None,
        min=0)
    cost_trade: int | None = described(
        "Trade cost", "The trade a player also pays to enter this culture track space (§6.3.10)", default=None,
        min=0)
    reward: Reward | None = described(
        "Reward", "What entering this culture track space gives: nothing (the start), an event card of its "
        "age, a great person, or the culture victory (§6.3.10)", default=None)
    age: Age | None = described(
        "Age", "The part of the culture track this space lies in: an event reward draws from that age's "
        "event deck", default=None)
