"""The 25 event cards: when each may be played and what it does (digest §9.3, cards.py).

A card is offered only at a moment its ``timing`` and ``trigger`` allow and only when
playing it would do something, so a list of actions never fills with wasted plays. A card
that modifies an action (GOLD MINE, FORGE...) may be played before the rondel move, and is
then in force if the marker lands on that action.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.events import Event
from engine.core.moves import Action
from engine.rulesets.antike_duellum import actions as a
from engine.rulesets.antike_duellum.board import BUY_GOLD, RESOURCES
from engine.rulesets.antike_duellum.board import Event as EventInfo
from engine.rulesets.antike_duellum.building import (
    build_temple,
    build_wall,
    city_problem,
    found_city,
    markers_left,
    temple_problem,
    wall_problem,
)
from engine.rulesets.antike_duellum.cards import (
    ANY_MOMENT,
    BEFORE_RONDEL,
    FOUNDING,
    OWN_TURN,
    PRODUCTION,
)
from engine.rulesets.antike_duellum.economy import (
    add_due,
    can_pay,
    event_need,
    gain_coins,
    total_goods,
)
from engine.rulesets.antike_duellum.state import DuellumState, Pending

ACTION_STEPS = ("action", "move", "conquer")


def _moment(state: DuellumState, trigger: str) -> bool:
    """Whether the turn is at a moment the card's trigger allows (cards.TRIGGERS)."""
    turn = state.turn
    if trigger == ANY_MOMENT:
        return True
    if trigger in (BEFORE_RONDEL, PRODUCTION):
        return turn.step == "rondel"
    if trigger == FOUNDING:
        return turn.step == "found"
    return turn.step == "rondel" or (turn.action == trigger and turn.step in ACTION_STEPS)


def plays(state: DuellumState, seat: int) -> list[Action]:
    """The event plays open to the active seat at a free-action point of its turn. FORTRESS,
    the one card of the opponent's turn, is offered by the conquest window instead."""
    moves: list[Action] = []
    events = state.tables.events
    for card in sorted(set(state.hand[seat])):
        event = events[card]
        if event.timing == OWN_TURN and _moment(state, event.trigger):
            moves += OFFERS[event.effect](state, seat, event)
    return moves


def play(state: DuellumState, seat: int, move: a.PlayEvent | a.PlayEventOn, log: list[Event]) -> None:
    event = state.tables.events[move.card]
    state.hand[seat].remove(move.card)
    state.discard.append(move.card)
    where = f" on {state.tables.name(move.space)}" if isinstance(move, a.PlayEventOn) else ""
    log.append(Event(f"{state.names[seat]} plays {event.name}{where}"))
    EFFECTS[event.effect](state, seat, event, move, log)


# -- when a card does something ------------------------------------------------------------

Offer = Callable[[DuellumState, int, EventInfo], list[Action]]


def _plain(condition: Callable[[DuellumState, int, EventInfo], bool]) -> Offer:
    def offer(state: DuellumState, seat: int, event: EventInfo) -> list[Action]:
        if condition(state, seat, event):
            return [state.tables.action(("play", event.id), lambda: a.PlayEvent(event.id, label=f"play {event.name}"))]
        return []

    return offer


def _cost(state: DuellumState, event: EventInfo) -> dict[str, int]:
    return {event_need(state, "gold"): event.cost} if event.cost else {}


def _offer_architect(state: DuellumState, seat: int, event: EventInfo) -> list[Action]:
    need = event_need(state, "marble")
    return [a.PlayEventOn(event.id, city, label=f"play {event.name}: a temple in {state.tables.name(city)}")
            for city in sorted(c for c, o in state.owner.items() if o == seat)
            if temple_problem(state, seat, city, need) is None]


def _offer_gang(state: DuellumState, seat: int, event: EventInfo) -> list[Action]:
    need = event_need(state, "marble")
    return [a.PlayEventOn(event.id, city, label=f"play {event.name}: a wall in {state.tables.name(city)}")
            for city in sorted(c for c, o in state.owner.items() if o == seat)
            if wall_problem(state, seat, city, need) is None]


def _offer_earthquake(state: DuellumState, seat: int, event: EventInfo) -> list[Action]:
    any_wall = state.tables.options.earthquake_any_wall
    return [a.PlayEventOn(event.id, city, label=f"play {event.name}: the wall of {state.tables.name(city)}")
            for city in sorted(state.walls) if any_wall or state.owner[city] != seat]


def _offer_mining(state: DuellumState, seat: int, event: EventInfo) -> list[Action]:
    moves: list[Action] = []
    for city in sorted(c for c, o in state.owner.items() if o == seat and c not in state.temples):
        for resource in RESOURCES:
            if resource != state.marker[city] and markers_left(state, resource) > 0:
                moves.append(a.PlayEventOn(event.id, city, resource,
                                           label=f"play {event.name}: {state.tables.name(city)} becomes a {resource} city"))
    return moves


def _offer_pestilence(state: DuellumState, seat: int, event: EventInfo) -> list[Action]:
    tables = state.tables
    return [tables.action(("play", event.id, city), lambda c=city: a.PlayEventOn(
        event.id, c, label=f"play {event.name}: {tables.name(c)} defends at −{event.amount}"))
        for city in sorted(c for c, o in state.owner.items() if o != seat)]


def _offer_settler(state: DuellumState, seat: int, event: EventInfo) -> list[Action]:
    need = event_need(state, "gold")
    return [a.PlayEventOn(event.id, site, resource,
                          label=f"play {event.name}: found {state.tables.name(site)} as a {resource} city")
            for site in state.tables.sites for resource in RESOURCES
            if city_problem(state, seat, site, resource, event.cost, need) is None]


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


OFFERS: dict[str, Offer] = {
    "academy": _plain(lambda s, seat, e: bool(s.techs[1 - seat])),
    "architect": _offer_architect,
    "burglary": _plain(lambda s, seat, e: s.coins[1 - seat] >= max(e.amount, 1)),
    "charity": _plain(lambda s, seat, e: len(s.persons[1 - seat]) > len(s.persons[seat]) and e.amount > 0),
    "corruptions": _plain(lambda s, seat, e: any(v > e.amount for v in s.goods[1 - seat].values())),
    "diplomacy": _plain(lambda s, seat, e: any(o != seat for o in s.owner.values())),
    "earthquake": _offer_earthquake,
    "forge": _plain(lambda s, seat, e: s.turn.recruitable.get("legion", 0) > 0),
    "gang": _offer_gang,
    "gold_mine": _plain(lambda s, seat, e: True),
    "honorarium": _plain(lambda s, seat, e: any(s.tables.person_kind[c] == "scholar" for c in s.persons[seat])),
    "merchant": _plain(lambda s, seat, e: merchant_count(s, seat, e) > 0),
    "mining": _offer_mining,
    "mutiny": _plain(lambda s, seat, e: bool(s.goods[1 - seat]["gold"] or units_on_board(s, 1 - seat))),
    "oracle": _plain(lambda s, seat, e: bool(s.display) and can_pay(s, seat, _cost(s, e))),
    "pestilence": _offer_pestilence,
    "privilege": _plain(lambda s, seat, e: s.rondel[seat] is not None and e.amount > s.turn.free_steps),
    "prosperity": _plain(lambda s, seat, e: any(s.owner[c] == seat for c in s.walls)),
    "purchase": _plain(lambda s, seat, e: can_pay(s, seat, _cost(s, e))),
    "recruits": _plain(lambda s, seat, e: recruits_affordable(
        s, seat, e.amount if s.tables.options.recruits_exactly_two else 1)),
    "sabotage": _plain(lambda s, seat, e: bool(s.hand[1 - seat]) and can_pay(s, seat, _cost(s, e))),
    "settler": _offer_settler,
    "stone_pit": _plain(lambda s, seat, e: True),
    "shipyard": _plain(lambda s, seat, e: s.turn.recruitable.get("galley", 0) > 0),
}


def units_on_board(state: DuellumState, seat: int) -> list[tuple[str, str]]:
    """The seat's units on the board, as (unit, region), its special unit included (MUTINY)."""
    units = [("legion", r) for r in sorted(state.legions[seat])] + [("galley", r) for r in sorted(state.galleys[seat])]
    if state.special and state.special[seat]:
        units.append((state.tables.special(seat), state.special[seat]))
    return units


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
    log.append(Event(f"{state.names[seat]} gains {gold} gold from the academy"))


def _architect(state: DuellumState, seat: int, event: EventInfo, move: a.PlayEventOn, log: list[Event]) -> None:
    build_temple(state, seat, move.space, log, event_need(state, "marble"))


def _burglary(state: DuellumState, seat: int, event: EventInfo, move: Action, log: list[Event]) -> None:
    lost = state.coins[1 - seat] // max(event.amount, 1)
    state.coins[1 - seat] -= lost
    log.append(Event(f"{state.names[1 - seat]} loses {lost} coin{'s' if lost != 1 else ''}"))


def _charity(state: DuellumState, seat: int, event: EventInfo, move: Action, log: list[Event]) -> None:
    behind = len(state.persons[1 - seat]) - len(state.persons[seat])
    gain_coins(state, seat, behind * event.amount, log)


def _corruptions(state: DuellumState, seat: int, event: EventInfo, move: Action, log: list[Event]) -> None:
    goods = state.goods[1 - seat]
    lost = [r for r in RESOURCES if goods[r] > event.amount]
    for resource in lost:
        goods[resource] -= 1
    log.append(Event(f"{state.names[1 - seat]} loses 1 {', 1 '.join(lost)}"))


def _diplomacy(state: DuellumState, seat: int, event: EventInfo, move: Action, log: list[Event]) -> None:
    state.turn.diplomacy = True


def _earthquake(state: DuellumState, seat: int, event: EventInfo, move: a.PlayEventOn, log: list[Event]) -> None:
    owner = state.owner[move.space]
    state.walls.remove(move.space)
    state.walls_supply[owner] += 1
    log.append(Event(f"the wall of {state.tables.name(move.space)} falls and returns to {state.names[owner]}"))


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
    log.append(Event(f"{state.tables.name(move.space)} turns from {old} to {move.resource}"))


def _mutiny(state: DuellumState, seat: int, event: EventInfo, move: Action, log: list[Event]) -> None:
    victim = 1 - seat
    gold = min(event.amount, state.goods[victim]["gold"])
    state.goods[victim]["gold"] -= gold
    log.append(Event(f"{state.names[victim]} discards {gold} gold"))
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
    log.append(Event(f"{state.names[seat]} gains {gold} gold"))


def _purchase(state: DuellumState, seat: int, event: EventInfo, move: Action, log: list[Event]) -> None:
    _charge(state, event)
    state.goods[seat]["marble"] += event.amount
    state.goods[seat]["iron"] += event.amount
    log.append(Event(f"{state.names[seat]} gains {event.amount} marble and {event.amount} iron"))


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
    for need, amount in _cost(state, event).items():
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
