"""What the map gives (digest §6.3.5, §6.6-6.8; the rulebook's "PÉNZ A JÁTÉKTÁBLÁN", "BLOKÁD",
"A CSODÁK ELAVULÁSA"): coins held by outskirts and scouts, blockaded wonders, obsolete wonders."""

from __future__ import annotations

from civ import (
    RULESET,
    add_city,
    add_figure,
    blank_area,
    choice,
    clear_map,
    edited,
    paint,
    past_setup,
    sq,
)

from engine.rulesets.civilization.abilities import amount, coins
from engine.rulesets.civilization.actions import Arts, Harvest
from engine.rulesets.civilization.research import learn
from engine.rulesets.civilization.tables import Icons, Square
from engine.rulesets.civilization.trade import collected


def open_city():
    """Seat 0's capital on sq-4-4 on an open map, no coins of its cards."""
    state = past_setup(4)
    clear_map(state)
    blank_area(state, 2, 2, 10)
    city = add_city(state, 0, sq(4, 4), capital=True)
    for player in state.players:
        player.tech_coins, player.government, player.techs = {}, "despotism", []
    edited(state)
    return state, city


def test_6_8_a_coin_square_counts_on_the_outskirts_or_under_a_scout_and_not_when_blockaded():
    """§6.8 "Pénzhez akkor juttok a játéktáblán, ha annak forrását ... fennhatóságotok alatt
    tartjátok: akár mert a külvárosotokban található, akár mert ott állomásozik rajta egy
    felderítőtök. Ha a pénzt biztosító térképmezőt ... egy ellenfeletek blokád alatt tartja, a
    pénzt elvesztitek mindaddig, amíg ellenfeletek bábuja ott tartózkodik"."""
    state, _ = open_city()
    paint(state, sq(5, 5), "mountain", coins=1)
    paint(state, sq(9, 9), "mountain", coins=1)
    edited(state)
    assert coins(state, 0) == 1
    add_figure(state, 0, "scout", sq(9, 9))
    assert coins(state, 0) == 2
    add_figure(state, 1, "army", sq(5, 5))
    assert coins(state, 0) == 1 and coins(state, 1) == 0


def test_6_7_a_blockaded_wonder_gives_neither_its_ability_nor_its_culture():
    """§6.7 "Még a csodák sem immunisak a blokádra: ha a térképmezőn, ahol ellenfeletek
    csodajelzője van, a ti bábutok tartózkodik, ellenfeletek nem használhatja ki a csoda
    képességét, és a csodáért járó kultúrpontokat sem kaphatja meg"."""
    state, city = open_city()
    state.wonders[sq(5, 5)] = (0, "colossus")  # +2 trade a city, 1 culture
    state.players[0].wonders = ["colossus"]
    edited(state)
    assert amount(state, 0, "city_trade") == 2 and collected(state, 0) == 2
    add_figure(state, 1, "scout", sq(5, 5))
    assert amount(state, 0, "city_trade") == 0 and collected(state, 0) == 0
    state.phase, state.k, state.first = "city", 0, 0
    edited(state)
    culture = state.players[0].culture
    RULESET.apply(state, Arts(city.square))
    assert state.players[0].culture == culture + 1  # the city's own token, nothing from the wonder


def test_6_3_5_an_obsolete_wonder_loses_its_ability_but_still_gives_culture():
    """"A CSODÁK ELAVULÁSA": "Amikor egy csoda elavul, a jelzőjét fordítsátok képpel lefelé, de
    hagyjátok azt a játéktáblán. Innentől e csoda képessége nem használható többé; azonban a
    csodáért továbbra is járnak kultúrpontok, ha a város ... a művészeteknek szenteli magát".
    Another seat learning Steam Engine makes the Colossus obsolete (the reading: obsolescence is
    global)."""
    state, city = open_city()
    state.wonders[sq(5, 5)] = (0, "colossus")
    state.players[0].wonders = ["colossus"]
    edited(state)
    learn(state, 1, "steam_engine", [])
    edited(state)
    assert "colossus" in state.obsolete and sq(5, 5) in state.wonders
    assert amount(state, 0, "city_trade") == 0
    state.phase, state.k, state.first = "city", 0, 0
    edited(state)
    culture = state.players[0].culture
    RULESET.apply(state, Arts(city.square))
    assert state.players[0].culture == culture + 2  # 1 for the city, 1 for the wonder


def test_6_6_example_3_a_scout_on_wheat_adds_wheat_to_what_its_city_may_harvest():
    """§6.6, example 3: "a gabonatermő síkságon tartózkodó felderítő a fentebbi városba küldi
    mindazt, amit begyűjt. E fordulóban a város erőforrást gyűjt be: ez az erőforrás vagy selyem
    lesz, vagy illatszer, vagy gabona, hiszen ez a térképmező is a város egy külvárosának
    tekintendő" (the city's outskirts show silk and incense)."""
    state, city = open_city()
    state.squares[sq(3, 3)] = Square("grassland", Icons(), "silk")
    state.squares[sq(5, 5)] = Square("desert", Icons(), "incense")
    state.squares[sq(8, 8)] = Square("grassland", Icons(), "wheat")
    scout = add_figure(state, 0, "scout", sq(8, 8))
    scout.city, scout.made = city.square, state.turn - 1
    state.phase, state.k, state.first = "city", 0, 0
    edited(state)
    harvests = {a.resource for a in choice(state).actions if isinstance(a, Harvest)}
    assert harvests == {"silk", "incense", "wheat"}
