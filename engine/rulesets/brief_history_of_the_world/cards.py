"""Card data of A Brief History of the World: empires, events, region values and bonus tokens.

The scenario holds what is printed on the cards; the rules read these classes, so a designer
changes a card without touching code. Behaviour a card names but cannot hold as numbers is a
short id that the rules implement once (section numbers are the digest's,
``brief-history-of-the-world.md``).

Empire characteristics (``EmpireCard.characteristic``, ``""`` for none):

==============  =============================================================================
id              behaviour
==============  =============================================================================
dreaded         Assyrians, Huns, Mongols (§10.1): +1 invasion point after a successful roll.
viking          Vikings (§10.2): one army only may cross the Atlantic Ocean, and it cannot be
                used to expand further; an invasion from the sea whose highest attack die is
                5 or 6 succeeds automatically (option ``viking_auto_success``).
france          France (§10.4): monuments are never reduced where France takes a territory,
                nor removed from its starting territory at founding.
influence       United States (§10.5): the ``influence`` territories receive an army each at
                founding; neither may be used to expand unless Astronomy is played.
==============  =============================================================================

Event effects (``EventCard.effect``); ``amount`` is the number the card prints:

==============  =============================================================================
id              behaviour
==============  =============================================================================
extra_dice      Leader, Weaponry (continuous): roll ``amount`` more attack dice this turn.
siege           Siege Engine (continuous): a fort gives no second defence die this turn.
treachery       One-shot "attack": an army from your stock replaces another player's army in a
                territory adjacent to your empire, without dice (the fort is removed, the
                territory is reduced); it stays active.
black_death     One-shot: in a region you choose, every other player's army not behind a fort
                returns to its owner's stock.
astronomy       One-shot: Influence armies and the Viking crossing army may expand this turn,
                and one more fleet goes on a sea or ocean bordering your empire.
barbarians      "Attack" with ``amount`` armies from stock, one at a time, into territories of
                ``region`` holding another player's army (dice as an invasion, no dial, no
                continuing; overruns allowed); you are barbarian meanwhile; disband them.
civil_war       As barbarians but without the barbarian gold (§9.2: overruns and monuments).
kingdom         Red, before founding: a city on ``start`` and ``amount`` armies from stock, the
                first there, the others into empty territories next to them; disband them.
minor_empire    Red, before founding: a whole empire turn with ``amount`` armies from stock on
                the Resolution board, started on ``start`` (overruns, monuments and forts);
                no gold collection; its armies are disbanded when the board is empty.
==============  =============================================================================
"""

from __future__ import annotations

from typing import ClassVar

from attrs import define

from engine.scenario.model import CardData, described

EPOCHS = 6  # §5: the epochs; card fields that name an epoch are bounded by it

CHARACTERISTICS = ("", "dreaded", "viking", "france", "influence")
EFFECTS = ("extra_dice", "siege", "treachery", "black_death", "astronomy", "barbarians", "civil_war",
           "kingdom", "minor_empire")
CONTINUOUS = frozenset({"extra_dice", "siege"})
# The name an empire card gives each characteristic, above its text.
CHARACTERISTIC_NAMES = {"dreaded": "Dreaded", "viking": "Vikings", "france": "France", "influence": "Influence"}


@define
class EmpireCard(CardData):
    """One epoch's empire: what its holder founds and expands with for one turn (§6.1, §9.1)."""

    type_name: ClassVar[str] = "empire"

    epoch: int = described("Epoch", "1 to 6", ref="epoch", min=1, max=EPOCHS)
    order: int = described("Order", "Position in the epoch's list of seven empires, printed on every card (§5.4)")
    armies: int = described("Armies", "Armies moved from stock onto the Resolution board at founding")
    start: str = described("Starting territory", ref="space")
    capital: bool = described("Capital", "Off: the empire is barbarian (§8.1)", default=True)
    fleets: list[str] = described("Fleets", "Seas and oceans that receive a fleet at founding", ref="space",
                                  factory=list)
    characteristic: str = described("Characteristic", "An id from the cards module's table", default="",
                                    labels=CHARACTERISTIC_NAMES)
    influence: list[str] = described("Influence armies", "United States (§10.5): territories of the Influence armies",
                                     ref="space", factory=list)
    follows: str | None = described(
        "Second empire of", "Incas and Aztecs (§10.3): this empire is played right after the named card's, by the "
        "same player, and is not drafted on its own", ref="card", default=None)


@define
class EventCard(CardData):
    """An event: its cost, epoch colour and effect (§9.2)."""

    type_name: ClassVar[str] = "event"

    epoch: int = described("Epoch", "The printed epoch number", ref="epoch", min=1, max=EPOCHS)
    effect: str = described("Effect", "An id from the cards module's table", labels={})
    red: bool = described("Red epoch number", "Red: only at the start of the holder's turn in its epoch (§9.2)",
                          default=False)
    cost: int = described("Cost", "Gold paid to play it", default=0, min=0)
    amount: int = described("Amount", "The number the effect uses (dice, armies)", default=0, min=0)
    start: str | None = described("Starting territory", "Kingdoms and minor empires", ref="space", default=None)
    region: str | None = described("Region", "Where barbarians or a civil war attack", ref="region", default=None)
    playable_later: bool = described("Playable later", "Israel: a red kingdom playable in later epochs too",
                                     default=False)
    starter: str = described("Starting card", "leader or weaponry: dealt one to each colour at setup (§4.5)",
                             default="")


@define
class RegionValue(CardData):
    """A Region value token: this region's worth in one epoch (§5.3)."""

    type_name: ClassVar[str] = "region_value"

    epoch: int = described("Epoch", ref="epoch", min=1, max=EPOCHS)
    region: str = described("Region", ref="region")
    value: int = described("Value", "1, 2 or 3")


@define
class BonusToken(CardData):
    """A face-down Bonus token worth gold at the end (§8.6)."""

    type_name: ClassVar[str] = "bonus"

    value: int = described("Gold")
