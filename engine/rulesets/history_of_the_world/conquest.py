"""The conquest step's ground: where the active armies may go, forts and monuments may
stand, and what entering or leaving a province does to the pieces (digest §6.3-§6.5, §6.10).

Conquering a held province opens a battle (``battle.py``); these are the pieces both share.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.rulesets.history_of_the_world import actions as a
from engine.rulesets.history_of_the_world.front import front_advanced, front_changed
from engine.rulesets.history_of_the_world.state import HistoryState
from engine.rulesets.history_of_the_world.tables import FORTS, MONUMENTS
from engine.rulesets.shared.buildings import knock_down


def ability(state: HistoryState) -> str:
    """The active empire's ability; an empire's ability never helps its kingdom (§9.4)."""
    turn = state.turn
    if turn is None or turn.card != turn.empire:
        return ""
    return state.tables.empires[turn.empire].ability


def development_amount(state: HistoryState, effect: str) -> int:
    """The sum of this turn's played developments with a turn-long ``effect``."""
    events = state.tables.events
    return sum(events[c].amount for c in state.turn.developments if events[c].effect == effect)


def monument_candidates(state: HistoryState) -> list[str]:
    """The highest-priority provinces for the next monument: capital, city, resource (§6.5);
    none once the box's monuments are all built."""
    if len(state.monuments) >= MONUMENTS:
        return []
    free = state.active - state.monuments
    for tier in (state.capitals, state.cities, state.tables.resource_provinces):
        found = free & tier
        if found:
            return sorted(found)
    return []


def fort_sites(state: HistoryState) -> list[str]:
    if len(state.forts) >= FORTS:
        return []
    return sorted(state.active - state.forts)


def occupy(state: HistoryState, province: str) -> None:
    state.armies[province] = state.turn.seat
    state.active.add(province)
    front_advanced(state, province)


def clear(state: HistoryState, province: str) -> None:
    """A founding empire clears its start province of every piece (§6.3)."""
    owner = state.armies.pop(province, None)
    if owner is not None:
        state.supply[owner] += 1
    state.active.discard(province)
    front_changed(state)
    for pieces in (state.capitals, state.cities, state.monuments, state.forts):
        pieces.discard(province)


def gain(state: HistoryState, armies: int, tokens: int) -> None:
    """Armies from the supply onto the card, a siege token for each one missing (§6.9)."""
    turn = state.turn
    taken = min(armies, state.supply[turn.seat])
    state.supply[turn.seat] -= taken
    turn.card_armies += taken
    turn.card_tokens += armies - taken + tokens


def destroy_building(state: HistoryState, province: str, log: list[Event]) -> bool:
    """Capital to city, else city, else monument: exactly one building goes."""
    destroyed = knock_down(province, state.capitals, state.cities, state.monuments)
    if destroyed:
        log.append(Event(("{}: {}", state.tables.names[province], destroyed)))
    return bool(destroyed)


def on_build_fort(state: HistoryState, move: a.BuildFort, log: list[Event]) -> None:
    """Discard an army from the card for a fort where an active army stands (§6.4)."""
    turn = state.turn
    turn.card_armies -= 1
    state.supply[turn.seat] += 1
    state.forts.add(move.province)
    log.append(Event(("{} builds a fort in {}", state.names[turn.seat], state.tables.names[move.province])))
