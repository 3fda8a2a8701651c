"""The turn's frame (§5): phases in order, seats clockwise from the first player, the first
player marker passing at each new turn but the first, and what each turn resets."""

from __future__ import annotations

from engine.core.events import Event
from engine.rulesets.civilization.kept import scouts_sent
from engine.rulesets.civilization.state import CivState

PHASES = ("start", "trade", "city", "movement", "research")
PHASE_NAMES = {"start": "start of turn", "trade": "trade", "city": "city management", "movement": "movement",
               "research": "research"}


def order(state: CivState) -> tuple[int, ...]:
    """The seats clockwise from the first player (``Tables.orders``: asked after most steps)."""
    return state.tables.orders[state.first]


def current(state: CivState) -> int:
    return (state.first + state.k) % state.tables.seats


def left_of(state: CivState, seat: int) -> int:
    """The left-hand neighbour: the next seat clockwise (§5)."""
    return (seat + 1) % state.tables.seats


def next_seat(state: CivState, log: list[Event]) -> None:
    """The acting seat has finished its part of the phase; the next one's begins, or the next phase."""
    state.k += 1
    if state.k < state.tables.seats:
        return
    state.k = 0
    if state.phase == "research":
        new_turn(state, log)
    else:
        enter(state, PHASES[PHASES.index(state.phase) + 1], log)


def enter(state: CivState, phase: str, log: list[Event]) -> None:
    state.phase = phase
    state.k = 0
    state.collected = False
    log.append(Event(("turn {}: {} phase", state.turn, PHASE_NAMES[phase])))


def new_turn(state: CivState, log: list[Event]) -> None:
    state.turn += 1
    state.first = (state.first + 1) % state.tables.seats
    for player in state.players:
        player.used.clear()
        player.extra_research = 0
        player.production_bonus = 0
    for city in state.cities:
        city.acted = city.boost = city.spent = 0
    for figure in state.figures:
        figure.moved = False
        if figure.city is not None:
            scouts_sent(state, figure.city)  # scouts are sent anew each turn
            figure.city = None
    log.append(Event(("{} takes the first player marker", state.tables.names[state.first])))
    enter(state, "start", log)
