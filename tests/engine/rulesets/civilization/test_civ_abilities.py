"""Resource abilities and what may be traded (digest §6.5.3, §6.2; the rulebook's
"ERŐFORRÁSOS KÉPESSÉGEK" and "TÁRGYALÁS ÉS KERESKEDELEM")."""

from __future__ import annotations

from civ import RULESET, add_city, choice, clear_map, edited, past_setup, sq

from engine.rulesets.civilization.actions import OfferItem, OfferTo, UseAbility


def city_turn(techs: list[str], resources: dict[str, int]):
    state = past_setup(2)
    clear_map(state)
    add_city(state, 0, sq(5, 5), capital=True).acted = 1
    player = state.players[0]
    player.techs, player.resources, player.minors, player.culture = techs, resources, [], 0
    player.government = "despotism"
    state.phase, state.k, state.first = "city", 0, 0
    edited(state)
    return state, player


def abilities(state) -> list[str]:
    return sorted({a.tech for a in choice(state).actions if isinstance(a, UseAbility)})


def test_6_5_3_currency_pays_an_incense_for_three_culture_once_a_turn():
    """§6.5.3 "a pénzverés lehetővé teszi kifejlesztőjének, hogy a városigazgatási fázisban egy
    illatszert befizetve három kultúrpontot kapjon a készletből"; "Minden erőforrásos képesség
    fordulónként csak egyszer használható, hiába van a játékosnak elég erőforrása többszöri
    kiváltásra. Ugyanakkor ha valaki több, hasonló képességgel bíró technológiát kifejlesztett
    (például ilyen a lovagi rend és a pénzverés), azok mindegyikét kiválthatja fordulónként egyszer"."""
    state, player = city_turn(["currency", "chivalry"], {"incense": 2, "silk": 1})
    market = state.market["incense"]
    assert abilities(state) == ["chivalry", "currency"]
    RULESET.apply(state, next(a for a in choice(state).actions if isinstance(a, UseAbility) and a.tech == "currency"))
    assert player.culture == 3 and player.resources["incense"] == 1 and state.market["incense"] == market + 1
    assert abilities(state) == ["chivalry"]  # one incense left, but Currency was used this turn
    RULESET.apply(state, next(a for a in choice(state).actions if isinstance(a, UseAbility)))
    assert player.culture == 6 and abilities(state) == []


def test_6_2_what_may_be_handed_over():
    """§6.2 "átadhattok egymásnak: kereskedelmi pontokat; el nem költött kultúrpontjelzőket;
    erőforrásjelzőket (akár a piactábláról szereztétek, akár kunyhók, falvak révén);
    eseménykártyákat ... Ami nem szerepel a fenti listán, azt nem adhatjátok át egymásnak": no
    coins, technologies, figures or units are offered."""
    state = past_setup(2)
    state.phase, state.k, state.first, state.collected = "trade", 0, 0, True
    player = state.players[0]
    hut = next(m for m, card in state.tables.minors.items() if card.site == "hut")
    player.trade, player.culture, player.resources = 3, 1, {"iron": 1}
    player.minors, player.events, player.tech_coins = [hut], ["ancient-01"], {"pottery": 2}
    edited(state)
    RULESET.apply(state, OfferTo(1))
    gives = sorted(a.item for a in choice(state).actions if isinstance(a, OfferItem))
    assert gives == sorted(["nothing", "trade:1", "trade:3", "culture:1", "iron", hut, "ancient-01"])
