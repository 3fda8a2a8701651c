"""Event cards: when one may be played, what it costs and what it does (§6.10, §9.2, §9.3).

A continuous event stays in play until reorganisation and blocks every other (A10); a
one-shot event is resolved and discarded. Armies an event places come from stock."""

from __future__ import annotations

from engine.core.events import Event
from engine.rulesets.brief_history_of_the_world.cards import CONTINUOUS, EventCard
from engine.rulesets.brief_history_of_the_world.gold import change
from engine.rulesets.brief_history_of_the_world.map import sources
from engine.rulesets.brief_history_of_the_world.state import BriefState, Force
from engine.rulesets.brief_history_of_the_world.turn import (
    check_monuments,
    name,
    settle_start,
    take,
)

BEFORE_FOUNDING = frozenset({"kingdom", "minor_empire"})


def affordable(state: BriefState, colour: int, card: EventCard) -> bool:
    return card.cost <= state.gold[colour] or state.tables.options.event_cost_above_gold


def red_playable(state: BriefState, colour: int) -> list[str]:
    """Red cards of this epoch, and Israel from its epoch on, before founding (§6.0)."""
    events = state.tables.events
    return [c for c in state.hands[colour] if events[c].red and events[c].effect in BEFORE_FOUNDING
            and (events[c].epoch == state.epoch or events[c].playable_later and events[c].epoch <= state.epoch)
            and affordable(state, colour, events[c]) and state.stock[colour] > 0]


def discard_red(state: BriefState, colour: int, log: list[Event]) -> None:
    """A red card of this epoch not played before founding is discarded (§9.2)."""
    events = state.tables.events
    for card in [c for c in state.hands[colour] if events[c].red and events[c].epoch == state.epoch
                 and not events[c].playable_later]:
        state.hands[colour].remove(card)
        state.discards.append(card)
        log.append(Event(f"{state.colours[colour]} discards {name(state, card)}", seats=(state.seat(colour),)))
        log.append(Event(f"{state.colours[colour]} discards an unplayed red event card"))


def treachery_targets(state: BriefState) -> list[str]:
    force = state.force
    found: set[str] = set()
    for territory in sources(force):
        found |= state.tables.neighbours[territory]
    return sorted(t for t in found if state.armies.get(t, force.colour) != force.colour)


def plague_regions(state: BriefState) -> list[str]:
    colour = state.force.colour
    return sorted({state.tables.region_of[t] for t, owner in state.armies.items()
                   if owner != colour and t not in state.forts and t in state.tables.region_of})


def fleet_areas(state: BriefState) -> list[str]:
    coast = state.tables.coast
    active = state.force.active
    return sorted(w for w in state.tables.water if w not in state.fleets and coast[w] & active)


def raid_targets(state: BriefState, card: EventCard, colour: int) -> bool:
    """Another player's army stands in the card's region."""
    armies = state.armies
    return any(armies.get(t, colour) != colour for t in state.tables.geography.region_provinces.get(card.region, ()))


def black_playable(state: BriefState) -> list[str]:
    """Black cards of this epoch or earlier, affordable, while no event is in play and no
    roll or overrun is being resolved (§6.10, A23)."""
    force = state.force
    if state.event_in_play is not None or force is None or force.kind != "empire":
        return []
    colour = force.colour
    events = state.tables.events
    found = []
    for card in state.hands[colour]:
        event = events[card]
        if event.red or event.epoch > state.epoch or not affordable(state, colour, event):
            continue
        if event.effect == "treachery" and not (state.stock[colour] and treachery_targets(state)):
            continue
        if event.effect in ("barbarians", "civil_war") and not (state.stock[colour] and
                                                                 raid_targets(state, event, colour)):
            continue
        if event.effect == "black_death" and not plague_regions(state):
            continue
        found.append(card)
    return found


def play(state: BriefState, colour: int, card: str, log: list[Event]) -> None:
    """Reveal the card, pay for it and start its effect."""
    event = state.tables.events[card]
    state.hands[colour].remove(card)
    log.append(Event(f"{state.colours[colour]} plays {name(state, card)}"))
    change(state, colour, -event.cost, f"pays for {name(state, card)}", log)
    if event.effect in CONTINUOUS:
        state.event_in_play = card
        return
    state.discards.append(card)
    if event.effect in ("treachery", "black_death"):
        state.pending = card
    elif event.effect == "astronomy":
        state.force.astronomy = True
        state.pending = card if fleet_areas(state) else None
    elif event.effect in ("barbarians", "civil_war"):
        armies = min(event.amount, state.stock[colour])
        state.stock[colour] -= armies
        state.suspended = state.force
        state.force = Force(colour, card, "raid", armies, barbarian=event.effect == "barbarians", region=event.region)
    elif event.effect in BEFORE_FOUNDING:
        armies = min(event.amount, state.stock[colour])
        state.stock[colour] -= armies
        kind = "kingdom" if event.effect == "kingdom" else "minor"
        force = Force(colour, card, kind, armies)
        state.force = force
        settle_start(state, force, event.start, False, log)
        log.append(Event(f"{name(state, card)} rises in {name(state, event.start)} with {armies} armies"))
        if kind == "kingdom" and len(state.capitals) + len(state.cities) < state.tables.options.capitals_and_cities:
            state.cities.add(event.start)
        check_monuments(state, log)


def choices(state: BriefState) -> list[str]:
    """What the pending event lets its player choose: territories, regions or seas."""
    effect = state.tables.events[state.pending].effect
    if effect == "treachery":
        return treachery_targets(state) if state.stock[state.force.colour] else []
    if effect == "black_death":
        return plague_regions(state)
    return fleet_areas(state)


def resolve_choice(state: BriefState, choice: str, log: list[Event]) -> None:
    effect = state.tables.events[state.pending].effect
    state.pending = None
    force = state.force
    if effect == "treachery":
        owner = state.armies.pop(choice)
        state.stock[owner] += 1
        state.stock[force.colour] -= 1
        log.append(Event(f"treachery: {state.colours[owner]}'s army in {name(state, choice)} is replaced"))
        take(state, choice, log)
    elif effect == "black_death":
        struck = sorted(t for t, owner in state.armies.items() if owner != force.colour
                        and state.tables.region_of.get(t) == choice and t not in state.forts)
        for territory in struck:
            state.stock[state.armies.pop(territory)] += 1
        log.append(Event(f"plague in {name(state, choice)}: {len(struck)} armies return to stock"))
    else:
        state.fleets.add(choice)
        log.append(Event(f"a fleet sails on the {name(state, choice)}"))
