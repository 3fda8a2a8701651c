"""Who may go where: expansion targets by land, strait and fleet, overrun chains, monument
sites and fort sites (§6.2, §6.7, §6.8, §7.6, §10.2, §10.5)."""

from __future__ import annotations

from engine.rulesets.brief_history_of_the_world.state import BriefState, Force


def sources(force: Force) -> set[str]:
    """The standing armies a new army may be placed next to: not an Influence army nor the
    Viking army that crossed the Atlantic, unless Astronomy was played (§10.2, §10.5)."""
    if force.astronomy or not (force.influence or force.crossed):
        return force.active
    return force.active - force.influence - {force.crossed}


def adjacent(state: BriefState, territories: set[str]) -> set[str]:
    """Territories next to any of ``territories`` by land or strait."""
    return set().union(*map(state.tables.neighbours.__getitem__, territories))


def targets(state: BriefState, force: Force, by_land: set[str]) -> dict[str, bool]:
    """Territories an army of the force may be placed in, each with whether only a fleet
    reaches it (the attacker then rolls one die fewer, A26), given ``by_land``, the territories
    next to the force's ``sources``."""
    tables = state.tables
    if force.kind == "raid":
        armies, colour = state.armies, force.colour
        return {t: False for t in tables.geography.region_provinces.get(force.region, ())
                if armies.get(t, colour) != colour}
    if force.kind == "kingdom":
        return {t: False for t in by_land if t not in state.armies}
    by_land = by_land - force.active
    found = dict.fromkeys(by_land, False)
    if force.kind == "empire" and state.fleets:
        found.update(dict.fromkeys(tables.fleet_coast(state.fleets).difference(by_land, force.active), True))
    if force.crossed is not None:  # one army only crosses the Atlantic (§10.2)
        for t in [t for t, by_fleet in found.items() if by_fleet and crossing(state, force, t)]:
            del found[t]
    return found


def by_fleet_only(state: BriefState, force: Force, territory: str) -> bool:
    """Whether only a fleet brings the force to ``territory``, one of its ``targets``."""
    if force.kind != "empire":
        return False
    neighbours = state.tables.neighbours
    return not any(territory in neighbours[t] for t in sources(force))


def crossing(state: BriefState, force: Force, territory: str) -> bool:
    """Whether a fleet carries the Vikings' army across the Atlantic: into a region of the
    New World (§10.2)."""
    if force.characteristic != "viking" or force.astronomy:
        return False
    return state.tables.region_of.get(territory) in state.tables.new_world


def cost(state: BriefState, territory: str) -> int:
    """Invasion points to remove an army: 2 on mountain or forest, else 1 (§7.4)."""
    return 2 if territory in state.tables.rough else 1


def overrun_targets(state: BriefState) -> list[str]:
    """Next to the territory last taken, the same defender, no fort, affordable (§7.6)."""
    overrun, force = state.overrun, state.force
    if overrun is None or force is None or force.board == 0:
        return []
    return sorted(t for t in state.tables.neighbours[overrun.last]
                  if state.armies.get(t) == overrun.defender and t not in state.forts
                  and cost(state, t) <= overrun.points)


def monument_sites(state: BriefState) -> list[str]:
    """Where the monument must go: a capital, else a city, else a resource symbol, among the
    force's territories without a monument (§6.8)."""
    free = state.force.active - state.monuments
    for level in (state.capitals, state.cities):
        sites = free & level
        if sites:
            return sorted(sites)
    symbols = state.tables.symbols
    return sorted(t for t in free if t in symbols)
