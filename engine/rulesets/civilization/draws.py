"""Chance steps: a card, tile or marker is drawn when someone learns it (architecture: a deck
is an unordered pool). A ``Draw`` owed in the state becomes a ``Chance`` over its pool; the
outcome is resolved here by the draw's purpose."""

from __future__ import annotations

from engine.core.decision import Chance
from engine.core.events import Event
from engine.core.moves import Outcome
from engine.rulesets.civilization.kept import looks_changed
from engine.rulesets.civilization.state import CivState, Draw
from engine.rulesets.civilization.tables import TURNS, rotated_index


def pool(state: CivState, draw: Draw) -> list[str]:
    name, _, key = draw.pool.partition(":")
    if name == "civ":
        return state.civ_pool
    if name == "first":
        return [str(seat) for seat in range(state.tables.seats)]
    if name == "tile":
        return state.tile_pool
    if name in ("unit", "barbarian"):
        if not state.unit_pool[key]:  # the face-up bottom is turned and shuffled (§6.3.3)
            state.unit_pool[key], state.unit_bottom[key] = state.unit_bottom[key], []
        return state.unit_pool[key]
    if name == "forces":
        battle = state.battle
        assert battle is not None
        player = state.players[battle.player[int(key)]]
        return player.forces
    if name == "wonder":
        return state.wonder_pool[key]
    if name == "event":
        if not state.event_pool[key]:  # §6.9: the discards become the new deck
            state.event_pool[key], state.event_bottom[key] = state.event_bottom[key], []
        return state.event_pool[key]
    if name == "great":
        return state.great_pool
    if name == "hut":
        return state.hut_pool
    if name == "village":
        return state.village_pool
    if name == "loot_event":
        return state.players[int(key)].events
    if name == "loot_minor":
        return state.players[int(key)].minors
    raise ValueError(f"unknown pool {draw.pool}")


DRAWN = {  # what a draw is for, in a person's words (the draw's prompt)
    "civ": "a civilization", "tile": "the explored tile", "unit": "a unit for the standing forces",
    "forces_gift": "a unit for the standing forces", "hand": "a battle card", "barbarian": "the barbarians' unit",
    "wonder_market": "a wonder for the market", "wonder_top": "the top medieval wonder",
    "egypt_wonder": "the Egyptians' ancient wonder", "event": "an event card", "great": "a great person",
    "hut": "a hut marker", "village": "a village marker", "loot_event": "an event card as loot",
    "loot_minor": "a face-down marker as loot",
}


def chance(state: CivState) -> Chance:
    draw = state.draws[0]
    cards = sorted(pool(state, draw))
    names = state.tables.names_of
    seen = None if draw.seat is None else (draw.seat,)
    if draw.pool == "first":
        return Chance("the first player", tuple([Outcome(c, state.tables.names[int(c)]) for c in cards]))
    made = state.tables.made  # each card's outcome built once per table (``tables.once``), found without a call
    outcomes = []
    for c in cards:
        found = made.get(("outcome", c))
        if found is None:
            found = made["outcome", c] = Outcome(c, names.get(c, c))
        outcomes.append(found)
    return Chance(("draw {}", DRAWN.get(draw.purpose, draw.purpose)), tuple(outcomes), seen_by=seen)


def owe(state: CivState, draw: Draw) -> None:
    """Queue a draw, skipping it when its pool is empty (a deck run out gives nothing)."""
    if pool(state, draw):
        state.draws.append(draw)


def wonders_left(state: CivState, age: str) -> int:
    """Wonders of ``age`` still in their deck, less those already owed to a draw."""
    return len(state.wonder_pool[age]) - sum(1 for d in state.draws if d.pool == f"wonder:{age}")


def fill_market(state: CivState) -> None:
    """Empty wonder slots take the next wonders (§4.2.3 D, §6.3.5): ancient ones while they last
    (4 at setup, or 3 when Egypt took one), then the medieval deck's top card, then modern ones.
    The medieval deck lies face up on the face-down modern deck, so its top card is known to all:
    it is drawn (a chance step everyone sees) as soon as it comes to the top, and a slot waiting
    for it is filled when it is."""
    owed = {d.arg for d in state.draws if d.purpose == "wonder_market"}
    revealing = any(d.purpose == "wonder_top" for d in state.draws)
    for index, wonder in enumerate(state.wonder_market):
        if wonder or str(index) in owed:
            continue
        if wonders_left(state, "ancient") > 0:
            state.draws.append(Draw("wonder:ancient", None, "wonder_market", str(index)))
        elif state.wonder_top:
            state.wonder_market[index], state.wonder_top = state.wonder_top, ""
        elif wonders_left(state, "medieval") > 0 or revealing:
            continue  # the slot waits for the medieval deck's next top card
        elif wonders_left(state, "modern") > 0:
            state.draws.append(Draw("wonder:modern", None, "wonder_market", str(index)))
    if not state.wonder_top and not revealing and wonders_left(state, "medieval") > 0:
        state.draws.append(Draw("wonder:medieval", None, "wonder_top"))


def reveal_tile(state: CivState, slot: str, tile: str, arrow: str) -> list[str]:
    """Lay ``tile`` face up in ``slot`` with its arrow pointing ``arrow`` (§3.4); returns the
    squares with a hut or village spot."""
    t = state.tables
    state.slots[slot] = tile
    spots = []
    turns = TURNS[arrow]
    for index, square in enumerate(t.slot_squares[slot]):
        printed = t.tiles[tile][rotated_index(index % 4, index // 4, turns)]
        state.squares[square] = printed
        if printed.spot:
            spots.append(square)
    looks_changed(state, t.slot_squares[slot])
    return spots


def resolve(state: CivState, card: str, log: list[Event]) -> Draw:
    draw = state.draws.pop(0)
    t = state.tables
    if draw.pool != "first":
        pool(state, draw).remove(card)
    name = t.names_of.get(card, card)
    seat = draw.seat
    who = t.names[seat] if seat is not None else ""
    if draw.purpose == "civ":
        state.players[int(draw.arg)].civ = card
        log.append(Event(("{} plays the {}", t.names[int(draw.arg)], name)))
    elif draw.purpose == "first":
        state.first = int(card)
        log.append(Event(("{} is the first player", t.names[int(card)])))
    elif draw.purpose == "tile":
        slot, arrow = draw.arg.split("|")
        for square in reveal_tile(state, slot, card, arrow):
            kind = state.squares[square].spot or ""
            lying = sum(1 for other in state.minors.values() if other == kind)
            if len(state.hut_pool if kind == "hut" else state.village_pool) > lying:
                state.minors[square] = kind  # drawn face down when an army takes it
        log.append(Event(("{} is explored in {}", name, t.place[slot])))
    elif draw.purpose in ("unit", "forces_gift"):
        state.players[seat].forces.append(card)
        log.append(Event(("{} adds a unit ({}) to the standing forces", who, draw.pool.split(':')[1])))
        log.append(Event(("{} draws {} ({})", who, name, t.units[card].strength), (seat,)))
    elif draw.purpose == "hand":
        battle = state.battle
        assert battle is not None
        battle.hands[int(draw.arg)].append(card)
        log.append(Event(("{} draws a battle card", who), None))
    elif draw.purpose == "barbarian":
        battle = state.battle
        assert battle is not None
        battle.hands[1].append(card)
        log.append(Event("the barbarians draw a unit"))
    elif draw.purpose == "wonder_market":
        state.wonder_market[int(draw.arg)] = card
        log.append(Event(("{} comes to the wonder market", name)))
    elif draw.purpose == "wonder_top":
        state.wonder_top = card
        log.append(Event(("{} lies face up on the medieval wonder deck", name)))
        if "" in state.wonder_market:
            fill_market(state)
    elif draw.purpose == "egypt_wonder":
        state.players[seat].wonders.append(card)
        log.append(Event(("{} takes the ancient wonder {}", who, name)))
    elif draw.purpose == "event":
        state.players[seat].events.append(card)
        log.append(Event(("{} draws an event card", who)))
        log.append(Event(("{} draws {}", who, name), (seat,)))
    elif draw.purpose == "great":
        state.players[seat].greats.append(card)
        state.placing.append((seat, card))
        log.append(Event(("{} gains a great person: {}", who, name)))
    elif draw.purpose in ("hut", "village"):
        result = t.minors[card].result
        if result == "great_person":
            owe(state, Draw("great", seat, "great"))
            log.append(Event(("{} finds a great person in the village", who)))
        else:
            state.players[seat].minors.append(card)
            log.append(Event(("{} takes a {} marker", who, draw.purpose)))
            log.append(Event(("{} takes a {} marker: {}", who, draw.purpose, result), (seat,)))
    elif draw.purpose == "loot_event":
        state.players[seat].events.append(card)
        log.append(Event(("{} takes an event card as loot", who)))
    elif draw.purpose == "loot_minor":
        state.players[seat].minors.append(card)
        log.append(Event(("{} takes a face-down marker as loot", who)))
    else:
        raise ValueError(f"unknown draw purpose {draw.purpose}")
    return draw
