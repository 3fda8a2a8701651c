"""Sub-choices owed before the turn goes on, answered one item at a time (modelling notes
§12.2): COMMERCIUM's trade (give 3, then take 2), a coin the bank lacks, and what an event
opens (HONORARIUM, MERCHANT, RECRUITS, ORACLE, MUTINY, SABOTAGE). A sub-choice with one
possible answer is answered by the rules; one with none is dropped.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.decision import Choice
from engine.core.events import Event
from engine.core.moves import Action
from engine.rulesets.antike_duellum import actions as a
from engine.rulesets.antike_duellum.economy import can_pay, told
from engine.rulesets.antike_duellum.effects import recruits_affordable, units_on_board
from engine.rulesets.antike_duellum.military import remove
from engine.rulesets.antike_duellum.state import DuellumState, Pending
from engine.rulesets.antike_duellum.tables import (
    BUY_GOLD,
    RESOURCES,
    TRADE_GIVE,
    TRADE_TAKE,
    UNIT_DUE_FOR,
    UNITS,
)

CHOICES = {(r, verb): a.ChooseResource(r, label=f"{verb} 1 {r}") for r in RESOURCES for verb in ("give", "take")}
BUYS = {unit: a.Buy(unit, label=f"buy a {unit} ({BUY_GOLD[unit]} gold)") for unit in UNITS}
STOP = a.Stop(label="buy no more")


def pick_moves(state: DuellumState) -> tuple[Action, ...]:
    picks = state.tables.pick_actions
    return tuple(picks[card] for card in sorted(state.display))


def pending_moves(state: DuellumState, pending: Pending) -> tuple[str, tuple[Action, ...]]:
    """The prompt and the moves of a pending sub-choice."""
    seat, kind = pending.seat, pending.kind
    goods = state.goods[seat]

    def resources(which: Sequence[str], verb: str) -> tuple[Action, ...]:
        return tuple(CHOICES[(r, verb)] for r in which)

    if kind == "coin":
        return "the bank has no coin: take a resource instead", resources(RESOURCES, "take")
    if kind == "gain":
        return ("HONORARIUM: take a resource ({} left)", pending.count), resources(RESOURCES, "take")
    if kind == "trade_give":
        return (("COMMERCIUM: give a resource ({} more)", pending.count),
                resources([r for r in RESOURCES if goods[r]], "give"))
    if kind == "trade_take":
        return ("COMMERCIUM: take a resource ({} more)", pending.count), resources(RESOURCES, "take")
    opponent = 1 - seat
    if kind == "merchant_take":
        theirs = state.goods[opponent]
        return (("MERCHANT: take a resource from {} ({} more)", state.names[opponent], pending.count),
                resources([r for r in RESOURCES if theirs[r]], "take"))
    if kind == "merchant_give":
        return (("MERCHANT: give a resource to {} ({} more)", state.names[opponent], pending.count),
                resources([r for r in RESOURCES if goods[r]], "give"))
    if kind == "recruits":
        return (("RECRUITS: buy a unit into your recruitment box ({} at most)", pending.count),
                recruits_moves(state, pending))
    if kind == "oracle":
        return "ORACLE: take an event card from the display", pick_moves(state)
    if kind == "mutiny":
        return "MUTINY: choose which of your units is destroyed", tuple(
            a.Destroy(unit, region, label=("the {} in {}", unit, state.tables.name(region)))
            for unit, region in units_on_board(state, seat))
    if kind == "sabotage":
        return "SABOTAGE: discard one of your event cards", tuple(
            a.Discard(card, label=("discard {}", state.tables.name(card))) for card in sorted(set(state.hand[seat])))
    raise AssertionError(f"unknown pending choice {kind}")


def decide_pending(state: DuellumState, pending: Pending) -> Choice:
    prompt, moves = pending_moves(state, pending)
    return Choice(pending.seat, prompt, moves)


def recruits_moves(state: DuellumState, pending: Pending) -> tuple[Action, ...]:
    seat = pending.seat
    exactly = state.tables.options.recruits_exactly_two
    moves: list[Action] = []
    for unit in UNITS:
        price = BUY_GOLD[unit]
        if not state.reserve[seat][unit] or not can_pay(state, seat, {"gold": price}):
            continue
        if exactly and not recruits_affordable(state, seat, pending.count - 1, bought=unit):
            continue  # the rest of the exactly-two purchase could not be made
        moves.append(BUYS[unit])
    if not exactly:
        moves.append(STOP)
    return tuple(moves)


def pending_step(state: DuellumState, pending: Pending, log: list[Event]) -> bool:
    """Take a pending sub-choice that has one possible answer; drop one with none."""
    prompt, moves = pending_moves(state, pending)
    if not moves:
        state.turn.pending.pop(0)
        return True
    if len(moves) > 1:
        state.decision = Choice(pending.seat, prompt, moves)  # ``decide_pending``'s, worked out once
        return False
    ANSWERS[type(moves[0])](state, moves[0], log)
    return True


def on_trade(state: DuellumState, move: a.Trade, log: list[Event]) -> None:
    seat = state.turn.seat
    state.turn.pending[:0] = [Pending("trade_give", seat, TRADE_GIVE), Pending("trade_take", seat, TRADE_TAKE)]


def on_choose_resource(state: DuellumState, move: a.ChooseResource, log: list[Event]) -> None:
    resource = move.resource
    pending = state.turn.pending[0]
    seat, kind = pending.seat, pending.kind
    goods = state.goods[seat]
    if kind in ("trade_give", "merchant_give"):
        goods[resource] -= 1
        if kind == "merchant_give":
            state.goods[1 - seat][resource] += 1
    elif kind == "merchant_take":
        state.goods[1 - seat][resource] -= 1
    else:  # coin, gain, trade_take
        goods[resource] += 1
    pending.items[resource] = pending.items.get(resource, 0) + 1
    consume(state, log)


def consume(state: DuellumState, log: list[Event]) -> None:
    """One item of the first pending choice is done; log and hand over when all are."""
    turn = state.turn
    pending = turn.pending[0]
    pending.count -= 1
    if pending.count > 0:
        return
    turn.pending.pop(0)
    name = state.names[pending.seat]
    if pending.kind == "trade_give":
        turn.pending[0].items = {f"-{r}": n for r, n in pending.items.items()}
    elif pending.kind == "trade_take":
        given = {r[1:]: n for r, n in pending.items.items() if r.startswith("-")}
        taken = {r: n for r, n in pending.items.items() if not r.startswith("-")}
        log.append(Event((told, "{} trades {} for {}", name, given, taken)))
    elif pending.kind == "merchant_take":
        turn.pending[0].items = {f"+{r}": n for r, n in pending.items.items()}
    elif pending.kind == "merchant_give":
        taken = {r[1:]: n for r, n in pending.items.items() if r.startswith("+")}
        given = {r: n for r, n in pending.items.items() if not r.startswith("+")}
        for resource, n in taken.items():
            state.goods[pending.seat][resource] += n
        log.append(Event((told, "{} gives {} to {} and takes {}", name, given, state.names[1 - pending.seat], taken)))
    elif pending.kind in ("coin", "gain"):
        log.append(Event((told, "{} takes {}", name, dict(pending.items))))


def on_stop(state: DuellumState, move: a.Stop, log: list[Event]) -> None:
    state.turn.pending.pop(0)


def on_destroy(state: DuellumState, move: a.Destroy, log: list[Event]) -> None:
    unit, region = move.unit, move.region
    seat = state.turn.pending[0].seat
    remove(state, seat, unit, region, 1)
    log.append(Event(("{}'s {} in {} is destroyed", state.names[seat], unit, state.tables.name(region))))
    consume(state, log)


def on_discard(state: DuellumState, move: a.Discard, log: list[Event]) -> None:
    card = move.card
    seat = state.turn.pending[0].seat
    state.hand[seat].remove(card)
    state.discard.append(card)
    log.append(Event(("{} discards {}", state.names[seat], state.tables.name(card))))
    consume(state, log)


def on_pick_event(state: DuellumState, move: a.PickEvent, log: list[Event]) -> None:
    """A card from the display: an owed pick after the opponent's turn, or ORACLE's."""
    seat = state.picker if state.phase == "picks" else state.turn.pending[0].seat
    state.display.remove(move.card)
    state.hand[seat].append(move.card)
    log.append(Event(("{} takes {} from the display", state.names[seat], state.tables.name(move.card))))
    if state.phase == "picks":
        state.picks -= 1
    else:
        consume(state, log)


def on_buy(state: DuellumState, move: a.Buy, log: list[Event]) -> None:
    """SCIENTIA, or RECRUITS: one unit from the reserve into the recruitment box."""
    turn = state.turn
    seat = turn.seat
    state.reserve[seat][move.unit] -= 1
    state.box[seat][move.unit] += 1
    log.append(Event(("{} buys a {} into the recruitment box", state.names[seat], move.unit)))
    turn.due, turn.due_for, turn.paid = {"gold": BUY_GOLD[move.unit]}, UNIT_DUE_FOR[move.unit], {}
    if turn.pending and turn.pending[0].kind == "recruits":
        consume(state, log)


ANSWERS = {
    a.Buy: on_buy,
    a.ChooseResource: on_choose_resource,
    a.Destroy: on_destroy,
    a.Discard: on_discard,
    a.PickEvent: on_pick_event,
    a.Stop: on_stop,
}
