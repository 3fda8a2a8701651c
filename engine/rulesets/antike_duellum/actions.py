"""Every decision the rulebook gives a player, as an action (digest §5-§9, modelling notes §12.2).

Multi-item decisions (a payment, a trade, conquest losses, MERCHANT's exchange) are taken
one item at a time, so no list of actions grows combinatorially.
"""

from __future__ import annotations

from attrs import frozen

from engine.core.moves import Action


@frozen
class MoveRondel(Action):
    """Move the action marker clockwise to a segment (any segment on the first turn, §5.2)."""

    space_fields = ("space",)

    space: str
    steps: int  # 0 on the first turn (placed freely), else 1-8


@frozen
class Pay(Action):
    """Pay one item of the cost now due: the resource itself, a coin in its place, or for an
    extra rondel segment any resource or a coin (§6.0)."""

    item: str  # gold, marble, iron or coin


@frozen
class ChooseResource(Action):
    """One resource of a multi-item choice: a trade, MERCHANT, HONORARIUM, a coin replaced."""

    resource: str


@frozen
class BuildTemple(Action):
    """TEMPLUM (§6.2): a temple in one of your cities."""

    space_fields = ("city",)

    city: str


@frozen
class BuildWall(Action):
    """TEMPLUM (§6.2): a wall from your supply under one of your cities."""

    space_fields = ("city",)

    city: str


@frozen
class Recruit(Action):
    """MILITIA (§6.3): a unit from your recruitment box onto one of your cities."""

    space_fields = ("city",)

    unit: str  # legion, galley, admiral or commander
    city: str


@frozen
class Develop(Action):
    """SCIENTIA (§6.4): a technology."""

    tech: str


@frozen
class Buy(Action):
    """SCIENTIA or RECRUITS (§6.4): a unit from your reserve into your recruitment box."""

    unit: str


@frozen
class EndAction(Action):
    """Finish TEMPLUM, MILITIA or SCIENTIA."""


@frozen
class Step(Action):
    """DUELLUM movement (§6.5): one unit crosses one border; range is tracked per unit."""

    space_fields = ("origin", "to")

    unit: str
    origin: str
    to: str


@frozen
class EndMovement(Action):
    pass


@frozen
class Conquer(Action):
    """DUELLUM conquest (§6.5): take an enemy city whose defence your units there match."""

    space_fields = ("city",)

    city: str


@frozen
class Lose(Action):
    """A conquest's loss, one unit at a time, of the attacker's chosen type (§6.5 step 1)."""

    unit: str


@frozen
class EndConquest(Action):
    pass


@frozen
class FoundCity(Action):
    """Phase 2 (§6.8): a city of the chosen type on an empty site where you have a unit."""

    space_fields = ("site",)

    site: str
    resource: str


@frozen
class EndTurn(Action):
    """Found no more cities: take persons and end the turn."""


@frozen
class Trade(Action):
    """COMMERCIUM (§9.2): give 3 resources, then take 2, chosen one by one."""


@frozen
class PlayEvent(Action):
    """Play an event card that needs no target (§9.3)."""

    card: str


@frozen
class PlayEventOn(Action):
    """Play an event card on a city, wall or site; ``resource`` for MINING and SETTLER."""

    space_fields = ("space",)

    card: str
    space: str
    resource: str = ""


@frozen
class DeclineFortress(Action):
    """The defender lets the conquest go ahead without FORTRESS (A7)."""


@frozen
class PickEvent(Action):
    """Take one card from the open display (compensation, ORACLE)."""

    card: str


@frozen
class Discard(Action):
    """SABOTAGE's victim discards one event card of their choice (A13)."""

    card: str


@frozen
class Destroy(Action):
    """MUTINY's victim chooses which of their units is destroyed (§9.3)."""

    space_fields = ("region",)

    unit: str
    region: str


@frozen
class Stop(Action):
    """Buy no more with RECRUITS."""


ACTION_TYPES = (
    MoveRondel, Pay, ChooseResource, BuildTemple, BuildWall, Recruit, Develop, Buy, EndAction,
    Step, EndMovement, Conquer, Lose, EndConquest, FoundCity, EndTurn, Trade, PlayEvent,
    PlayEventOn, DeclineFortress, PickEvent, Discard, Destroy, Stop,
)
