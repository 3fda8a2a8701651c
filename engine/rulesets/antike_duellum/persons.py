"""Person cards and event picks: earning persons at the end of a turn, the victory track and
its walls, who can still win (§5.1, §5.5, §8), then the opponent's owed event picks from the
open display, refilled from the deck one chance draw at a time (§9.1).

A player keeps, per type, the cards already earned (k) and earns another when the measure
reaches the next threshold while the stack has cards: a high-water mark, so falling below a
threshold and reaching it again earns nothing (§8.2).
"""

from __future__ import annotations

from engine.core.decision import Chance, Choice, End
from engine.core.events import Event
from engine.core.moves import Outcome
from engine.rulesets.antike_duellum.military import sea_areas
from engine.rulesets.antike_duellum.pending import pick_moves
from engine.rulesets.antike_duellum.rondel import start_turn
from engine.rulesets.antike_duellum.state import DuellumState
from engine.rulesets.antike_duellum.tables import MARKERS, TECHS, TEMPLES, VICTORY

KINGS_EVERY, CITIZENS_EVERY, NAVIGATOR_AT = 5, 3, 7
DISPLAY = 3


def held(state: DuellumState, seat: int, kind: str) -> int:
    person_kind = state.tables.person_kind
    return [person_kind[card] for card in state.persons[seat]].count(kind)


def cities(state: DuellumState, seat: int) -> int:
    return list(state.owner.values()).count(seat)


def temple_measure(state: DuellumState, seat: int) -> int:
    """Temples for citizens: standing in your cities, or ever built under A6's option."""
    if state.tables.options.citizens_count_built:
        return state.temples_built[seat]
    return sum(state.owner[city] == seat for city in state.temples)


def earned(state: DuellumState, seat: int, kind: str) -> int:
    """How many cards of ``kind`` the player's achievements are worth now (before stacks)."""
    turn = state.turn
    if kind == "king":
        return cities(state, seat) // KINGS_EVERY
    if kind == "citizen":
        return temple_measure(state, seat) // CITIZENS_EVERY
    if kind == "navigator":
        cap = 2 if state.tables.options.second_navigator else 1
        return min(cap, sea_areas(state, seat) // NAVIGATOR_AT)
    # scholars and generals are earned by this turn's deeds on top of those already held
    return held(state, seat, kind) + (turn.scholars if kind == "scholar" else turn.generals)


def owed(state: DuellumState, seat: int, kind: str) -> int:
    """Cards of ``kind`` earned and not yet held: ``earned - held``, without counting the
    scholars and generals held only to add them back."""
    turn = state.turn
    if kind == "scholar":
        return turn.scholars
    if kind == "general":
        return turn.generals
    return earned(state, seat, kind) - held(state, seat, kind)


def award(state: DuellumState, seat: int, log: list[Event]) -> int:
    """Phase 3 (§5.1, §8.1): every person now due, while the stacks last; stops at the 9th."""
    gained = 0
    stacks = state.stacks
    for kind in ("king", "citizen", "scholar", "general", "navigator"):
        stack = stacks.get(kind)
        if not stack:
            continue
        due = owed(state, seat, kind)
        while due > 0 and stack and len(state.persons[seat]) < VICTORY:
            card = stack.pop(0)
            state.persons[seat].append(card)
            gained += 1
            due -= 1
            position = len(state.persons[seat])
            wall = position in state.tables.wall_symbols
            if wall:
                state.walls_supply[seat] += 1
                state.walls_issued[seat] += 1
            log.append(Event(("{} gains {} ({}, {} person{}){}", state.names[seat], state.tables.name(card), kind,
                              position, "s" * (position > 1), " and a wall" if wall else "")))
    return gained


def can_still_win(state: DuellumState, seat: int) -> bool:
    """An upper bound on the persons the player can still gain reaches 9.

    The rulebook has no other end (§5.3); this bound lets a game stop when neither player can
    ever reach 9 (all scholars, generals and navigators gone, say), rather than run forever."""
    tables = state.tables
    stacks = {kind: len(cards) for kind, cards in state.stacks.items()}
    if len(state.persons[seat]) + sum(stacks.values()) < VICTORY:
        return False
    if len(state.persons[seat]) + stacks.get("general", 0) >= VICTORY:
        return True  # every general can still be won by conquering temple cities
    sites = len(tables.sites)
    most_cities = min(sites, sum(MARKERS.values()))
    possible = len(state.persons[seat])
    possible += min(stacks.get("king", 0), max(0, most_cities // KINGS_EVERY - held(state, seat, "king")))
    if tables.options.citizens_count_built:
        possible += stacks.get("citizen", 0)
    else:
        most_temples = min(TEMPLES, most_cities)
        possible += min(stacks.get("citizen", 0),
                        max(0, most_temples // CITIZENS_EVERY - held(state, seat, "citizen")))
    untaken = sum(not any(tech in firsts for firsts in state.firsts) for tech in TECHS if tech in tables.techs)
    possible += min(stacks.get("scholar", 0), untaken)
    possible += stacks.get("general", 0)
    cap = 2 if tables.options.second_navigator else 1
    possible += min(stacks.get("navigator", 0), max(0, cap - held(state, seat, "navigator")))
    return possible >= VICTORY


def end_turn(state: DuellumState, log: list[Event]) -> None:
    """Phase 3 and the end of the turn (§5.1): persons, then the opponent's event picks."""
    turn = state.turn
    seat = turn.seat
    gained = award(state, seat, log)
    if len(state.persons[seat]) >= VICTORY:
        state.winner = seat
        state.phase = "over"
        state.turn = None
        state.ended = f"{state.names[seat]} holds {VICTORY} persons and wins"  # once a game, for the view
        log.append(Event(("{} holds {} persons and wins", state.names[seat], VICTORY)))
        return
    state.picks = gained + turn.city_lost
    state.picker = 1 - seat
    state.phase = "picks"
    state.turn = None
    if state.picks:
        log.append(Event(("{} is owed {} event card{}", state.names[state.picker], state.picks,
                          "s" if state.picks > 1 else "")))


def refill_due(state: DuellumState) -> bool:
    return len(state.display) < DISPLAY and bool(state.pool)


def decide_refill(state: DuellumState) -> Chance:
    outcomes = state.tables.card_outcomes
    return Chance("turn up an event card for the display", tuple(outcomes[card] for card in sorted(state.pool)))


def on_display_draw(state: DuellumState, outcome: Outcome, log: list[Event]) -> None:
    card = str(outcome.value)
    state.pool.remove(card)
    state.display.append(card)
    log.append(Event(("{} is turned up for the display", state.tables.name(card))))


def display_waits(state: DuellumState, log: list[Event]) -> bool:
    """The display waits for a card from the deck; an empty deck takes back the discards."""
    if len(state.display) >= DISPLAY:
        return False
    if not state.pool and state.discard:
        state.pool, state.discard = sorted(state.discard), []
        log.append(Event("the event deck is empty: the discard pile is shuffled into a new deck"))
    return bool(state.pool)


def decide_picks(state: DuellumState) -> Chance | Choice:
    if refill_due(state):
        return decide_refill(state)
    return Choice(state.picker, ("take an event card from the display ({} owed)", state.picks), pick_moves(state))


def picks_step(state: DuellumState, log: list[Event]) -> bool:
    """Once the owed cards are taken (or the display is empty), the next turn begins."""
    if display_waits(state, log):
        return False
    if state.picks > 0 and state.display:
        return False
    state.picks = 0
    next_turn(state, log)
    return True


def anyone_can_win(state: DuellumState) -> bool:
    """``can_still_win`` for either seat, worked out again only when a person card has left
    the stacks or a technology has been developed first, the only things it depends on."""
    key = (sum(map(len, state.stacks.values())), sum(map(len, state.firsts)))
    if state.winnable is None or state.winnable[0] != key:
        state.winnable = (key, any(can_still_win(state, seat) for seat in range(len(state.names))))
    return state.winnable[1]


def next_turn(state: DuellumState, log: list[Event]) -> None:
    if not anyone_can_win(state):
        state.phase = "over"
        state.ended = "neither player can reach 9 persons any more: the game ends"
        log.append(Event(state.ended))
        return
    state.phase = "turn"
    start_turn(state, 1 - state.active, log)


def decide_end(state: DuellumState) -> End:
    """The first to hold 9 persons wins; a game where neither can reach 9 any more (not in the
    rulebook, which has no other end) is shared by the seats with the most persons."""
    scores = tuple(float(len(cards)) for cards in state.persons)
    ranking = tuple(sorted(range(len(state.names)), key=lambda s: (-scores[s], s)))
    if state.winner is not None:
        return End(scores, ranking, winners=(state.winner,))
    return End(scores, ranking)
