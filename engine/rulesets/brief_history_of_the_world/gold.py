"""The Gold track: every change logged, the stacks it forms, the ranking they give, the
Aftermath's stack adjustment and the gold an empire collects (§5.2, §5.5, §8).

Every change of gold is one log line ``NAME gold +D (now G)`` or ``NAME gold -D (now G)``,
so the log alone accounts for every colour's gold.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.core.text import Words, words
from engine.rulesets.brief_history_of_the_world.state import BriefState
from engine.rulesets.shared import regions

TRACK = 100
LEVELS = {regions.PRESENCE: "presence", regions.DOMINANCE: "dominance", regions.CONTROL: "supremacy"}


def cell(state: BriefState, colour: int) -> int:
    """Where the marker stands: its physical space (A7), or its total with ``stack_by_total``."""
    gold = state.gold[colour]
    if state.tables.options.stack_by_total:
        return gold
    return (gold - 1) % TRACK + 1 if gold > 0 else 0


def change(state: BriefState, colour: int, amount: int, why: Words, log: list[Event]) -> None:
    """Move the marker; a marker arriving goes on top of any stack there (§8.5)."""
    if amount == 0:
        return
    state.gold[colour] = gold = max(0, state.gold[colour] + amount)
    state.clock += 1
    state.arrival[colour] = state.clock
    log.append(Event((_line, state.colours[colour], amount, gold, why)))


def _line(who: str, amount: int, now: int, why: Words) -> str:
    return f"{who} gold {'+' if amount > 0 else '-'}{abs(amount)} (now {now}): {words(why)}"


def ranking(state: BriefState) -> list[int]:
    """First to last: more gold first; on one space the marker on top is ahead (§5.2, §8.5)."""
    places = [(-gold, -arrival) for gold, arrival in zip(state.gold, state.arrival)]
    return sorted(range(len(places)), key=places.__getitem__)


def adjust_stacks(state: BriefState, log: list[Event]) -> None:
    """Aftermath (§5.5): a marker on top of another moves on to the next empty space, the
    lowest stack first, until no two markers share a space (A6 for the order)."""
    while True:
        spaces: dict[int, list[int]] = {}
        for colour in range(len(state.gold)):
            spaces.setdefault(cell(state, colour), []).append(colour)
        stacks = sorted(space for space, markers in spaces.items() if len(markers) > 1)
        if not stacks:
            return
        markers = sorted(spaces[stacks[0]], key=lambda c: state.arrival[c])
        mover = markers[1] if state.tables.options.stack_keeps_order else markers[-1]
        taken = set(spaces)
        step = 1
        while _after(state, mover, step) in taken:
            step += 1
        change(state, mover, step, "moves off a stack to the next empty space", log)
        if state.tables.options.stack_keeps_order:
            # the markers above keep their order: each lands after the last one moved
            state.arrival[mover] = state.clock


def _after(state: BriefState, colour: int, step: int) -> int:
    if state.tables.options.stack_by_total:
        return state.gold[colour] + step
    return (state.gold[colour] + step - 1) % TRACK + 1


def holdings(state: BriefState, colour: int) -> int:
    """Capitals 2, cities 1, monuments 1, where any army of the colour stands (§8.2)."""
    owners = state.armies.get
    capitals, cities, monuments = ([*map(owners, markers)].count(colour)
                                   for markers in (state.capitals, state.cities, state.monuments))
    return 2 * capitals + cities + monuments


def collect(state: BriefState, colour: int, log: list[Event]) -> None:
    """Gold collection at the end of the colour's empire turn (§6.12), region by region in
    the spiral order, over every army of the colour on the map, active or disbanded (A2):
    presence 1, dominance 2, supremacy 3 times the region's value (§8.3, A20), History of
    the World's levels, supremacy being its control by armies alone."""
    change(state, colour, holdings(state, colour), "capitals, cities and monuments", log)
    counts, values = state.armies.regions, state.values
    for region in state.tables.spiral:
        colours = counts.get(region)
        if colours and colour in colours:
            value = values.get(region, 0)
            if value:
                level = regions.level(colours, colour)
                change(state, colour, level * value, ("{} in {}", LEVELS[level], state.tables.names[region]), log)
