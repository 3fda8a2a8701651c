"""Phases 4 to 6 and the end of the game: turn order by the value of the bids (§5.5),
empire points and city growth (§5.6, §8.2), the end of the round (§5.7), and after round 5
the worker majorities (§8.4) and the winner (§8.5)."""

from __future__ import annotations

from functools import cache

from engine.core.decision import Choice, Decision, End
from engine.core.events import Event
from engine.rulesets.after_the_flood.actions import AddLuxury, Done, Grow
from engine.rulesets.after_the_flood.cards import ROUNDS
from engine.rulesets.after_the_flood.common import add_score, hand_in, own_areas
from engine.rulesets.after_the_flood.round_start import start_round
from engine.rulesets.after_the_flood.state import FloodState
from engine.rulesets.after_the_flood.tables import LUXURIES, SIDES, VALUE
from engine.rulesets.shared.words import listed


def end_phase_three(state: FloodState, log: list[Event]) -> None:
    """Phase 4, then the automatic half of phase 5; growth is decided next."""
    value = [sum(VALUE[r] * n for r, n in bid.items()) for bid in state.bids]
    state.order.sort(key=lambda p: -value[p])  # stable: ties keep their order
    log.append(Event((listed, "turn order: {}", tuple((state.names[p], value[p]) for p in state.order), "{} (bid {})")))
    tables = state.tables
    nippur = tables.city_of.get("nippur")
    for player in state.order:
        areas = own_areas(state, player)
        points = 2 * len(areas)
        if nippur is not None and state.cities.get(nippur) == player:
            points += sum(1 for area in areas if tables.ability.get(area) is not None)
        add_score(state, player, points, ("for {} areas of the empire", len(areas)), log)
    state.phase = "grow"
    state.turn = 0


def growable(state: FloodState, player: int) -> list[str]:
    if state.held[player]["wood"] < 2:
        return []
    return sorted(a for a, owner in state.cities.items() if owner == player and a not in state.grown)


def grow_step(state: FloodState, log: list[Event]) -> bool:
    """Skip players with nothing to grow; after the last, the round ends."""
    if state.turn == len(state.order):
        end_round(state, log)
        return True
    if growable(state, state.active):
        return False
    state.turn += 1
    return True


def decide_grow(state: FloodState) -> Decision:
    player = state.active
    move = state.tables.move
    return Choice(player, "grow a city (2 wood and luxuries) or stop",
                  (*(move(Grow, a) for a in growable(state, player)), move(Done)))


def on_grow(state: FloodState, move: Grow, log: list[Event]) -> None:
    hand_in(state, state.active, "wood", 2)
    state.growing = move.area
    state.luxuries = []
    state.phase = "luxury"


def decide_luxury(state: FloodState) -> Decision:
    player = state.active
    move = state.tables.move
    options = [move(AddLuxury, r) for r in LUXURIES if r not in state.luxuries and state.held[player][r]]
    points = state.tables.growth_vp[len(state.luxuries)]
    return Choice(player, ("add a luxury of a new kind ({} VP now)", points), (*options, move(Done)))


def on_luxury(state: FloodState, move: AddLuxury, log: list[Event]) -> None:
    hand_in(state, state.active, move.resource)
    state.luxuries.append(move.resource)


def done_luxuries(state: FloodState, log: list[Event]) -> None:
    player = state.active
    area = state.growing or ""
    state.grown.add(area)
    add_score(state, player, state.tables.growth_vp[len(state.luxuries)],
              ("growing the city in {} (2 wood, {})", state.tables.name(area), luxuries(tuple(state.luxuries))), log)
    state.growing = None
    state.luxuries = []
    state.phase = "grow"


@cache
def luxuries(kinds: tuple[str, ...]) -> str:
    """ "wine, textiles": made once for each of the few orders luxuries are added in."""
    return ", ".join(kinds) or "no luxuries"


def done_growing(state: FloodState, log: list[Event]) -> None:
    state.turn += 1


def end_round(state: FloodState, log: list[Event]) -> None:
    """§5.7: armies and unplaced pieces go back, bids and equipment return to the supply."""
    for (owner, count) in state.armies.values():
        state.armies_general[owner] += count
    state.armies.clear()
    for player in range(len(state.names)):
        state.armies_general[player] += state.armies_personal[player]
        state.armies_personal[player] = 0
        state.workers_general[player] += state.workers_personal[player]
        state.workers_personal[player] = 0
        for resource, count in state.bids[player].items():
            state.supply[resource] += count
        state.bids[player] = {}
    for resource, count in state.army_table.items():
        state.supply[resource] += count
    state.army_table = {}
    state.empire_of = [None] * len(state.names)
    state.empire_area = [None] * len(state.names)
    state.ranking = []
    state.equipment = [0] * len(state.names)
    state.passed = [False] * len(state.names)
    state.turn = 0
    if state.round == ROUNDS:
        final_scoring(state, log)
        state.phase = "over"
        return
    state.round += 1
    start_round(state, log)


def final_scoring(state: FloodState, log: list[Event]) -> None:
    """§8.4: the most workers where an area or box shows a number; a tie scores nothing."""
    tables = state.tables
    for space, points in tables.vp.items():
        counts = list(state.workers[space])
        if space in SIDES:
            counts = [a + b for a, b in zip(counts, state.workers[SIDES[space]])]
        best = max(counts)
        if best and counts.count(best) == 1:
            add_score(state, counts.index(best), points, ("for the most workers on {}", tables.name(space)), log)


def decide_end(state: FloodState) -> Decision:
    """§8.5: most VP; "Egyenlőség esetén az érintettek közül az győz, aki előbb van a
    játékosrendben": a tie goes to the player earlier in the final turn order, who alone wins.
    The sort is stable, so ranking by score over that order puts that player first."""
    ranking = tuple(sorted(state.order, key=lambda p: -state.score[p]))
    return End(tuple(float(s) for s in state.score), ranking, winners=ranking[:1])
