"""Where things may go on the board now: conquest targets, monument and fort sites."""

from __future__ import annotations

from engine.rulesets.history_of_the_world.state import HistoryState
from engine.rulesets.history_of_the_world.tables import FORTS, MONUMENTS


def conquest_targets(state: HistoryState) -> list[tuple[str, str]]:
    """(province, via) for every legal conquest from the active armies (§6.4, §6.10)."""
    geography = state.tables.geography
    turn = state.turn
    active = state.active
    bases = set(active)
    if not state.tables.options.conquest_from_province:  # ambiguity A3: any province of the region
        for region in {geography.region_of.get(p) for p in active} - {None}:
            bases |= set(geography.region_provinces[region])
    neighbours = geography.land_neighbours
    by_land: set[str] = set()
    for base in bases:
        by_land |= neighbours[base]
    found = {(target, "land") for target in by_land - active}
    for touched, via in state.tables.reach(tuple(turn.fleets), tuple(turn.caravans)):
        if not touched.isdisjoint(bases):  # two networks may reach one target: a set keeps it once
            found.update((target, via) for target in touched - active)
    return sorted(found)


def monument_candidates(state: HistoryState) -> list[str]:
    """The highest-priority provinces for the next monument: capital, city, resource (§6.5);
    none once the box's monuments are all built."""
    if len(state.monuments) >= MONUMENTS:
        return []
    free = [p for p in sorted(state.active) if p not in state.monuments]
    for tier in (state.capitals, state.cities, state.tables.geography.icons):
        found = [p for p in free if p in tier]
        if found:
            return found
    return []


def fort_sites(state: HistoryState) -> list[str]:
    if len(state.forts) >= FORTS:
        return []
    return [p for p in sorted(state.active) if p not in state.forts]
