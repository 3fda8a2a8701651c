"""Units on the board: battles, movement ranges, city defence and conquest (digest §6.5, §7, §9.4).

Combat has no dice. Same-type enemy units never share a region: whenever they would, they
destroy each other one for one at once (§7.1), so a unit entering a region with enemies of
its type is the only unit of its side there when the battle is fought. Only the variant's
special units may stand beside enemies of their type (they fight only in defence, §9.4).
"""

from __future__ import annotations

from functools import cache

from engine.core.events import Event
from engine.rulesets.antike_duellum.state import DuellumState
from engine.rulesets.antike_duellum.tables import SPECIAL_MOVES_AS


def special_here(state: DuellumState, seat: int, region: str) -> bool:
    """The seat's special unit (variant) stands in ``region``."""
    return bool(state.special) and state.special[seat] == region


def remove(state: DuellumState, seat: int, unit: str, region: str, n: int) -> None:
    """``n`` units of a type go from a region to their owner's recruitment box (§5.4)."""
    units = state.units(unit)[seat]
    left = units[region] - n
    if left:
        units[region] = left
    else:
        del units[region]
    state.box[seat][unit] += n


def add(state: DuellumState, seat: int, unit: str, region: str) -> None:
    units = state.units(unit)[seat]
    units[region] = units.get(region, 0) + 1


def battle(state: DuellumState, region: str, unit: str, log: list[Event], defender: int | None = None) -> bool:
    """Same-type enemies in ``region`` destroy each other 1:1 (§7.1). True if one was fought.

    A special unit (variant) fights only for the ``defender``, the side whose region an enemy
    unit of its type has moved into, and falls last, after every unit escorting it: the
    rulebook lets it be destroyed only so (§9.4). It stays out of other battles."""
    sides = [state.units(unit)[seat].get(region, 0) for seat in (0, 1)]
    special = defender is not None and special_here(state, defender, region) \
        and SPECIAL_MOVES_AS[state.tables.special(defender)] == unit
    if special:
        sides[defender] += 1
    lost = min(sides)
    if not lost:
        return False
    for seat in (0, 1):
        plain = state.units(unit)[seat].get(region, 0)
        if plain:
            remove(state, seat, unit, region, min(lost, plain))
        if lost > plain:
            state.special[seat] = None  # back to its owner's recruitment box
    plural = "s" if lost > 1 else ""
    log.append(Event(("battle in {}: {} {}{} of each side destroyed", state.tables.name(region), lost, unit, plural)))
    return True


def move_range(state: DuellumState, seat: int, unit: str) -> int:
    """Borders a unit may cross in one DUELLUM: 2 with STRATA (legions) or NAVIGATIO (galleys)."""
    kind = SPECIAL_MOVES_AS.get(unit, unit)
    tech = "strata" if kind == "legion" else "navigatio"
    return 2 if tech in state.techs[seat] else 1


def steps_left(state: DuellumState, seat: int, unit: str, region: str) -> int:
    """Steps left to the unit that would move next from ``region``: the one with most left."""
    turn = state.turn
    if unit in SPECIAL_MOVES_AS:
        if not special_here(state, seat, region):
            return 0
        return move_range(state, seat, unit) if turn.special_left < 0 else turn.special_left
    here = state.units(unit)[seat].get(region, 0)
    if not here:
        return 0
    done, one = turn.moved.get(f"{unit}@{region}", (0, 0))
    if here > done + one:
        return move_range(state, seat, unit)
    return 1 if one else 0


def step(state: DuellumState, seat: int, unit: str, origin: str, to: str, log: list[Event]) -> None:
    """Move one unit across one border, then fight any same-type enemies where it arrives.

    The unit with the most steps left moves; the player orders the moves, so any set of
    paths can still be made (a fresh unit first for a two-step path)."""
    turn = state.turn
    left = steps_left(state, seat, unit, origin) - 1
    if unit in SPECIAL_MOVES_AS:  # it never starts a battle: it only defends (§9.4)
        state.special[seat] = to
        turn.special_left = left
        return
    units = state.units(unit)[seat]
    key = f"{unit}@{origin}"
    record = turn.moved.get(key)
    if record is not None and units[origin] == sum(record):
        record[1] -= 1  # no fresh unit here: one that has a step left goes on
    units[origin] -= 1
    if not units[origin]:
        del units[origin]
    if record is not None and not sum(record):
        del turn.moved[key]
    add(state, seat, unit, to)
    turn.moved.setdefault(f"{unit}@{to}", [0, 0])[left] += 1
    if battle(state, to, unit, log, defender=1 - seat):
        _trim(turn.moved, f"{unit}@{to}", units.get(to, 0))


def _trim(moved: dict[str, list[int]], key: str, here: int) -> None:
    """Forget moved units destroyed in a battle, so the records never exceed the units."""
    record = moved[key]
    while sum(record) > here:
        record[0 if record[0] else 1] -= 1
    if not sum(record):
        del moved[key]


def defence(state: DuellumState, city: str) -> int:
    """A city's defence against the active player (§7.2)."""
    turn = state.turn
    defender = state.owner[city]
    attacker = 1 - defender
    value = 3 if city in state.temples else 1
    value += state.legions[defender].get(city, 0) + state.galleys[defender].get(city, 0)
    value += city in state.walls
    value += "res_publica" in state.techs[defender]
    if turn is not None:
        value += turn.fortress.get(city, 0) - turn.pestilence.get(city, 0)
    if special_here(state, defender, city):
        value += 1 + state.tables.options.special_units_count_as_units
    if special_here(state, attacker, city):
        value -= 1
    return max(0, value)


def attackers(state: DuellumState, seat: int, city: str) -> int:
    """Units that count toward ``units >= defence`` (§6.5); a special unit only under A5's option."""
    n = state.legions[seat].get(city, 0) + state.galleys[seat].get(city, 0)
    if special_here(state, seat, city) and state.tables.options.special_units_count_as_units:
        n += 1
    return n


def take_city(state: DuellumState, city: str, log: list[Event]) -> None:
    """After the attacker's losses: defenders to their box, temple to the bank, wall to its
    owner's supply, the marker flipped (§6.5 steps 2-5). A special unit stays (§9.4)."""
    turn = state.turn
    attacker, defender = turn.seat, state.owner[city]
    for unit in ("legion", "galley"):
        n = state.units(unit)[defender].get(city, 0)
        if n:
            remove(state, defender, unit, city, n)
    name = state.tables.name(city)
    lost = []
    if city in state.temples:
        state.temples.remove(city)
        turn.generals += 1
        lost.append("its temple is destroyed")
    if city in state.walls:
        state.walls.remove(city)
        state.walls_supply[defender] += 1
        lost.append("its wall returns to the defender")
    state.owner[city] = attacker
    turn.city_lost = True
    log.append(Event(("{} conquers {}{}", state.names[attacker], name, conquest_losses(tuple(lost)))))


def sea_areas(state: DuellumState, seat: int) -> int:
    """Navigator count (§8.1, A4): regions holding your galley (or admiral); a cityless sea
    region, with its galley symbol, counts 2."""
    value = state.tables.sea_value
    galleys = state.galleys[seat]
    areas = sum(map(value.__getitem__, galleys))
    special = state.special[seat] if state.special else None
    if special and special not in galleys and SPECIAL_MOVES_AS[state.tables.special(seat)] == "galley":
        areas += value[special]
    return areas


@cache
def conquest_losses(lost: tuple[str, ...]) -> str:
    """ "; its temple is destroyed, its wall returns to the defender": made once for each of the
    four ways a conquered city can lose its buildings."""
    return "; " + ", ".join(lost) if lost else ""
