"""The shipped After the Flood scenario for rules tests: a game set up with a fixed turn
order, a way to play a named move through the engine contract, and the invariants every
state must keep (§12.6)."""

from __future__ import annotations

from pathlib import Path

import attrs

from engine.core.decision import Chance, Choice, Decision
from engine.core.events import Event
from engine.core.moves import Outcome
from engine.rulesets.after_the_flood.state import FloodState
from engine.rulesets.after_the_flood.tables import (
    ARMIES,
    PIECES,
    SCRIBES,
    SCRIBES_USED,
    WORKERS,
)
from engine.rulesets.after_the_flood.trade_table import RESOURCES
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario

SCENARIO = load_scenario(Path(__file__).parents[4] / "scenarios" / "after-the-flood.json", get_ruleset)
RULESET = get_ruleset("after-the-flood")
RED, GREEN, PURPLE = 0, 1, 2


def new_game(order: tuple[int, int, int] = (RED, GREEN, PURPLE), options=None) -> FloodState:
    """Round 1 after production, with ``order`` drawn as the turn order."""
    state = RULESET.start(SCENARIO, SCENARIO.seats, options or SCENARIO.ruleset.options)
    for player in order[:2]:
        RULESET.apply(state, Outcome(player))
    return state


def asked(state: FloodState) -> Decision:
    """What is asked now, worked out afresh: a test's set-up may have changed the state since
    the ruleset cached its decision."""
    state.decision = None
    return RULESET.decision(state)


def moves(state: FloodState) -> tuple:
    decision = asked(state)
    return decision.outcomes if isinstance(decision, Chance) else decision.actions


def play(state: FloodState, kind: type, *values) -> list[Event]:
    """Play the offered move of type ``kind`` with ``values``; fails if it is not offered."""
    decision = asked(state)
    assert isinstance(decision, Choice), decision
    for action in decision.actions:
        if type(action) is kind and all(getattr(action, f) == v for f, v in zip(fields(kind), values)):
            return RULESET.apply(state, action)
    raise AssertionError(f"{kind.__name__}{values} not offered: {[a.id for a in decision.actions]}")


def roll(state: FloodState, total: int) -> list[Event]:
    decision = asked(state)
    assert isinstance(decision, Chance), decision
    return RULESET.apply(state, next(o for o in decision.outcomes if o.value == total))


def offered(state: FloodState, kind: type) -> list:
    return [action for action in moves(state) if type(action) is kind]


def fields(kind: type) -> list[str]:
    return [a.name for a in attrs.fields(kind) if a.name != "_label"]


def check(state: FloodState) -> None:
    """Pieces are never negative and never more than the box holds (§12.6)."""
    for resource in RESOURCES:
        places = [state.supply[resource], state.army_table.get(resource, 0)]
        places += [held[resource] for held in state.held] + [bid.get(resource, 0) for bid in state.bids]
        assert min(places) >= 0, (resource, places)
        assert sum(places) == PIECES[resource], (resource, places)
    for player in range(3):
        on_board = [counts[player] for counts in state.workers.values()]
        lifted = int(state.lifted is not None and player == state.active)  # in a scribe's hand
        workers = [state.workers_general[player], state.workers_personal[player], state.workers_locked[player],
                   lifted]
        assert min(on_board + workers) >= 0
        assert sum(on_board) + sum(workers) == WORKERS
        assert state.workers[SCRIBES][player] + state.workers[SCRIBES_USED][player] <= 2
        armies = [count for owner, count in state.armies.values() if owner == player]
        assert min([state.armies_general[player], state.armies_personal[player], *armies]) >= 0
        assert sum(armies) + state.armies_general[player] + state.armies_personal[player] == ARMIES
        assert sum(owner == player for owner in state.cities.values()) <= 4
    assert all(1 <= count <= 2 for _, count in state.armies.values())
    assert set(state.cities) <= set(state.tables.sumerian)
    assert set(state.grown) <= set(state.cities)
    assert set(state.armies) <= {*state.tables.sumerian, *state.tables.foreign}


def send_workers(state: FloodState, player: int, space: str, count: int) -> None:
    """Set up: ``count`` workers of the player's personal supply onto an area or box."""
    state.workers_personal[player] -= count
    state.workers[space][player] += count


def stand(state: FloodState, player: int, area: str, count: int) -> None:
    """Set up: ``count`` armies of the player's from the general supply onto an area."""
    state.armies_general[player] -= count
    state.armies[area] = (player, count)


def arm(state: FloodState, player: int, empire: str, count: int) -> None:
    """Set up: the player created ``empire`` this round and holds ``count`` armies in hand."""
    state.empire_of[player] = empire
    state.empire_area[player] = state.tables.empires[empire].start
    state.armies_general[player] -= count
    state.armies_personal[player] += count


def labels(state: FloodState, kind: type) -> list[str]:
    return [action.label for action in offered(state, kind)]
