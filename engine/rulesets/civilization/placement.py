"""Markers on outskirts squares: buildings, wonders and great people (§6.3.4-6.3.7), and the
rebuilding rule (§6.3.6): one's own marker may be covered, another seat's never."""

from __future__ import annotations

from engine.core.events import Event
from engine.rulesets.civilization.board import (
    blockaded,
    cities_of,
    city_at,
    outskirts,
)
from engine.rulesets.civilization.kept import marker_changed
from engine.rulesets.civilization.state import City, CivState


def own_or_free(state: CivState, square: str, seat: int) -> bool:
    for markers in (state.buildings, state.wonders, state.greats):
        if square in markers and markers[square][0] != seat:
            return False
    return True


def free_squares(state: CivState, city: City) -> list[str]:
    """Outskirts squares of ``city`` where a new marker may go, whatever their terrain: revealed,
    not a city centre, not blockaded, not another seat's marker."""
    found = []
    for square in outskirts(state, city):
        if square not in state.squares or city_at(state, square):
            continue
        if blockaded(state, square, city.owner) or not own_or_free(state, square, city.owner):
            continue
        found.append(square)
    return found


def marker_squares(state: CivState, city: City, terrains: tuple[str, ...] | None = None) -> list[str]:
    """The ``free_squares`` of an allowed terrain (any but water when None)."""
    looks = state.squares
    if terrains is None:
        return [sq for sq in free_squares(state, city) if looks[sq].terrain != "water"]
    return [sq for sq in free_squares(state, city) if looks[sq].terrain in terrains]


def clear_square(state: CivState, square: str, log: list[Event]) -> None:
    """Make room for a new marker: a building goes back to the market, a wonder to the box
    with its card, a great person back to its owner's civ sheet."""
    names = state.tables.names_of
    marker_changed(state, square)
    if square in state.buildings:
        owner, building = state.buildings.pop(square)
        log.append(Event(("{} returns to the market", names[building])))
    if square in state.wonders:
        owner, wonder = state.wonders.pop(square)
        state.players[owner].wonders.remove(wonder)
        log.append(Event(("{} is replaced and leaves the game", names[wonder])))
    if square in state.greats:
        owner, great = state.greats.pop(square)
        state.players[owner].greats.append(great)
        log.append(Event(("{} returns to the civilization sheet", names[great])))


def great_squares(state: CivState, seat: int) -> list[str]:
    return sorted({sq for city in cities_of(state, seat) for sq in marker_squares(state, city)})


def wonder_squares(state: CivState, seat: int) -> list[str]:
    return sorted(sq for city in cities_of(state, seat) for sq in city_wonder_squares(state, city))


def city_wonder_squares(state: CivState, city: City, free: list[str] | None = None) -> list[str]:
    """One wonder per city (§6.3.5): a city that has one takes no other, unless it is replaced.
    (Cities stand 3 squares apart, so no square is in two cities' outskirts.) ``free`` is the
    city's ``free_squares`` when the caller has them."""
    if free is None:
        free = free_squares(state, city)
    squares = [sq for sq in free if state.squares[sq].terrain != "water"]
    own = [sq for sq in squares if sq in state.wonders]
    return sorted(own or squares)


def place_great(state: CivState, seat: int, great: str, square: str, log: list[Event]) -> None:
    clear_square(state, square, log)
    state.players[seat].greats.remove(great)
    state.greats[square] = (seat, great)
    marker_changed(state, square)
    log.append(Event(("{} places {} on {}", state.tables.names[seat], state.tables.names_of[great], state.tables.place[square])))


def place_wonder(state: CivState, seat: int, wonder: str, square: str, log: list[Event]) -> None:
    clear_square(state, square, log)
    state.wonders[square] = (seat, wonder)
    marker_changed(state, square)
    log.append(Event(("{} places {} on {}", state.tables.names[seat], state.tables.names_of[wonder], state.tables.place[square])))
