"""Create an empire (§6.4): starting armies, armies bought with grain, metal and tools one
at a time, equipment handed in one resource at a time (its value ranks the army table),
then the start area: the creator's workers leave it, any armies there are fought, and 1 or
2 armies are deployed."""

from __future__ import annotations

from engine.core.decision import Choice, Decision
from engine.core.events import Event
from engine.core.moves import Action
from engine.core.text import counted
from engine.rulesets.after_the_flood.actions import (
    Buy,
    CreateEmpire,
    Deploy,
    Done,
    Equip,
)
from engine.rulesets.after_the_flood.common import (
    armies_from_general,
    end_action,
    hand_in,
    place_armies,
    resource_moves,
)
from engine.rulesets.after_the_flood.state import FloodState
from engine.rulesets.after_the_flood.tables import ARMIES_BOUGHT, VALUE
from engine.rulesets.shared.words import listed

RANKS = "ABC"


def may_create(state: FloodState, player: int, area: str) -> bool:
    """§6.4: at least one worker in the start area and nobody with more there."""
    counts = state.workers[area]
    return counts[player] > 0 and counts[player] == max(counts)


def start_moves(state: FloodState, player: int) -> list[Action]:
    if state.empire_of[player] is not None:
        return []
    tables = state.tables
    moves = []
    for empire in tables.round_empires(state.round):
        if empire.id in state.empire_of:
            continue
        if empire.start is None:
            moves += [tables.move(CreateEmpire, empire.id, area) for area in tables.sumerian]
        elif may_create(state, player, empire.start):
            moves.append(tables.move(CreateEmpire, empire.id, empire.start))
    return moves


def on_create(state: FloodState, move: CreateEmpire, log: list[Event]) -> None:
    player = state.active
    tables = state.tables
    empire = tables.empires[move.empire]
    state.empire_of[player] = empire.id
    state.empire_area[player] = move.area
    got = armies_from_general(state, player, empire.armies)
    log.append(Event((counted, "{} creates {} with {:army/armies}", state.names[player], empire.name, got)))
    babylon = tables.city_of.get("babylon")
    if babylon is not None and state.cities.get(babylon) == player:
        got = armies_from_general(state, player, 2)
        log.append(Event((counted, "{} takes {:more army/more armies} for the city in {}", state.names[player], got, tables.name(babylon))))
    state.phase = "buy"


def decide_buy(state: FloodState) -> Decision:
    player = state.active
    move = state.tables.move
    moves = []
    if state.armies_general[player]:
        moves = [move(Buy, r) for r in ARMIES_BOUGHT if state.held[player][r]]
    return Choice(player, ("buy more armies ({} now)", state.armies_personal[player]), (*moves, move(Done)))


def on_buy(state: FloodState, move: Buy, log: list[Event]) -> None:
    player = state.active
    hand_in(state, player, move.resource)
    got = armies_from_general(state, player, ARMIES_BOUGHT[move.resource])
    log.append(Event((counted, "{} hands in 1 {} for {:army/armies}", state.names[player], move.resource, got)))


def done_buying(state: FloodState, log: list[Event]) -> None:
    state.phase = "equip"


def decide_equip(state: FloodState) -> Decision:
    player = state.active
    move = state.tables.move
    moves = resource_moves(state, player, Equip)
    return Choice(player, ("equip your armies (value {} now)", state.equipment[player]), (*moves, move(Done)))


def on_equip(state: FloodState, move: Equip, log: list[Event]) -> None:
    player = state.active
    state.held[player][move.resource] -= 1
    state.army_table[move.resource] = state.army_table.get(move.resource, 0) + 1
    state.equipment[player] += VALUE[move.resource]
    log.append(Event(("{} equips with 1 {}", state.names[player], move.resource)))


def done_equipping(state: FloodState, log: list[Event]) -> None:
    """Rank on the army table (a later creator with an equal score ranks below), then clear
    the start area of the creator's workers and fight whoever's armies are there."""
    player = state.active
    value = state.equipment[player]
    place = next((i for i, p in enumerate(state.ranking) if state.equipment[p] < value), len(state.ranking))
    state.ranking.insert(place, player)
    ranks = tuple((RANKS[i], state.names[p], state.equipment[p]) for i, p in enumerate(state.ranking))
    log.append(Event((listed, "army table: {}", ranks, "{} {} ({})")))
    area = state.empire_area[player] or ""
    if area in state.workers and state.workers[area][player]:
        count = state.workers[area][player]
        state.workers[area][player] = 0
        if state.tables.options.creation_workers_to_personal:
            state.workers_personal[player] += count
        else:
            state.workers_general[player] += count
        log.append(Event((counted, "{} removes {:worker/workers} from {}", state.names[player], count, state.tables.name(area))))
    if area in state.armies and state.armies_personal[player]:
        state.combat = (area, "create")
        state.phase = "roll"
    else:
        state.phase = "deploy"


def decide_deploy(state: FloodState) -> Decision:
    player = state.active
    move = state.tables.move
    counts = range(1, min(2, state.armies_personal[player]) + 1)
    area = state.tables.name(state.empire_area[player] or "")
    return Choice(player, ("deploy armies in {}", area), tuple(move(Deploy, n) for n in counts))


def on_deploy(state: FloodState, move: Deploy, log: list[Event]) -> None:
    player = state.active
    area = state.empire_area[player] or ""
    place_armies(state, player, area, move.count)
    log.append(Event((counted, "{} deploys {:army/armies} in {}", state.names[player], move.count, state.tables.name(area))))
    end_action(state)
