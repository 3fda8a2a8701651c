"""Card data of Civilization: what is printed on tiles, sheets and cards (digest §2, §9).

The rulebook gives almost none of these values (§11.20); the shipped scenario authors them and
lists each in ``meta.provisional``. Behaviour is named by short ability ids, each implemented
once (``abilities.py``): a designer retunes a card by editing its ids and numbers, never code.

A map square is written as one line of words, e.g. ``"forest p2"`` or ``"grassland t1 wheat
hut"``: the terrain first, then ``tN`` trade, ``pN`` production, ``cN`` culture, ``$N`` coins,
a resource (wheat, silk, incense, iron), ``wonder`` (a natural wonder) and ``hut``/``village``
(a minor civilization's spot). Tiles are listed row by row from the north-west corner with the
tile's arrow pointing north.
"""

from __future__ import annotations

from typing import ClassVar

from attrs import define

from engine.scenario.model import CardData, described

TERRAINS = ("mountain", "forest", "grassland", "desert", "water")
RESOURCES = ("wheat", "silk", "incense", "iron")
UNIT_KINDS = ("infantry", "mounted", "artillery")
AGES = ("ancient", "medieval", "modern")
PHASES = ("start", "trade", "city", "movement", "research", "battle")
GREAT_KINDS = ("artist", "builder", "general", "humanitarian", "merchant", "scientist")
MINOR_RESULTS = (*RESOURCES, "spy", "uranium", "great_person")


@define
class MapTile(CardData):
    type_name: ClassVar[str] = "tile"
    squares: list[str] = described("Squares", "16 squares, row by row, arrow pointing north (see cards.py)")
    home_of: str | None = described("Home of", "The civilization whose home tile this is", ref="card", default=None)
    capital: int = described("Suggested capital", "Index 0-15 of the arrow-marked square (home tiles)", default=5)


@define
class CivSheet(CardData):
    type_name: ClassVar[str] = "civ"
    leader: str = described("Leader")
    ability: str = described("Ability", "The civilization's ability id (abilities.py)", labels={})
    government: str = described("Starting government", ref="card")
    techs: list[str] = described("Starting techs", "Laid in the pyramid's bottom row", ref="card", factory=list)
    extras: list[str] = described(
        "Setup extras", "white_army, walled_capital, great_person, ancient_wonder, infantry", factory=list,
        labels={},
    )


@define
class TechCard(CardData):
    type_name: ClassVar[str] = "tech"
    level: int = described("Level", "I to V (1-5)", min=1, max=5)
    abilities: list[str] = described("Abilities", "Ability ids with their numbers, e.g. speed:1", factory=list,
                                     labels={})


@define
class GovernmentCard(CardData):
    type_name: ClassVar[str] = "government"
    back: str = described("Back", "The other face of the same card", ref="card")
    abilities: list[str] = described("Abilities", "Continuing abilities while in power", factory=list, labels={})


@define
class UnitCard(CardData):
    type_name: ClassVar[str] = "unit"
    kind: str = described("Type", "infantry, mounted, artillery or aircraft", choices=(*UNIT_KINDS, "aircraft"),
                          labels={})
    strength: int = described("Strength", "At level 1 (+1 per level); an aircraft's only value")


@define
class BuildingCard(CardData):
    type_name: ClassVar[str] = "building"
    cost: int = described("Cost", "Production")
    terrain: list[str] = described("Terrain", "Where it may stand; city_centre for walls", factory=list)
    star: bool = described("Star", "At most one star building per city", default=False)
    upgrade_of: str | None = described("Upgrade of", "The basic side of the same marker", ref="card", default=None)
    markers: int = described("Markers", "How many markers the box holds (basic side)", default=0)
    icons: str = described("Icons", "The marker's icons, e.g. 'p1 t1' (replace the square's)", default="")
    bonus: int = described("Battle bonus", "Added for each one you own", default=0)


@define
class WonderCard(CardData):
    type_name: ClassVar[str] = "wonder"
    age: str = described("Age", "ancient, medieval or modern", choices=AGES, labels={})
    cost: int = described("Cost", "Production")
    culture: int = described("Culture icons", default=1)
    reductions: list[str] = described("Reductions", "tech:cost, e.g. metalworking:10", factory=list, labels={})
    abilities: list[str] = described("Abilities", factory=list, labels={})
    obsoleted_by: str | None = described("Obsoleted by", ref="card", default=None)


@define
class EventCard(CardData):
    type_name: ClassVar[str] = "event"
    age: str = described("Age", "ancient, medieval or modern", choices=AGES, labels={})
    phase: str = described("Timing", "The phase it may be played in", choices=PHASES, labels={})
    effect: str = described("Effect", "The effect id (abilities.py)", labels={})
    amount: int = described("Amount", default=0)


@define
class GreatPersonCard(CardData):
    type_name: ClassVar[str] = "great_person"
    kind: str = described("Type", "artist, builder, general, humanitarian, merchant, scientist", choices=GREAT_KINDS,
                          labels={})
    icons: str = described("Icons", "Replace the square's, e.g. 'c2'", default="")


@define
class MinorMarker(CardData):
    type_name: ClassVar[str] = "minor"
    site: str = described("Site", "hut or village", choices=("hut", "village"), labels={})
    result: str = described("Back", "wheat, silk, incense, iron, spy, uranium or great_person", choices=MINOR_RESULTS,
                            labels={})


@define
class LayoutCard(CardData):
    type_name: ClassVar[str] = "layout"
    players: int = described("Players")
    homes: list[str] = described("Home slots", "In seat order, clockwise", ref="region", factory=list)
    arrows: list[str] = described("Home arrows", "N, E, S or W: where each home tile's arrow points", factory=list)
    neutral: list[str] = described("Neutral slots", ref="region", factory=list)


CARD_TYPES = (
    MapTile, CivSheet, TechCard, GovernmentCard, UnitCard, BuildingCard, WonderCard, EventCard,
    GreatPersonCard, MinorMarker, LayoutCard,
)
