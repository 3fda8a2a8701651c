"""The rondel's building actions (digest §6.2-§6.4): TEMPLUM builds temples and walls,
MILITIA recruits units onto your cities, SCIENTIA develops technologies and buys units.
Each is a run of single purchases, paid item by item, closed by ``EndAction``.
"""

from __future__ import annotations

from functools import partial

from engine.core.events import Event
from engine.core.moves import Action
from engine.rulesets.antike_duellum import actions as a
from engine.rulesets.antike_duellum import refusals
from engine.rulesets.antike_duellum.building import (
    build_temple,
    build_wall,
    temple_problem,
    wall_problem,
)
from engine.rulesets.antike_duellum.economy import can_pay
from engine.rulesets.antike_duellum.military import add, battle
from engine.rulesets.antike_duellum.pending import BUYS
from engine.rulesets.antike_duellum.refusals import (
    placement_limit,
    recruit_cost,
    tech_price,
)
from engine.rulesets.antike_duellum.rondel import opponent, to_founding
from engine.rulesets.antike_duellum.state import DuellumState, Turn
from engine.rulesets.antike_duellum.tables import (
    RECRUIT_IRON,
    SPECIAL_MOVES_AS,
    SPECIAL_RECRUIT_IRON,
    TECH_NAMES,
    TECHS,
    TEMPLE_MARBLE,
    UNIT_DUE_FOR,
    UNITS,
)

WORKS = {"TEMPLUM": "build temples and walls", "MILITIA": "recruit units onto your cities",
         "SCIENTIA": "develop technologies and buy units"}
END_ACTIONS = {action: a.EndAction(label=f"end {action}") for action in WORKS}


def own_cities(state: DuellumState, seat: int) -> list[str]:
    return sorted(city for city, owner in state.owner.items() if owner == seat)


def action_moves(state: DuellumState, turn: Turn) -> list[Action]:
    seat = turn.seat
    tables = state.tables
    moves: list[Action] = []
    if turn.action == "TEMPLUM":
        cities = own_cities(state, seat)
        temples, walls = tables.temple_actions, tables.wall_actions
        if can_pay(state, seat, {"marble": TEMPLE_MARBLE}):  # what every temple costs at least
            moves += [temples[c] for c in cities if temple_problem(state, seat, c) is None]
        if state.walls_supply[seat]:
            moves += [walls[c] for c in cities if wall_problem(state, seat, c) is None]
    elif turn.action == "MILITIA":
        moves += recruit_moves(state, turn)
    else:
        for tech in TECHS:
            if tech in tables.techs and refusals.develop_problem(state, seat, tech) is None:
                price = tech_price(state, seat, tech)
                moves.append(tables.action(("develop", tech, price), partial(develop_action, tech, price)))
        for unit in UNITS:
            if refusals.buy_problem(state, seat, unit) is None:
                moves.append(BUYS[unit])
    moves.append(END_ACTIONS[turn.action])
    return moves


def recruit_moves(state: DuellumState, turn: Turn) -> list[Action]:
    """The recruits ``recruit_problem`` allows, its checks made unit by unit (still in the box
    from the turn's start, paid for) and city by city (room for a new unit), then per pair
    (terrain; a special unit only where a temple stands)."""
    seat = turn.seat
    tables = state.tables
    units = [u for u in UNITS if turn.recruitable.get(u, 0) > 0]
    if turn.special_recruitable:
        units.append(tables.special(seat))
    units = [u for u in units if can_pay(state, seat, recruit_cost(turn, u))]
    moves: list[Action] = []
    recruits = tables.recruit_actions
    for city in own_cities(state, seat) if units else ():
        if turn.placed.get(city, 0) < placement_limit(state, city):
            moves += [recruits[(u, city)] for u in units
                      if tables.holds(u, city) and (u in UNITS or city in state.temples)]
    return moves


def develop_action(tech: str, price: int) -> a.Develop:
    return a.Develop(tech, label=f"develop {TECH_NAMES[tech]} ({price} gold)")


def on_build_temple(state: DuellumState, move: a.BuildTemple, log: list[Event]) -> None:
    build_temple(state, state.turn.seat, move.city, log)


def on_build_wall(state: DuellumState, move: a.BuildWall, log: list[Event]) -> None:
    build_wall(state, state.turn.seat, move.city, log)


def on_recruit(state: DuellumState, move: a.Recruit, log: list[Event]) -> None:
    turn = state.turn
    seat = turn.seat
    turn.placed[move.city] = turn.placed.get(move.city, 0) + 1
    if move.unit in SPECIAL_MOVES_AS:
        state.special[seat] = move.city
        turn.special_recruitable = False
        cost = SPECIAL_RECRUIT_IRON
    else:
        state.box[seat][move.unit] -= 1
        turn.recruitable[move.unit] -= 1
        add(state, seat, move.unit, move.city)
        cost = RECRUIT_IRON
        if turn.free.get(move.unit):
            turn.free[move.unit] -= 1
            cost = 0
    log.append(Event(("{} recruits a {} in {}{}", state.names[seat], move.unit, state.tables.name(move.city),
                      "" if cost else " free of iron")))
    if cost:
        turn.due, turn.due_for, turn.paid = {"iron": cost}, UNIT_DUE_FOR[move.unit], {}
    if move.unit in UNITS:  # a special unit placed beside enemies does not fight (§9.4)
        battle(state, move.city, move.unit, log)


def on_develop(state: DuellumState, move: a.Develop, log: list[Event]) -> None:
    turn = state.turn
    seat = turn.seat
    price = tech_price(state, seat, move.tech)
    first = move.tech not in state.techs[opponent(seat)]
    state.techs[seat].append(move.tech)
    if first:
        state.firsts[seat].append(move.tech)
        turn.scholars += 1
    turn.commercium_new |= move.tech == "commercium"
    log.append(Event(("{} develops {}{}", state.names[seat], TECH_NAMES[move.tech], " first" if first else "")))
    turn.due, turn.due_for, turn.paid = {"gold": price} if price else {}, TECH_NAMES[move.tech], {}


def on_end_action(state: DuellumState, move: a.EndAction, log: list[Event]) -> None:
    to_founding(state)
