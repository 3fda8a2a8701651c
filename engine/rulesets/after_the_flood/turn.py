"""Phase 3's turn: the cost of acting after a pass (§5.4), the choice of action, founding
and relocating cities (§6.1), and passing with a bid for turn order (§6.6)."""

from __future__ import annotations

from engine.core.decision import Choice, Decision
from engine.core.events import Event
from engine.core.moves import Action
from engine.rulesets.after_the_flood import empire, expansion, placing, trading
from engine.rulesets.after_the_flood.actions import (
    Bid,
    Done,
    FoundCity,
    Pass,
    PayCost,
    RelocateCity,
)
from engine.rulesets.after_the_flood.common import (
    end_action,
    hand_in,
    lose_army,
    resource_moves,
)
from engine.rulesets.after_the_flood.round_end import end_phase_three
from engine.rulesets.after_the_flood.state import FloodState
from engine.rulesets.after_the_flood.tables import CITIES, SCRIBES, TOOLMAKERS, VALUE


def action_step(state: FloodState, log: list[Event]) -> bool:
    """Skip players who have passed; when all have, phase 3 is over."""
    if all(state.passed):
        end_phase_three(state, log)
        return True
    if state.passed[state.active]:
        state.turn = (state.turn + 1) % len(state.order)
        return True
    return False


def decide_action(state: FloodState) -> Decision:
    player = state.active
    move = state.tables.move
    if any(state.passed) and not state.paid:
        costs = resource_moves(state, player, PayCost)
        if state.workers_personal[player]:
            costs.append(move(PayCost, "worker"))
        if state.armies_personal[player]:
            costs.append(move(PayCost, "army"))
        if state.tables.options.pass_is_free or not costs:
            costs.append(move(Pass))
        return Choice(player, "someone has passed: pay 1 resource, worker or army to act, or pass",
                      tuple(costs))
    actions = [
        *city_moves(state, player),
        *placing.start_moves(state, player),
        *trading.start_moves(state, player),
        *empire.start_moves(state, player),
        *expansion.moves(state, player, spare=0),
    ]
    if not state.paid or not state.tables.options.pass_is_free or not actions:
        actions.append(move(Pass))
    return Choice(player, ("round {}: choose an action", state.round), tuple(actions))


def buildable(state: FloodState, player: int, area: str) -> bool:
    """§6.1: no city there, and no army but the builder's own."""
    army = state.armies.get(area)
    return area not in state.cities and (army is None or army[0] == player)


def city_moves(state: FloodState, player: int) -> list[Action]:
    move = state.tables.move
    sites = [area for area in state.tables.sumerian if buildable(state, player, area)]
    mine = [area for area, owner in state.cities.items() if owner == player]
    if len(mine) < CITIES:
        return [move(FoundCity, area) for area in sites]
    return [move(RelocateCity, source, area) for source in sorted(mine) for area in sites]


def on_pay_cost(state: FloodState, move: PayCost, log: list[Event]) -> None:
    player = state.active
    if move.kind == "worker":
        state.workers_personal[player] -= 1
        state.workers_general[player] += 1
    elif move.kind == "army":
        lose_army(state, player)
    else:
        hand_in(state, player, move.kind)
    state.paid = True
    log.append(Event(("{} hands in 1 {} to act", state.names[player], move.kind)))


def on_found_city(state: FloodState, move: FoundCity, log: list[Event]) -> None:
    build(state, state.active, move.area, log)
    end_action(state)


def on_relocate_city(state: FloodState, move: RelocateCity, log: list[Event]) -> None:
    """§6.1 relocation: the growth marker comes back to its owner; the new city is ungrown."""
    player = state.active
    del state.cities[move.source]
    state.grown.discard(move.source)
    log.append(Event(("{} removes the city in {}", state.names[player], state.tables.name(move.source))))
    build(state, player, move.area, log)
    end_action(state)


def build(state: FloodState, player: int, area: str, log: list[Event]) -> None:
    """Found a city; Eridu and Uruk bring a worker from the general supply each time (§3.2)."""
    tables = state.tables
    state.cities[area] = player
    log.append(Event(("{} founds a city in {}", state.names[player], tables.name(area))))
    box = {"eridu": TOOLMAKERS, "uruk": SCRIBES}.get(tables.ability[area])
    if box is None or not state.workers_general[player]:
        return
    if box == SCRIBES and placing.scribes(state, player) >= 2:  # issue 13: the limit holds
        return
    state.workers_general[player] -= 1
    state.workers[box][player] += 1
    log.append(Event(("{} puts a worker on {}", state.names[player], tables.name(box))))


def on_pass(state: FloodState, move: Pass, log: list[Event]) -> None:
    player = state.active
    state.passed[player] = True
    log.append(Event(("{} passes", state.names[player])))
    state.phase = "bid"


def decide_bid(state: FloodState) -> Decision:
    player = state.active
    move = state.tables.move
    bids = resource_moves(state, player, Bid)
    value = bid_value(state, player)
    return Choice(player, ("bid for turn order (now {})", value), (*bids, move(Done)))


def bid_value(state: FloodState, player: int) -> int:
    return sum(VALUE[r] * n for r, n in state.bids[player].items())


def on_bid(state: FloodState, move: Bid, log: list[Event]) -> None:
    player = state.active
    state.held[player][move.resource] -= 1
    state.bids[player][move.resource] = state.bids[player].get(move.resource, 0) + 1
    log.append(Event(("{} bids 1 {} for turn order", state.names[player], move.resource)))



def done_bidding(state: FloodState, log: list[Event]) -> None:
    end_action(state)
