"""An empire's turn, from its reveal to its score (digest §6).

The steps: reveal the empire card; play or skip a drafted kingdom, which founds and plays
first; found (§6.3); conquer, build forts and play developments until the armies on the
card are spent or the player ends the conquest (§6.4); build monuments (§6.5) and any free
forts; decline (§6.6); score (§8.2). Battles are in ``battle.py``, developments acting on
the board in ``effects.py``.
"""

from __future__ import annotations

from functools import cache

from engine.core.decision import Choice, Decision
from engine.core.events import Event
from engine.core.moves import Action
from engine.core.text import counted
from engine.rulesets.history_of_the_world import actions as a
from engine.rulesets.history_of_the_world.battle import battle_step, decide_battle
from engine.rulesets.history_of_the_world.conquest import (
    ability,
    clear,
    fort_sites,
    gain,
    monument_candidates,
    occupy,
)
from engine.rulesets.history_of_the_world.effects import (
    after_effect,
    decide_effect,
    effect_step,
    playable_developments,
)
from engine.rulesets.history_of_the_world.epoch import end_epoch
from engine.rulesets.history_of_the_world.front import conquests, front_changed
from engine.rulesets.history_of_the_world.scoring import decide_tie, score_turn
from engine.rulesets.history_of_the_world.state import HistoryState, Turn
from engine.rulesets.history_of_the_world.tables import CAPITALS_AND_CITIES

END_CONQUEST = a.EndConquest(label="end conquest")
SKIP_KINGDOM = a.SkipKingdom(label="do not play it")
NO_MORE_FORTS = a.Skip(label="place no more")


def decide_turns(state: HistoryState) -> Decision:
    if state.tie is not None:
        return decide_tie(state)
    turn = state.turn
    tables = state.tables
    if turn.battle is not None:
        return decide_battle(state, turn.battle)
    step = turn.step
    if step == "conquest":
        return decide_conquest(state, turn)
    if step == "kingdom":
        return Choice(turn.seat, ("play the kingdom {}?", tables.names[turn.kingdom]),
                      (tables.kingdom_plays[turn.kingdom], SKIP_KINGDOM))
    if step == "pyramids":
        usual, per_icon = monument_counts(state)
        return Choice(turn.seat, "use Pyramids, a monument for every resource icon?", pyramids_offer(usual, per_icon))
    if step == "monuments":
        return Choice(turn.seat, ("place a monument ({} to build)", turn.monuments_due),
                      tuple(map(tables.monument_places.__getitem__, monument_candidates(state))))
    if step == "effect":
        return decide_effect(state)
    if step == "developments":
        plays = map(tables.development_plays.__getitem__, playable_developments(state))
        return Choice(turn.seat, "play a development before the monuments?", (*plays, END_CONQUEST))
    if step == "forts":
        moves = map(tables.free_forts.__getitem__, fort_sites(state))
        return Choice(turn.seat, ("place a free fort ({} left)", turn.forts_due), (*moves, NO_MORE_FORTS))
    raise AssertionError(f"no decision for step {step} of {state.names[turn.seat]}")


def decide_conquest(state: HistoryState, turn: Turn) -> Choice:
    """Conquer, build a fort or play a development while armies are on the card; or stop."""
    tables = state.tables
    plays = map(tables.development_plays.__getitem__, playable_developments(state)) if state.hand[turn.seat] else ()
    if turn.card_armies:
        moves = (*conquests(state), *map(tables.fort_builds.__getitem__, fort_sites(state)), *plays, END_CONQUEST)
    else:
        moves = (*plays, END_CONQUEST)
    return Choice(turn.seat, (tables.armies_prompt, turn.card, turn.card_armies), moves)


def turn_step(state: HistoryState, log: list[Event]) -> bool:
    """One thing the rulebook does without asking: call the next empire, settle a battle,
    end a spent effect, build the one possible monument, decline, score."""
    if state.tie is not None:
        return False
    turn = state.turn
    if turn is None:
        if not state.queue:
            end_epoch(state, log)
            return True
        reveal(state, log)
        return True
    if turn.battle is not None:
        return battle_step(state, turn.battle, log)
    step = turn.step
    if step == "conquest":  # the most frequent decision, worked out here rather than dispatched to again
        state.decision = decide_conquest(state, turn)
        return False
    if step in ("kingdom", "pyramids", "developments"):
        return False
    if step == "effect":
        return effect_step(state, log)
    if step == "monuments":
        candidates = monument_candidates(state)
        if turn.monuments_due <= 0 or not candidates:
            turn.monuments_due = 0
            turn.step = "forts"
            return True
        if len(candidates) == 1:
            build_monument(state, candidates[0], log)
            return True
        return False
    if step == "forts":
        if turn.forts_due > 0 and fort_sites(state):
            return False
        turn.forts_due = 0
        deactivate(state, log)
        return True
    if step == "score":
        score_turn(state, log)
        return True
    raise AssertionError(f"unknown step {step}")


def reveal(state: HistoryState, log: list[Event]) -> None:
    """The next empire card is revealed; without a kingdom it founds at once (§6.1, §6.2)."""
    empire = state.queue.pop(0)
    seat = state.drafted_empire.index(empire)
    state.turn = Turn(seat=seat, empire=empire, kingdom=state.kingdoms[seat], card=empire)
    state.kingdoms[seat] = None
    log.append(Event(("{} reveals {}", state.names[seat], state.tables.names[empire])))
    if state.turn.kingdom is None:
        found(state, log)
    elif not state.tables.options.kingdom_optional:
        on_play_kingdom(state, a.PlayKingdom(), log)


def on_play_kingdom(state: HistoryState, move: Action, log: list[Event]) -> None:
    turn = state.turn
    turn.card = turn.kingdom
    turn.kingdom = None
    log.append(Event(("{} plays the kingdom {}", state.names[turn.seat], state.tables.names[turn.card])))
    found(state, log)


def on_skip_kingdom(state: HistoryState, move: Action, log: list[Event]) -> None:
    turn = state.turn
    log.append(Event(("{} does not play a kingdom", state.names[turn.seat])))
    turn.kingdom = None
    turn.card = turn.empire
    found(state, log)


def found(state: HistoryState, log: list[Event]) -> None:
    """Put the armies on the card, clear the start province, place army, capital, discs (§6.3)."""
    turn = state.turn
    tables = state.tables
    card = tables.empires.get(turn.card) or tables.events[turn.card]
    armies = card.armies
    turn.card_armies = turn.card_tokens = 0
    gain(state, armies, 2 if ability(state) == "siege_tokens" else 0)
    for start in card.starts:
        clear(state, start)
        if turn.card_armies:
            turn.card_armies -= 1
            occupy(state, start)
        if len(state.capitals) + len(state.cities) < CAPITALS_AND_CITIES:
            if card.capital:
                state.capitals.add(start)
            elif turn.card != turn.empire:  # a kingdom with the city icon
                state.cities.add(start)
    turn.fleets = list(card.fleets)
    turn.caravans = list(card.caravans)
    front_changed(state)
    turn.step = "conquest"
    turn.conquered, turn.momentum = False, None
    log.append(Event((counted, "{} is founded in {} with {:army/armies}", tables.names[turn.card], tables.start_names[turn.card], armies)))


def monument_counts(state: HistoryState) -> tuple[int, int]:
    """Monuments due (§6.5): the usual count, per 2 resource provinces (or 2 icons, A20), and
    the Pyramids' count, one per icon (§9.2)."""
    icons = state.tables.geography.icons
    resources = state.active & state.tables.resource_provinces
    icon_count = sum(map(icons.__getitem__, resources))
    usual = icon_count // 2 if state.tables.options.monuments_count_icons else len(resources) // 2
    return usual, icon_count


def on_end_conquest(state: HistoryState, move: Action, log: list[Event]) -> None:
    """The armies left on the card return; monuments are due (§6.5). Pyramids would build
    more: using an ability is the player's decision (§9.1), asked when it changes anything."""
    turn = state.turn
    state.supply[turn.seat] += turn.card_armies
    turn.card_armies = turn.card_tokens = 0
    if turn.step == "conquest" and after_effect(state) == "developments":
        turn.step = "developments"  # A9's strict reading: the conquest step is over, developments again
        if playable_developments(state):
            return
    usual, per_icon = monument_counts(state)
    turn.monuments_due = usual
    power = ability(state)
    if power == "forts_per_icon":
        turn.forts_due += per_icon
    pyramids = power == "monument_per_icon" and per_icon > usual and monument_candidates(state)
    turn.step = "pyramids" if pyramids else "monuments"


def on_use_ability(state: HistoryState, move: a.UseAbility, log: list[Event]) -> None:
    turn = state.turn
    usual, per_icon = monument_counts(state)
    turn.monuments_due = per_icon if move.use else usual
    turn.step = "monuments"
    verb = "uses" if move.use else "does not use"
    log.append(Event(("{} {} Pyramids: {} due", state.names[turn.seat], verb, monuments(turn.monuments_due))))


@cache
def pyramids_offer(usual: int, per_icon: int) -> tuple[Action, Action]:
    """Made once for each pair of counts: a board holds a few dozen monuments at most."""
    return (a.UseAbility(True, label=f"use Pyramids: {monuments(per_icon)}"),
            a.UseAbility(False, label=f"do not: {monuments(usual)}"))


@cache
def monuments(count: int) -> str:
    return f"{count} monument{'' if count == 1 else 's'}"


def on_place_monument(state: HistoryState, move: a.PlaceMonument, log: list[Event]) -> None:
    build_monument(state, move.province, log)


def build_monument(state: HistoryState, province: str, log: list[Event]) -> None:
    state.monuments.add(province)
    state.turn.monuments_due -= 1
    log.append(Event(("{} builds a monument in {}", state.names[state.turn.seat], state.tables.names[province])))


def on_place_fort(state: HistoryState, move: a.PlaceFort, log: list[Event]) -> None:
    state.forts.add(move.province)
    state.turn.forts_due -= 1
    log.append(Event(("{} places a fort in {}", state.names[state.turn.seat], state.tables.names[move.province])))


def on_skip(state: HistoryState, move: Action, log: list[Event]) -> None:
    state.turn.forts_due = 0
    state.turn.effect_left = 0


def deactivate(state: HistoryState, log: list[Event]) -> None:
    """Decline (§6.6): armies left return, the empire's armies lie down, discs go; a kingdom
    hands over to its empire, which founds next."""
    turn = state.turn
    state.supply[turn.seat] += turn.card_armies
    turn.card_armies = turn.card_tokens = 0
    state.active.clear()
    turn.fleets, turn.caravans = [], []
    front_changed(state)
    log.append(Event(("{} declines", state.tables.names[turn.card])))
    if turn.card != turn.empire:
        turn.card = turn.empire
        found(state, log)
    else:
        turn.developments = []
        turn.step = "score"
