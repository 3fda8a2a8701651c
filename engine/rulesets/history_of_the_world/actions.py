"""Every decision the rulebook gives a player, as an action (digest §5-§8)."""

from __future__ import annotations

from engine.core.moves import Action
from engine.core.value import value


@value
class ChoosePile(Action):
    """The middle player of 3 or 5 looks at this pile first (§5.3, ambiguity A19)."""

    pile: str  # "events" or "empires"


@value
class PickEvent(Action):
    card: str


@value
class PickEmpire(Action):
    card: str


@value
class KeepCard(Action):
    """Classic draft (§10.1): keep the card drawn."""


@value
class GiveCard(Action):
    """Classic draft (§10.1): give the card drawn, face down, to a player without one."""

    seat: int


@value
class PlayKingdom(Action):
    pass


@value
class SkipKingdom(Action):
    pass


@value
class Conquer(Action):
    space_fields = ("target",)

    target: str
    via: str  # land, fleet or caravan


@value
class BuildFort(Action):
    """Discard an army from the card for a fort where an active army stands (§6.4)."""

    space_fields = ("province",)

    province: str


@value
class PlayDevelopment(Action):
    card: str


@value
class EndConquest(Action):
    pass


@value
class Reroll(Action):
    die: int  # index into that side's dice


@value
class Pass(Action):
    pass


@value
class Siege(Action):
    unit: str  # "army" or "token": what goes on the catapult


@value
class Retreat(Action):
    pass


@value
class PlaceMonument(Action):
    space_fields = ("province",)

    province: str


@value
class PlaceFort(Action):
    """A free fort from an ability or event, on a province with an active army."""

    space_fields = ("province",)

    province: str


@value
class Target(Action):
    """Where a development acts next: a province or area (Diplomacy, Catastrophe, a fleet...)."""

    space_fields = ("space",)

    space: str


@value
class Skip(Action):
    """Decline an optional ability or the rest of an event's effect."""


@value
class UseAbility(Action):
    """Use the empire's optional ability now, or not (§9.1: the player decides)."""

    use: bool


@value
class ScoreDirection(Action):
    """On a shared score, gain or lose 1 until the marker stands alone (§8.4)."""

    up: bool


ACTION_TYPES = (
    ChoosePile,
    PickEvent,
    PickEmpire,
    KeepCard,
    GiveCard,
    PlayKingdom,
    SkipKingdom,
    Conquer,
    BuildFort,
    PlayDevelopment,
    EndConquest,
    Reroll,
    Pass,
    Siege,
    Retreat,
    PlaceMonument,
    PlaceFort,
    Target,
    Skip,
    UseAbility,
    ScoreDirection,
)
