"""A player's turn (digest §5.1): the rondel move, the action, founding cities (phase 2), then
persons. Decisions come in a fixed priority: a display refill, a payment, a conquest in
progress, pending sub-choices (a trade's items, an event's choices), and last the turn's
main step, where the free actions (event cards, COMMERCIUM) are offered too.
"""

from __future__ import annotations

from engine.core.decision import Choice, Decision
from engine.core.events import Event
from engine.core.moves import Action
from engine.rulesets.antike_duellum import actions as a
from engine.rulesets.antike_duellum import (
    conquest,
    events,
    pending,
    persons,
    rondel,
    rondel_actions,
)
from engine.rulesets.antike_duellum.building import (
    city_due,
    describe_due,
    found_city,
    markers_left,
)
from engine.rulesets.antike_duellum.economy import (
    can_pay,
    current_need,
    pay_item,
    payable_items,
    told,
    total_goods,
)
from engine.rulesets.antike_duellum.refusals import trade_problem
from engine.rulesets.antike_duellum.state import DuellumState, Turn
from engine.rulesets.antike_duellum.tables import RESOURCES

END_TURN = a.EndTurn(label="end the turn")
TRADE = a.Trade(label="trade 3 resources for 2 (COMMERCIUM)")
PAYS = {item: a.Pay(item, label="pay a coin" if item == "coin" else f"pay 1 {item}") for item in (*RESOURCES, "coin")}
NEEDS = {"coin": "a coin", "any": "any resource or a coin"}


def decide_turn(state: DuellumState) -> Decision:
    if persons.refill_due(state):
        return persons.decide_refill(state)
    turn = state.turn
    if turn.due:
        return decide_payment(state, turn)
    if turn.conquest is not None:
        return conquest.decide_conquest(state, turn.conquest)
    if turn.pending:
        return pending.decide_pending(state, turn.pending[0])
    return main_choice(state, turn)


def main_choice(state: DuellumState, turn: Turn) -> Choice:
    seat = turn.seat
    step_name = turn.step
    if step_name == "rondel":
        moves, prompt = rondel.rondel_moves(state, turn), "move your action marker"
    elif step_name == "action":
        moves = rondel_actions.action_moves(state, turn)
        prompt = ("{}: {}", turn.action, rondel_actions.WORKS[turn.action])
    elif step_name == "move":
        moves = conquest.step_moves(state, seat) + [conquest.END_MOVEMENT]
        prompt = "DUELLUM: move your units"
    elif step_name == "conquer":
        moves = conquest.conquer_moves(state, seat) + [conquest.END_CONQUEST]
        prompt = "DUELLUM: conquer cities"
    elif step_name == "found":
        moves = found_moves(state, seat) + [END_TURN]
        prompt = "found cities"
    else:
        raise AssertionError(f"no decision at step {step_name}")
    moves += events.plays(state, seat)
    if trade_problem(state, seat) is None:
        moves.append(TRADE)
    return Choice(seat, prompt, tuple(moves))


def turn_step(state: DuellumState, log: list[Event]) -> bool:
    """One automatic step of the turn; False when a decision is next."""
    if persons.display_waits(state, log):
        return False
    turn = state.turn
    if turn is None:
        rondel.start_turn(state, state.active, log)
        return True
    if turn.due:
        items = payable_items(state, turn.seat, turn.due)
        if len(items) == 1:
            pay(state, items[0], log)
            return True
        state.decision = payment_choice(turn, items)  # worked out once: the frame keeps it
        return False
    if turn.conquest is not None:
        return conquest.conquest_step(state, turn.conquest, log)
    if turn.pending:
        return pending.pending_step(state, turn.pending[0], log)
    if turn.step == "begin":
        rondel.begin_action(state, log)
        return True
    if turn.step == "end":
        persons.end_turn(state, log)
        return True
    state.decision = main_choice(state, turn)  # worked out once: the frame keeps it
    return False


# -- payments (§6.0) -------------------------------------------------------------------------


def decide_payment(state: DuellumState, turn: Turn) -> Choice:
    return payment_choice(turn, payable_items(state, turn.seat, turn.due))


def payment_choice(turn: Turn, items: list[str]) -> Choice:
    return Choice(turn.seat, (payment_prompt, turn.due_for, dict(turn.due)), tuple(PAYS[item] for item in items))


def payment_prompt(due_for: str, due: dict[str, int]) -> str:
    need = current_need(due)
    what = NEEDS.get(need) or (need[:-1] if need.endswith("!") else f"{need} (or a coin)")
    return f"pay for {due_for}: {what}; still due: {describe_due(due)}"


def on_pay(state: DuellumState, move: a.Pay, log: list[Event]) -> None:
    pay(state, move.item, log)


def pay(state: DuellumState, item: str, log: list[Event]) -> None:
    turn = state.turn
    pay_item(state, turn.seat, item)
    if not turn.due:
        log.append(Event((told, "{} pays {} for {}", state.names[turn.seat], dict(turn.paid), turn.due_for)))


# -- phase 2: founding cities (§6.8) ---------------------------------------------------------


def found_moves(state: DuellumState, seat: int) -> list[Action]:
    """Sites where a unit of yours stands (the same checks as ``city_problem``, cheaper)."""
    tables = state.tables
    here = set(state.legions[seat]) | set(state.galleys[seat])
    if state.special and state.special[seat]:
        here.add(state.special[seat])
    sites = sorted(r for r in here if r in tables.site_set and r not in state.owner)
    if not sites or total_goods(state, seat) + state.coins[seat] < 3:
        return []
    left = [r for r in RESOURCES if markers_left(state, r) > 0]
    cached = tables.found_actions
    return [cached[(site, r)] for site in sites for r in left if can_pay(state, seat, city_due(state, site, r))]


def on_found_city(state: DuellumState, move: a.FoundCity, log: list[Event]) -> None:
    found_city(state, state.turn.seat, move.site, move.resource, log)


def on_end_turn(state: DuellumState, move: a.EndTurn, log: list[Event]) -> None:
    state.turn.step = "end"
