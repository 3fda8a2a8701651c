"""Every decision the rulebook gives a player, as an action (digest §5-§9, modelling notes §12.2).

Multi-item decisions (a payment, a trade, conquest losses, MERCHANT's exchange) are taken
one item at a time, so no list of actions grows combinatorially.
"""

from __future__ import annotations

from engine.core.moves import Action
from engine.core.value import value


@value
class MoveRondel(Action):
    """Move the action marker clockwise to a segment (any segment on the first turn, §5.2)."""

    space_fields = ("space",)

    space: str
    steps: int  # 0 on the first turn (placed freely), else 1-8


@value
class Pay(Action):
    """Pay one item of the cost now due: the resource itself, a coin in its place, or for an
    extra rondel segment any resource or a coin (§6.0)."""

    item: str  # gold, marble, iron or coin


@value
class ChooseResource(Action):
    """One resource of a multi-item choice: a trade, MERCHANT, HONORARIUM, a coin replaced."""

    resource: str


@value
class BuildTemple(Action):
    """TEMPLUM (§6.2): a temple in one of your cities."""

    space_fields = ("city",)

    city: str


@value
class BuildWall(Action):
    """TEMPLUM (§6.2): a wall from your supply under one of your cities."""

    space_fields = ("city",)

    city: str


@value
class Recruit(Action):
    """MILITIA (§6.3): a unit from your recruitment box onto one of your cities."""

    space_fields = ("city",)

    unit: str  # legion, galley, admiral or commander
    city: str


@value
class Develop(Action):
    """SCIENTIA (§6.4): a technology."""

    tech: str


@value
class Buy(Action):
    """SCIENTIA or RECRUITS (§6.4): a unit from your reserve into your recruitment box."""

    unit: str


@value
class EndAction(Action):
    """Finish TEMPLUM, MILITIA or SCIENTIA."""


@value
class Step(Action):
    """DUELLUM movement (§6.5): one unit crosses one border; range is tracked per unit."""

    space_fields = ("origin", "to")

    unit: str
    origin: str
    to: str


@value
class EndMovement(Action):
    pass


@value
class Conquer(Action):
    """DUELLUM conquest (§6.5): take an enemy city whose defence your units there match."""

    space_fields = ("city",)

    city: str


@value
class Lose(Action):
    """A conquest's loss, one unit at a time, of the attacker's chosen type (§6.5 step 1)."""

    unit: str


@value
class EndConquest(Action):
    pass


@value
class FoundCity(Action):
    """Phase 2 (§6.8): a city of the chosen type on an empty site where you have a unit."""

    space_fields = ("site",)

    site: str
    resource: str


@value
class EndTurn(Action):
    """Found no more cities: take persons and end the turn."""


@value
class Trade(Action):
    """COMMERCIUM (§9.2): give 3 resources, then take 2, chosen one by one."""


@value
class PlayEvent(Action):
    """Play an event card that needs no target (§9.3)."""

    card: str


@value
class PlayEventOn(Action):
    """Play an event card on a city, wall or site; ``resource`` for MINING and SETTLER."""

    space_fields = ("space",)

    card: str
    space: str
    resource: str = ""


@value
class DeclineFortress(Action):
    """The defender lets the conquest go ahead without FORTRESS (A7)."""


@value
class PickEvent(Action):
    """Take one card from the open display (compensation, ORACLE)."""

    card: str


@value
class Discard(Action):
    """SABOTAGE's victim discards one event card of their choice (A13)."""

    card: str


@value
class Destroy(Action):
    """MUTINY's victim chooses which of their units is destroyed (§9.3)."""

    space_fields = ("region",)

    unit: str
    region: str


@value
class Stop(Action):
    """Buy no more with RECRUITS."""


ACTION_TYPES = (
    MoveRondel, Pay, ChooseResource, BuildTemple, BuildWall, Recruit, Develop, Buy, EndAction,
    Step, EndMovement, Conquer, Lose, EndConquest, FoundCity, EndTurn, Trade, PlayEvent,
    PlayEventOn, DeclineFortress, PickEvent, Discard, Destroy, Stop,
)
