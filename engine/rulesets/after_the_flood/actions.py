"""The moves of After the Flood. Multi-item purchases, equipment, trades and bids are one
item per move, closed with ``Done``, so a decision never lists combinations.

``text`` is each move's label with ``{}`` for its values by name (areas and empires by their
names); ``Tables.move`` builds every move once and keeps it.
"""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from engine.core.moves import Action


@frozen
class PayCost(Action):
    """§5.4: the cost of acting once someone has passed: a resource, or 'worker' or 'army'."""

    text: ClassVar[str] = "hand in 1 {} to act"
    kind: str


@frozen
class FoundCity(Action):
    text: ClassVar[str] = "found a city in {}"
    space_fields = ("area",)
    area: str


@frozen
class RelocateCity(Action):
    text: ClassVar[str] = "move your city from {} to {}"
    space_fields = ("source", "area")
    source: str
    area: str


@frozen
class PlaceWorkers(Action):
    """§6.2: hand in a resource (none: scribes only) to place up to its value in workers."""

    text: ClassVar[str] = "place workers paying 1 {}"
    blank: ClassVar[str] = "nothing (scribes only)"
    resource: str


@frozen
class Place(Action):
    text: ClassVar[str] = "place a worker on {}"
    space_fields = ("space",)
    space: str


@frozen
class ScribePlace(Action):
    text: ClassVar[str] = "scribe: place a worker on {}"
    space_fields = ("space",)
    space: str


@frozen
class ScribeLift(Action):
    text: ClassVar[str] = "scribe: move a worker from {}"
    space_fields = ("space",)
    space: str


@frozen
class Put(Action):
    """Where a worker a scribe lifted goes; ``""`` is the personal supply."""

    text: ClassVar[str] = "put it on {}"
    blank: ClassVar[str] = "your personal supply"
    space: str

    @property
    def spaces(self) -> tuple[str, ...]:
        return (self.space,) if self.space else ()


@frozen
class Trade(Action):
    text: ClassVar[str] = "trade"


@frozen
class TradeFor(Action):
    text: ClassVar[str] = "in {} take 1 {}"
    space_fields = ("area",)
    area: str
    good: str


@frozen
class Give(Action):
    text: ClassVar[str] = "give 1 {}"
    resource: str


@frozen
class MakeTool(Action):
    text: ClassVar[str] = "toolmaker: turn 1 metal into 1 tools"


@frozen
class CreateEmpire(Action):
    text: ClassVar[str] = "create {} in {}"
    space_fields = ("area",)
    empire: str
    area: str


@frozen
class Buy(Action):
    text: ClassVar[str] = "buy armies with 1 {}"
    resource: str


@frozen
class Equip(Action):
    text: ClassVar[str] = "equip with 1 {}"
    resource: str


@frozen
class Deploy(Action):
    text: ClassVar[str] = "deploy {} armies"
    count: int


@frozen
class Invade(Action):
    text: ClassVar[str] = "invade {}"
    space_fields = ("area",)
    area: str


@frozen
class ReEnter(Action):
    text: ClassVar[str] = "re-enter at {}"
    space_fields = ("area",)
    area: str


@frozen
class DestroyCity(Action):
    text: ClassVar[str] = "destroy the city in {}"
    space_fields = ("area",)
    area: str


@frozen
class Reinforce(Action):
    text: ClassVar[str] = "reinforce {}"
    space_fields = ("area",)
    area: str


@frozen
class RollAgain(Action):
    text: ClassVar[str] = "roll again"


@frozen
class Stop(Action):
    text: ClassVar[str] = "stop the attack"


@frozen
class Pass(Action):
    text: ClassVar[str] = "pass"


@frozen
class Bid(Action):
    text: ClassVar[str] = "bid 1 {} for turn order"
    resource: str


@frozen
class Grow(Action):
    text: ClassVar[str] = "grow the city in {} (2 wood)"
    space_fields = ("area",)
    area: str


@frozen
class AddLuxury(Action):
    text: ClassVar[str] = "add 1 {}"
    resource: str


@frozen
class Done(Action):
    text: ClassVar[str] = "done"


ACTION_TYPES = (
    PayCost, FoundCity, RelocateCity, PlaceWorkers, Place, ScribePlace, ScribeLift, Put, Trade, TradeFor,
    Give, MakeTool, CreateEmpire, Buy, Equip, Deploy, Invade, ReEnter, DestroyCity, Reinforce, RollAgain,
    Stop, Pass, Bid, Grow, AddLuxury, Done,
)
