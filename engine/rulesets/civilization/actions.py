"""The moves a seat may choose. Each carries ids, never hidden content another seat could read:
a battle hand's card is named only in the label its owner sees."""

from __future__ import annotations

from typing import ClassVar

from engine.core.moves import Action
from engine.core.value import value


@value
class ChooseCiv(Action):
    civ: str


@value
class PlaceCapital(Action):
    space_fields: ClassVar[tuple[str, ...]] = ("square",)
    square: str


@value
class PlaceFigure(Action):
    """A starting figure (army, scout, the Russians' white army) or a new one from production."""

    space_fields: ClassVar[tuple[str, ...]] = ("square",)
    kind: str
    square: str


@value
class PlaceMarker(Action):
    """A great person or a wonder's marker on an outskirts square; '' keeps a great person on the sheet."""

    space_fields: ClassVar[tuple[str, ...]] = ("square",)
    card: str
    square: str


@value
class FoundCity(Action):
    space_fields: ClassVar[tuple[str, ...]] = ("square",)
    square: str


@value
class Relocate(Action):
    space_fields: ClassVar[tuple[str, ...]] = ("square",)
    figure: int
    square: str


@value
class SetGovernment(Action):
    government: str


@value
class AssignScout(Action):
    space_fields: ClassVar[tuple[str, ...]] = ("city",)
    figure: int
    city: str


@value
class PlayEvent(Action):
    card: str
    target: str = ""


@value
class UseAbility(Action):
    """A technology's resource ability: pay ``resource`` (a market type or a held marker)."""

    tech: str
    resource: str
    city: str = ""


@value
class Done(Action):
    pass


@value
class OfferTo(Action):
    seat: int


@value
class OfferItem(Action):
    """What is given (first) or wanted (second): trade:N, culture:N, a resource, an event, nothing."""

    item: str


@value
class Answer(Action):
    accept: bool


@value
class Discard(Action):
    card: str


@value
class Produce(Action):
    space_fields: ClassVar[tuple[str, ...]] = ("square",)
    city: str
    item: str  # army, scout, unit:<kind>, building:<id>, wonder:<id>
    square: str = ""


@value
class Arts(Action):
    space_fields: ClassVar[tuple[str, ...]] = ("city",)
    city: str


@value
class Harvest(Action):
    space_fields: ClassVar[tuple[str, ...]] = ("city",)
    city: str
    resource: str


@value
class Boost(Action):
    """Spend 3 trade for +1 production in one city this turn (§6.3.1)."""

    city: str


@value
class AdvanceCulture(Action):
    pass


@value
class MoveFigures(Action):
    """Start moving figures that began the phase on one square: one figure or the group."""

    space_fields: ClassVar[tuple[str, ...]] = ("square",)
    square: str
    figures: tuple[int, ...]


@value
class Step(Action):
    space_fields: ClassVar[tuple[str, ...]] = ("square",)
    direction: str
    square: str


@value
class Explore(Action):
    slot: str


@value
class Stop(Action):
    pass


@value
class PlayUnit(Action):
    """A unit from the battle hand: a new front (front -1) or an attack on enemy front ``front``."""

    slot: int  # position in the hand
    front: int


@value
class ChooseDeck(Action):
    """The barbarian player draws from another unit deck when the one due is empty (§7.9.2)."""

    kind: str


@value
class Wound(Action):
    """A combat ability (Metalworking's iron): wounds on the enemy unit of front ``front``."""

    tech: str
    resource: str
    front: int


@value
class Loot(Action):
    kind: str  # trade, culture, resource, tech:<id>, event, resources


@value
class Research(Action):
    tech: str  # '' passes


ACTION_TYPES = (
    ChooseCiv, PlaceCapital, PlaceFigure, PlaceMarker, FoundCity, Relocate, SetGovernment, AssignScout,
    PlayEvent, UseAbility, Done, OfferTo, OfferItem, Answer, Discard, Produce, Arts, Harvest, Boost,
    AdvanceCulture, MoveFigures, Step, Explore, Stop, PlayUnit, ChooseDeck, Wound, Loot, Research,
)
