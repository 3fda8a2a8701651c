"""Card data of History of the World (2018): empires, events and region tiles.

The scenario file holds what is printed on the cards; the rules read these classes, so a
designer can change a card without touching code. Behaviour that a card names but cannot
hold as numbers (an empire's ability, a development's effect) is a short string id, each
of which the rules implement once. The ids, with the behaviour a rules engineer should give
them (section numbers are those of the rules digest ``history-of-the-world.md``):

Empire abilities (``EmpireCard.ability``; ``""`` for none, which the rulebook allows):

=====================  ==========================================================================
id                     behaviour
=====================  ==========================================================================
monument_per_icon      Pyramids (Egyptians, §9.2): at Build monuments build 1 monument for every
                       resource icon on provinces with your active armies, instead of every 2.
forts_per_icon         Earthworks (Assyrians, §9.2): for each resource icon on provinces with your
                       active armies, place a free fort on one of those provinces.
battle_chain           Turks (§7.6, ambiguity A14): usable several times a turn, one use leading
                       to the next; after winning a battle you may conquer a province adjacent to
                       that battle's province. The printed effect is lost from the source.
attack_bonus           In every battle add 1 to your highest die.
attack_reroll          In every battle you may reroll one of your dice once.
ignore_terrain         Defenders get no terrain (+1 mountain/forest) bonus against you.
ignore_forts           A fort does not give the defender a second die against you.
no_sea_reroll          Defenders get no Sea reroll when you conquer by fleet.
siege_tokens           At founding gain 2 siege tokens on your card (§6.9, "gain").
=====================  ==========================================================================

Event effects (``EventCard.effect``; a kingdom has ``""``); ``amount`` is the number the
card prints where the effect has one:

=============  ==================================================================================
id             behaviour
=============  ==================================================================================
attack_bonus   Weaponry: this turn, in every battle add ``amount`` to your highest die.
attack_reroll  This turn you may reroll one of your dice in every battle (§9.4's example).
armies         Gain ``amount`` armies from your supply onto your empire card.
siege_tokens   Gain ``amount`` siege tokens onto your empire card.
fort           Place ``amount`` free forts on provinces with your active armies (§9.4's example).
monument       Build ``amount`` monuments now, by the priority of §6.5, on provinces with your
               active armies.
fleet          Place ``amount`` extra fleets on seas or oceans bordering your active armies.
caravan        Place ``amount`` extra caravans on barren lands bordering your active armies.
diplomacy      Replace ``amount`` opposing armies in provinces adjacent to your active armies
               with armies from your supply (§7.6: no destruction, no fort removal).
revolution     Replace ``amount`` opposing armies in provinces holding a capital or city with
               armies from your supply (§7.6).
barbarians     In ``amount`` provinces adjacent to your active armies, destroy one building
               without a battle and replace any army there with one from your supply (§9.3: no
               looter points).
catastrophe    Destroy one building, without a battle, in each of ``amount`` provinces of one
               region (§9.3: no looter points).
=============  ==================================================================================

An event that takes armies from the supply (``supply_armies``) cannot be played unless the
supply holds that many (§9.3).
"""

from __future__ import annotations

from typing import ClassVar

from attrs import define

from engine.scenario.model import CardData, described

EPOCHS = 5  # epochs I to V; card fields that name an epoch are bounded by it
# The name an empire card gives each ability, above its text (the digest's §9.2 names).
ABILITY_NAMES = {
    "monument_per_icon": "Pyramids", "forts_per_icon": "Earthworks", "battle_chain": "Conquest chain",
    "attack_bonus": "Battle bonus", "attack_reroll": "Reroll", "ignore_terrain": "No terrain bonus",
    "ignore_forts": "No fort die", "no_sea_reroll": "No sea reroll", "siege_tokens": "Siege tokens",
}
EFFECT_NAMES = {
    "attack_bonus": "Weaponry", "attack_reroll": "Reroll", "armies": "Armies", "siege_tokens": "Siege tokens",
    "fort": "Forts", "monument": "Monuments", "fleet": "Fleets", "caravan": "Caravans", "diplomacy": "Diplomacy",
    "revolution": "Revolution", "barbarians": "Barbarians", "catastrophe": "Catastrophe",
}
DEVELOPMENT = "development"
KINGDOM = "kingdom"


@define
class EmpireCard(CardData):
    """One epoch's empire: what the player founds and expands with for one turn (§6.3, §9.1)."""

    type_name: ClassVar[str] = "empire"

    epoch: int = described("Epoch", "1 to 5 for epochs I to V", ref="epoch", min=1, max=EPOCHS)
    order: int = described(
        "Order",
        "Position in the epoch's empire order, printed on the card's left side (§5.4)",
        min=1,
    )
    armies: int = described(
        "Armies", "Starting armies, the number in the top-right corner (§6.3)", min=1
    )
    start_provinces: list[str] = described(
        "Start provinces",
        "Where the first army (and capital) goes; the Mesoamericans have two (§9.2)",
        ref="space",
        factory=list,
    )
    capital: bool = described(
        "Capital",
        "Capital icon in the bottom-right corner; off for a looter's torch, which gets no "
        "capital and scores 1 point per building it destroys in battle (§6.11)",
        default=True,
    )
    fleets: list[str] = described(
        "Fleets",
        "Seas or oceans where the card's fleet discs go at founding",
        ref="space",
        factory=list,
    )
    caravans: list[str] = described(
        "Caravans",
        "Barren lands where the card's caravan discs go at founding",
        ref="space",
        factory=list,
    )
    ability: str = described(
        "Ability",
        "Ability id from the table in this module's docstring; empty for none",
        default="",
        labels=ABILITY_NAMES,
    )
    ruler: str = described(
        "Ruler",
        "Ruler and dates as printed, e.g. Ramesses II (1279–1213 BCE)",
        default="",
    )


@define
class EventCard(CardData):
    """A development (a one-off or turn-long advantage) or a kingdom (a small empire) (§9.4)."""

    type_name: ClassVar[str] = "event"

    epoch: int = described("Epoch", "1 to 5: the event pile the card is drafted from", ref="epoch", min=1,
                           max=EPOCHS)
    kind: str = described(
        "Kind", f"{DEVELOPMENT!r} or {KINGDOM!r}", default=DEVELOPMENT, choices=(DEVELOPMENT, KINGDOM), labels={}
    )
    playable_later: bool = described(
        "Playable later",
        "The '+' icon: may be kept and played in a later epoch (developments, §9.4); without it "
        "a development is lost at the end of the epoch it was drafted in",
        default=True,
    )
    effect: str = described(
        "Effect",
        "Effect id from the table in this module's docstring; empty for a kingdom",
        default="",
        labels=EFFECT_NAMES,
    )
    amount: int = described(
        "Amount", "The effect's number (forts, armies, die bonus…)", default=0, min=0
    )
    supply_armies: int = described(
        "Supply armies",
        "Armies the effect takes from your supply; unplayable without that many (§9.3)",
        default=0,
        min=0,
    )
    armies: int = described("Armies", "A kingdom's starting armies", default=0, min=0)
    start_provinces: list[str] = described(
        "Start provinces", "A kingdom's start province", ref="space", factory=list
    )
    capital: bool = described(
        "Capital",
        "A kingdom founded with a capital; off for the city icon: founded with a city (§9.4)",
        default=True,
    )
    fleets: list[str] = described(
        "Fleets", "A kingdom's fleet areas", ref="space", factory=list
    )
    caravans: list[str] = described(
        "Caravans", "A kingdom's caravan areas", ref="space", factory=list
    )


@define
class RegionTile(CardData):
    """A region's point values from its epoch on (§5.2, §8.1).

    Only presence is stored: the rulebook has players derive dominance (2x) and control (3x).
    """

    type_name: ClassVar[str] = "region_tile"

    region: str = described("Region", "The name plate the tile goes on", ref="region")
    epoch: int = described(
        "Epoch", "The Roman numeral on the back: when it enters play (1-5)", ref="epoch", min=1,
        max=EPOCHS
    )
    presence: int = described(
        "Presence", "Left value; dominance is 2x, control 3x (§8.1)", min=0
    )
    lifetime: int = described(
        "Lifetime",
        "Epochs it stays, printed on the front; informational, a newer tile replaces it (A11)",
        default=1,
        min=1,
        max=EPOCHS,
    )


CARD_TYPES: tuple[type[CardData], ...] = (EmpireCard, EventCard, RegionTile)
