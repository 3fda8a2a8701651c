"""What each of the 25 event cards does when played (digest §9.3, ``cards.py``).

When a card may be played, and which plays are offered, is ``events.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from engine.core.events import Event
from engine.core.moves import Action
from engine.rulesets.antike_duellum import actions as a
from engine.rulesets.antike_duellum.building import (
    build_temple,
    build_wall,
    found_city,
)
from engine.rulesets.antike_duellum.economy import (
    add_due,
    event_need,
    gain_coins,
    total_goods,
)
from engine.rulesets.antike_duellum.state import DuellumState, Pending
from engine.rulesets.antike_duellum.tables import BUY_GOLD, RESOURCES
from engine.rulesets.antike_duellum.tables import Event as EventInfo


def cost(state: DuellumState, event: EventInfo) -> dict[str, int]:
    return {event_need(state, "gold"): event.cost} if event.cost else {}


def merchant_count(state: DuellumState, seat: int, event: EventInfo) -> int:
    """Resources MERCHANT exchanges: up to its amount, or all of it under A13's strict reading."""
    mine, theirs = total_goods(state, seat), total_goods(state, 1 - seat)
    if state.tables.options.merchant_partial:
        return min(event.amount, mine, theirs)
    return event.amount if min(mine, theirs) >= event.amount else 0


def recruits_affordable(state: DuellumState, seat: int, count: int, bought: str = "") -> bool:
    """Whether ``count`` more units can be bought from the reserve and paid for (with gold or
    coins), after the unit ``bought`` has just been chosen."""
    reserve = dict(state.reserve[seat])
    spent = 0
    if bought:
        reserve[bought] -= 1
        spent = BUY_GOLD[bought]
    prices = sorted([BUY_GOLD["legion"]] * reserve["legion"] + [BUY_GOLD["galley"]] * reserve["galley"])[:count]
    wealth = state.goods[seat]["gold"] + state.coins[seat] - spent
    return len(prices) == count and wealth >= sum(prices)


def units_on_board(state: DuellumState, seat: int) -> list[tuple[str, str]]:
    """The seat's legions and galleys on the board, as (unit, region): what MUTINY may destroy.
    Never the special unit, which 'csak úgy lehet elpusztítani, ha egy vele megegyező típusú
    egység a mezőjére mozog' (only a unit of its type moving onto it destroys it, §9.4)."""
    return [("legion", r) for r in sorted(state.legions[seat])] + [("galley", r) for r in sorted(state.galleys[seat])]


# -- what a card does ----------------------------------------------------------------------

Effect = Callable[[DuellumState, int, EventInfo, Action, list[Event]], None]


def _academy(state: DuellumState, seat: int, event: EventInfo, move: Action, log: list[Event]) -> None:
    turn = state.turn
    if turn.action == "SCIENTIA" and turn.step == "action":
        academy_payout(state, seat, event.amount, log)
    else:
        turn.academy += event.amount


def academy_payout(state: DuellumState, seat: int, per_tech: int, log: list[Event]) -> None:
    gold = per_tech * len(state.techs[1 - seat])
    state.goods[seat]["gold"] += gold
    log.append(Event(("{} gains {} gold from the academy", state.names[seat], gold)))


def _architect(state: DuellumState, seat: int, event: EventInfo, move: a.PlayEventOn, log: list[Event]) -> None:
    build_temple(state, seat, move.space, log, event_need(state, "marble"))


def _burglary(state: DuellumState, seat: int, event: EventInfo, move: Action, log: list[Event]) -> None:
    lost = state.coins[1 - seat] // max(event.amount, 1)
    state.coins[1 - seat] -= lost
    log.append(Event(("{} loses {} coin{}", state.names[1 - seat], lost, "s" if lost != 1 else "")))


def _charity(state: DuellumState, seat: int, event: EventInfo, move: Action, log: list[Event]) -> None:
    behind = len(state.persons[1 - seat]) - len(state.persons[seat])
    gain_coins(state, seat, behind * event.amount, log)


def _corruptions(state: DuellumState, seat: int, event: EventInfo, move: Action, log: list[Event]) -> None:
    goods = state.goods[1 - seat]
    lost = [r for r in RESOURCES if goods[r] > event.amount]
    for resource in lost:
        goods[resource] -= 1
    log.append(Event(("{} loses 1 {}", state.names[1 - seat], one_of_each(tuple(lost)))))


@cache
def one_of_each(resources: tuple[str, ...]) -> str:
    """ "gold, 1 marble": made once for each of the few sets of resources."""
    return ", 1 ".join(resources)


def _diplomacy(state: DuellumState, seat: int, event: EventInfo, move: Action, log: list[Event]) -> None:
    state.turn.diplomacy = True


def _earthquake(state: DuellumState, seat: int, event: EventInfo, move: a.PlayEventOn, log: list[Event]) -> None:
    owner = state.owner[move.space]
    state.walls.remove(move.space)
    state.walls_supply[owner] += 1
    log.append(Event(("the wall of {} falls and returns to {}", state.tables.name(move.space), state.names[owner])))


def _free_recruit(unit: str) -> Effect:
    def effect(state: DuellumState, seat: int, event: EventInfo, move: Action, log: list[Event]) -> None:
        free = state.turn.free
        free[unit] = free.get(unit, 0) + event.amount

    return effect


def _fortress(state: DuellumState, seat: int, event: EventInfo, move: a.PlayEventOn, log: list[Event]) -> None:
    """Played by the defender in the conquest window: the city defends at +1 this turn (A7)."""
    fortress = state.turn.fortress
    fortress[move.space] = fortress.get(move.space, 0) + event.amount


def _gang(state: DuellumState, seat: int, event: EventInfo, move: a.PlayEventOn, log: list[Event]) -> None:
    build_wall(state, seat, move.space, log, event_need(state, "marble"))


def _bonus(resource: str) -> Effect:
    def effect(state: DuellumState, seat: int, event: EventInfo, move: Action, log: list[Event]) -> None:
        bonus = state.turn.bonus
        bonus[resource] = bonus.get(resource, 0) + event.amount

    return effect


def _honorarium(state: DuellumState, seat: int, event: EventInfo, move: Action, log: list[Event]) -> None:
    scholars = sum(state.tables.person_kind[c] == "scholar" for c in state.persons[seat])
    state.turn.pending.insert(0, Pending("gain", seat, scholars * event.amount))


def _merchant(state: DuellumState, seat: int, event: EventInfo, move: Action, log: list[Event]) -> None:
    """Choose what to take from the opponent's stock, then what to give from yours; the two
    change hands together, so neither side's choice can take back the other's (A13)."""
    count = merchant_count(state, seat, event)
    state.turn.pending[:0] = [Pending("merchant_take", seat, count), Pending("merchant_give", seat, count)]


def _mining(state: DuellumState, seat: int, event: EventInfo, move: a.PlayEventOn, log: list[Event]) -> None:
    old = state.marker[move.space]
    state.marker[move.space] = move.resource
    log.append(Event(("{} turns from {} to {}", state.tables.name(move.space), old, move.resource)))


def _mutiny(state: DuellumState, seat: int, event: EventInfo, move: Action, log: list[Event]) -> None:
    victim = 1 - seat
    gold = min(event.amount, state.goods[victim]["gold"])
    state.goods[victim]["gold"] -= gold
    log.append(Event(("{} discards {} gold", state.names[victim], gold)))
    if units_on_board(state, victim):
        state.turn.pending.insert(0, Pending("mutiny", victim))


def _oracle(state: DuellumState, seat: int, event: EventInfo, move: Action, log: list[Event]) -> None:
    _charge(state, event)
    state.turn.pending.insert(0, Pending("oracle", seat))


def _pestilence(state: DuellumState, seat: int, event: EventInfo, move: a.PlayEventOn, log: list[Event]) -> None:
    pestilence = state.turn.pestilence
    pestilence[move.space] = pestilence.get(move.space, 0) + event.amount


def _privilege(state: DuellumState, seat: int, event: EventInfo, move: Action, log: list[Event]) -> None:
    state.turn.free_steps = max(state.turn.free_steps, event.amount)


def _prosperity(state: DuellumState, seat: int, event: EventInfo, move: Action, log: list[Event]) -> None:
    gold = event.amount * sum(state.owner[c] == seat for c in state.walls)
    state.goods[seat]["gold"] += gold
    log.append(Event(("{} gains {} gold", state.names[seat], gold)))


def _purchase(state: DuellumState, seat: int, event: EventInfo, move: Action, log: list[Event]) -> None:
    _charge(state, event)
    state.goods[seat]["marble"] += event.amount
    state.goods[seat]["iron"] += event.amount
    log.append(Event(("{} gains {} marble and {} iron", state.names[seat], event.amount, event.amount)))


def _recruits(state: DuellumState, seat: int, event: EventInfo, move: Action, log: list[Event]) -> None:
    state.turn.pending.insert(0, Pending("recruits", seat, event.amount))


def _sabotage(state: DuellumState, seat: int, event: EventInfo, move: Action, log: list[Event]) -> None:
    _charge(state, event)
    state.turn.pending.insert(0, Pending("sabotage", 1 - seat))


def _settler(state: DuellumState, seat: int, event: EventInfo, move: a.PlayEventOn, log: list[Event]) -> None:
    found_city(state, seat, move.space, move.resource, log, event.cost, event_need(state, "gold"))


def _charge(state: DuellumState, event: EventInfo) -> None:
    turn = state.turn
    due: dict[str, int] = {}
    for need, amount in cost(state, event).items():
        add_due(due, need, amount)
    turn.due, turn.due_for, turn.paid = due, event.name, {}


EFFECTS: dict[str, Effect] = {
    "academy": _academy,
    "architect": _architect,
    "burglary": _burglary,
    "charity": _charity,
    "corruptions": _corruptions,
    "diplomacy": _diplomacy,
    "earthquake": _earthquake,
    "forge": _free_recruit("legion"),
    "fortress": _fortress,
    "gang": _gang,
    "gold_mine": _bonus("gold"),
    "honorarium": _honorarium,
    "merchant": _merchant,
    "mining": _mining,
    "mutiny": _mutiny,
    "oracle": _oracle,
    "pestilence": _pestilence,
    "privilege": _privilege,
    "prosperity": _prosperity,
    "purchase": _purchase,
    "recruits": _recruits,
    "sabotage": _sabotage,
    "settler": _settler,
    "stone_pit": _bonus("marble"),
    "shipyard": _free_recruit("galley"),
}
