"""Setup's random turn order, phase 1 (resources and workers) and phase 2 (decline)."""

from __future__ import annotations

from engine.core.decision import Chance, Decision
from engine.core.events import Event
from engine.core.moves import Outcome
from engine.core.text import counted
from engine.rulesets.after_the_flood.common import take
from engine.rulesets.after_the_flood.state import FloodState
from engine.rulesets.after_the_flood.tables import (
    IRRIGATION,
    SCRIBES,
    SIDES,
    SPINNING,
    TOOLMAKERS,
    WORKERS_PER_ROUND,
)
from engine.rulesets.shared.words import listed

DECLINE_ROUNDS = (2, 4)  # §5.1


def decide_order(state: FloodState) -> Decision:
    """§4 step 3: the turn order is random, drawn one position at a time."""
    left = [p for p in range(len(state.names)) if p not in state.order]
    return Chance(("who is {}. in turn order", len(state.order) + 1),
                  tuple(Outcome(p, state.names[p]) for p in left))


def on_order(state: FloodState, outcome: Outcome, log: list[Event]) -> None:
    state.order.append(int(outcome.value))
    if len(state.order) == len(state.names) - 1:
        state.order.append(next(p for p in range(len(state.names)) if p not in state.order))
    if len(state.order) == len(state.names):
        log.append(Event((listed, "turn order: {}", tuple(state.names[p] for p in state.order))))
        start_round(state, log)


def start_round(state: FloodState, log: list[Event]) -> None:
    log.append(Event(("round {}", state.round)))
    produce(state, log)
    for player, name in enumerate(state.names):
        got = min(WORKERS_PER_ROUND, state.workers_general[player])
        state.workers_general[player] -= got
        state.workers_personal[player] += got
        log.append(Event((counted, "{} takes {:worker/workers} into the personal supply", name, got)))
    for ready, used in SIDES.items():
        for player, count in enumerate(state.workers[used]):
            state.workers[ready][player] += count
            state.workers[used][player] = 0
    if state.round in DECLINE_ROUNDS:
        decline(state, log)
    state.phase = "action"
    state.turn = 0


def produce(state: FloodState, log: list[Event]) -> None:
    """§5.2: grain and textiles by dense rank of workers on the box; nothing without a worker.
    A short supply is shared out in turn order (issue 11)."""
    tables = state.tables
    for box, resource in ((IRRIGATION, "grain"), (SPINNING, "textiles")):
        counts = state.workers[box]
        levels = sorted({count for count in counts if count}, reverse=True)
        for player in state.order:
            if counts[player]:
                got = take(state, player, resource, tables.production[box][min(levels.index(counts[player]), 2)])
                log.append(Event(("{} produces {} {}", state.names[player], got, resource)))
    ur = tables.city_of.get("ur")
    owner = state.cities.get(ur) if ur else None
    if owner is not None and (state.workers[SPINNING][owner] or not tables.options.ur_needs_spinner):
        got = take(state, owner, "textiles", 1)
        log.append(Event(("{} takes {} textiles for the city in {}", state.names[owner], got, tables.name(ur))))


def decline(state: FloodState, log: list[Event]) -> None:
    """§5.3 in rounds 2 and 4; removed workers go to the general supply."""
    tables = state.tables
    lost = [0] * len(state.names)

    def remove(space: str, player: int, count: int) -> None:
        state.workers[space][player] -= count
        state.workers_general[player] += count
        lost[player] += count

    for area in tables.foreign:
        for player, count in enumerate(state.workers[area]):
            if count:
                every = area in tables.cleared or tables.options.decline_clears_foreign
                remove(area, player, count if every else 1)
    for box in (IRRIGATION, SPINNING):
        excess = max(0, max(state.workers[box]) - 2)
        for player, count in enumerate(state.workers[box]):
            remove(box, player, min(excess, count))
    for box in (SCRIBES, TOOLMAKERS):
        for player, count in enumerate(state.workers[box]):
            if count:
                remove(box, player, 1)
    losses = tuple((name, lost[p]) for p, name in enumerate(state.names))
    log.append(Event((listed, "decline: {}", losses, "{} loses {} workers")))
