"""Every decision the rulebook gives a player, as an action (digest §5-§8)."""

from __future__ import annotations

from attrs import frozen

from engine.core.moves import Action


@frozen
class ChoosePile(Action):
    """The middle player of 3 or 5 looks at this pile first (§5.3, ambiguity A19)."""

    pile: str  # "events" or "empires"


@frozen
class PickEvent(Action):
    card: str


@frozen
class PickEmpire(Action):
    card: str


@frozen
class KeepCard(Action):
    """Classic draft (§10.1): keep the card drawn."""


@frozen
class GiveCard(Action):
    """Classic draft (§10.1): give the card drawn, face down, to a player without one."""

    seat: int


@frozen
class PlayKingdom(Action):
    pass


@frozen
class SkipKingdom(Action):
    pass


@frozen
class Conquer(Action):
    space_fields = ("target",)

    target: str
    via: str  # land, fleet or caravan


@frozen
class BuildFort(Action):
    """Discard an army from the card for a fort where an active army stands (§6.4)."""

    space_fields = ("province",)

    province: str


@frozen
class PlayDevelopment(Action):
    card: str


@frozen
class EndConquest(Action):
    pass


@frozen
class Reroll(Action):
    die: int  # index into that side's dice


@frozen
class Pass(Action):
    pass


@frozen
class Siege(Action):
    unit: str  # "army" or "token": what goes on the catapult


@frozen
class Retreat(Action):
    pass


@frozen
class PlaceMonument(Action):
    space_fields = ("province",)

    province: str


@frozen
class PlaceFort(Action):
    """A free fort from an ability or event, on a province with an active army."""

    space_fields = ("province",)

    province: str


@frozen
class Target(Action):
    """Where a development acts next: a province or area (Diplomacy, Catastrophe, a fleet...)."""

    space_fields = ("space",)

    space: str


@frozen
class Skip(Action):
    """Decline an optional ability or the rest of an event's effect."""


@frozen
class UseAbility(Action):
    """Use the empire's optional ability now, or not (§9.1: the player decides)."""

    use: bool


@frozen
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
