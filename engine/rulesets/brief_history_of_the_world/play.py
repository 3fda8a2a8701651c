"""The decisions of an empire turn and the moves that answer them (§6, §7), in the order
the rulebook settles them: a monument due, an invasion being rolled or lost, an overrun,
an event's target, the red events before founding, then the next army."""

from __future__ import annotations

from engine.core.decision import Chance, Choice, Decision
from engine.core.events import Event
from engine.core.moves import Outcome
from engine.core.text import counted, plural
from engine.rulesets.brief_history_of_the_world import actions as a
from engine.rulesets.brief_history_of_the_world import events as ev
from engine.rulesets.brief_history_of_the_world import turn
from engine.rulesets.brief_history_of_the_world.map import (
    monument_sites,
    overrun_targets,
)
from engine.rulesets.brief_history_of_the_world.placements import KEPT, placements
from engine.rulesets.brief_history_of_the_world.state import BriefState
from engine.rulesets.shared.dice import faces, thrown

FOUND = a.Found(label="found the empire")
STOP = a.StopOverrun(label="stop the overrun")
CONTINUE = a.Continue(label="continue: pay an army, dial +1, roll again")
ABANDON = a.Abandon(label="abandon: the army returns to stock")
END = a.EndExpansion(label="end the expansion; the rest return to stock")


def decide_turn(state: BriefState) -> Decision:
    tables = state.tables
    names = tables.names
    force = state.force
    who = state.colours[state.current]
    seat = state.person[state.current]
    if state.monuments_due:
        return Choice(seat, ("{} builds a monument", who), tuple(map(tables.monuments.__getitem__,
                                                                     monument_sites(state))))
    invasion = state.invasion
    if invasion is not None:
        if invasion.failed:
            may_continue = force.board and force.kind != "raid" and (
                state.tables.options.viking_crossing_continues or not invasion.crossing)
            moves = (CONTINUE, ABANDON) if may_continue else (ABANDON,)
            return Choice(seat, ("{}'s invasion of {} failed", who, names[invasion.target]), moves)
        if not invasion.attack:
            return Chance(("{} rolls to invade {}", who, names[invasion.target]), thrown(turn.attack_dice(state)))
        return Chance(("{} defends {}", state.colours[invasion.defender], names[invasion.target]),
                      thrown(turn.defence_dice(state)))
    if state.overrun is not None:
        return Choice(seat, (counted, "{} may overrun with {:invasion point/invasion points}", who, state.overrun.points), (
            *map(tables.overruns.__getitem__, overrun_targets(state)), STOP))
    if state.pending is not None:
        options = ev.choices(state)
        if state.tables.events[state.pending].effect == "black_death":
            return Choice(seat, ("{}: where does the plague strike?", who), tuple(map(tables.plagues.__getitem__, options)))
        return Choice(seat, ("{}: choose for {}", who, names[state.pending]), tuple(map(tables.targets.__getitem__, options)))
    if force is None:
        return Choice(seat, ("{}: play red events before founding?", who), (
            *map(tables.plays.__getitem__, ev.red_playable(state, state.current)), FOUND))
    return Choice(seat, (expand_prompt, who, tables.names[force.card], force.board), expansion_moves(state))


def expand_prompt(who: str, empire: str, waiting: int) -> str:
    """The armies still to place wait on the Resolution board, not on the map."""
    return f"{who}: {empire} expand ({plural(waiting, 'army', 'armies')} waiting on the Resolution board)"


def expansion_moves(state: BriefState) -> tuple:
    """Placements in territory order, then forts, black events and the early stop. A move
    with the same words is made once per game (``Tables``), so offering it again costs a
    lookup and the frame finds it by identity."""
    force = state.force
    if not force.board:
        return ()
    tables = state.tables
    moves = placements(state, force)
    if force.kind in KEPT and len(state.forts) < tables.options.forts:
        moves += tuple(map(tables.forts.__getitem__, sorted(force.active - state.forts)))
    playable = ev.black_playable(state)
    if playable:
        moves += tuple(map(tables.plays.__getitem__, playable))
    if tables.options.early_stop and moves:
        moves += (END,)
    return moves


def flow(state: BriefState, log: list[Event]) -> bool:
    """What happens with no one to ask: a lost monument, an overrun with nowhere to go, an
    empty Resolution board, a move that is the only one (carried out, not asked)."""
    if state.monuments_due and turn.monument_lost(state, log):
        return True
    overrun = state.overrun
    if overrun is not None and not overrun_targets(state):
        if overrun.points:
            log.append(Event((counted, "the overrun ends with {:invasion point/invasion points} unused", overrun.points)))
        state.overrun = None
        return True
    force = state.force
    if (force is not None and not force.board and state.invasion is None and overrun is None
            and state.pending is None and not state.monuments_due):
        turn.end_force(state, log)
        return True
    decision = decide_turn(state)
    if decision.__class__ is Choice and len(decision.actions) <= 1:
        if not decision.actions:
            if state.pending is not None:
                state.pending = None
            else:
                turn.end_force(state, log)
            return True
        HANDLERS[decision.actions[0].__class__](state, decision.actions[0], log)
        return True
    state.decision = decision
    return False


# -- handlers ---------------------------------------------------------------------------


def on_play_event(state: BriefState, move: a.PlayEvent, log: list[Event]) -> None:
    ev.play(state, state.current, move.card, log)


def on_found(state: BriefState, move: a.Found, log: list[Event]) -> None:
    ev.discard_red(state, state.current, log)
    card = next(c for c in state.announced[::-1] if state.held.get(c) == state.current)
    turn.found(state, state.current, card, log)


def on_place_army(state: BriefState, move: a.PlaceArmy, log: list[Event]) -> None:
    turn.place_army(state, move.territory, move.surrender, log)


def on_build_fort(state: BriefState, move: a.BuildFort, log: list[Event]) -> None:
    turn.build_fort(state, move.territory, log)


def on_continue(state: BriefState, move: a.Continue, log: list[Event]) -> None:
    turn.continue_invasion(state, log)


def on_abandon(state: BriefState, move: a.Abandon, log: list[Event]) -> None:
    turn.abandon(state, log)


def on_overrun(state: BriefState, move: a.Overrun, log: list[Event]) -> None:
    turn.overrun(state, move.territory, log)


def on_stop_overrun(state: BriefState, move: a.StopOverrun, log: list[Event]) -> None:
    log.append(Event(("{} stops the overrun", state.colours[state.current])))
    state.overrun = None


def on_place_monument(state: BriefState, move: a.PlaceMonument, log: list[Event]) -> None:
    turn.place_monument(state, move.territory, log)


def on_end_expansion(state: BriefState, move: a.EndExpansion, log: list[Event]) -> None:
    turn.end_force(state, log)


def on_target(state: BriefState, move: a.Target, log: list[Event]) -> None:
    ev.resolve_choice(state, move.space, log)


def on_choose_region(state: BriefState, move: a.ChooseRegion, log: list[Event]) -> None:
    ev.resolve_choice(state, move.region, log)


def on_dice(state: BriefState, outcome: Outcome, log: list[Event]) -> None:
    thrown_faces = faces(outcome)
    invasion = state.invasion
    if not invasion.attack:
        invasion.attack = thrown_faces
    else:
        turn.resolve(state, thrown_faces, log)


HANDLERS = {
    a.PlayEvent: on_play_event, a.Found: on_found, a.PlaceArmy: on_place_army, a.BuildFort: on_build_fort,
    a.Continue: on_continue, a.Abandon: on_abandon, a.Overrun: on_overrun, a.StopOverrun: on_stop_overrun,
    a.PlaceMonument: on_place_monument, a.EndExpansion: on_end_expansion, a.Target: on_target,
    a.ChooseRegion: on_choose_region,
}
