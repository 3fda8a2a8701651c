"""Place workers (§6.2): the base placement paid with one resource and the scribes'
activations, each a placement or a relocation, in any order ("Munkások felrakása közben
aktiválhatod írnokaidat"); closed with Done.

Readings (issue 12): a scribe placed in this action is not usable in it, but is in a later
action; scribes never refresh scribes; a relocation always changes the worker's place. A
ready scribe relocated activates itself (it does not also move to the used side)."""

from __future__ import annotations

from engine.core.decision import Choice, Decision
from engine.core.events import Event
from engine.core.moves import Action
from engine.core.text import counted
from engine.rulesets.after_the_flood.actions import (
    Done,
    Place,
    PlaceWorkers,
    Put,
    ScribeLift,
    ScribePlace,
)
from engine.rulesets.after_the_flood.common import end_action, hand_in, resource_moves
from engine.rulesets.after_the_flood.state import FloodState
from engine.rulesets.after_the_flood.tables import (
    SCRIBES,
    SCRIBES_PER_PLAYER,
    SCRIBES_USED,
    TOOLMAKERS,
    TOOLMAKERS_USED,
    VALUE,
)


def scribes(state: FloodState, player: int) -> int:
    """Both sides of the scribes box count towards the limit of 2 (§3.4)."""
    return state.workers[SCRIBES][player] + state.workers[SCRIBES_USED][player]


def usable_scribes(state: FloodState, player: int) -> int:
    return state.workers[SCRIBES][player] - state.fresh_scribes


def destinations(state: FloodState, player: int) -> list[str]:
    full = scribes(state, player) >= SCRIBES_PER_PLAYER
    return [space for space in state.tables.destinations if not (full and space == SCRIBES)]


def start_moves(state: FloodState, player: int) -> list[Action]:
    move = state.tables.move
    moves = []
    if state.workers_personal[player]:
        moves = resource_moves(state, player, PlaceWorkers)
    if state.workers[SCRIBES][player]:
        moves.append(move(PlaceWorkers, ""))
    return moves


def on_place_workers(state: FloodState, move: PlaceWorkers, log: list[Event]) -> None:
    player = state.active
    state.phase = "place"
    if move.resource:
        hand_in(state, player, move.resource)
        state.allowance = VALUE[move.resource]
        log.append(Event((counted, "{} hands in 1 {} to place up to {:worker/workers}", state.names[player], move.resource, state.allowance)))
    else:
        log.append(Event(("{} places workers with scribes only", state.names[player])))
    settle(state)


def settle(state: FloodState) -> None:
    """Close the action once nothing is left to do in it: no worker the base placement can
    place, and no scribe to activate."""
    player = state.active
    if not (state.allowance and state.workers_personal[player]) and not usable_scribes(state, player):
        end_action(state)


def decide_place(state: FloodState) -> Decision:
    player = state.active
    move = state.tables.move
    placing = bool(state.allowance and state.workers_personal[player])
    scribes = usable_scribes(state, player)
    moves = []
    if placing:
        spaces = destinations(state, player)
        if state.base_space is not None:
            spaces = [s for s in spaces if s == state.base_space]
        moves = [move(Place, s) for s in spaces]
    if scribes:
        if state.workers_personal[player]:
            moves += [move(ScribePlace, s) for s in destinations(state, player)]
        moves += [move(ScribeLift, s) for s in state.tables.worker_spaces if state.workers[s][player]]
    if placing and scribes:
        prompt = (counted, "place up to {:more worker/more workers} on one space or activate a scribe ({} ready)",
                  state.allowance, scribes)
    elif placing:
        prompt = (counted, "place up to {:more worker/more workers}, all on one space", state.allowance)
    else:
        prompt = ("activate a scribe ({} ready) or stop", scribes)
    return Choice(player, prompt, (*moves, move(Done)))


def put(state: FloodState, player: int, space: str) -> None:
    if space == SCRIBES:
        state.fresh_scribes += 1
    state.workers[space][player] += 1


def on_place(state: FloodState, move: Place, log: list[Event]) -> None:
    player = state.active
    state.workers_personal[player] -= 1
    put(state, player, move.space)
    state.allowance -= 1
    state.base_space = move.space
    log.append(Event(("{} places a worker on {}", state.names[player], state.tables.name(move.space))))
    settle(state)


def use_scribe(state: FloodState, player: int) -> None:
    state.workers[SCRIBES][player] -= 1
    state.workers[SCRIBES_USED][player] += 1


def on_scribe_place(state: FloodState, move: ScribePlace, log: list[Event]) -> None:
    player = state.active
    use_scribe(state, player)
    state.workers_personal[player] -= 1
    put(state, player, move.space)
    log.append(Event(("{}'s scribe places a worker on {}", state.names[player], state.tables.name(move.space))))
    settle(state)


def on_scribe_lift(state: FloodState, move: ScribeLift, log: list[Event]) -> None:
    player = state.active
    if move.space != SCRIBES:
        use_scribe(state, player)
    state.workers[move.space][player] -= 1
    state.lifted = move.space
    state.phase = "lift"
    log.append(Event(("{}'s scribe lifts a worker from {}", state.names[player], state.tables.name(move.space))))


def decide_lift(state: FloodState) -> Decision:
    player = state.active
    move = state.tables.move
    source = state.lifted
    spaces = [s for s in destinations(state, player)
              if s != source and not (s == SCRIBES and source == SCRIBES_USED)]
    return Choice(player, ("where does the worker from {} go?", state.tables.name(source or "")),
                  (*(move(Put, s) for s in spaces), move(Put, "")))


def on_put(state: FloodState, move: Put, log: list[Event]) -> None:
    player = state.active
    if move.space:
        put(state, player, move.space)
    else:
        state.workers_personal[player] += 1
    if (state.lifted, move.space) == (TOOLMAKERS_USED, TOOLMAKERS):
        log.append(Event(("{} refreshes a toolmaker", state.names[player])))
    else:
        log.append(Event(("{} puts it on {}", state.names[player], state.tables.name(move.space))))
    state.lifted = None
    state.phase = "place"
    settle(state)


def done(state: FloodState, log: list[Event]) -> None:
    end_action(state)
