"""Ability ids of technologies, governments, wonders and civilizations, each read in one place.

A card lists ids with their numbers (``speed:1``, ``culture_for:incense:3``); the rules ask
``amount`` or ``has`` here. Ids (digest §6.5.3 for technologies):

=====================  ==============================================================
speed:N, stack:N       figures move N more squares; N more figures may share a square
hand:N                 battle hand size +N
event_limit:N          event hand limit +N (base 2)
city_limit:N           the city limit becomes N (Irrigation: 3)
coin                   1 coin on the card when learned (permanent)
coin:N                 N coins while in effect (governments, wonders)
water:enter/end        figures may enter water / also end there and be placed there
build:B, upgrade:B     may build B; learning an upgrade flips every basic B of yours
government:G           may switch to G
unit:K:L               military level L for unit type K
aircraft               aircraft may be produced
produce_twice          a producing city may produce a second thing (Engineering)
culture_for:R:N        city management, once a turn: pay R for N culture tokens
trade_for:R:N          trade phase, once a turn: pay R for N trade
coins_for:R:N          city management, once a turn: pay R for a coin on the card (N at most)
production_for:R:N     city management, once a turn: pay R for +N production in a city
great_person_for:R     city management, once a turn: pay R to draw a great person
wounds_for:R:N         battle, before or after an attack, once: pay R for N wounds on an enemy unit
city_trade:N           each city collects N more trade
city_production:N      each city has N more production
arts:N                 devoting a city to the arts gives N more culture
research_keep:N        N more trade kept after research
defence:N, battle:N    battle bonus when defending / in every battle
anarchy                the capital takes no city action
space_flight           learning it wins the game
=====================  ==============================================================

Spy and uranium markers (huts and villages) pay for any resource ability (the "?" icon).
"""

from __future__ import annotations

from engine.rulesets.civilization.board import blockaded, map_coins
from engine.rulesets.civilization.kept import layout, occupancy
from engine.rulesets.civilization.state import CivState
from engine.rulesets.civilization.tables import Tables

WILD = ("spy", "uranium")
BASE_SPEED, BASE_STACK, BASE_EVENT_LIMIT, BASE_CITY_LIMIT = 2, 2, 2, 2
RUSSIAN_STACK = 1


def working_wonders(state: CivState, seat: int) -> tuple[str, ...]:
    """Wonders whose abilities work: owned, not obsolete, not blockaded (§6.3.5, §6.7)."""
    if not state.wonders:
        return ()
    return tuple(wonder for square, (owner, wonder) in state.wonders.items()
                 if owner == seat and wonder not in state.obsolete and not blockaded(state, square, seat))


def abilities(state: CivState, seat: int) -> tuple[dict[str, int], frozenset[str]]:
    """The numbers by ability name (``speed`` for ``speed:1``) and every token in effect for
    ``seat``: its techs, its government, its working wonders. Kept until the seat's cards change
    (``kept.cards_changed``), and with the layout per combination of cards, so a seat switching
    back to a government finds its abilities: a seat's techs only grow, so their number tells
    them within a game."""
    now = (state.board or occupancy(state)).abilities
    found = now.get(seat)
    if found is None:
        wonders = working_wonders(state, seat)
        player = state.players[seat]
        kept = layout(state).abilities
        key = (seat, len(player.techs), player.government, wonders)
        found = kept.get(key)
        if found is None:
            found = kept[key] = combination(state, seat, wonders)
        now[seat] = found
    return found


def combination(state: CivState, seat: int, wonders: tuple[str, ...]) -> tuple[dict[str, int], frozenset[str]]:
    """The seat's techs' part (``tech_part``) with its government's and working wonders'."""
    t = state.tables
    amounts, found = tech_part(state, seat)
    extra = [*t.governments[state.players[seat].government].abilities,
             *[token for wonder in wonders for token in t.wonders[wonder].abilities]]
    return add_numbers(t, dict(amounts), extra), found.union(extra)


def tech_part(state: CivState, seat: int) -> tuple[dict[str, int], frozenset[str]]:
    """The abilities of the seat's techs alone, kept with the layout per number of techs (they
    only grow, one appended at a time, so a seat's next part is its last one with the new tech's
    tokens): a random seat changes government or has a wonder blockaded far more often than it
    learns, and its techs give most of its tokens."""
    kept = (state.layout or layout(state)).techs
    player = state.players[seat]
    count = len(player.techs)
    key = (seat, count)
    found = kept.get(key)
    if found is None:
        t = state.tables
        before = kept.get((seat, count - 1))  # the same techs but the last learned: add its tokens
        if before is None:
            every = [token for tech in player.techs for token in t.techs[tech].abilities]
            found = (add_numbers(t, {}, every), frozenset(every))
        else:
            last = t.techs[player.techs[-1]].abilities
            found = (add_numbers(t, dict(before[0]), last), before[1].union(last))
        kept[key] = found
    return found


def add_numbers(t: Tables, amounts: dict[str, int], found: list[str]) -> dict[str, int]:
    """``amounts`` with the numbers of the tokens in ``found`` added by ability name."""
    numbers = t.ability_numbers
    for token in found:
        if token in numbers:
            name, number = numbers[token]
            amounts[name] = amounts.get(name, 0) + number
    return amounts


# The seat's kept abilities are read as ``board.abilities.get(seat) or abilities(...)``: these
# are asked at most steps, and the look-up spares a call while they are kept.


def tokens(state: CivState, seat: int) -> frozenset[str]:
    return ((state.board or occupancy(state)).abilities.get(seat) or abilities(state, seat))[1]


def amount(state: CivState, seat: int, name: str) -> int:
    return ((state.board or occupancy(state)).abilities.get(seat) or abilities(state, seat))[0].get(name, 0)


def has(state: CivState, seat: int, token: str) -> bool:
    return token in ((state.board or occupancy(state)).abilities.get(seat) or abilities(state, seat))[1]


def speed(state: CivState, seat: int) -> int:
    return BASE_SPEED + amount(state, seat, "speed")


def movement_rules(state: CivState, seat: int) -> tuple[bool, bool, int]:
    """Whether the seat's figures may enter water, may also end there (and be placed there),
    and its stack limit: asked together on every step of a move, so kept with its abilities."""
    board = state.board or occupancy(state)
    rules = board.rules.get(seat)
    if rules is None:
        amounts, found = abilities(state, seat)
        extra = RUSSIAN_STACK if state.players[seat].civ == "russians" else 0
        end = "water:end" in found
        rules = board.rules[seat] = (end or "water:enter" in found, end, BASE_STACK + amounts.get("stack", 0) + extra)
    return rules


def stack_limit(state: CivState, seat: int) -> int:
    return movement_rules(state, seat)[2]


def event_limit(state: CivState, seat: int) -> int:
    return BASE_EVENT_LIMIT + amount(state, seat, "event_limit")


def city_limit(state: CivState, seat: int) -> int:
    """A limit, not a sum: the largest counts. Found among the cards' few tokens that set one
    (``Tables.city_limits``), not by reading every token."""
    limits = state.tables.city_limits
    return max([BASE_CITY_LIMIT, *[limits[token] for token in tokens(state, seat).intersection(limits)]])


def may_enter_water(state: CivState, seat: int) -> bool:
    return movement_rules(state, seat)[0]


def may_end_on_water(state: CivState, seat: int) -> bool:
    return movement_rules(state, seat)[1]


def can_build(t: Tables, found: frozenset[str], building: str) -> bool:
    """Whether the seat may build ``building`` or one of its upgrades: an upgrade's technology
    alone allows it (§6.5.3 "a fejlettebb épület felhúzását lehetővé tevő technológia
    kifejlesztéséhez nem szükséges, hogy ismerjétek az alapépület megépítését lehetővé tevő
    technológiát"; the legend: "A játékos ettől kezdve megépítheti ezt az épületet"). ``found``
    is the seat's ``tokens``."""
    return not found.isdisjoint(t.allowed_by[building])


def upgraded(t: Tables, found: frozenset[str], building: str) -> str:
    """The side of a building's marker a seat with the tokens ``found`` builds: the upgrade once
    it knows it."""
    for other in t.upgrades.get(building, ()):
        if f"upgrade:{other}" in found:
            return other
    return building


def coins(state: CivState, seat: int) -> int:
    """The economy dial (§6.8): coins on technologies, on the map and from abilities; asked for
    every seat after every step (the economic victory), so kept until something changes."""
    kept = (state.board or occupancy(state)).coins
    found = kept.get(seat)
    if found is None:
        player = state.players[seat]
        found = kept[seat] = sum(player.tech_coins.values()) + map_coins(state, seat) + amount(state, seat, "coin")
    return found


def resource_abilities(state: CivState, seat: int, kind: str) -> list[tuple[str, str, int]]:
    """(tech, resource, number) for each of the seat's ``kind`` abilities not used this turn.
    Asked on every step of a seat's city management and trade, so remembered by the seat's
    number of techs (they only grow) and the cards used this turn (``kept.Occupancy.memo``)."""
    player = state.players[seat]
    key = (kind, seat, len(player.techs), *player.used)
    memo = (state.board or occupancy(state)).memo
    found = memo.get(key)
    if found is None:
        found = memo[key] = count_resource_abilities(state, seat, kind)
    return found


def count_resource_abilities(state: CivState, seat: int, kind: str) -> list[tuple[str, str, int]]:
    player = state.players[seat]
    uses = state.tables.resource_uses[kind]
    used = player.used
    return [(tech, resource, number) for tech in player.techs if tech in uses and tech not in used  # in the order learned
            for resource, number in uses[tech]]


def payments(state: CivState, seat: int, resource: str) -> list[str]:
    """How ``seat`` may pay one ``resource``: a market marker of that type, or a held hut or
    village marker showing it or a wild spy/uranium (named by marker id)."""
    player = state.players[seat]
    ways = [resource] if player.resources.get(resource, 0) else []
    seen = set()
    for marker in player.minors:
        result = state.tables.minors[marker].result
        if (result == resource or result in WILD) and result not in seen:
            seen.add(result)
            ways.append(marker)
    return ways


def pay(state: CivState, seat: int, way: str) -> None:
    """Spend a resource: market markers go back to the market, hut and village markers to the box."""
    player = state.players[seat]
    if way in player.minors:
        player.minors.remove(way)
        return
    player.resources[way] -= 1
    state.market[way] = state.market.get(way, 0) + 1
