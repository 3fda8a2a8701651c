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
    found: dict[tuple[str, str], None] = {}
    for base in sorted(bases):
        for target in sorted(geography.land_neighbours[base]):
            if target not in active:
                found[(target, "land")] = None
    for network in geography.networks(turn.fleets, turn.caravans, state.tables.options.fleet_chains):
        touched = set().union(*(geography.area_borders[area] for area in network))
        if touched & bases:
            via = "fleet" if any(geography.area_kind[x].value != "wasteland" for x in network) else "caravan"
            for target in sorted(touched - active):
                found[(target, via)] = None
    return list(found)


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
