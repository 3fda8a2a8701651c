"""Every decision the rulebook gives a player, as an action (digest §12.3)."""

from __future__ import annotations

from engine.core.moves import Action
from engine.core.value import value


@value
class ChoosePacket(Action):
    """The middle player of 3 or 5 picks from this packet before looking at the other (§5.3)."""

    packet: str  # empires or events


@value
class PickEmpire(Action):
    card: str


@value
class PickEvent(Action):
    card: str


@value
class PlayEvent(Action):
    """Reveal an event card from the hand and pay its cost (§6.10); red ones before founding."""

    card: str


@value
class Found(Action):
    """Done with red events: found the empire (§6.0-§6.1)."""


@value
class PlaceArmy(Action):
    """One army from the Resolution board into a territory: an empty placement, an invasion or
    a surrender (§6.2); ``surrender`` takes a territory of one's other colour (§10.7)."""

    space_fields = ("territory",)

    territory: str
    surrender: bool = False


@value
class BuildFort(Action):
    space_fields = ("territory",)

    territory: str


@value
class Continue(Action):
    """Pay an army from the board, turn the dial up and roll again (§7.5)."""


@value
class Abandon(Action):
    pass


@value
class Overrun(Action):
    space_fields = ("territory",)

    territory: str


@value
class StopOverrun(Action):
    pass


@value
class PlaceMonument(Action):
    space_fields = ("territory",)

    territory: str


@value
class EndExpansion(Action):
    """Only with the ``early_stop`` option (A13): the armies left go back to stock."""


@value
class Target(Action):
    """The choice an event card asks for: a territory, a region or a sea."""

    space_fields = ("space",)

    space: str


@value
class ChooseRegion(Action):
    region: str


@value
class TakeBonus(Action):
    """Keep one of the face-down Bonus tokens offered (§5.5)."""

    token: str


ACTION_TYPES = (ChoosePacket, PickEmpire, PickEvent, PlayEvent, Found, PlaceArmy, BuildFort, Continue, Abandon,
                Overrun, StopOverrun, PlaceMonument, EndExpansion, Target, ChooseRegion, TakeBonus)
