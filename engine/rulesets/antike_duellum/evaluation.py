"""How good a position is for one player, for the bots that look ahead (greedy, search).

Antike Duellum is won by the first player to hold 9 persons (§5.3), so a position is worth
its persons, the persons its deeds already earned this turn (a first technology, a temple
destroyed: handed out at the turn's end, §8.1), and the way it has come towards the next of
each kind while that kind's stack still holds one: cities towards a king (every 5), temples
towards a citizen (every 3), sea areas towards a navigator (7). Cities, units and goods are
what the next persons are bought with, so they count a little too, goods only up to what one
purchase needs (a temple's 6 marble, two recruits' iron): hoarded goods buy nothing, and a
bot paid for hoarding would ride the production segments for ever. Persons alone would leave
a one-ply bot blind to every move but the one that completes a person.

In the endgame (``endgame``: every temple standing, every scholar taken) the persons left need
units carried over several turns, beyond a search to the end of its own turn: the way from the
seat's nearest unit to a free city site counts then (``settling``), or once founding can earn
it no king the way to conquering the enemy city best worth it (``siege``: a temple city's general
and any city's share of a king), and so do units bought into the recruitment box, a MILITIA
from the board, and the iron that recruits them all (2 a unit, §6.3). Without them both bots
sat on 7 or 8 persons for hundreds of turns (one seeded game ran to the 2,000-turn cap) while
the free sites lay some borders off and the gold piled up; with iron counted only up to two
recruits, a seat holding 96 gold and 6 galleys in its box never traded for the iron to put
them on the board. Before the endgame the evaluation is unchanged.

The search bots evaluate hundreds of thousands of positions a game, most of their time: the
board is gone through once for both seats, and what is the same for both (which stacks still
hold a card, the navigator cap) is looked up once.
"""

from __future__ import annotations

from engine.rulesets.antike_duellum.military import defence, sea_areas
from engine.rulesets.antike_duellum.persons import (
    CITIZENS_EVERY,
    KINGS_EVERY,
    NAVIGATOR_AT,
    held,
)
from engine.rulesets.antike_duellum.refusals import placement_limit
from engine.rulesets.antike_duellum.state import DuellumState
from engine.rulesets.antike_duellum.tables import (
    MARKERS,
    REACH,
    RECRUIT_IRON,
    TEMPLES,
    UNITS,
    VICTORY,
)

PERSON = 10.0  # a person card; everything else is measured against it
CITY, UNIT, GOOD, TECHNOLOGY = 1.0, 0.4, 0.15, 1.5
USEFUL = {"gold": 4, "marble": 6, "iron": 4, "coins": 4}  # goods beyond these are worth nothing
_EARNED_BY_DEEDS = ("scholar", "general")  # this turn's deeds, counted for the active seat only
SETTLING = (CITY + PERSON / KINGS_EVERY) / 2  # a unit on a free site: half a city; none REACH borders off
_MARKERS = sum(MARKERS.values())


def cities_by_seat(state: DuellumState) -> tuple[int, int]:
    """Both seats' cities: a duel's seats are 0 and 1, so the owners' sum is seat 1's count."""
    owner = state.owner
    second = sum(owner.values())
    return len(owner) - second, second


def temples_by_seat(state: DuellumState) -> tuple[int, int] | list[int]:
    """The measure citizens are earned by (``persons.temple_measure``), both seats at once."""
    if state.tables.options.citizens_count_built:
        return state.temples_built
    temples = state.temples
    second = sum(map(state.owner.__getitem__, temples))
    return len(temples) - second, second


def persons_due(state: DuellumState, seat: int) -> int:
    """Persons held plus those this turn's deeds have earned and the stacks still hold (what
    ``persons.award`` hands out at the turn's end, §8.1)."""
    return _worth_parts(state, seat, cities_by_seat(state)[seat], temples_by_seat(state)[seat])[0]


def _worth_parts(state: DuellumState, seat: int, cities: int, temples: int) -> tuple[int, float]:
    """The seat's persons due, and its way towards the next king, citizen and navigator (each
    in [0, 1), while its stack still holds a card)."""
    stacks = state.stacks
    cap = 2 if state.tables.options.second_navigator else 1
    kind_of = state.tables.person_kind
    persons = state.persons[seat]
    held = [kind_of[card] for card in persons] if persons else ()
    due = len(held)
    towards = 0.0
    for kind, count, every in (("king", cities, KINGS_EVERY), ("citizen", temples, CITIZENS_EVERY)):
        stack = stacks.get(kind)
        if stack:
            owed = count // every - held.count(kind)
            if owed > 0:
                due += min(owed, len(stack))
            towards += count % every / every
    navigators = stacks.get("navigator")
    if navigators:
        seas = sea_areas(state, seat)
        navigators_held = held.count("navigator")
        owed = min(cap, seas // NAVIGATOR_AT) - navigators_held
        if owed > 0:
            due += min(owed, len(navigators))
        if navigators_held < cap:
            towards += min(seas, NAVIGATOR_AT - 1) / NAVIGATOR_AT
    turn = state.turn
    if turn is not None and turn.seat == seat:
        for kind, owed in zip(_EARNED_BY_DEEDS, (turn.scholars, turn.generals)):
            stack = stacks.get(kind)
            if owed > 0 and stack:
                due += min(owed, len(stack))
    return due, towards


def endgame(state: DuellumState) -> bool:
    """Building and research are spent: every temple stands (§2: the bank's 12; none is built
    until a conquest destroys one) and every scholar is taken. The persons left need units
    carried far (a free city site, 7 sea areas, an enemy city to conquer), which no search to the
    end of its own turn sees, so the evaluation then values the way there."""
    return len(state.temples) >= TEMPLES and not state.stacks.get("scholar")


def settling(state: DuellumState, seat: int) -> float:
    """The way to the next city (§6.8: a city is founded where the seat has a unit), asked while
    founding can still earn the seat a king (§8.1: its cities and the free sites, as far as the
    markers go, reach its next 5): ``SETTLING`` for a unit standing on a free site, less for
    each border between the seat's nearest unit and its nearest free site."""
    owner = state.owner
    nearest = REACH
    by_distance = state.tables.sites_by_distance
    for unit in UNITS:
        by_origin = by_distance[unit]
        for region in state.units(unit)[seat]:
            for borders, site in by_origin[region]:
                if borders >= nearest:
                    break
                if site not in owner:
                    nearest = borders
                    break
    return SETTLING * (REACH - nearest) / REACH


def siege(state: DuellumState, seat: int) -> float:
    """The way to the next conquest once founding earns the seat no king (§6.5: a city falls to
    as many units in its region as its defence value; §8.1: its cities count towards a king,
    and §7.3: a temple city's earns a general): for the enemy city best worth the way, half what
    taking it earns (the city, its share of a king while one is left, a general for a temple
    while one is left) times how near the seat's nearest units stand, each counted less for
    every border it stands off, as many as the defence and the units the defender can still
    recruit into the city in one MILITIA (§6.3: from its box, 2 iron each, 3 into a temple
    city, 1 into another). Counting every unit near, not the nearest, the bot had gathered
    enough three borders off and never marched in (a seeded game took 580 turns); counting
    temple cities alone, a seat one city short of its last king sat 24 units against 24 for
    hundreds of turns before the defended temples; counting the defence alone, it gathered just
    enough, the defender recruited into the city first, every time, and a seeded game between
    two searching seats ran to the 2,000-turn cap."""
    stacks = state.stacks
    city_worth = CITY + PERSON / KINGS_EVERY if stacks.get("king") else CITY
    temple_worth = city_worth + PERSON if stacks.get("general") else city_worth
    owner = state.owner
    temples = state.temples
    closeness = state.tables.closeness
    placed = [(closeness[unit][region], n) for unit in UNITS for region, n in state.units(unit)[seat].items()]
    defender = 1 - seat
    box = state.box[defender]
    recruits = min(box["legion"] + box["galley"], (state.goods[defender]["iron"] + state.coins[defender]) // RECRUIT_IRON)
    best = 0.0
    # temple cities first: a plain city's worth is then often below the best already found
    for worth, cities in ((temple_worth, [city for city in temples if owner[city] != seat]),
                          (city_worth, [city for city, holder in owner.items() if holder != seat and city not in temples])):
        if worth <= best:
            continue
        for city in cities:
            near = []
            for by_city, n in placed:
                close = by_city.get(city)
                if close:
                    near += [close] * n
            if near:
                near.sort(reverse=True)
                if worth * near[0] > best * REACH:  # else not even its nearest unit's way beats the best
                    need = max(1, defence(state, city)) + min(placement_limit(state, city), recruits)
                    best = max(best, worth * sum(near[:need]) / (REACH * need))
    return best / 2


def worths(state: DuellumState) -> list[float]:
    """Every seat's worth; a won game is worth a hundred persons to its winner."""
    if state.winner is not None:
        return [PERSON * VICTORY * 10 if seat == state.winner else 0.0 for seat in range(len(state.names))]
    every_cities = cities_by_seat(state)
    temples = temples_by_seat(state)
    late = endgame(state)
    # the cities still to be founded, while a king is left to found them for
    free = min(len(state.tables.sites) - len(state.owner), _MARKERS - len(state.marker)) \
        if late and state.stacks.get("king") else 0
    result = []
    for seat in (0, 1):
        cities = every_cities[seat]
        due, towards = _worth_parts(state, seat, cities, temples[seat])
        units = sum(state.legions[seat].values()) + sum(state.galleys[seat].values())
        way = 0.0
        in_box = 0
        if late:
            kings = held(state, seat, "king")
            founding = free and cities + free >= KINGS_EVERY * (kings + 1)
            way = settling(state, seat) if founding else siege(state, seat)
            box = state.box[seat]  # units bought are a MILITIA from the board
            in_box = box["legion"] + box["galley"]
            units += in_box
        stock = state.goods[seat]
        # in the endgame the iron that recruits the whole box onto the board is one purchase
        goods = min(state.coins[seat], USEFUL["coins"]) + min(stock["gold"], USEFUL["gold"]) \
            + min(stock["marble"], USEFUL["marble"]) + min(stock["iron"], max(USEFUL["iron"], RECRUIT_IRON * in_box))
        result.append(PERSON * (due + towards) + CITY * cities + UNIT * units + GOOD * goods
                      + TECHNOLOGY * len(state.techs[seat]) + way)
    return result


def evaluate(state: DuellumState, seat: int) -> float:
    """The seat's worth less its opponent's."""
    values = worths(state)
    return values[seat] - values[1 - seat]
