"""The city management phase (§6.3): each city takes one action (produce, devote to the arts,
harvest); trade buys production; resource abilities, events and culture steps at any point of
one's own turn."""

from __future__ import annotations

from attrs import define, field

from engine.core.decision import Choice, Decision
from engine.core.events import Event
from engine.core.text import Words
from engine.rulesets.civilization.abilities import (
    amount,
    can_build,
    has,
    movement_rules,
    pay,
    payments,
    resource_abilities,
    tokens,
    upgraded,
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
    city_resources,
    city_yield,
    figures_at,
    gathering_scouts,
    outskirts,
    production_and_trade,
    worked_squares,
)
from engine.rulesets.civilization.culture import advance, can_advance
from engine.rulesets.civilization.draws import fill_market, owe
from engine.rulesets.civilization.event_cards import playable
from engine.rulesets.civilization.kept import (
    cards_changed,
    layout,
    marker_changed,
    occupancy,
)
from engine.rulesets.civilization.placement import (
    city_wonder_squares,
    clear_square,
    own_or_free,
)
from engine.rulesets.civilization.setup import add_figure
from engine.rulesets.civilization.state import City, CivState, Draw
from engine.rulesets.civilization.tables import A_FIGURE, once
from engine.rulesets.civilization.turn import current

FIGURE_COST = {"army": 4, "scout": 6}
UNIT_COST = {1: 5, 2: 7, 3: 9, 4: 11}
AIRCRAFT_COST = 12
STAR_LIMIT = 1
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


@define
class Sites:
    """What a city's choices are made from that changes only with the figures, the board and
    its owner's abilities: its production, the squares where a new army, scout or marker may
    go, its star buildings, its wonder squares and the resources it may harvest. Asked on every
    step of city management, so kept (``kept.Occupancy.sites``) until one of those changes:
    a figure moving, a marker placed, a scout sent or a hut taken keeps it unless on a
    ``watched`` square.
    ``moves`` keeps the production moves built from them, by item, and ``offers`` every move
    the city may produce, by what else they depend on (``productions``)."""

    production: int
    trade: int  # collected in the trade phase (§6.2), just before city management asks the rest
    army: list[str]
    scout: list[str]
    free: list[str]
    stars: list[str]
    wonders: list[str]
    resources: list[str]
    watched: frozenset[str]  # the squares it was made from: the city's, its outskirts, its scouts'
    moves: dict[str, list[Produce]] = field(factory=dict, eq=False)
    offers: dict[tuple, tuple[Produce, ...]] = field(factory=dict, eq=False)  # see ``productions``


def sites(state: CivState, city: City) -> Sites:
    kept = (state.board or occupancy(state)).sites
    found = kept.get(city.square)
    if found is None:
        found = kept[city.square] = new_sites(state, city)
    return found


def new_sites(state: CivState, city: City) -> Sites:
    """One pass over the outskirts. A new marker may go on a revealed square that is no city
    centre, not blockaded and holds no other seat's marker (``placement.free_squares``); a new
    army on a revealed square that is no city centre, hut or village, water only with the right
    technology, within the stack limit; a new scout likewise but never onto a blockaded square
    (only an army may go there, and fights, §6.7)."""
    seat = city.owner
    looks, minors = state.squares, state.minors
    buildings, wonders, greats = state.buildings, state.wonders, state.greats
    cities = (state.layout or layout(state)).cities
    at = (state.board or occupancy(state)).figures
    _, end_water, limit = movement_rules(state, seat)
    army, scout, free = [], [], []
    for sq in state.tables.ring[city.square]:
        look = looks.get(sq)
        if look is None or sq in cities:
            continue
        enemy, mine = False, 0
        for f in at.get(sq, ()):
            if f.owner == seat:
                mine += 1
            else:
                enemy = True
        unmarked = sq not in buildings and sq not in wonders and sq not in greats
        if not enemy and (unmarked or own_or_free(state, sq, seat)):
            free.append(sq)
        if (end_water or look.terrain != "water") and sq not in minors and mine < limit:
            army.append(sq)
            if not enemy:
                scout.append(sq)
    scouts = gathering_scouts(state, city)
    worked = worked_squares(state, city, scouts)
    return Sites(*production_and_trade(state, worked), army, scout, free, star_squares(state, city),
                 city_wonder_squares(state, city, free), sorted(city_resources(state, city, worked)),
                 frozenset([city.square, *state.tables.ring[city.square], *(f.square for f in scouts)]))


def capacity(state: CivState, city: City) -> int:
    seat = city.owner
    base = sites(state, city).production + amount(state, seat, "city_production")
    return base + city.boost + state.players[seat].production_bonus - city.spent


def building_terrain(state: CivState, building: str) -> tuple[str, ...]:
    options = state.tables.options
    basic = state.tables.buildings[building].upgrade_of or building
    if basic == "library":
        return (options.library_terrain,)
    if basic == "barracks":
        return (options.barracks_terrain,)
    return tuple(state.tables.buildings[building].terrain)


def markers_left(state: CivState, building: str) -> int:
    t = state.tables
    basic = t.buildings[building].upgrade_of or building
    if basic == "city_walls":
        return 1
    return t.buildings[basic].markers - markers_placed(state).get(basic, 0)


def markers_placed(state: CivState) -> dict[str, int]:
    """Building markers on the map per basic building; kept with the layout."""
    kept = state.layout or layout(state)
    if kept.placed is None:
        kept.placed = {}
        for _, b in state.buildings.values():
            side = state.tables.buildings[b].upgrade_of or b
            kept.placed[side] = kept.placed.get(side, 0) + 1
    return kept.placed


def star_squares(state: CivState, city: City) -> list[str]:
    t = state.tables
    return [sq for sq in outskirts(state, city) if sq in state.buildings and t.buildings[state.buildings[sq][1]].star]


def has_star(state: CivState, city: City, ignoring: str = "") -> bool:
    return any(sq != ignoring for sq in star_squares(state, city))


def building_squares(state: CivState, city: City, building: str) -> list[str]:
    card = state.tables.buildings[building]
    if "city_centre" in card.terrain:
        return [] if city.walled else [city.square]
    terrains = building_terrain(state, building)
    kept = sites(state, city)
    squares = [sq for sq in kept.free if state.squares[sq].terrain in terrains]
    if card.star:
        squares = [sq for sq in squares if not any(other != sq for other in kept.stars)]
    return squares


def wonder_cost(state: CivState, seat: int, wonder: str) -> int:
    """Its printed cost or the lowest reduction for a tech the seat knows (§6.3.5); kept until a
    seat's cards change."""
    memo = (state.board or occupancy(state)).memo
    key = ("wonder cost", seat, wonder)
    found = memo.get(key)
    if found is None:
        found = memo[key] = count_wonder_cost(state, seat, wonder)
    return found


def count_wonder_cost(state: CivState, seat: int, wonder: str) -> int:
    card = state.tables.wonders[wonder]
    cost = card.cost
    for reduction in card.reductions:
        tech, _, value = reduction.partition(":")
        if tech in state.players[seat].techs:
            cost = min(cost, int(value))
    if state.players[seat].civ == "egyptians":
        cost -= 2
    return cost


def buildable(state: CivState, seat: int) -> tuple[str, ...]:
    """The buildings the seat may build, each the side it builds (the upgrade once known), in
    the table's order; remembered per set of abilities while the seats' cards stay."""
    found = tokens(state, seat)
    key = ("buildable", found)
    memo = (state.board or occupancy(state)).memo
    if key not in memo:
        memo[key] = tuple(upgraded(state, seat, b) for b, card in state.tables.buildings.items()
                          if card.upgrade_of is None and can_build(state, seat, b))
    return memo[key]


def new_produce(state: CivState, city: str, item: str, square: str) -> Produce:
    kind, _, what = item.partition(":")
    label: Words
    t = state.tables
    if kind == "unit":
        label = ("{} unit", what)
    elif kind == "building":  # a fixed cost is in the label; a unit's and a wonder's change with the cards
        label = ("{} on {} ({} production)", t.names_of[what], t.place[square], t.buildings[what].cost)
    elif what:
        label = ("{} on {}", t.names_of[what], t.place[square])
    else:
        label = ("{} on {} ({} production)", kind, t.place[square], FIGURE_COST[kind])
    return Produce(city, item, square, label=label)


def item_moves(state: CivState, city: City, kept: Sites, item: str) -> list[Produce]:
    """The moves producing ``item`` in ``city``, one per square it may go on."""
    found = kept.moves.get(item)
    if found is None:
        kind, _, what = item.partition(":")
        if kind == "army":
            squares = kept.army
        elif kind == "scout":
            squares = kept.scout
        elif kind == "building":
            squares = building_squares(state, city, what)
        elif kind == "wonder":
            squares = kept.wonders
        else:
            squares = [""]
        made = state.tables.made  # see ``tables.once``: built once per game, found here without a call
        found = kept.moves[item] = []
        for sq in squares:
            key = ("produce", city.square, item, sq)
            move = made.get(key)
            if move is None:
                move = made[key] = new_produce(state, city.square, item, sq)
            found.append(move)
    return found


UNIT_KINDS = ("infantry", "mounted", "artillery", "aircraft")


def productions(state: CivState, city: City) -> tuple[Produce, ...]:
    """Everything the city may produce now. Asked on every step of city management, so kept
    with its ``Sites`` (dropped when the figures, the board or its owner's cards change) by
    the rest it depends on: its production, the figures in the supply, the wonder market and
    which unit decks are empty."""
    player = state.players[city.owner]
    cap = capacity(state, city)
    kept = sites(state, city)
    pool, bottom = state.unit_pool, state.unit_bottom
    key = (cap, player.armies > 0, player.scouts > 0, *state.wonder_market,
           *[bool(pool[kind] or bottom[kind]) for kind in UNIT_KINDS])
    found = kept.offers.get(key)
    if found is None:
        found = kept.offers[key] = tuple(count_productions(state, city, cap, kept))
    return found


def count_productions(state: CivState, city: City, cap: int, kept: Sites) -> list[Produce]:
    seat = city.owner
    t = state.tables
    player = state.players[seat]
    found: list[Produce] = []
    if player.armies and FIGURE_COST["army"] <= cap:
        found += item_moves(state, city, kept, "army")
    if player.scouts and FIGURE_COST["scout"] <= cap:
        found += item_moves(state, city, kept, "scout")
    pool, bottom = state.unit_pool, state.unit_bottom
    for kind in ("infantry", "mounted", "artillery"):
        if UNIT_COST[player.levels[kind]] <= cap and (pool[kind] or bottom[kind]):
            found += item_moves(state, city, kept, f"unit:{kind}")
    if AIRCRAFT_COST <= cap and (pool["aircraft"] or bottom["aircraft"]) and has(state, seat, "aircraft"):
        found += item_moves(state, city, kept, "unit:aircraft")
    for side in buildable(state, seat):
        if t.buildings[side].cost > cap or markers_left(state, side) <= 0:
            continue
        found += item_moves(state, city, kept, f"building:{side}")
    for wonder in state.wonder_market:
        if wonder and wonder_cost(state, seat, wonder) <= cap:
            found += item_moves(state, city, kept, f"wonder:{wonder}")
    return found


def city_actions(state: CivState, city: City) -> list:
    allowed = actions_allowed(state, city.owner, city)
    if city.acted >= allowed:
        return []
    found: list = list(productions(state, city))
    t, sq = state.tables, city.square
    if city.acted == 0:
        found.append(once(t, ("arts", sq), lambda: Arts(sq, label=("devote the city on {} to the arts", t.place[sq]))))
        found += [once(t, ("harvest", sq, r), lambda r=r: Harvest(sq, r, label=("harvest {} in the city on {}", r, t.place[sq])))
                  for r in sites(state, city).resources if state.market.get(r, 0) > 0]
    if state.players[city.owner].trade >= 3:
        found.append(once(t, ("boost", sq), lambda: Boost(sq, label=("spend 3 trade for +1 production on {}", t.place[sq]))))
    return found


CITY_ABILITIES = ("culture_for", "coins_for", "great_person_for", "production_for")


def ability_actions(state: CivState, seat: int) -> list[UseAbility]:
    t = state.tables
    names = t.names_of
    player = state.players[seat]
    found: list[UseAbility] = []
    if not (player.minors or any(player.resources.values())):
        return found  # nothing to pay with
    for kind in CITY_ABILITIES:
        for tech, resource, number in resource_abilities(state, seat, kind):
            if kind == "coins_for" and player.tech_coins.get(tech, 0) >= number:
                continue
            for way in payments(state, seat, resource):
                what = "a face-down marker" if way in t.minors else way
                if kind == "production_for":
                    found += [UseAbility(tech, way, c.square, label=("{}: pay {} for +{} production on {}", names[tech], what, number, t.place[c.square]))
                              for c in cities_of(state, seat) if c.acted < actions_allowed(state, seat, c)]
                else:
                    found.append(UseAbility(tech, way, label=("{}: pay {}", names[tech], what)))
    return found


def decide_city(state: CivState) -> Decision:
    seat = current(state)
    actions: list = []
    waiting = False
    for city in cities_of(state, seat):
        mine = city_actions(state, city)
        waiting = waiting or (city.acted == 0 and any(not isinstance(a, Boost) for a in mine))
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

