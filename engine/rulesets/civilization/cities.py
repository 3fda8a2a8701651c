"""The city management phase (§6.3): each city takes one action (produce, devote to the arts,
harvest); trade buys production; resource abilities, events and culture steps at any point of
one's own turn."""

from __future__ import annotations

from engine.core.decision import Choice, Decision
from engine.core.events import Event
from engine.rulesets.civilization.abilities import (
    amount,
    has,
    pay,
    payments,
    resource_abilities,
)
from engine.rulesets.civilization.actions import (
    AdvanceCulture,
    Arts,
    Boost,
    Done,
    Harvest,
    Produce,
    UseAbility,
)
from engine.rulesets.civilization.battle import begin_battle, scouts_caught
from engine.rulesets.civilization.board import (
    cities_of,
    city_at,
    city_yield,
    figures_at,
)
from engine.rulesets.civilization.culture import advance, can_advance
from engine.rulesets.civilization.draws import fill_market, owe
from engine.rulesets.civilization.event_cards import playable
from engine.rulesets.civilization.kept import (
    cards_changed,
    marker_changed,
    occupancy,
)
from engine.rulesets.civilization.placement import clear_square
from engine.rulesets.civilization.production import (
    AIRCRAFT_COST,
    FIGURE_COST,
    UNIT_COST,
    productions,
    sites,
    wonder_cost,
)
from engine.rulesets.civilization.setup import add_figure
from engine.rulesets.civilization.state import City, CivState, Draw
from engine.rulesets.civilization.tables import A_FIGURE, once
from engine.rulesets.civilization.turn import current

ADVANCE = AdvanceCulture(label="advance on the culture track")
END_CITIES = Done(label="end city management")


def actions_allowed(state: CivState, seat: int, city: City) -> int:
    if city.capital and state.players[seat].government == "anarchy":
        return 0
    return 2 if has(state, seat, "produce_twice") else 1


def spend_the_city(state: CivState, seat: int, city: City) -> None:
    """Devoting to the arts or harvesting is the city's one action (§6.3 "E fázisban minden
    városotokban egy akciót hajthattok végre"): Engineering lets a city produce two things
    (§6.5.3 "egy város két dolgot állítson elő"), not do something else before or after."""
    city.acted = max(city.acted + 1, actions_allowed(state, seat, city))


def city_actions(state: CivState, city: City) -> list:
    allowed = actions_allowed(state, city.owner, city)
    if city.acted >= allowed:
        return []
    found: list = list(productions(state, city))
    t, sq = state.tables, city.square
    made = t.made  # found there first: ``once`` with its new lambdas only when not yet built
    if city.acted == 0:  # its arts and harvests, built once per table for each list of resources
        market = state.market
        harvest = tuple([r for r in sites(state, city).resources if market.get(r, 0) > 0])
        key = ("arts and harvest", sq, harvest)
        found += made.get(key) or once(t, key, lambda: (
            once(t, ("arts", sq), lambda: Arts(sq, label=("devote the city on {} to the arts", t.place[sq]))),
            *[once(t, ("harvest", sq, r), lambda r=r: Harvest(sq, r, label=("harvest {} in the city on {}", r, t.place[sq])))
              for r in harvest]))
    if state.players[city.owner].trade >= 3:
        found.append(made.get(("boost", sq)) or once(t, ("boost", sq), lambda: Boost(
            sq, label=("spend 3 trade for +1 production on {}", t.place[sq]))))
    return found


CITY_ABILITIES = ("culture_for", "coins_for", "great_person_for", "production_for")


def city_abilities(state: CivState, seat: int) -> list[tuple[str, str, str, int]]:
    """(kind, tech, resource, number) for each of the seat's city management abilities not used
    this turn (``resource_abilities`` of each of ``CITY_ABILITIES``): asked at every step of its
    city management, so remembered as they are (``kept.Occupancy.memo``), in one look-up."""
    player = state.players[seat]
    key = ("city abilities", seat, len(player.techs), *player.used)
    memo = (state.board or occupancy(state)).memo
    found = memo.get(key)
    if found is None:
        found = memo[key] = [(kind, *use) for kind in CITY_ABILITIES for use in resource_abilities(state, seat, kind)]
    return found


def ability_actions(state: CivState, seat: int) -> list[UseAbility]:
    """Asked at every step of the seat's city management, so each move is built once
    (``tables.once``, by everything its fields and label are made from) and found in the
    table's built moves before once() and its lambda are made."""
    t = state.tables
    made = t.made
    names = t.names_of
    player = state.players[seat]
    found: list[UseAbility] = []
    if not (player.minors or any(player.resources.values())):
        return found  # nothing to pay with
    for kind, tech, resource, number in city_abilities(state, seat):
        if kind == "coins_for" and player.tech_coins.get(tech, 0) >= number:
            continue
        for way in payments(state, seat, resource):
            what = "a face-down marker" if way in t.minors else way
            if kind == "production_for":
                for c in cities_of(state, seat):
                    if c.acted < actions_allowed(state, seat, c):
                        key = ("production for", tech, way, number, c.square)
                        found.append(made.get(key) or once(
                            t, key, lambda tech=tech, way=way, what=what, number=number, sq=c.square: UseAbility(
                                tech, way, sq, label=("{}: pay {} for +{} production on {}", names[tech], what,
                                                      number, t.place[sq]))))
            else:
                key = ("use", tech, way)
                found.append(made.get(key) or once(t, key, lambda tech=tech, way=way, what=what: UseAbility(
                    tech, way, label=("{}: pay {}", names[tech], what))))
    return found


def decide_city(state: CivState) -> Decision:
    seat = current(state)
    actions: list = []
    waiting = False
    for city in cities_of(state, seat):
        mine = city_actions(state, city)
        waiting = waiting or (city.acted == 0 and bool(mine))  # then it may devote itself to the arts
        actions += mine
    if can_advance(state, seat):
        actions.append(ADVANCE)
    actions += ability_actions(state, seat) + playable(state, seat, "city")
    if not waiting:
        actions.append(END_CITIES)
    return Choice(seat, "city management", tuple(actions))


def on_produce(state: CivState, move: Produce, log: list[Event]) -> None:
    seat = current(state)
    t = state.tables
    player = state.players[seat]
    city = city_at(state, move.city)
    assert city is not None
    kind, _, what = move.item.partition(":")
    name = t.names[seat]
    if kind in FIGURE_COST:
        cost = FIGURE_COST[kind]
        add_figure(state, seat, kind, move.square)
        log.append(Event(("{} builds {} on {}", name, A_FIGURE[kind], t.place[move.square])))
        blockaders = [f for f in figures_at(state, move.square) if f.owner != seat]
        if any(f.kind == "army" for f in blockaders):
            armies = sum(1 for f in figures_at(state, move.square) if f.owner == seat and f.kind == "army")
            begin_battle(state, seat, blockaders[0].owner, move.square, "figures", armies, log)
        elif blockaders:
            scouts_caught(state, seat, move.square, log)
    elif kind == "unit":
        cost = AIRCRAFT_COST if what == "aircraft" else UNIT_COST[player.levels[what]]
        owe(state, Draw(f"unit:{what}", seat, "unit"))
    elif kind == "building":
        cost = t.buildings[what].cost
        if "city_centre" in t.buildings[what].terrain:
            city.walled = True
            marker_changed(state, city.square)
        else:
            clear_square(state, move.square, log)
            state.buildings[move.square] = (seat, what)
            marker_changed(state, move.square)
        log.append(Event(("{} builds {} on {}", name, t.names_of[what], t.place[move.square])))
    else:
        cost = wonder_cost(state, seat, what)
        slot = state.wonder_market.index(what)
        state.wonder_market[slot] = ""
        clear_square(state, move.square, log)
        state.wonders[move.square] = (seat, what)
        marker_changed(state, move.square)
        player.wonders.append(what)
        log.append(Event(("{} builds {} on {}", name, t.names_of[what], t.place[move.square])))
        fill_market(state)
        if player.civ == "romans":
            advance(state, seat, log, free=True)
    city.spent += max(0, cost - player.production_bonus)
    player.production_bonus = 0
    city.acted += 1


def on_arts(state: CivState, move: Arts, log: list[Event]) -> None:
    seat = current(state)
    city = city_at(state, move.city)
    assert city is not None
    gained = 1 + city_yield(state, city, "culture") + amount(state, seat, "arts")
    state.players[seat].culture += gained
    spend_the_city(state, seat, city)
    log.append(Event(("{} devotes the city on {} to the arts: {} culture", state.tables.names[seat], state.tables.place[move.city], gained)))


def on_harvest(state: CivState, move: Harvest, log: list[Event]) -> None:
    seat = current(state)
    city = city_at(state, move.city)
    assert city is not None
    state.market[move.resource] -= 1
    player = state.players[seat]
    player.resources[move.resource] = player.resources.get(move.resource, 0) + 1
    spend_the_city(state, seat, city)
    log.append(Event(("{} harvests {}", state.tables.names[seat], move.resource)))


def on_boost(state: CivState, move: Boost, log: list[Event]) -> None:
    seat = current(state)
    city = city_at(state, move.city)
    assert city is not None
    state.players[seat].trade -= 3
    city.boost += 1


def on_advance_culture(state: CivState, move: AdvanceCulture, log: list[Event]) -> None:
    advance(state, current(state), log)


def use_ability(state: CivState, seat: int, move: UseAbility, log: list[Event]) -> None:
    """A resource ability (§6.5.3): pay, mark the card used this turn, take the effect."""
    from engine.rulesets.civilization.event_cards import TRADE_MAX

    player = state.players[seat]
    pay(state, seat, move.resource)
    player.used.append(move.tech)
    for token in state.tables.techs[move.tech].abilities:
        kind, *rest = token.split(":")
        number = int(rest[1]) if len(rest) > 1 else 0
        if kind == "culture_for":
            player.culture += number
        elif kind == "coins_for":
            player.tech_coins[move.tech] = player.tech_coins.get(move.tech, 0) + 1
            cards_changed(state, seat)
        elif kind == "trade_for":
            player.trade = min(TRADE_MAX, player.trade + number)
        elif kind == "great_person_for":
            owe(state, Draw("great", seat, "great"))
        elif kind == "production_for":
            city = city_at(state, move.city)
            assert city is not None
            city.boost += number
    log.append(Event(("{} uses {}", state.tables.names[seat], state.tables.names_of[move.tech])))

