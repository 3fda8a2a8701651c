"""Empire abilities and development effects as behaviour (the ids of ``cards.py``).

Abilities and turn-long effects are read where they matter (battle, monuments, founding);
a development that acts on the board opens an "effect" step in which the player picks each
target, one action at a time, and may stop early.
"""

from __future__ import annotations

from engine.rulesets.history_of_the_world.board import fort_sites, monument_candidates
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
