"""Trade, cities and culture (digest §6.2, §6.3, §6.6, §6.7): collecting, producing, the arts,
harvesting, building upgrades, scouts gathering and blockades."""

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

from engine.rulesets.civilization.actions import (
    Arts,
    Done,
    Harvest,
    PlaceMarker,
    Produce,
)
from engine.rulesets.civilization.board import city_yield
from engine.rulesets.civilization.draws import fill_market
from engine.rulesets.civilization.research import learn
from engine.rulesets.civilization.tables import Icons, Square
from engine.rulesets.civilization.trade import collect


def town(players: int = 4):
    state = past_setup(players)
    clear_map(state)
    blank_area(state, 3, 3, 9)
    return state


def around(x: int, y: int) -> list[str]:
    return [sq(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]


def test_6_2_two_cities_with_4_and_8_trade_icons_give_12():
    state = town()
    add_city(state, 0, sq(4, 4))
    add_city(state, 0, sq(9, 9))
    for square in around(4, 4)[:4]:
        paint(state, square, trade=1)
    for square in around(9, 9):
        paint(state, square, trade=1)
    state.players[0].trade = 0
    state.players[0].government = "despotism"
    collect(state, [])
    assert state.players[0].trade == 12


def test_6_2_the_dial_stops_at_27():
    state = town()
    add_city(state, 0, sq(4, 4))
    for square in around(4, 4):
        paint(state, square, trade=2)
    state.players[0].trade = 20
    collect(state, [])
    assert state.players[0].trade == 27


def test_6_1_b_the_city_centre_produces_nothing():
    state = town()
    city = add_city(state, 0, sq(4, 4))
    paint(state, sq(4, 4), "forest", production=2)
    assert city_yield(state, city, "production") == 0


def city_turn(state, seat=0):
    state.phase, state.k, state.first = "city", 0, seat
    edited(state)


def test_6_3_8_arts_one_token_plus_one_per_culture_icon_and_a_scout_on_a_natural_wonder():
    state = town()
    city = add_city(state, 0, sq(4, 4))
    add_city(state, 0, sq(9, 9))
    state.players[0].culture = 0
    state.players[0].government = "despotism"
    city_turn(state)
    RULESET.apply(state, Arts(city.square))
    assert state.players[0].culture == 1  # no culture icons: 1 token
    state = town()
    city = add_city(state, 0, sq(4, 4))
    add_city(state, 0, sq(9, 9))
    paint(state, sq(7, 4), "grassland", culture=1)  # a natural wonder, outside the outskirts
    scout = add_figure(state, 0, "scout", sq(7, 4))
    scout.city = city.square
    state.players[0].culture = 0
    state.players[0].government = "despotism"
    city_turn(state)
    RULESET.apply(state, Arts(city.square))
    assert state.players[0].culture == 2


def test_6_6_an_enemy_scout_on_a_forest_gives_its_city_2_and_takes_2_from_the_blockaded_one():
    state = town()
    mine = add_city(state, 0, sq(4, 4))
    theirs = add_city(state, 1, sq(8, 4))
    paint(state, sq(9, 4), "forest", production=2)
    before = city_yield(state, theirs, "production"), city_yield(state, mine, "production")
    scout = add_figure(state, 0, "scout", sq(9, 4))
    scout.city = mine.square
    assert city_yield(state, theirs, "production") == before[0] - 2
    assert city_yield(state, mine, "production") == before[1] + 2


def test_6_6_a_scout_does_not_gather_in_the_turn_it_was_produced():
    state = town()
    mine = add_city(state, 0, sq(4, 4))
    paint(state, sq(9, 4), "forest", production=2)
    scout = add_figure(state, 0, "scout", sq(9, 4))
    scout.city, scout.made = mine.square, state.turn
    assert city_yield(state, mine, "production") == 0


def test_6_3_9_one_marker_per_harvest_and_only_from_the_market():
    state = town()
    city = add_city(state, 0, sq(4, 4))
    add_city(state, 0, sq(9, 9))
    state.squares[sq(3, 3)] = state.squares[sq(5, 5)] = Square("grassland", Icons(trade=1), "silk")
    state.players[0].resources = {}
    state.players[0].government = "despotism"
    city_turn(state)
    harvests = [a for a in choice(state).actions if isinstance(a, Harvest)]
    assert harvests == [Harvest(city.square, "silk")]  # two silk icons, one choice
    RULESET.apply(state, harvests[0])
    assert state.players[0].resources["silk"] == 1 and state.market["silk"] == 3
    state.market["silk"] = 0
    edited(state)
    assert not [a for a in choice(state).actions if isinstance(a, Harvest)]


def test_6_3_2_an_army_costs_4_a_scout_6():
    state = town()
    city = add_city(state, 0, sq(4, 4))
    add_city(state, 0, sq(9, 9))
    for square in around(4, 4):
        paint(state, square, production=0)
    paint(state, sq(3, 3), "forest", production=2)
    paint(state, sq(5, 5), "forest", production=2)
    state.players[0].government = "despotism"
    state.players[0].techs = []
    city_turn(state)
    items = {a.item for a in choice(state).actions if isinstance(a, Produce) and a.city == city.square}
    assert "army" in items and "scout" not in items and "unit:infantry" not in items  # 4 production


def test_6_3_4_engineering_turns_every_granary_into_an_aqueduct():
    state = town()
    state.buildings[sq(3, 3)] = (0, "granary")
    state.buildings[sq(5, 3)] = (0, "granary")
    state.buildings[sq(9, 9)] = (1, "granary")
    learn(state, 0, "engineering", [])
    assert [b for _, b in sorted(state.buildings.values())] == ["aqueduct", "aqueduct", "granary"]


def test_6_3_4_a_building_replaces_the_square_icons_a_temple_on_a_forest():
    state = town()
    city = add_city(state, 0, sq(4, 4))
    paint(state, sq(3, 3), "forest", production=2)
    state.buildings[sq(3, 3)] = (0, "temple")
    assert city_yield(state, city, "culture") == 2 and city_yield(state, city, "production") == 0


def test_6_3_5_colossus_costs_15_or_10_with_metalworking():
    from engine.rulesets.civilization.production import wonder_cost

    state = town()
    state.players[0].civ, state.players[0].techs = "romans", []
    assert wonder_cost(state, 0, "colossus") == 15
    state.players[0].techs = ["metalworking"]
    edited(state)
    assert wonder_cost(state, 0, "colossus") == 10


def test_6_7_a_new_army_may_go_onto_a_blockaded_square_and_fights_there_a_scout_may_not():
    state = town()
    city = add_city(state, 0, sq(4, 4))
    add_city(state, 0, sq(9, 9))
    for square in around(4, 4):
        paint(state, square, "forest", production=1)
    add_figure(state, 1, "army", sq(5, 5))
    state.players[0].government = "despotism"
    city_turn(state)
    targets = {(a.item, a.square) for a in choice(state).actions if isinstance(a, Produce) and a.city == city.square}
    assert ("army", sq(5, 5)) in targets and ("scout", sq(5, 5)) not in targets
    assert ("scout", sq(3, 3)) in targets
    RULESET.apply(state, Produce(city.square, "army", sq(5, 5)))
    assert state.battle is not None and state.battle.defender == 1 and state.battle.square == sq(5, 5)


def test_4_2_3_d_the_medieval_deck_lies_face_up_and_its_top_card_fills_the_next_slot():
    """§4.2.3 D and §6.3.5: the medieval wonders lie face up on the modern deck, so everyone sees
    the top one; an emptied market slot takes it, and the next medieval wonder comes to the top."""
    state = past_setup(2)
    medieval = {w for w, card in state.tables.wonders.items() if card.age == "medieval"}
    top = state.wonder_top
    assert top in medieval and top not in state.wonder_market
    areas = {area.name: area.cards for area in RULESET.view(state, 1).areas}
    assert areas["medieval wonder deck (face up)"] == (state.tables.names_of[top],)
    state.wonder_pool["ancient"] = []  # the ancient wonders are gone
    state.wonder_market[2] = ""  # a wonder was built from slot 3
    fill_market(state)
    assert state.wonder_market[2] == top and state.wonder_top == ""
    edited(state)
    reveal = RULESET.decision(state)
    assert reveal.seen_by is None  # a face-up card: everyone sees it
    assert {o.value for o in reveal.outcomes} == medieval - {top} - set(state.wonder_market)


def test_6_6_in_the_start_phase_each_scout_is_sent_to_one_of_its_cities_for_the_whole_turn():
    """§6.6: "In the start phase you declare which of your cities each scout sends to"; with one
    city there is nothing to declare."""
    state = town()
    add_city(state, 0, sq(4, 4))
    add_city(state, 0, sq(9, 9))
    scout = add_figure(state, 0, "scout", sq(7, 4))
    state.players[0].greats, state.players[0].events = [], []
    state.phase, state.k, state.first = "start", 0, 0
    edited(state)
    RULESET.apply(state, next(a for a in choice(state).actions if isinstance(a, Done)))
    asked = choice(state)
    assert asked.seat == 0 and {a.city for a in asked.actions} == {sq(4, 4), sq(9, 9)}
    RULESET.apply(state, next(a for a in asked.actions if a.city == sq(9, 9)))
    assert scout.city == sq(9, 9)


def engineering_city(engineering: bool = True):
    """A city with 8 production (two armies' worth) and a silk icon to harvest, its owner's
    city management turn begun, with or without Engineering."""
    state = town()
    city = add_city(state, 0, sq(4, 4))
    add_city(state, 0, sq(9, 9))
    for square in around(4, 4):
        paint(state, square, production=0)
    for square in (sq(3, 4), sq(5, 4), sq(4, 3), sq(4, 5)):
        paint(state, square, "forest", production=2)
    state.squares[sq(3, 3)] = Square("grassland", Icons(trade=1), "silk")
    state.players[0].government = "despotism"
    state.players[0].techs = []
    if engineering:
        learn(state, 0, "engineering", [])
    city_turn(state)
    return state, city


def offered_to(state, city) -> set[type]:
    return {type(a) for a in choice(state).actions if getattr(a, "city", None) == city.square}


def army(state, city) -> Produce:
    return next(a for a in choice(state).actions if isinstance(a, Produce) and a.city == city.square
                and a.item == "army")


def test_6_3_a_city_takes_one_action():
    """§6.3 "E fázisban minden városotokban egy akciót hajthattok végre": after producing, the
    city is offered nothing more."""
    state, city = engineering_city(engineering=False)
    RULESET.apply(state, army(state, city))
    assert not offered_to(state, city) & {Produce, Arts, Harvest}


def test_6_5_3_engineering_lets_a_city_produce_a_second_thing_and_nothing_else():
    """§6.5.3 Engineering "lehetővé tehetik, hogy egy város két dolgot állítson elő": after a
    first production the city may produce again, but not devote to the arts or harvest."""
    state, city = engineering_city()
    assert {Produce, Arts, Harvest} <= offered_to(state, city)
    RULESET.apply(state, army(state, city))
    assert Produce in offered_to(state, city)
    assert not offered_to(state, city) & {Arts, Harvest}
    RULESET.apply(state, army(state, city))
    assert not offered_to(state, city) & {Produce, Arts, Harvest}, "two things at most"


def test_6_5_3_with_engineering_a_city_devoted_to_the_arts_or_harvesting_produces_nothing():
    """§6.3: devoting to the arts and harvesting are the city's one action; Engineering's
    second action is only a second production, so none follows them."""
    for first in (Arts, Harvest):
        state, city = engineering_city()
        RULESET.apply(state, next(a for a in choice(state).actions if isinstance(a, first) and a.city == city.square))
        assert not offered_to(state, city) & {Produce, Arts, Harvest}, first.__name__


def test_6_3_7_a_great_person_is_not_offered_onto_one_of_its_own_kind_and_owner():
    """§6.3.7: "If ... another great person is placed on a great person's square, the great person
    is not discarded. It goes back to your civ sheet." A General placed on one's own General
    changes nothing; offered, the search bot swapped them for ever (issue 29's ladder). Another
    kind may still replace it, and the General may still go to any other outskirts square."""
    state = town()
    add_city(state, 0, sq(4, 4))
    state.greats[sq(5, 4)] = (0, "general-1")
    state.players[0].greats, state.players[0].events = ["general-2", "artist-1"], []
    state.phase, state.k, state.first = "start", 0, 0
    edited(state)
    placed = {(a.card, a.square) for a in choice(state).actions if isinstance(a, PlaceMarker)}
    assert ("general-2", sq(5, 4)) not in placed
    assert ("artist-1", sq(5, 4)) in placed and ("general-2", sq(3, 4)) in placed
