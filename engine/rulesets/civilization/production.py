"""What a city may produce (§6.3.1, §6.4-6.5): the squares where a new figure or marker may go,
what each item costs and the production moves built from them; kept per city (``Sites``) until
a figure, marker or ability it was made from changes. ``cities.py`` runs the phase with them."""

from __future__ import annotations

from attrs import define, field

from engine.core.text import Words
from engine.rulesets.civilization.abilities import (
    amount,
    can_build,
    has,
    movement_rules,
    tokens,
    upgraded,
)
from engine.rulesets.civilization.actions import Produce
from engine.rulesets.civilization.board import (
    gathering_scouts,
    scouts_worked,
    square_icons,
)
from engine.rulesets.civilization.kept import (
    layout,
    occupancy,
)
from engine.rulesets.civilization.placement import own_or_free
from engine.rulesets.civilization.state import City, CivState, Figure
from engine.rulesets.civilization.tables import once

FIGURE_COST = {"army": 4, "scout": 6}
UNIT_COST = {1: 5, 2: 7, 3: 9, 4: 11}
AIRCRAFT_COST = 12
STAR_LIMIT = 1


@define
class Sites:
    """What a city's choices are made from that changes only with the figures, the board and
    its owner's abilities: its production, the squares where a new army, scout or marker may
    go, its star buildings, its wonder squares and the resources it may harvest. Asked on every
    step of city management, so kept (``kept.Occupancy.sites``) until one of those changes:
    a figure moving, a marker placed, a scout sent or a hut taken keeps it unless on a
    ``watched`` square.
    ``moves`` keeps the production moves built from them, by item (``item_moves``; shared with
    the city's earlier sites found with the same squares, ``kept.Layout.moves``), and ``offers``
    every move the city may produce, by what else they depend on (``productions``)."""

    production: int
    trade: int  # collected in the trade phase (§6.2), just before city management asks the rest
    army: list[str]
    scout: list[str]
    free: list[str]
    stars: list[str]
    wonders: list[str]
    resources: list[str]
    watched: frozenset[str]  # the squares it was made from: the city's, its outskirts, its scouts'
    basis: tuple  # what else it was made from: its owner's movement rules, its scouts' squares (``basis``)
    moves: dict[str, tuple[Produce, ...]] = field(factory=dict, eq=False)
    offers: dict[tuple, tuple[Produce, ...]] = field(factory=dict, eq=False)  # see ``productions``


def sites(state: CivState, city: City) -> Sites:
    """A city whose owner's cards changed or whose scouts were sent (``kept.cards_changed``,
    ``kept.scouts_sent``) keeps its sites when their ``basis`` is unchanged: most technologies
    and governments change no movement rule, and most scouts gather for the same city turn
    after turn."""
    board = state.board or occupancy(state)
    found = board.sites.get(city.square)
    if found is not None and board.unsure and city.square in board.unsure:
        board.unsure.discard(city.square)
        if found.basis != basis(state, city, gathering_scouts(state, city)):
            found = None
    if found is None:
        found = board.sites[city.square] = new_sites(state, city)
    return found


def basis(state: CivState, city: City, scouts: list[Figure]) -> tuple:
    """What a city's sites are made from besides the squares they watch."""
    return movement_rules(state, city.owner)[1:], tuple([f.square for f in scouts])


def new_sites(state: CivState, city: City) -> Sites:
    """One pass over the outskirts. The city works a revealed square that is not blockaded
    (``board.worked_squares``, its scouts' squares besides): their icons' production and trade,
    and the resources of those with no marker. A new marker may go on a revealed square that is
    no city centre, not blockaded and holds no other seat's marker (``placement.free_squares``;
    a wonder on one of those not water, on its own wonder's square if it has one:
    ``placement.city_wonder_squares``); a new army on a revealed square that is no city centre,
    hut or village, water only with the right technology, within the stack limit; a new scout
    likewise but never onto a blockaded square (only an army may go there, and fights, §6.7)."""
    seat = city.owner
    t = state.tables
    looks, minors = state.squares, state.minors
    buildings, wonders, greats = state.buildings, state.wonders, state.greats
    kept = state.layout or layout(state)
    cities, icons = kept.cities, kept.icons
    at = (state.board or occupancy(state)).figures
    _, end_water, limit = movement_rules(state, seat)
    army, scout, free, stars, land, own_wonders = [], [], [], [], [], []
    production = trade = 0
    resources = set()
    for sq in t.ring[city.square]:
        look = looks.get(sq)
        if look is None:
            continue
        enemy, mine = False, 0
        for f in at.get(sq, ()):
            if f.owner == seat:
                mine += 1
            else:
                enemy = True
        unmarked = sq not in buildings and sq not in wonders and sq not in greats
        if not enemy:
            found = icons.get(sq) or square_icons(state, sq)
            production += found.production
            trade += found.trade
            if unmarked and look.resource:
                resources.add(look.resource)
        if not unmarked and sq in buildings and t.buildings[buildings[sq][1]].star:
            stars.append(sq)
        if sq in cities:
            continue
        if not enemy and (unmarked or own_or_free(state, sq, seat)):
            free.append(sq)
            if look.terrain != "water":
                land.append(sq)
                if sq in wonders:
                    own_wonders.append(sq)
        if (end_water or look.terrain != "water") and sq not in minors and mine < limit:
            army.append(sq)
            if not enemy:
                scout.append(sq)
    scouts = gathering_scouts(state, city)
    for sq in scouts_worked(state, city, scouts):
        found = icons.get(sq) or square_icons(state, sq)
        production += found.production
        trade += found.trade
        if looks[sq].resource and sq not in buildings and sq not in wonders and sq not in greats:
            resources.add(looks[sq].resource)
    wonder_squares = sorted(own_wonders or land)
    squares = (army, scout, free, stars, wonder_squares, city.walled)
    before = kept.moves.get(city.square)
    if before is not None and before[0] == squares:
        moves = before[1]
    else:
        moves = {}
        kept.moves[city.square] = (squares, moves)
    return Sites(production, trade, army, scout, free, stars, wonder_squares, sorted(resources),
                 frozenset([city.square, *t.ring[city.square], *(f.square for f in scouts)]),
                 basis(state, city, scouts), moves)


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
    """Its printed cost or the lowest reduction for a tech the seat knows (§6.3.5); kept per
    number of techs the seat knows (they only grow)."""
    memo = (state.board or occupancy(state)).memo
    key = ("wonder cost", seat, len(state.players[seat].techs), wonder)
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
    sides = memo.get(key)
    if sides is None:
        t = state.tables
        sides = memo[key] = tuple([upgraded(t, found, b) for b, card in t.buildings.items()
                                   if card.upgrade_of is None and can_build(t, found, b)])
    return sides


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


def item_moves(state: CivState, city: City, kept: Sites, item: str) -> tuple[Produce, ...]:
    """The moves producing ``item`` in ``city``, one per square it may go on: made from the
    sites' squares, the city's walls and the building's terrain and star alone, so kept by
    them across the city's sites (``new_sites``), and found by their squares in one look-up
    (``tables.once``), not one per square."""
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
        key = ("produce", city.square, item, tuple(squares))
        found = made.get(key)
        if found is None:
            found = made[key] = tuple([once(state.tables, ("produce", city.square, item, sq),
                                            lambda sq=sq: new_produce(state, city.square, item, sq))
                                       for sq in squares])
        kept.moves[item] = found
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
