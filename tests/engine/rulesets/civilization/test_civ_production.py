"""What a city may produce (digest §6.3.1-6.3.6, the rulebook's "A) BÁBU, EGYSÉG, ÉPÜLET VAGY
CSODA TERMELÉSE"): its production limit and trade bought into it, unit costs by level, star
buildings, walls, wonders and rebuilding."""

from __future__ import annotations

from civ import (
    RULESET,
    add_city,
    blank_area,
    choice,
    clear_map,
    edited,
    paint,
    past_setup,
    sq,
)

from engine.rulesets.civilization.actions import Boost, Produce
from engine.rulesets.civilization.research import learn


def five_production(techs: tuple[str, ...] = ()):
    """Seat 0's city on sq-4-4 (a second city acts elsewhere) with 5 production on its
    outskirts, as the rulebook's picture: forests of 1 around, grassland and desert besides."""
    state = past_setup(4)
    clear_map(state)
    blank_area(state, 2, 2, 10)
    city = add_city(state, 0, sq(4, 4), capital=True)
    add_city(state, 0, sq(9, 9))
    for square in (sq(3, 3), sq(4, 3), sq(5, 3), sq(3, 4), sq(5, 4)):
        paint(state, square, "forest", production=1)
    paint(state, sq(3, 5), "desert")
    player = state.players[0]
    player.techs, player.government, player.trade = list(techs), "despotism", 0
    state.phase, state.k, state.first = "city", 0, 0
    edited(state)
    return state, city


def items(state, city) -> set[str]:
    return {a.item for a in choice(state).actions if isinstance(a, Produce) and a.city == city.square}


def test_6_3_1_a_city_produces_one_thing_costing_at_most_its_production():
    """§6.3 "egyetlen dolgot termel, méghozzá amelynek költsége annyi vagy kevesebb, mint ahány
    ipari ikon található a város külvárosaiban ... Az alanti képen látható városnak például 5-je
    van külvárosaiban, így minden fordulóban termelhet valamit, aminek költsége legfeljebb 5":
    an army (4) and a level 1 unit (5), not a scout (6)."""
    state, city = five_production()
    offered = items(state, city)
    assert {"army", "unit:infantry", "unit:mounted", "unit:artillery"} <= offered
    assert "scout" not in offered


def test_6_3_1_three_trade_buy_one_production_for_the_turn():
    """§6.3 "Egy város minden 3 elköltött kereskedelmi pontért kap 1 ipari pontot az adott
    fordulóra": with 3 trade the city above buys its sixth point and may produce a scout."""
    state, city = five_production()
    state.players[0].trade = 4
    edited(state)
    RULESET.apply(state, Boost(city.square))
    assert state.players[0].trade == 1 and "scout" in items(state, city)
    assert not any(isinstance(a, Boost) for a in choice(state).actions)  # 1 trade left buys nothing


def test_6_5_3_the_knights_example_units_upgrade_and_cost_more():
    """§6.5.3 "Ha például egyikőtök kifejleszti a lovagi rendet ... lovassági haditechnológia-
    jelzőjét átforgatja a 2. szint oldalára"; "minden meglévő lovasából automatikusan lovag lesz.
    Viszont ha új típusú lovasságot akar felállítani, az 5 helyett már 7-be kerül neki": after
    Chivalry the city of 5 no longer affords a mounted unit, the other types still cost 5."""
    state, city = five_production()
    learn(state, 0, "chivalry", [])
    edited(state)
    assert state.players[0].levels["mounted"] == 2
    offered = items(state, city)
    assert "unit:mounted" not in offered and "unit:infantry" in offered
    paint(state, sq(5, 5), "forest", production=2)
    edited(state)
    assert "unit:mounted" in items(state, city)  # 7 production


def squares_for(state, city, item: str) -> set[str]:
    return {a.square for a in choice(state).actions if isinstance(a, Produce) and a.city == city.square
            and a.item == item}


def test_6_3_4_a_city_holds_one_star_building_a_market_forbids_a_temple():
    """§6.3.4 "egy városban legfeljebb egy kivételes épület állhat. Ha például egy város
    valamelyik külvárosán már van piac, abban a városban már nem épülhet templom"; the market's
    own square may be rebuilt as a temple (§6.3.6)."""
    state, city = five_production(("mysticism", "currency"))
    for square in (sq(3, 3), sq(4, 3), sq(5, 3)):
        paint(state, square, "forest", production=3)
    edited(state)
    assert len(squares_for(state, city, "building:temple")) > 1
    state.buildings[sq(3, 5)] = (0, "market")
    edited(state)
    assert squares_for(state, city, "building:temple") == {sq(3, 5)}
    assert squares_for(state, city, "building:market") == {sq(3, 5)}


def test_6_3_5_a_wonder_and_a_star_building_may_share_a_city_two_wonders_may_not():
    """§6.3.5 "egy városban csak egy csoda lehet. Azonban ugyanabban a városban épülhet egy
    csoda és egy kivételes épület is"."""
    state, city = five_production()
    for square in (sq(3, 3), sq(4, 3), sq(5, 3), sq(3, 4), sq(5, 4)):
        paint(state, square, "forest", production=4)
    state.buildings[sq(3, 5)] = (0, "temple")
    state.wonder_market[0] = "colossus"
    edited(state)
    assert len(squares_for(state, city, "wonder:colossus")) > 1
    state.wonders[sq(5, 5)] = (0, "stonehenge")
    state.players[0].wonders.append("stonehenge")
    edited(state)
    assert squares_for(state, city, "wonder:colossus") == {sq(5, 5)}  # only by replacing it


def test_6_3_6_a_rebuilt_wonder_leaves_the_game_a_rebuilt_building_returns_to_the_market():
    """§6.3.6 "Ha ez épület, rakjátok vissza a piactáblára; ha csoda, kártyájával együtt
    rakjátok vissza a dobozba, mivel a játék során már nem építhető fel újra"."""
    from engine.rulesets.civilization.production import markers_left

    state, city = five_production(("mysticism",))
    state.wonders[sq(5, 5)] = (0, "stonehenge")
    state.players[0].wonders.append("stonehenge")
    state.buildings[sq(3, 5)] = (0, "temple")
    for square in (sq(3, 3), sq(4, 3)):
        paint(state, square, "forest", production=6)
    state.wonder_market[0] = "colossus"
    edited(state)
    RULESET.apply(state, Produce(city.square, "wonder:colossus", sq(5, 5)))
    assert state.wonders[sq(5, 5)] == (0, "colossus") and "stonehenge" not in state.players[0].wonders
    assert "stonehenge" not in state.wonder_market and "stonehenge" not in state.wonder_pool["ancient"]
    state2, city2 = five_production(("mysticism", "pottery"))
    state2.buildings[sq(5, 5)] = (0, "temple")
    paint(state2, sq(5, 5), "grassland")
    edited(state2)
    temples = markers_left(state2, "temple")
    RULESET.apply(state2, Produce(city2.square, "building:granary", sq(5, 5)))
    assert state2.buildings[sq(5, 5)] == (0, "granary") and markers_left(state2, "temple") == temples + 1


def test_6_3_4_walls_once_a_city_in_its_centre():
    """§6.3.4 "A városfal maga is épületnek számít, de a többitől eltérően a városközpontban
    található ... Városonként egy városfal építhető"."""
    state, city = five_production(("masonry",))
    paint(state, sq(5, 5), "forest", production=1)
    edited(state)
    assert squares_for(state, city, "building:city_walls") == {city.square}
    RULESET.apply(state, Produce(city.square, "building:city_walls", city.square))
    assert city.walled and sq(4, 4) not in state.buildings
    city.acted = 0
    edited(state)
    assert squares_for(state, city, "building:city_walls") == set()


def test_6_5_3_after_engineering_only_the_aqueduct_is_built():
    """§6.5.3 "a mérnöki tudományokat elsajátító játékos a továbbiakban már nem építhet új
    hombárt 5-ért, hanem csak vízvezetéket 8-ért"."""
    state, city = five_production(("pottery",))
    paint(state, sq(5, 5), "grassland")
    paint(state, sq(3, 3), "forest", production=4)  # 8 production
    edited(state)
    assert "building:granary" in items(state, city) and "building:aqueduct" not in items(state, city)
    learn(state, 0, "engineering", [])
    edited(state)
    assert "building:granary" not in items(state, city) and "building:aqueduct" in items(state, city)


def test_6_5_3_an_upgrade_technology_alone_allows_the_upgraded_building():
    """§6.5.3 "Fontos: a fejlettebb épület felhúzását lehetővé tevő technológia kifejlesztéséhez
    nem szükséges, hogy ismerjétek az alapépület megépítését lehetővé tevő technológiát", and the
    legend's ÉPÜLET TOVÁBBFEJLESZTÉSE: "A játékos ettől kezdve megépítheti ezt az épületet":
    Engineering without Pottery builds aqueducts."""
    state, city = five_production(("engineering",))
    paint(state, sq(3, 3), "forest", production=4)
    edited(state)
    assert "building:aqueduct" in items(state, city)


def test_6_3_2_a_new_figure_joins_own_figures_only_within_the_stack_limit_and_not_on_water():
    """§6.3.2 "A bábu lerakható olyan térképmezőre is, amelyen már tartózkodik egy vagy több
    saját bábu, ha a bábuk száma nem haladja meg a mennyiségi korlátot"; "vízre csak akkor, ha
    bábuitok mozgásukat befejezhetik vízen, vagyis ismeritek a hajózást, gőzgépet, repülést"."""
    from civ import add_figure

    state, city = five_production()
    add_figure(state, 0, "army", sq(5, 5))
    paint(state, sq(4, 5), "water")
    edited(state)
    assert {sq(5, 5)} <= squares_for(state, city, "army") and sq(4, 5) not in squares_for(state, city, "army")
    add_figure(state, 0, "scout", sq(5, 5))
    edited(state)
    assert state.players[0].civ != "russians"  # the stack limit is 2
    assert sq(5, 5) not in squares_for(state, city, "army")
    learn(state, 0, "seafaring", [])
    edited(state)
    assert sq(4, 5) in squares_for(state, city, "army")


def test_6_3_4_no_building_once_its_markers_are_used_up():
    """§6.3.4 "épületből sincs korlátlan mennyiség, csak ahány jelző található a játékban. Ha egy
    fajta épületnek elfogytak a jelzői, addig nem építhettek újat, amíg valamelyiket a meglévők
    közül le nem romboljátok": the 5 temple/cathedral markers are all on the map."""
    state, city = five_production(("mysticism",))
    paint(state, sq(3, 3), "forest", production=3)
    edited(state)
    assert "building:temple" in items(state, city)
    for x in range(5):
        state.buildings[sq(10 + x, 2)] = (1, "temple" if x % 2 else "cathedral")
    edited(state)
    assert "building:temple" not in items(state, city)
