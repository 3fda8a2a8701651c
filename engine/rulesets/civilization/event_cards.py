"""Event cards (§6.9): each effect id implemented once; a card may be played only in the phase
it names, by its holder on their own part of that phase (A18), once the hand is within its limit.

=============  ==========  ===========================================================
effect         timing      behaviour (amount = the card's number)
=============  ==========  ===========================================================
gain_trade     trade       +amount trade (the dial stops at 27)
gain_culture   city        +amount culture tokens
production     city        +amount production for your next production this turn
deforestation  start       a forest on any city's outskirts becomes grassland (disaster marker)
drought        start       a grassland on any city's outskirts becomes desert (disaster marker)
extra_research research    you may learn one more technology this research phase
great_person   start       draw a great person
battle_bonus   battle      +amount to your side's battle total
=============  ==========  ===========================================================
"""

from __future__ import annotations

from engine.core.decision import Choice
from engine.core.events import Event
from engine.rulesets.civilization.abilities import BASE_EVENT_LIMIT
from engine.rulesets.civilization.actions import Discard, PlayEvent
from engine.rulesets.civilization.culture import over_hand_limit
from engine.rulesets.civilization.draws import owe
from engine.rulesets.civilization.kept import looks_changed
from engine.rulesets.civilization.state import CivState, Draw
from engine.rulesets.civilization.tables import Icons, Square, once
from engine.rulesets.civilization.turn import order

TRADE_MAX = 27
DISASTER = {"deforestation": ("forest", Square("grassland", Icons(trade=1))),
            "drought": ("grassland", Square("desert", Icons()))}


def disaster_targets(state: CivState, effect: str) -> list[str]:
    if state.disasters <= 0:
        return []
    terrain = DISASTER[effect][0]
    found = set()
    for city in state.cities:
        for sq in state.tables.ring[city.square]:
            look = state.squares.get(sq)
            if look and look.terrain == terrain and sq not in state.buildings and sq not in state.wonders \
                    and sq not in state.greats:
                found.add(sq)
    return sorted(found)


def playable(state: CivState, seat: int, phase: str) -> list[PlayEvent]:
    """The seat's event cards it may play now. Asked at most decisions, so each move is built
    once per table (``tables.once``) and found in its built moves before once() and its lambda
    are made."""
    player = state.players[seat]
    if not player.events or over_hand_limit(state, seat):  # asked at most decisions, mostly of empty hands
        return []
    t = state.tables
    names, made = t.names_of, t.made
    found: list[PlayEvent] = []
    for card in sorted(set(player.events)):
        data = t.events[card]
        if data.phase != phase:
            continue
        if data.effect in DISASTER:
            for sq in disaster_targets(state, data.effect):
                key = ("play on", card, sq)
                found.append(made.get(key) or once(t, key, lambda card=card, sq=sq: PlayEvent(
                    card, sq, label=("play {} on {}", names[card], t.place[sq]))))
        else:
            key = ("play", card)
            found.append(made.get(key) or once(t, key, lambda card=card: PlayEvent(card, label=("play {}", names[card]))))
    return found


def over_limit(state: CivState) -> int | None:
    """The first seat in turn order holding more event cards than its limit (§6.9 "Akinek több
    eseménykártya van a kezében, mint amennyi a korlátja, annak el kell dobnia a számfeletti
    kártyákat"). Asked before every decision, so the turn order is not worked out while every
    hand is within the base limit, as nearly always."""
    for player in state.players:
        if len(player.events) > BASE_EVENT_LIMIT:
            break
    else:
        return None
    for seat in order(state):
        held = len(state.players[seat].events)
        if held > BASE_EVENT_LIMIT and over_hand_limit(state, seat):
            return seat
    return None


def decide_discard(state: CivState, seat: int) -> Choice:
    return Choice(seat, "discard an event card", tuple(
        Discard(c, label=("discard {}", state.tables.names_of[c])) for c in sorted(set(state.players[seat].events))))


def on_discard(state: CivState, move: Discard, log: list[Event]) -> None:
    seat = over_limit(state)
    assert seat is not None
    discard(state, seat, move.card)
    log.append(Event(("{} discards an event card", state.tables.names[seat])))


def discard(state: CivState, seat: int, card: str) -> None:
    state.players[seat].events.remove(card)
    state.event_bottom[state.tables.events[card].age].append(card)


def play(state: CivState, seat: int, move: PlayEvent, log: list[Event]) -> None:
    data = state.tables.events[move.card]
    player = state.players[seat]
    discard(state, seat, move.card)
    log.append(Event(("{} plays {}", state.tables.names[seat], state.tables.names_of[move.card])))
    effect = data.effect
    if effect == "gain_trade":
        player.trade = min(TRADE_MAX, player.trade + data.amount)
    elif effect == "gain_culture":
        player.culture += data.amount
    elif effect == "production":
        player.production_bonus += data.amount
    elif effect in DISASTER:
        state.squares[move.target] = DISASTER[effect][1]
        looks_changed(state, (move.target,))
        state.disasters -= 1
    elif effect == "extra_research":
        player.extra_research += 1
    elif effect == "great_person":
        owe(state, Draw("great", seat, "great"))
    elif effect == "battle_bonus":
        battle = state.battle
        assert battle is not None
        battle.bonus[battle.player.index(seat)] += data.amount
    else:
        raise ValueError(f"unknown event effect {effect}")
