"""The frame of the game: setup, each epoch's arrangement and draft, the calling of the
empires, the Aftermath with its bonus tokens, and the end (§4, §5, §8.7)."""

from __future__ import annotations

from functools import cache
from itertools import combinations

from engine.core.decision import Chance, Choice, Decision, End
from engine.core.events import Event
from engine.core.moves import Outcome
from engine.rulesets.brief_history_of_the_world import actions as a
from engine.rulesets.brief_history_of_the_world.gold import (
    adjust_stacks,
    change,
    ranking,
)
from engine.rulesets.brief_history_of_the_world.state import BriefState
from engine.rulesets.brief_history_of_the_world.tables import EPOCHS

NOBODY = ()
PACKETS = (a.ChoosePacket("empires", label="look at the empire cards first"),
           a.ChoosePacket("events", label="look at the event cards first"))
BONUS_TAKERS = 3


def colours(state: BriefState) -> int:
    return len(state.colours)


# -- setup (§4) --------------------------------------------------------------------------


@cache
def first_player(names: tuple[str, ...]) -> Chance:
    return Chance("draw the player whose gold marker starts on space 1",
                  tuple(Outcome(c, name) for c, name in enumerate(names)))


def on_first_player(state: BriefState, outcome: Outcome, log: list[Event]) -> None:
    """Gold 1, 2, 3... clockwise from the player drawn (§4.4); one Leader and one Weaponry
    each (§4.5): the copies are identical, so dealing them needs no chance step."""
    first = int(outcome.value)
    n = colours(state)
    for i in range(n):
        change(state, (first + i) % n, i + 1, "starting gold", log)
    events = state.tables.events
    for kind in ("leader", "weaponry"):
        copies = sorted(c for c, e in events.items() if e.starter == kind)
        for colour in range(n):
            if colour < len(copies):
                state.hands[colour].append(copies[colour])
        log.append(Event(("each player receives a {} card", kind.capitalize())))
    state.bonus_pool = sorted(state.tables.bonus)
    state.phase = "epoch"


# -- arrangement and distribution (§5.3) ----------------------------------------------------


def start_epoch(state: BriefState, log: list[Event]) -> bool:
    if state.epoch == EPOCHS:
        state.phase = "over"
        return True
    state.epoch += 1
    state.values = dict(state.tables.values.get(state.epoch, {}))
    state.ranking = ranking(state)
    state.epoch_gold = list(state.gold)
    state.held, state.announced, state.slot = {}, [], 0
    log.append(Event(("Epoch {} begins; region values: {}", state.epoch, state.tables.shown_values[state.epoch])))
    state.phase = "empire_pile"
    return True


def pile(prompt: str, cards: tuple[tuple[str, str], ...], size: int) -> Chance:
    """The N cards of an epoch's pile, as one step over the sets that may be drawn; nobody
    sees it until the packet is handed on (§4.6)."""
    return Chance(prompt, tuple(Outcome("+".join(c for c, _ in combo), ", ".join(n for _, n in combo))
                                for combo in combinations(cards, min(size, len(cards)))), seen_by=NOBODY)


def decide_pile(state: BriefState) -> Decision:
    """The same for every game of a scenario at one player count: made once (``Tables.made``)."""
    kind = "empire" if state.phase == "empire_pile" else "event"
    made, n = state.tables.made, colours(state)
    key = ("pile", kind, state.epoch, n)
    chance = made.get(key)
    if chance is None:
        named = tuple((c, state.tables.names[c]) for c in state.tables.drafted.get((kind, state.epoch), ()))
        chance = made[key] = pile(f"epoch {state.epoch}: draw {n} {kind} cards", named, n)
    return chance


def on_pile(state: BriefState, outcome: Outcome, log: list[Event]) -> None:
    cards = str(outcome.value).split("+") if outcome.value else []
    if state.phase == "empire_pile":
        state.empire_packet = cards
        state.phase = "event_pile"
    else:
        state.event_packet = cards
        state.draft_step, state.first_packet = 0, ""
        state.phase = "draft"


def pickers(state: BriefState) -> tuple[int, int]:
    """At step s the (N-s)th player picks an empire, the (s+1)th an event (§5.3, A9)."""
    step = state.draft_step
    return state.ranking[-1 - step], state.ranking[step]


def dues(state: BriefState) -> tuple[bool, bool]:
    """Whether the empire packet and the event packet wait for this step's pick: a packet
    holds a card for each picker still to come."""
    left = len(state.colours) - state.draft_step
    return len(state.empire_packet) == left, len(state.event_packet) == left


def decide_draft(state: BriefState) -> Decision:
    empire_colour, event_colour = pickers(state)
    empire_due, event_due = dues(state)
    if empire_colour == event_colour and empire_due and event_due and not state.first_packet:
        return Choice(state.person[empire_colour], ("{}: which packet first?", state.colours[empire_colour]), PACKETS)
    if empire_due and not (state.first_packet == "events" and event_due):
        return Choice(state.person[empire_colour], ("{} keeps an empire card", state.colours[empire_colour]),
                      tuple(map(state.tables.keeps.__getitem__, state.empire_packet)))
    return Choice(state.person[event_colour], ("{} keeps an event card", state.colours[event_colour]),
                  tuple(map(state.tables.keeps.__getitem__, state.event_packet)))


def on_choose_packet(state: BriefState, move: a.ChoosePacket, log: list[Event]) -> None:
    state.first_packet = move.packet
    log.append(Event(("{} looks at the {} first", state.colours[pickers(state)[0]], move.packet)))


def on_pick_empire(state: BriefState, move: a.PickEmpire, log: list[Event]) -> None:
    colour = pickers(state)[0]
    state.empire_packet.remove(move.card)
    state.held[move.card] = colour
    log.append(Event(("{} keeps an empire card", state.colours[colour])))
    log.append(Event(("{} keeps {}", state.colours[colour], state.tables.names[move.card]), seats=(state.person[colour],)))
    next_pick(state)


def on_pick_event(state: BriefState, move: a.PickEvent, log: list[Event]) -> None:
    colour = pickers(state)[1]
    state.event_packet.remove(move.card)
    state.hands[colour].append(move.card)
    log.append(Event(("{} keeps an event card", state.colours[colour])))
    log.append(Event(("{} keeps {}", state.colours[colour], state.tables.names[move.card]), seats=(state.person[colour],)))
    next_pick(state)


def next_pick(state: BriefState) -> None:
    if any(dues(state)):
        return
    state.draft_step += 1
    state.first_packet = ""
    if state.draft_step == len(state.colours):
        state.phase = "call"


# -- the empires are called (§5.4) ----------------------------------------------------------


def call_next(state: BriefState, log: list[Event]) -> bool:
    listed = state.tables.listed.get(state.epoch, {})
    if state.slot >= max(listed, default=0):
        state.phase = "aftermath"
        return True
    state.slot += 1
    card = listed.get(state.slot)
    if card not in state.held:
        if card is not None:
            log.append(Event(("{}: nobody holds the card", state.tables.names[card])))
        return True
    colour = state.held[card]
    state.announced.append(card)
    state.current = colour
    log.append(Event(("{} reveals {}", state.colours[colour], state.tables.names[card])))
    state.phase = "turn"
    return True


# -- Aftermath (§5.5) and the end (§8.7) -------------------------------------------------------


def bonus_order(state: BriefState) -> list[int]:
    """The three who take bonus tokens: the richest (A21), or who gained most this epoch."""
    order = ranking(state)
    if state.tables.options.bonus_by_epoch_gold:
        order.sort(key=lambda c: -(state.gold[c] - state.epoch_gold[c]))
    return order[:BONUS_TAKERS]


def aftermath(state: BriefState, log: list[Event]) -> bool:
    """The stacks are adjusted, then the takers of bonus tokens known: taking one moves no gold."""
    adjust_stacks(state, log)
    state.bonus_offer, state.bonus_step, state.takers = [], 0, bonus_order(state)
    state.phase = "bonus_draw" if state.bonus_pool else "epoch"
    return True


def decide_bonus_draw(state: BriefState) -> Decision:
    first = state.takers[0]
    return Chance(("draw a face-down bonus token for {}", state.colours[first]),
                  tuple(map(state.tables.draws.__getitem__, state.bonus_pool)), seen_by=(state.person[first],))


def on_bonus_draw(state: BriefState, outcome: Outcome, log: list[Event]) -> None:
    token = str(outcome.value)
    state.bonus_pool.remove(token)
    state.bonus_offer.append(token)
    if len(state.bonus_offer) == BONUS_TAKERS or not state.bonus_pool:
        state.phase = "bonus_pick"


def decide_bonus_pick(state: BriefState) -> Decision:
    """Tokens of equal value are one choice: only real decisions are asked."""
    colour = state.takers[state.bonus_step]
    distinct: dict[int, str] = {}
    for token in state.bonus_offer:
        distinct.setdefault(state.tables.bonus[token], token)
    return Choice(state.person[colour], ("{} keeps a bonus token", state.colours[colour]),
                  tuple(state.tables.takes[t] for _, t in sorted(distinct.items())))


def on_take_bonus(state: BriefState, move: a.TakeBonus, log: list[Event]) -> None:
    order = state.takers
    colour = order[state.bonus_step]
    state.bonus_offer.remove(move.token)
    state.bonus[colour].append(move.token)
    log.append(Event(("{} keeps a bonus token", state.colours[colour])))
    log.append(Event(("{} keeps a bonus token worth {}", state.colours[colour], state.tables.bonus[move.token]),
                     seats=(state.person[colour],)))
    state.bonus_step += 1
    if state.bonus_offer and state.bonus_step < len(order):
        passed = state.person[order[state.bonus_step]]
        log.append(Event((passed_on, tuple(map(state.tables.bonus.__getitem__, state.bonus_offer))), seats=(passed,)))
    else:
        state.bonus_pool += state.bonus_offer
        state.bonus_offer = []
        state.phase = "epoch"


def passed_on(values: tuple[int, ...]) -> str:
    return "passed on: " + ", ".join(f"worth {value}" for value in values)


def final_gold(state: BriefState) -> list[int]:
    """Gold plus the revealed bonus tokens (§8.7)."""
    return [gold + sum(state.tables.bonus[t] for t in tokens) for gold, tokens in zip(state.gold, state.bonus)]


def decide_end(state: BriefState) -> Decision:
    """Each seat's result is its colours' combined gold (§10.7); ties are shared (§8.7)."""
    totals = final_gold(state)
    seats = max(state.person) + 1
    scores = [0.0] * seats
    for colour, total in enumerate(totals):
        scores[state.person[colour]] += total
    ranking_ = tuple(sorted(range(seats), key=lambda s: (-scores[s], s)))
    return End(tuple(scores), ranking_)
