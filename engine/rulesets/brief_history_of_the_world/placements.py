"""The army placements an expanding empire or minor empire is offered (§6.2), kept from one
army to the next: it is asked before every army it places, and an army placed changes them
only around the territory it took.

Kept on the state as ``state.placements``, left out of equality and the digest and dropped by
``clone``. The force's army taking a territory calls ``taken``, which moves the targets on;
anything else that changes them (another force's army, the plague, a fleet, Astronomy, the
Atlantic crossing) calls ``changed``, and they are worked out afresh when next asked. The
random-games test compares them with a fresh computation after every step."""

from __future__ import annotations

from bisect import insort
from itertools import chain

from attrs import define

from engine.rulesets.brief_history_of_the_world.actions import PlaceArmy
from engine.rulesets.brief_history_of_the_world.map import (
    adjacent,
    by_fleet_only,
    sources,
    targets,
)
from engine.rulesets.brief_history_of_the_world.state import BriefState, Force

KEPT = ("empire", "minor")  # a kingdom or an event's armies place few armies: worked out each time
Fact = tuple[bool, int | None]  # reached by fleet only, who holds the territory


@define(eq=False)
class Placements:
    force: Force
    land: set[str]  # next to the force's sources by land or strait
    facts: dict[str, Fact]  # the targets
    order: list[str]  # the targets sorted
    rows: dict[str, tuple[PlaceArmy, ...]]  # a target's moves for its fact (``row``)
    moves: tuple[PlaceArmy, ...] | None = None  # None: to be put together from the rows


def placements(state: BriefState, force: Force) -> tuple[PlaceArmy, ...]:
    """The force's placements, target by target in territory order."""
    kept = state.placements
    if kept is None or kept.force is not force:
        kept = fresh(state, force)
        if force.kind in KEPT:
            state.placements = kept
    if kept.moves is None:
        kept.moves = tuple(chain.from_iterable(map(kept.rows.__getitem__, kept.order)))
    return kept.moves


def fresh(state: BriefState, force: Force) -> Placements:
    land = adjacent(state, sources(force))
    owners, made, own = state.armies.get, state.tables.made, force.colour
    facts: dict[str, Fact] = {}
    rows: dict[str, tuple[PlaceArmy, ...]] = {}
    for t, by_fleet in targets(state, force, land).items():
        owner = owners(t)
        facts[t] = (by_fleet, owner)
        rows[t] = made.get((t, by_fleet, owner, own)) or row(state, force, t, by_fleet, owner)
    return Placements(force, land, facts, sorted(facts), rows)


def taken(state: BriefState, territory: str) -> None:
    """The force's army now stands in ``territory``: it is no longer a target, and the
    territories next to it are reached by land."""
    kept, force = state.placements, state.force
    if kept is None:
        return
    if kept.force is not force:  # another force's army: a kept target may have changed hands
        state.placements = None
        return
    facts = kept.facts
    if facts.pop(territory, None) is not None:
        kept.order.remove(territory)
    if force.astronomy or territory not in force.influence and territory != force.crossed:  # a source
        near = state.tables.neighbours[territory]
        get, made, own = state.armies.get, state.tables.made, force.colour
        for t in near.difference(kept.land, force.active):
            owner = get(t)
            if t not in facts:
                insort(kept.order, t)
            facts[t] = (False, owner)
            kept.rows[t] = made.get((t, False, owner, own)) or row(state, force, t, False, owner)
        kept.land |= near
    kept.moves = None


def near(state: BriefState, force: Force) -> set[str]:
    """The territories next to the force's sources by land or strait: the kept ones, else
    ``adjacent(state, sources(force))``."""
    kept = state.placements
    if kept is not None and kept.force is force:
        return kept.land
    return adjacent(state, sources(force))


def reached_by_fleet(state: BriefState, force: Force, territory: str) -> bool:
    """Whether only a fleet brings the force to ``territory``, one of its targets."""
    kept = state.placements
    if kept is not None and kept.force is force and territory in kept.facts:
        return kept.facts[territory][0]
    return by_fleet_only(state, force, territory)


def changed(state: BriefState) -> None:
    """Armies, fleets or the force's reach changed other than by the force taking a territory."""
    state.placements = None


def row(state: BriefState, force: Force, territory: str, by_fleet: bool, owner: int | None) -> tuple[PlaceArmy, ...]:
    """The placement in ``territory`` and, where the person's other colour holds it, its
    surrender (§10.7). A move with the same words is made once per game (``Tables.made``),
    and so is each row, under (territory, by fleet, owner, the force's colour)."""
    made = state.tables.made
    own = force.colour
    key: tuple = (territory, by_fleet, -1 if owner == own else owner)  # colours never change in a game
    moves = [made.get(key) or place(state, key)]
    if owner is not None and owner != own and state.person[owner] == state.person[own]:
        key = (territory, owner)
        moves.append(made.get(key) or place(state, key))
    found = made[territory, by_fleet, owner, own] = tuple(moves)
    return found


def place(state: BriefState, key: tuple) -> PlaceArmy:
    """The placement ``key`` names, made the first time it is offered: (territory, by fleet,
    owner or -1 for the force's own colour) or, for a surrender by one's other colour,
    (territory, that colour)."""
    colours, names = state.colours, state.tables.names
    if len(key) == 2:
        territory, owner = key
        move = PlaceArmy(territory, True, label=f"{colours[owner]} surrenders {names[territory]}")
    else:
        territory, by_fleet, owner = key
        how = "place in" if owner is None else "surrender" if owner == -1 else f"invade {colours[owner]} in"
        move = PlaceArmy(territory, label=f"{how} {names[territory]}{' by fleet' if by_fleet else ''}")
    state.tables.made[key] = move
    return move
