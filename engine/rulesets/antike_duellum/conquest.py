"""DUELLUM (digest §6.5): movement, one border per step, then conquests.

A declared conquest opens the FORTRESS window for the defender (A7), then the attacker
removes units up to the city's defence, one at a time, and takes the city. Battles, ranges,
defence and the city's fall are the mechanics of ``military.py``.
"""

from __future__ import annotations

from functools import partial

from engine.core.decision import Choice
from engine.core.events import Event
from engine.core.moves import Action
from engine.rulesets.antike_duellum import actions as a
from engine.rulesets.antike_duellum import events, refusals
from engine.rulesets.antike_duellum.cards import OPPONENT_CONQUEST
from engine.rulesets.antike_duellum.military import (
    attackers,
    defence,
    remove,
    step,
    steps_left,
    take_city,
)
from engine.rulesets.antike_duellum.rondel import opponent, to_founding
from engine.rulesets.antike_duellum.rondel_actions import own_cities
from engine.rulesets.antike_duellum.state import Conquest, DuellumState
from engine.rulesets.antike_duellum.tables import UNITS, Tables

END_MOVEMENT = a.EndMovement(label="end movement")
END_CONQUEST = a.EndConquest(label="end conquests")
DECLINE = a.DeclineFortress(label="let the conquest go ahead")
LOSES = {unit: a.Lose(unit, label=f"lose a {unit}") for unit in UNITS}


def step_moves(state: DuellumState, seat: int) -> list[Action]:
    """Every unit that has steps left, across every border its type crosses. Units that have
    not moved this turn have them all, so ``steps_left`` is asked only where some moved."""
    tables = state.tables
    out_of = tables.steps_from
    moved = {tuple(key.split("@")) for key in state.turn.moved}
    moves: list[Action] = []
    for unit in UNITS:
        for region in sorted(state.units(unit)[seat]):
            if (unit, region) not in moved or steps_left(state, seat, unit, region):
                moves += out_of[(unit, region)]
    if state.special and state.special[seat]:
        special, region = tables.special(seat), state.special[seat]
        if steps_left(state, seat, special, region):
            moves += out_of[(special, region)]
    return moves


def conquer_moves(state: DuellumState, seat: int) -> list[Action]:
    """The enemy cities ``conquer_problem`` allows, asked only where the seat has units."""
    tables = state.tables
    here = set(state.legions[seat]) | set(state.galleys[seat])
    if state.special and state.special[seat]:
        here.add(state.special[seat])
    moves: list[Action] = []
    for city in own_cities(state, opponent(seat)):
        if city in here and refusals.conquer_problem(state, seat, city) is None:
            needed = defence(state, city)
            moves.append(tables.action(("conquer", city, needed), partial(conquer_action, tables, city, needed)))
    return moves


def conquer_action(tables: Tables, city: str, needed: int) -> a.Conquer:
    return a.Conquer(city, label=("conquer {} (defence {})", tables.name(city), needed))


def fortress_cards(state: DuellumState, seat: int) -> list[str]:
    events = state.tables.events
    return sorted({card for card in state.hand[seat] if events[card].timing == OPPONENT_CONQUEST})


def decide_conquest(state: DuellumState, conquest: Conquest) -> Choice:
    name = state.tables.name(conquest.city)
    if conquest.stage == "fortress":
        moves: list[Action] = [a.PlayEventOn(card, conquest.city, label=("play {} on {}", state.tables.name(card), name))
                               for card in fortress_cards(state, conquest.defender)]
        moves.append(DECLINE)
        return Choice(conquest.defender,
                      ("{} conquers {} (defence {})", state.names[state.turn.seat], name, defence(state, conquest.city)),
                      tuple(moves), conceals=True)
    seat = state.turn.seat
    return Choice(seat, ("conquest of {}: remove a unit ({} to lose)", name, conquest.losses),
                  tuple(LOSES[u] for u in UNITS if state.units(u)[seat].get(conquest.city)))


def conquest_step(state: DuellumState, conquest: Conquest, log: list[Event]) -> bool:
    """A loss with one possible unit type is taken by itself; once paid, the city falls."""
    if conquest.stage == "fortress":
        return False
    seat = state.turn.seat
    if conquest.losses:
        units = [u for u in UNITS if state.units(u)[seat].get(conquest.city)]
        plain = sum(state.units(u)[seat].get(conquest.city, 0) for u in UNITS)
        if len(units) > 1 and plain > conquest.losses:
            return False
        lose(state, units[0], log)
        return True
    take_city(state, conquest.city, log)
    state.turn.conquest = None
    return True


def on_step(state: DuellumState, move: a.Step, log: list[Event]) -> None:
    step(state, state.turn.seat, move.unit, move.origin, move.to, log)


def on_end_movement(state: DuellumState, move: a.EndMovement, log: list[Event]) -> None:
    turn = state.turn
    turn.moved = {}
    turn.special_left = -1
    turn.step = "conquer"


def on_conquer(state: DuellumState, move: a.Conquer, log: list[Event]) -> None:
    defender = state.owner[move.city]
    conquest = Conquest(move.city, defender)
    state.turn.conquest = conquest
    log.append(Event(("{} declares a conquest of {}", state.names[state.turn.seat], state.tables.name(move.city))))
    if not (fortress_cards(state, defender) or state.tables.options.event_hands_secret):
        to_losses(state, conquest, log)


def to_losses(state: DuellumState, conquest: Conquest, log: list[Event]) -> None:
    """The FORTRESS window is closed: the city holds, or the attacker pays its defence."""
    seat = state.turn.seat
    units = attackers(state, seat, conquest.city)
    needed = defence(state, conquest.city)
    if units < needed:
        log.append(Event(("{} holds: the conquest is called off", state.tables.name(conquest.city))))
        state.turn.conquest = None
        return
    plain = state.legions[seat].get(conquest.city, 0) + state.galleys[seat].get(conquest.city, 0)
    conquest.stage = "losses"
    conquest.losses = min(needed, plain)  # a special unit is never lost in a conquest (§9.4)


def on_decline_fortress(state: DuellumState, move: a.DeclineFortress, log: list[Event]) -> None:
    to_losses(state, state.turn.conquest, log)


def on_play_event_on(state: DuellumState, move: a.PlayEventOn, log: list[Event]) -> None:
    """An event played on a space: FORTRESS by the defender in the window, else the active seat's."""
    conquest = state.turn.conquest
    if conquest is not None and conquest.stage == "fortress":
        events.play(state, conquest.defender, move, log)
        to_losses(state, conquest, log)
    else:
        events.play(state, state.turn.seat, move, log)


def on_lose(state: DuellumState, move: a.Lose, log: list[Event]) -> None:
    lose(state, move.unit, log)


def lose(state: DuellumState, unit: str, log: list[Event]) -> None:
    conquest = state.turn.conquest
    remove(state, state.turn.seat, unit, conquest.city, 1)
    conquest.losses -= 1


def on_end_conquest(state: DuellumState, move: a.EndConquest, log: list[Event]) -> None:
    to_founding(state)
