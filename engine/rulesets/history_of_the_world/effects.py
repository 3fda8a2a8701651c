"""Empire abilities and development effects as behaviour (the ids of ``cards.py``).

Abilities and turn-long effects are read where they matter (battle, monuments, founding);
a development that acts on the board opens an "effect" step in which the player picks each
target, one action at a time, and may stop early.
"""

from __future__ import annotations

from engine.core.decision import Choice
from engine.core.events import Event
from engine.rulesets.history_of_the_world import actions as a
from engine.rulesets.history_of_the_world.conquest import (
    destroy_building,
    fort_sites,
    gain,
    monument_candidates,
)
from engine.rulesets.history_of_the_world.front import front_changed
from engine.rulesets.history_of_the_world.state import HistoryState
from engine.scenario.model import SpaceKind

ABILITIES = frozenset({
    "", "monument_per_icon", "forts_per_icon", "battle_chain", "attack_bonus", "attack_reroll",
    "ignore_terrain", "ignore_forts", "no_sea_reroll", "siege_tokens",
})
TURN_LONG = frozenset({"attack_bonus", "attack_reroll"})
ON_THE_CARD = frozenset({"armies", "siege_tokens"})
TARGETED = frozenset({"fort", "monument", "fleet", "caravan", "diplomacy", "revolution", "barbarians",
                      "catastrophe"})
EFFECTS = TURN_LONG | ON_THE_CARD | TARGETED

VERBS = {
    "fort": "place a fort in",
    "monument": "build a monument in",
    "fleet": "place a fleet in",
    "caravan": "place a caravan in",
    "diplomacy": "replace the army in",
    "revolution": "replace the army in",
    "barbarians": "send barbarians into",
    "catastrophe": "strike",
}


STOP = a.Skip(label="stop here")


def playable_developments(state: HistoryState) -> list[str]:
    """Developments the active empire may play now (§9.4). With ambiguity A9's strict reading
    none from the first conquest to the end of the conquest step ("developments" after it)."""
    turn = state.turn
    hand = state.hand[turn.seat]
    if turn.card != turn.empire or not hand:
        return []
    if turn.conquered and turn.step == "conquest" and not state.tables.options.developments_between_conquests:
        return []
    events = state.tables.events
    supply = state.supply[turn.seat]
    return [c for c in hand if events[c].supply_armies <= supply]


def on_play_development(state: HistoryState, move: a.PlayDevelopment, log: list[Event]) -> None:
    turn = state.turn
    state.hand[turn.seat].remove(move.card)
    turn.developments.append(move.card)
    log.append(Event(("{} plays {}", state.names[turn.seat], state.tables.names[move.card])))
    event = state.tables.events[move.card]
    if event.effect in ON_THE_CARD:
        gain(state, event.amount if event.effect == "armies" else 0,
             event.amount if event.effect == "siege_tokens" else 0)
    elif event.effect in TARGETED:
        turn.step, turn.effect, turn.effect_left = "effect", event.effect, event.amount
        turn.effect_region, turn.effect_done = None, []


def decide_effect(state: HistoryState) -> Choice:
    """The development acting on the board asks for its next target, or to stop."""
    turn = state.turn
    tables = state.tables
    verb = VERBS[turn.effect]
    moves = tuple(tables.target(verb, x) for x in targets(state, turn.effect))
    return Choice(turn.seat, ("{}: {} left", tables.names[turn.developments[-1]], turn.effect_left), moves + (STOP,))


def effect_step(state: HistoryState, log: list[Event]) -> bool:
    """The effect ends when its count is spent or nothing is left to act on."""
    turn = state.turn
    if turn.effect_left > 0 and targets(state, turn.effect):
        return False
    turn.step, turn.effect, turn.effect_left = after_effect(state), "", 0
    return True


def after_effect(state: HistoryState) -> str:
    """The step a development's effect returns to: the conquest step, or with A9's strict
    reading, once a conquest is made, the window after it (played only there then)."""
    strict = state.turn.conquered and not state.tables.options.developments_between_conquests
    return "developments" if strict else "conquest"


def on_target(state: HistoryState, move: a.Target, log: list[Event]) -> None:
    turn = state.turn
    effect, place = turn.effect, move.space
    turn.effect_left -= 1
    turn.effect_done.append(place)
    seat = turn.seat
    log.append(Event(("{}: {} {}", state.names[seat], VERBS[effect], state.tables.names[place])))
    if effect == "fort":
        state.forts.add(place)
    elif effect == "monument":
        state.monuments.add(place)
    elif effect == "fleet":
        turn.fleets.append(place)
        front_changed(state)
    elif effect == "caravan":
        turn.caravans.append(place)
        front_changed(state)
    elif effect == "catastrophe":
        turn.effect_region = state.tables.geography.region_of.get(place)
        destroy_building(state, place, log)
    else:  # diplomacy, revolution, barbarians: an army of yours from the supply takes its place
        if effect == "barbarians":
            destroy_building(state, place, log)
        owner = state.armies.get(place)
        if owner is not None:
            state.supply[owner] += 1
            state.active.discard(place)
        state.supply[seat] -= 1
        state.armies[place] = seat
        if state.tables.options.replacement_armies_active:  # ambiguity A17
            state.active.add(place)
        front_changed(state)


def _neighbours_of_active(state: HistoryState) -> set[str]:
    geography = state.tables.geography
    near = set().union(*(geography.land_neighbours[p] for p in state.active)) if state.active else set()
    return near - state.active


def _has_building(state: HistoryState, province: str) -> bool:
    return any(province in pieces for pieces in (state.capitals, state.cities, state.monuments))


def targets(state: HistoryState, effect: str) -> list[str]:
    """Where the effect may act next, each place once; empty when it can do nothing more."""
    done = state.turn.effect_done
    return [place for place in _places(state, effect) if place not in done]


def _places(state: HistoryState, effect: str) -> list[str]:
    geography = state.tables.geography
    turn = state.turn
    seat = turn.seat
    if effect == "fort":
        return fort_sites(state)
    if effect == "monument":
        return monument_candidates(state)
    if effect in ("fleet", "caravan"):
        wanted = (SpaceKind.SEA, SpaceKind.OCEAN) if effect == "fleet" else (SpaceKind.WASTELAND,)
        held = set(turn.fleets) | set(turn.caravans)
        return sorted(
            area for area, kind in geography.area_kind.items()
            if kind in wanted and area not in held and area not in geography.no_fleet
            and geography.area_borders[area] & state.active
        )
    if effect in ("diplomacy", "revolution", "barbarians") and state.supply[seat] == 0:
        return []
    if effect == "diplomacy":
        return sorted(p for p in _neighbours_of_active(state) if state.armies.get(p, seat) != seat)
    if effect == "revolution":
        return sorted(p for p, owner in state.armies.items()
                      if owner != seat and (p in state.capitals or p in state.cities))
    if effect == "barbarians":
        return sorted(p for p in _neighbours_of_active(state)
                      if state.armies.get(p, seat) != seat or _has_building(state, p))
    if effect == "catastrophe":
        region = turn.effect_region
        built = state.capitals | state.cities | state.monuments
        return sorted(p for p in built if region is None or geography.region_of.get(p) == region)
    raise ValueError(f"unknown effect {effect!r}")
