"""Event cards: when one may be played, what it costs and what it does (§6.10, §9.2, §9.3).

A continuous event stays in play until reorganisation and blocks every other (A10); a
one-shot event is resolved and discarded. Armies an event places come from stock."""

from __future__ import annotations

from collections.abc import Iterator
from math import inf

from engine.core.events import Event
from engine.core.text import counted
from engine.rulesets.brief_history_of_the_world.cards import CONTINUOUS, EventCard
from engine.rulesets.brief_history_of_the_world.gold import change
from engine.rulesets.brief_history_of_the_world.placements import changed, near
from engine.rulesets.brief_history_of_the_world.state import BriefState, Force
from engine.rulesets.brief_history_of_the_world.turn import (
    check_monuments,
    settle_start,
    take,
)

BEFORE_FOUNDING = frozenset({"kingdom", "minor_empire"})
TARGETED = frozenset({"treachery", "barbarians", "civil_war", "black_death"})


def affordable(state: BriefState, colour: int, card: EventCard) -> bool:
    return card.cost <= state.gold[colour] or state.tables.options.event_cost_above_gold


def red_playable(state: BriefState, colour: int) -> list[str]:
    """Red cards of this epoch, and Israel from its epoch on, before founding (§6.0)."""
    events = state.tables.events
    return [c for c in state.hands[colour] if events[c].red and events[c].effect in BEFORE_FOUNDING
            and (events[c].epoch == state.epoch or events[c].playable_later and events[c].epoch <= state.epoch)
            and affordable(state, colour, events[c]) and state.stock[colour] > 0]


def discard_red(state: BriefState, colour: int, log: list[Event]) -> None:
    """A red card of this epoch not played before founding is discarded (§9.2) face down:
    never announced nor played, it is shown to no one else ("nem szabad megmutatni a többi
    játékosnak, amíg azok nem kerülnek bejelentésre és kijátszásra", §5.3), so it stays off
    the public discard pile."""
    events = state.tables.events
    for card in [c for c in state.hands[colour] if events[c].red and events[c].epoch == state.epoch
                 and not events[c].playable_later]:
        state.hands[colour].remove(card)
        log.append(Event(("{} discards {}", state.colours[colour], state.tables.names[card]), seats=(state.person[colour],)))
        log.append(Event(("{} discards an unplayed red event card", state.colours[colour])))


def treachery_targets(state: BriefState) -> list[str]:
    return sorted(betrayable(state))


def betrayable(state: BriefState) -> Iterator[str]:
    """Another colour's armies next to the force's (§9.3 Treachery), unsorted and as found,
    so asking whether there is one stops at the first."""
    force = state.force
    armies, colour = state.armies, force.colour
    return (t for t in near(state, force) if armies.get(t, colour) != colour)


def plague_regions(state: BriefState) -> list[str]:
    return sorted(set(stricken(state)))


def stricken(state: BriefState) -> Iterator[str]:
    """The region of every other colour's army outside a fort (§9.3 Black Death), as found."""
    colour, forts, region_of = state.force.colour, state.forts, state.tables.region_of
    return (region_of[t] for t, owner in state.armies.items() if owner != colour and t not in forts and t in region_of)


def fleet_areas(state: BriefState) -> list[str]:
    coast = state.tables.coast
    active = state.force.active
    return sorted(w for w in state.tables.water if w not in state.fleets and coast[w] & active)


def raid_targets(state: BriefState, card: EventCard, colour: int) -> bool:
    """Another player's army stands in the card's region: the region counts a colour other
    than ``colour`` (they hold no colour without armies)."""
    counts = state.armies.regions.get(card.region)
    return counts is not None and (len(counts) > 1 or colour not in counts)


def has_target(state: BriefState, event: EventCard, colour: int) -> bool:
    """Whether an event that needs one has a target: an army in stock and an army of another
    player next to the empire (Treachery) or in the card's region (Barbarians, Civil War);
    for Black Death, another player's army outside a fort."""
    effect = event.effect
    if effect == "black_death":
        return next(stricken(state), None) is not None
    if not state.stock[colour]:
        return False
    if effect == "treachery":
        return next(betrayable(state), None) is not None
    return raid_targets(state, event, colour)


def black_playable(state: BriefState) -> list[str]:
    """Black cards of this epoch or earlier, affordable, while no event is in play and no
    roll or overrun is being resolved (§6.10, A23)."""
    force = state.force
    if state.event_in_play is not None or force is None or force.kind != "empire":
        return []
    colour = force.colour
    events, epoch = state.tables.events, state.epoch
    budget = inf if state.tables.options.event_cost_above_gold else state.gold[colour]
    found = []
    for card in state.hands[colour]:
        event = events[card]
        if event.red or event.epoch > epoch or event.cost > budget:
            continue
        if event.effect in TARGETED and not has_target(state, event, colour):
            continue
        found.append(card)
    return found


def play(state: BriefState, colour: int, card: str, log: list[Event]) -> None:
    """Reveal the card, pay for it and start its effect."""
    event = state.tables.events[card]
    state.hands[colour].remove(card)
    log.append(Event(("{} plays {}", state.colours[colour], state.tables.names[card])))
    change(state, colour, -event.cost, ("pays for {}", state.tables.names[card]), log)
    if event.effect in CONTINUOUS:
        state.event_in_play = card
        return
    state.discards.append(card)
    if event.effect in ("treachery", "black_death"):
        state.pending = card
    elif event.effect == "astronomy":
        state.force.astronomy = True
        changed(state)
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
        log.append(Event((counted, "{} rises in {} with {:army/armies}", state.tables.names[card], state.tables.names[event.start], armies)))
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
        log.append(Event(("treachery: {}'s army in {} is replaced", state.colours[owner], state.tables.names[choice])))
        take(state, choice, log)
    elif effect == "black_death":
        struck = sorted(t for t, owner in state.armies.items() if owner != force.colour
                        and state.tables.region_of.get(t) == choice and t not in state.forts)
        for territory in struck:
            state.stock[state.armies.pop(territory)] += 1
        changed(state)
        log.append(Event((counted, "plague in {}: {:army/armies} return to stock", state.tables.names[choice], len(struck))))
    else:
        state.fleets.add(choice)
        changed(state)
        log.append(Event(("a fleet sails on the {}", state.tables.names[choice])))
