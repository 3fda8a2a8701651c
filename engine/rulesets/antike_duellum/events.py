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
from engine.rulesets.antike_duellum.building import (
    city_problem,
    has_unit,
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
    can_pay,
    event_need,
)
from engine.rulesets.antike_duellum.effects import (
    EFFECTS,
    cost,
    merchant_count,
    recruits_affordable,
    units_on_board,
)
from engine.rulesets.antike_duellum.state import DuellumState
from engine.rulesets.antike_duellum.tables import RESOURCES, TEMPLE_MARBLE, TEMPLES
from engine.rulesets.antike_duellum.tables import Event as EventInfo

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
    hand = state.hand[seat]
    if not hand:
        return []
    moves: list[Action] = []
    events = state.tables.events
    for card in sorted(set(hand)):
        event = events[card]
        if event.timing == OWN_TURN and _moment(state, event.trigger):
            moves += OFFERS[event.effect](state, seat, event)
    return moves


def play(state: DuellumState, seat: int, move: a.PlayEvent | a.PlayEventOn, log: list[Event]) -> None:
    event = state.tables.events[move.card]
    state.hand[seat].remove(move.card)
    state.discard.append(move.card)
    if isinstance(move, a.PlayEventOn):
        log.append(Event(("{} plays {} on {}", state.names[seat], event.name, state.tables.name(move.space))))
    else:
        log.append(Event(("{} plays {}", state.names[seat], event.name)))
    EFFECTS[event.effect](state, seat, event, move, log)


# -- when a card would do something -------------------------------------------------------

Offer = Callable[[DuellumState, int, EventInfo], list[Action]]


def _plain(condition: Callable[[DuellumState, int, EventInfo], bool]) -> Offer:
    def offer(state: DuellumState, seat: int, event: EventInfo) -> list[Action]:
        if condition(state, seat, event):
            return [state.tables.action(("play", event.id), lambda: a.PlayEvent(event.id, label=f"play {event.name}"))]
        return []

    return offer


def _offer_architect(state: DuellumState, seat: int, event: EventInfo) -> list[Action]:
    """``temple_problem``'s cities, asked city by city only when a temple can be had at all."""
    need = event_need(state, "marble")
    if len(state.temples) >= TEMPLES or not can_pay(state, seat, {need: TEMPLE_MARBLE}):
        return []
    return [a.PlayEventOn(event.id, city, label=("play {}: a temple in {}", event.name, state.tables.name(city)))
            for city in sorted(c for c, o in state.owner.items() if o == seat)
            if temple_problem(state, seat, city, need) is None]


def _offer_gang(state: DuellumState, seat: int, event: EventInfo) -> list[Action]:
    need = event_need(state, "marble")
    return [a.PlayEventOn(event.id, city, label=("play {}: a wall in {}", event.name, state.tables.name(city)))
            for city in sorted(c for c, o in state.owner.items() if o == seat)
            if wall_problem(state, seat, city, need) is None]


def _offer_earthquake(state: DuellumState, seat: int, event: EventInfo) -> list[Action]:
    any_wall = state.tables.options.earthquake_any_wall
    return [a.PlayEventOn(event.id, city, label=("play {}: the wall of {}", event.name, state.tables.name(city)))
            for city in sorted(state.walls) if any_wall or state.owner[city] != seat]


def _offer_mining(state: DuellumState, seat: int, event: EventInfo) -> list[Action]:
    moves: list[Action] = []
    for city in sorted(c for c, o in state.owner.items() if o == seat and c not in state.temples):
        for resource in RESOURCES:
            if resource != state.marker[city] and markers_left(state, resource) > 0:
                moves.append(a.PlayEventOn(event.id, city, resource,
                                           label=("play {}: {} becomes a {} city", event.name,
                                                  state.tables.name(city), resource)))
    return moves


def _offer_pestilence(state: DuellumState, seat: int, event: EventInfo) -> list[Action]:
    tables = state.tables
    return [tables.action(("play", event.id, city), lambda c=city: a.PlayEventOn(
        event.id, c, label=f"play {event.name}: {tables.name(c)} defends at −{event.amount}"))
        for city in sorted(c for c, o in state.owner.items() if o != seat)]


def _offer_settler(state: DuellumState, seat: int, event: EventInfo) -> list[Action]:
    """``city_problem``'s cities, asked only of the empty sites where the seat has a unit."""
    need = event_need(state, "gold")
    sites = [site for site in state.tables.sites if site not in state.owner and has_unit(state, seat, site)]
    return [a.PlayEventOn(event.id, site, resource,
                          label=("play {}: found {} as a {} city", event.name, state.tables.name(site), resource))
            for site in sites for resource in RESOURCES
            if city_problem(state, seat, site, resource, event.cost, need) is None]


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
    "oracle": _plain(lambda s, seat, e: bool(s.display) and can_pay(s, seat, cost(s, e))),
    "pestilence": _offer_pestilence,
    "privilege": _plain(lambda s, seat, e: s.rondel[seat] is not None and e.amount > s.turn.free_steps),
    "prosperity": _plain(lambda s, seat, e: any(s.owner[c] == seat for c in s.walls)),
    "purchase": _plain(lambda s, seat, e: can_pay(s, seat, cost(s, e))),
    "recruits": _plain(lambda s, seat, e: recruits_affordable(
        s, seat, e.amount if s.tables.options.recruits_exactly_two else 1)),
    "sabotage": _plain(lambda s, seat, e: bool(s.hand[1 - seat]) and can_pay(s, seat, cost(s, e))),
    "settler": _offer_settler,
    "stone_pit": _plain(lambda s, seat, e: True),
    "shipyard": _plain(lambda s, seat, e: s.turn.recruitable.get("galley", 0) > 0),
}





def on_play_event(state: DuellumState, move: a.PlayEvent, log: list[Event]) -> None:
    play(state, state.turn.seat, move, log)
