"""What every phase does with pieces: resources in and out of the general supply, armies
and workers between supplies, scoring with the "+70" box, and closing an action."""

from __future__ import annotations

from engine.core.events import Event
from engine.core.moves import Action
from engine.core.text import Words, words
from engine.rulesets.after_the_flood.state import FloodState
from engine.rulesets.after_the_flood.tables import SCORE_WRAP


def hand_in(state: FloodState, player: int, resource: str, count: int = 1) -> None:
    """Return resources to the general supply ("hand in" in the rules)."""
    state.held[player][resource] -= count
    state.supply[resource] += count


def take(state: FloodState, player: int, resource: str, count: int) -> int:
    """Take up to ``count`` from the general supply: the pieces are a hard limit (§2.2)."""
    got = min(count, state.supply[resource])
    state.supply[resource] -= got
    state.held[player][resource] += got
    return got


def armies_from_general(state: FloodState, player: int, count: int) -> int:
    got = min(count, state.armies_general[player])
    state.armies_general[player] -= got
    state.armies_personal[player] += got
    return got


def lose_army(state: FloodState, player: int) -> None:
    """An army handed in from the personal supply (§6 "hand in")."""
    state.armies_personal[player] -= 1
    state.armies_general[player] += 1


def place_armies(state: FloodState, player: int, area: str, count: int) -> None:
    already = state.armies[area][1] if area in state.armies else 0
    state.armies_personal[player] -= count
    state.armies[area] = (player, already + count)


def resource_moves(state: FloodState, player: int, kind: type[Action]) -> list[Action]:
    """``kind(resource)`` for each resource the player holds: what an item-by-item payment,
    equipment, bid or placement may hand in next."""
    move = state.tables.move
    return [move(kind, resource) for resource, count in state.held[player].items() if count]


def out_of_armies(state: FloodState, log: list[Event]) -> bool:
    """With no army left in the personal supply there is nothing to deploy or expand with:
    the action is over (§6.4 step 4, §6.5, §7.3)."""
    if state.armies_personal[state.active]:
        return False
    end_action(state)
    return True


def own_areas(state: FloodState, player: int) -> list[str]:
    return [area for area, (owner, _) in state.armies.items() if owner == player]


def add_score(state: FloodState, player: int, points: int, why: Words, log: list[Event]) -> None:
    """Score, and lock a worker from the general supply on the "+70" box each time the
    marker passes 70 (§5.6 step 3)."""
    if points <= 0:
        return
    before = state.score[player]
    state.score[player] += points
    log.append(Event((scored, state.names[player], points, state.score[player], why)))
    for _ in range(state.score[player] // SCORE_WRAP - before // SCORE_WRAP):
        if state.workers_general[player]:
            state.workers_general[player] -= 1
            state.workers_locked[player] += 1
            log.append(Event(("{} passes 70: a worker goes to the +70 box", state.names[player])))


def end_action(state: FloodState) -> None:
    """The action is over: the next player in turn order acts (passed players are skipped by
    the action phase's automatic step)."""
    state.phase = "action"
    state.paid = False
    state.allowance = 0
    state.base_space = None
    state.fresh_scribes = 0
    state.lifted = None
    state.taken = {}
    state.sippar_used = False
    state.wanted = None
    state.combat = None
    state.turn = (state.turn + 1) % len(state.order)


def scored(name: str, points: int, now: int, why: Words) -> str:
    """A score's log line, written when read: ``why`` is words of its own."""
    return f"{name} scores {points} (now {now}) {words(why)}"
