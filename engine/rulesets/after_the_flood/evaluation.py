"""How good a position is for a seat, for bots that look ahead: its points, what its empire's
areas would score at this round's phase 4 (§5.6: 2 an area), and the worker majorities it
would win if the game ended now (§8.4), less the best opponent's same."""

from __future__ import annotations

from engine.rulesets.after_the_flood.common import own_areas
from engine.rulesets.after_the_flood.state import FloodState
from engine.rulesets.after_the_flood.tables import SIDES


def majorities(state: FloodState) -> list[int]:
    """Per player, the §8.4 points of the areas and boxes where it alone has the most workers now."""
    points = [0] * len(state.names)
    for space, value in state.tables.vp.items():
        counts = list(state.workers[space])
        if space in SIDES:
            counts = [a + b for a, b in zip(counts, state.workers[SIDES[space]])]
        best = max(counts)
        if best and counts.count(best) == 1:
            points[counts.index(best)] += value
    return points


def evaluate(state: FloodState, seat: int) -> float:
    held = majorities(state)
    worth = [state.score[p] + 2 * len(own_areas(state, p)) + held[p] for p in range(len(state.names))]
    return worth[seat] - max(w for p, w in enumerate(worth) if p != seat)
