"""Trade (§6.3): in every foreign area where you have merchants (or armies, which then
trade instead of them) and no other player's army, take each offered good at most once per
piece, giving a resource the trade table allows; the Sippar city adds one extra trade in
one area; ready toolmakers turn metal into tools. Trades and tools in any order, then Done."""

from __future__ import annotations

from engine.core.decision import Choice, Decision
from engine.core.events import Event
from engine.core.moves import Action
from engine.rulesets.after_the_flood.actions import (
    Done,
    Give,
    MakeTool,
    Trade,
    TradeFor,
)
from engine.rulesets.after_the_flood.common import end_action, hand_in, take
from engine.rulesets.after_the_flood.state import FloodState
from engine.rulesets.after_the_flood.tables import TOOLMAKERS, TOOLMAKERS_USED


def pieces(state: FloodState, player: int, area: str) -> int:
    """Trading pieces in an area: your armies if you have any there, else your workers; none
    where another player's army stands."""
    army = state.armies.get(area)
    if army is not None:
        return army[1] if army[0] == player else 0
    return state.workers[area][player]


def gives(state: FloodState, player: int, good: str) -> list[str]:
    held = state.held[player]
    return [r for r, n in held.items() if n and r != good and (r, good) in state.tables.trade]


def offers(state: FloodState, player: int) -> list[Action]:
    tables = state.tables
    move = tables.move
    sippar = not state.sippar_used and state.cities.get(tables.city_of.get("sippar", "")) == player
    found = []
    for area in tables.foreign:
        count = pieces(state, player, area)
        if not count:
            continue
        taken = state.taken.get(area, ())
        for good in tables.goods[area]:
            if not state.supply[good] or not gives(state, player, good):
                continue
            if (good not in taken and len(taken) < count) or sippar:
                found.append(move(TradeFor, area, good))
    return found


def can_make_tool(state: FloodState, player: int) -> bool:
    return bool(state.workers[TOOLMAKERS][player] and state.held[player]["metal"] and state.supply["tools"])


def start_moves(state: FloodState, player: int) -> list[Action]:
    if can_make_tool(state, player) or offers(state, player):
        return [state.tables.move(Trade)]
    return []


def on_trade(state: FloodState, move: Trade, log: list[Event]) -> None:
    state.phase = "trade"
    log.append(Event(("{} trades", state.names[state.active])))


def decide_trade(state: FloodState) -> Decision:
    player = state.active
    moves = offers(state, player)
    if can_make_tool(state, player):
        moves.append(state.tables.move(MakeTool))
        return Choice(player, "trade, make tools, or stop", (*moves, state.tables.move(Done)))
    return Choice(player, "trade or stop", (*moves, state.tables.move(Done)))


def on_trade_for(state: FloodState, move: TradeFor, log: list[Event]) -> None:
    state.wanted = (move.area, move.good)
    state.phase = "give"


def decide_give(state: FloodState) -> Decision:
    player = state.active
    area, good = state.wanted or ("", "")
    options = tuple(state.tables.move(Give, r) for r in gives(state, player, good))
    return Choice(player, ("what do you give for 1 {} in {}?", good, state.tables.name(area)), options)


def on_give(state: FloodState, move: Give, log: list[Event]) -> None:
    player = state.active
    area, good = state.wanted or ("", "")
    taken = state.taken.setdefault(area, [])
    extra = good in taken or len(taken) >= pieces(state, player, area)
    if extra:
        state.sippar_used = True
    else:
        taken.append(good)
    hand_in(state, player, move.resource)
    take(state, player, good, 1)
    note = " (Sippar's extra trade)" if extra else ""
    log.append(Event(("{} gives 1 {} for 1 {} in {}{}", state.names[player], move.resource, good, state.tables.name(area), note)))
    state.wanted = None
    state.phase = "trade"


def on_make_tool(state: FloodState, move: MakeTool, log: list[Event]) -> None:
    player = state.active
    hand_in(state, player, "metal")
    take(state, player, "tools", 1)
    state.workers[TOOLMAKERS][player] -= 1
    state.workers[TOOLMAKERS_USED][player] += 1
    log.append(Event(("{}'s toolmaker turns 1 metal into 1 tools", state.names[player])))


def done(state: FloodState, log: list[Event]) -> None:
    end_action(state)
