"""The start player and the rondel (digest §4 step 8, §5.2, §6.1).

The action marker moves clockwise 1 to 8 segments, the first 3 free (6 with PRIVILEGE) and
each further one paid with any resource or a coin; on the first turn it is placed on any
segment free. A production segment (MARMOR, FERRUM, AURUM) is carried out at once; the
others open their choices (``rondel_actions.py``, ``conquest.py``).
"""

from __future__ import annotations

from functools import cache

from engine.core.decision import Chance
from engine.core.events import Event
from engine.core.moves import Action, Outcome
from engine.rulesets.antike_duellum import actions as a
from engine.rulesets.antike_duellum import effects
from engine.rulesets.antike_duellum.economy import gain_coins, production, total_goods
from engine.rulesets.antike_duellum.state import DuellumState, Turn
from engine.rulesets.antike_duellum.tables import FREE_STEPS, Tables

PRODUCES = {"MARMOR": "marble", "FERRUM": "iron", "AURUM": "gold"}


def opponent(seat: int) -> int:
    return 1 - seat


def decide_start(state: DuellumState) -> Chance:
    names = state.names
    return Chance("choose the start player at random", tuple(Outcome(seat, names[seat]) for seat in range(len(names))))


def on_start_player(state: DuellumState, outcome: Outcome, log: list[Event]) -> None:
    first = int(outcome.value)
    state.active = first
    state.coins[opponent(first)] += 1  # the bank is full at setup: the coin is there
    log.append(Event(("{} starts; {} takes a coin in compensation", state.names[first], state.names[opponent(first)])))
    state.phase = "turn"


def start_turn(state: DuellumState, seat: int, log: list[Event]) -> None:
    state.turn_number += 1
    state.active = seat
    state.turn = Turn(
        seat=seat,
        free_steps=FREE_STEPS,
        recruitable=dict(state.box[seat]),
        special_recruitable=bool(state.special) and state.special[seat] is None,
    )
    log.append(Event(("turn {}: {}", state.turn_number, state.names[seat])))


def rondel_moves(state: DuellumState, turn: Turn) -> list[Action]:
    tables = state.tables
    seat = turn.seat
    here = state.rondel[seat]
    if here is None:
        return [tables.action(("rondel", p, 0, 0), lambda p=p: a.MoveRondel(
            tables.rondel[p], 0, label=f"{tables.actions[p]} (first placement, free)"))
            for p in range(len(tables.rondel))]
    # the moves depend only on where the marker stands, the free segments and what the seat
    # can pay for (at most the whole circle's cost), so each set is made once per game
    key = (here, turn.free_steps, min(total_goods(state, seat) + state.coins[seat], len(tables.rondel)))
    moves = tables.rondel_moves.get(key)
    if moves is None:
        moves = tables.rondel_moves[key] = marker_moves(tables, *key)
    return list(moves)


def marker_moves(tables: Tables, here: int, free_steps: int, wealth: int) -> tuple[a.MoveRondel, ...]:
    """Clockwise 1 to 8 segments, each beyond the free ones paid with a resource or coin."""
    moves = []
    segments = len(tables.rondel)
    for steps in range(1, segments + 1):
        cost = max(0, steps - free_steps)
        if cost > wealth:
            break
        p = (here + steps) % segments
        moves.append(a.MoveRondel(tables.rondel[p], steps, label=(
            f"{tables.actions[p]} ({steps} step{'s' if steps > 1 else ''}, {f'costs {cost}' if cost else 'free'})")))
    return tuple(moves)


def on_move_rondel(state: DuellumState, move: a.MoveRondel, log: list[Event]) -> None:
    turn = state.turn
    tables = state.tables
    position = tables.rondel.index(move.space)
    state.rondel[turn.seat] = position
    turn.action = tables.actions[position]
    cost = max(0, move.steps - turn.free_steps) if move.steps else 0
    if cost:
        turn.due, turn.due_for, turn.paid = {"any": cost}, extra_segments(cost), {}
    turn.step = "begin"
    log.append(Event(("{} chooses {}", state.names[turn.seat], turn.action)))


@cache
def extra_segments(cost: int) -> str:
    """What paying for a long rondel move is for, made once per cost (a rondel has 8 segments)."""
    return f"{cost} extra segment{'s' if cost > 1 else ''}"


def begin_action(state: DuellumState, log: list[Event]) -> None:
    """Carry out a production at once; open the other actions' choices (§6.1-§6.5)."""
    turn = state.turn
    seat = turn.seat
    resource = PRODUCES.get(turn.action)
    if resource:
        amount = production(state, seat, resource)
        state.goods[seat][resource] += amount
        if turn.diplomacy:
            log.append(Event(("{} produces {} {} with {}'s cities", state.names[seat], amount, resource,
                              state.names[opponent(seat)])))
        else:
            log.append(Event(("{} produces {} {}", state.names[seat], amount, resource)))
        gain_coins(state, seat, 1, log)
        to_founding(state)
    elif turn.action == "DUELLUM":
        turn.step = "move"
    else:
        turn.step = "action"
        if turn.action == "SCIENTIA" and turn.academy:
            effects.academy_payout(state, seat, turn.academy, log)
            turn.academy = 0


def to_founding(state: DuellumState) -> None:
    turn = state.turn
    turn.step = "found"
    if not state.tables.options.founding_fees_count_new:
        turn.fee_markers = dict(state.marker)
