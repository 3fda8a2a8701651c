"""The moves of After the Flood. Multi-item purchases, equipment, trades and bids are one
item per move, closed with ``Done``, so a decision never lists combinations.

``text`` is each move's label with ``{}`` for its values by name (areas and empires by their
names); ``Tables.move`` builds every move once and keeps it.
"""

from __future__ import annotations

from typing import ClassVar

from engine.core.moves import Action
from engine.core.value import value


@value
class PayCost(Action):
    """§5.4: the cost of acting once someone has passed: a resource, or 'worker' or 'army'."""

    text: ClassVar[str] = "hand in 1 {} to act"
    kind: str


@value
class FoundCity(Action):
    text: ClassVar[str] = "found a city in {}"
    space_fields = ("area",)
    area: str


@value
class RelocateCity(Action):
    text: ClassVar[str] = "move your city from {} to {}"
    space_fields = ("source", "area")
    source: str
    area: str


@value
class PlaceWorkers(Action):
    """§6.2: hand in a resource (none: scribes only) to place up to its value in workers."""

    text: ClassVar[str] = "place workers paying 1 {}"
    blank: ClassVar[str] = "nothing (scribes only)"
    resource: str


@value
class Place(Action):
    text: ClassVar[str] = "place a worker on {}"
    space_fields = ("space",)
    space: str


@value
class ScribePlace(Action):
    text: ClassVar[str] = "scribe: place a worker on {}"
    space_fields = ("space",)
    space: str


@value
class ScribeLift(Action):
    text: ClassVar[str] = "scribe: move a worker from {}"
    space_fields = ("space",)
    space: str


@value
class Put(Action):
    """Where a worker a scribe lifted goes; ``""`` is the personal supply."""

    text: ClassVar[str] = "put it on {}"
    blank: ClassVar[str] = "your personal supply"
    space: str

    @property
    def spaces(self) -> tuple[str, ...]:
        return (self.space,) if self.space else ()


@value
class Trade(Action):
    text: ClassVar[str] = "trade"


@value
class TradeFor(Action):
    text: ClassVar[str] = "take 1 {1} in {0}"
    priced: ClassVar[bool] = True  # the label names what the trade table lets you give for it
    space_fields = ("area",)
    area: str
    good: str


@value
class Give(Action):
    text: ClassVar[str] = "give 1 {}"
    resource: str


@value
class MakeTool(Action):
    text: ClassVar[str] = "toolmaker: turn 1 metal into 1 tools"


@value
class CreateEmpire(Action):
    text: ClassVar[str] = "create {} in {}"
    space_fields = ("area",)
    empire: str
    area: str


@value
class Buy(Action):
    text: ClassVar[str] = "buy armies with 1 {}"
    resource: str


@value
class Equip(Action):
    text: ClassVar[str] = "equip with 1 {}"
    resource: str


@value
class Deploy(Action):
    text: ClassVar[str] = "deploy {:army/armies}"
    count: int


@value
class Invade(Action):
    text: ClassVar[str] = "invade {}"
    space_fields = ("area",)
    area: str


@value
class ReEnter(Action):
    text: ClassVar[str] = "re-enter at {}"
    space_fields = ("area",)
    area: str


@value
class DestroyCity(Action):
    text: ClassVar[str] = "destroy the city in {}"
    space_fields = ("area",)
    area: str


@value
class Reinforce(Action):
    text: ClassVar[str] = "reinforce {}"
    space_fields = ("area",)
    area: str


@value
class RollAgain(Action):
    text: ClassVar[str] = "roll again"


@value
class Stop(Action):
    text: ClassVar[str] = "stop the attack"


@value
class Pass(Action):
    text: ClassVar[str] = "pass"


@value
class Bid(Action):
    text: ClassVar[str] = "bid 1 {} for turn order"
    resource: str


@value
class Grow(Action):
    text: ClassVar[str] = "grow the city in {} (2 wood)"
    space_fields = ("area",)
    area: str


@value
class AddLuxury(Action):
    text: ClassVar[str] = "add 1 {}"
    resource: str


@value
class Done(Action):
    text: ClassVar[str] = "done"


ACTION_TYPES = (
    PayCost, FoundCity, RelocateCity, PlaceWorkers, Place, ScribePlace, ScribeLift, Put, Trade, TradeFor,
    Give, MakeTool, CreateEmpire, Buy, Equip, Deploy, Invade, ReEnter, DestroyCity, Reinforce, RollAgain,
    Stop, Pass, Bid, Grow, AddLuxury, Done,
)
