"""Setup's score markers, each epoch's deal and the draft (digest §4 steps 2-3, §5, §10.1).

The deal trims each pile, unseen, to one card per player; the draft then passes the two
piles in opposite directions (or, in the classic draft, draws one card at a time that its
holder keeps or gives away). Once every empire card is held, the empires are called.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, permutations

from engine.core.decision import Chance, Choice, Decision
from engine.core.events import Event
from engine.core.moves import Action, Outcome
from engine.rulesets.history_of_the_world import actions as a
from engine.rulesets.history_of_the_world.state import HistoryState
from engine.rulesets.shared.words import listed

HIDDEN = ()  # a chance outcome nobody sees: cards trimmed from a pile, face down
EVENT_PILE = a.ChoosePile("events", label="the event pile")
EMPIRE_PILE = a.ChoosePile("empires", label="the empire pile")


@cache
def marker_draw(names: tuple[str, ...]) -> Chance:
    """Setup step 2 as one chance step: every order in which the markers can be drawn."""
    orders = permutations(range(len(names)))
    return Chance("draw the score markers one by one onto spaces 1, 2, 3...", tuple(
        Outcome("-".join(map(str, order)), ", ".join(names[s] for s in order)) for order in orders))


@cache
def pile_trim(epoch: int, kind: str, cards: tuple[tuple[str, str], ...], players: int) -> Chance:
    """Setup step 3 for one pile as one chance step: every set of (id, name) cards that may
    stay. Nobody sees it (``seen_by`` is empty); the labels name the cards for the designer
    who forces an outcome. Made once for all games, as piles and player counts repeat."""
    kept = combinations(cards, min(players, len(cards)))
    return Chance(f"trim epoch {epoch}'s {kind} pile to {players} cards", tuple(
        Outcome("+".join(card for card, _ in combo), ", ".join(name for _, name in combo))
        for combo in kept), seen_by=HIDDEN)


# -- the score markers (setup step 2) --------------------------------------------------------


def decide_order(state: HistoryState) -> Chance:
    return marker_draw(tuple(state.names))


def on_marker_order(state: HistoryState, outcome: Outcome, log: list[Event]) -> None:
    state.start_order = [int(seat) for seat in str(outcome.value).split("-")]
    for place, seat in enumerate(state.start_order, 1):
        state.score[seat] = place
    markers = tuple((state.names[s], state.score[s]) for s in state.start_order)
    log.append(Event((listed, "score markers: {}", markers, "{} {}")))


# -- the deal (setup step 3, every epoch) ----------------------------------------------------


def decide_deal(state: HistoryState) -> Chance:
    """Shuffle and return cards unseen until the pile holds one per player (§4 step 3): one
    chance step per pile, whose outcome is the set of cards kept."""
    kind = "event" if not state.event_pile else "empire"
    return pile_trim(state.epoch, kind, state.tables.pile(kind, tuple(state.pool)), len(state.names))


def on_deal(state: HistoryState, outcome: Outcome, log: list[Event]) -> None:
    kept = str(outcome.value).split("+")
    tables = state.tables
    table = tables.events if kept[0] in tables.events else tables.empires
    state.pool = [card for card in state.pool if card not in table]  # the rest go to the box
    if table is tables.events:
        state.event_pile = kept
    else:
        state.empire_pile = kept


def dealt(state: HistoryState, log: list[Event]) -> bool:
    """Both piles are dealt: the draft begins, most points first (§5.1)."""
    if state.pool:
        return False
    state.phase = "draft"
    state.draft_step = 0
    state.ranking = sorted(range(len(state.names)), key=lambda s: (-state.score[s], s))
    return True


# -- the draft (§5.3) ------------------------------------------------------------------------


def empire_order(state: HistoryState) -> list[int]:
    """Who is served the empire pile, in turn (§5.3, ambiguity A1). The fewest points always
    start; then upwards to the leader (the summary page), or, by the main text's "second most
    points", on to the second-placed player and downwards from there, the leader last."""
    ranking = state.ranking  # most points first
    if state.tables.options.empire_draft_ascending or len(ranking) < 3:
        return ranking[::-1]
    return [ranking[-1], *ranking[1:-1], ranking[0]]


def draft_pickers(state: HistoryState) -> tuple[int, int]:
    """Who picks from the event pile and from the empire pile at this draft step (§5.3)."""
    step = state.draft_step
    return state.ranking[step], empire_order(state)[step]


def picks_done(state: HistoryState) -> tuple[bool, bool]:
    """Whether this draft step's event pick and its empire pick are made: each pick takes a
    card from a pile that held one per player still to pick."""
    left = len(state.names) - state.draft_step
    return len(state.event_pile) < left, len(state.empire_pile) < left


def decide_draft(state: HistoryState) -> Decision:
    options = state.tables.options
    if options.classic_draft:
        return decide_classic(state)
    event_seat, empire_seat = draft_pickers(state)
    tables = state.tables
    event_done, empire_done = picks_done(state)
    if (event_seat == empire_seat and not event_done and not empire_done and state.draft_first is None
            and options.middle_player_chooses_pile):
        return Choice(event_seat, "which pile do you look at first?", (EVENT_PILE, EMPIRE_PILE))
    if event_done or (state.draft_first == "empires" and not empire_done):
        cards = tuple(map(tables.empire_picks.__getitem__, sorted(state.empire_pile)))
        return Choice(empire_seat, ("epoch {}: keep one empire card", state.epoch), cards)
    cards = tuple(map(tables.event_picks.__getitem__, sorted(state.event_pile)))
    return Choice(event_seat, ("epoch {}: keep one event card", state.epoch), cards)


def on_choose_pile(state: HistoryState, move: a.ChoosePile, log: list[Event]) -> None:
    state.draft_first = move.pile


def keep_event(state: HistoryState, seat: int, card: str) -> None:
    if state.tables.events[card].kingdom:
        state.kingdoms[seat] = card
    else:
        state.hand[seat].append(card)


def on_pick_event(state: HistoryState, move: a.PickEvent, log: list[Event]) -> None:
    seat, _ = draft_pickers(state)
    state.event_pile.remove(move.card)
    keep_event(state, seat, move.card)
    log.append(Event(("{} keeps an event card", state.names[seat])))
    log.append(Event(("{} keeps {}", state.names[seat], state.tables.names[move.card]), (seat,)))


def on_pick_empire(state: HistoryState, move: a.PickEmpire, log: list[Event]) -> None:
    _, seat = draft_pickers(state)
    state.empire_pile.remove(move.card)
    state.drafted_empire[seat] = move.card
    log.append(Event(("{} keeps an empire card", state.names[seat])))
    log.append(Event(("{} keeps {}", state.names[seat], state.tables.names[move.card]), (seat,)))


def draft_step(state: HistoryState, log: list[Event]) -> bool:
    """Pass the piles on once both picks of a step are made; the last cards are given."""
    if state.tables.options.classic_draft:
        return classic_step(state, log)
    n = len(state.names)
    if not all(picks_done(state)):
        if state.draft_step == n - 1 or (not state.event_pile and not state.empire_pile):
            event_seat, empire_seat = draft_pickers(state)
            if state.event_pile:
                keep_event(state, event_seat, state.event_pile.pop())
            if state.empire_pile:
                state.drafted_empire[empire_seat] = state.empire_pile.pop()
            return draft_step(state, log)
        return False
    state.draft_step += 1
    state.draft_first = None
    if state.draft_step < n and (state.event_pile or state.empire_pile):
        return True
    call_empires(state, log)
    return True


def call_empires(state: HistoryState, log: list[Event]) -> None:
    """Every empire card is held: they are called in the order printed on them (§6.1)."""
    state.event_pile, state.empire_pile = [], []
    state.classic_got, state.classic_holder = [], None
    held = [card for card in state.drafted_empire if card]
    state.queue = sorted(held, key=lambda card: state.tables.empires[card].order)
    state.phase = "turns"
    log.append(Event((listed, "the empires are called: {}", tuple(state.tables.names[c] for c in state.queue))))


# -- the classic draft (§10.1) ---------------------------------------------------------------


def classic_pile(state: HistoryState) -> list[str]:
    """The classic draft deals the event pile first, then the empire pile."""
    return state.event_pile if state.event_pile or state.classic_card in state.tables.events else state.empire_pile


def classic_order(state: HistoryState) -> list[int]:
    """Events pass from most to fewest points, empires as in the open draft (§10.1, A1)."""
    events = state.event_pile or state.classic_card in state.tables.events
    return state.ranking if events else empire_order(state)


def decide_classic(state: HistoryState) -> Decision:
    """§10.1: draw the top card, then keep it or give it to a player still without one."""
    holder = state.classic_holder
    pile = classic_pile(state)
    name = "event" if pile is state.event_pile else "empire"
    if state.classic_card is None:
        return Chance(("{} draws the top {} card", state.names[holder], name),
                      tuple(Outcome(c, state.tables.names[c]) for c in sorted(pile)), seen_by=(holder,))
    card = state.tables.names[state.classic_card]
    others = [s for s in classic_order(state) if s not in state.classic_got and s != holder]
    moves: tuple[Action, ...] = (a.KeepCard(label=("keep {}", card)),)
    return Choice(holder, ("keep {} or give it away?", card),
                  moves + tuple(a.GiveCard(s, label=("give it to {}", state.names[s])) for s in others))


def on_classic_draw(state: HistoryState, outcome: Outcome, log: list[Event]) -> None:
    state.classic_card = str(outcome.value)
    classic_pile(state).remove(state.classic_card)


def on_keep_card(state: HistoryState, move: Action, log: list[Event]) -> None:
    classic_give(state, state.classic_holder, log)


def on_give_card(state: HistoryState, move: a.GiveCard, log: list[Event]) -> None:
    classic_give(state, move.seat, log)


def classic_give(state: HistoryState, seat: int, log: list[Event]) -> None:
    card, holder = state.classic_card, state.classic_holder
    if card in state.tables.events:
        keep_event(state, seat, card)
    else:
        state.drafted_empire[seat] = card
    state.classic_got.append(seat)
    state.classic_card = None
    order = classic_order(state)
    after = order.index(holder) + 1
    waiting = [s for s in order[after:] + order[:after] if s not in state.classic_got]
    state.classic_holder = waiting[0] if waiting else None
    if seat == holder:
        log.append(Event(("{} keeps the card", state.names[holder])))
    else:
        log.append(Event(("{} gives a card to {}", state.names[holder], state.names[seat])))
    log.append(Event(("{} receives {}", state.names[seat], state.tables.names[card]), (seat,)))


def classic_step(state: HistoryState, log: list[Event]) -> bool:
    """Serve the event pile, then the empire pile, one drawn card at a time (§10.1)."""
    waiting = [s for s in classic_order(state) if s not in state.classic_got]
    if state.classic_card is not None:
        if len(waiting) == 1:  # the last player without a card must keep it
            classic_give(state, waiting[0], log)
            return True
        return False
    if not waiting:  # this pile has served everyone
        state.classic_got, state.classic_holder = [], None
        return True
    if not classic_pile(state):
        call_empires(state, log)
        return True
    if state.classic_holder is None:
        state.classic_holder = waiting[0]
        return True
    return False
