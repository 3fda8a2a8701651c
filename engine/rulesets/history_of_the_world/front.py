"""Where the active armies may conquer (§6.4, §6.10), kept while they advance.

The conquest step asks for every legal conquest at each decision, and most of its decisions
follow an army moving into one more province. So the targets are worked out once, when first
asked, and each province an active army enters (``occupy``) then adds its neighbours and any
disc network it reaches, and stops being a target itself. Anything else that changes the
active armies or the discs (a founding, a decline, a development acting on the board) calls
``front_changed``, and the next decision works them out afresh.

The front is kept on the state out of equality and the digest (``eq=False``) and dropped by
``clone``; the random-games test checks it against a fresh one after every step.
"""

from __future__ import annotations

from attrs import define

from engine.rulesets.history_of_the_world import actions as a
from engine.rulesets.history_of_the_world.state import HistoryState


@define
class Front:
    """The active armies' conquest targets, as places in the order the conquest step lists
    them (``Tables.conquest_order``)."""

    bases: set[str]  # the provinces conquests start from: the active armies' (or their regions', A3)
    waiting: list[tuple[frozenset[str], frozenset[int]]]  # disc networks touching no base yet
    ranks: set[int]  # the legal conquests
    held: set[int]  # conquests of the active armies' own provinces, never legal
    moves: list[a.Conquer] | None = None  # the legal conquests in order, made when asked


def conquests(state: HistoryState) -> list[a.Conquer]:
    """Every legal conquest from the active armies, by province (§6.4, §6.10). The list is
    kept with the front: extend a copy, never the list itself."""
    found = state.front
    if found is None:
        found = state.front = fresh_front(state)
    if found.moves is None:
        found.moves = list(map(state.tables.conquest_order[1].__getitem__, sorted(found.ranks)))
    return found.moves


def fresh_front(state: HistoryState) -> Front:
    """The front worked out from the whole board."""
    turn = state.turn
    networks = state.tables.reach(tuple(turn.fleets), tuple(turn.caravans)) if turn.fleets or turn.caravans else ()
    found = Front(set(), list(networks), set(), set())
    for province in state.active:
        _advance(state, found, province)
    return found


def front_advanced(state: HistoryState, province: str) -> None:
    """An active army has entered ``province`` (already in ``state.active``)."""
    if state.front is not None:
        _advance(state, state.front, province)


def front_changed(state: HistoryState) -> None:
    """The active armies or the discs changed otherwise than by an army entering a province."""
    state.front = None


def _advance(state: HistoryState, front: Front, province: str) -> None:
    tables = state.tables
    bases = front.bases
    new = [province]
    if not tables.options.conquest_from_province:  # ambiguity A3: any province of the region
        region = tables.geography.region_of.get(province)
        if region is not None:
            new = tables.geography.region_provinces[region]
    ranks = front.ranks
    land = tables.land_targets
    waiting = front.waiting
    for base in new:
        if base not in bases:
            bases.add(base)
            ranks |= land[base]
            if waiting:  # two networks may reach one target: a set keeps it once
                for network in [n for n in waiting if base in n[0]]:
                    ranks |= network[1]
                    waiting.remove(network)
    front.held |= tables.province_ranks[province]
    ranks -= front.held
    front.moves = None
