"""Points: a turn's region and building scoring, the looter's plunder, and markers that
share a score (digest §6.11, §8.2-§8.4).

Region levels are counted by the shared mechanism (``engine/rulesets/shared/regions.py``);
the region tile says what each level is worth here.
"""

from __future__ import annotations

from engine.core.decision import Choice
from engine.core.events import Event
from engine.rulesets.history_of_the_world import actions as a
from engine.rulesets.history_of_the_world.state import HistoryState
from engine.rulesets.history_of_the_world.tables import Tile
from engine.rulesets.shared.regions import (
    CONTROL,
    DOMINANCE,
    PRESENCE,
    counts_in,
    level,
)

GAIN = a.ScoreDirection(True, label="gain 1 point")
LOSE = a.ScoreDirection(False, label="lose 1 point")


def tile_points(tile: Tile, counts: dict[int, int], seat: int, control_any: bool) -> int:
    """Presence, dominance or control: only the highest level reached counts."""
    reached = level(counts, seat, control_any)
    if reached == PRESENCE:
        return tile.presence
    return tile.dominance if reached == DOMINANCE else tile.control if reached == CONTROL else 0


def region_points(state: HistoryState, seat: int, region: str, control_any: bool = True) -> int:
    tile_id = state.tiles.get(region)
    if tile_id is None:
        return 0
    counts = counts_in(state.armies, state.tables.geography.region_provinces.get(region, ()))
    return tile_points(state.tables.tiles[tile_id], counts, seat, control_any)


def turn_points(state: HistoryState, seat: int, control_any: bool = True) -> tuple[int, int]:
    """(region points, building points) for the seat's step 7: capital 2, city 1, monument 1
    wherever the seat's army stands; forts score nothing. Only the regions where the seat
    stands are counted."""
    armies = state.armies
    mine = {province for province, owner in armies.items() if owner == seat}
    buildings = 2 * len(state.capitals & mine) + len(state.cities & mine) + len(state.monuments & mine)
    geography = state.tables.geography
    tiles = state.tables.tiles
    placed = state.tiles
    regions = 0
    for region in set(map(geography.region_of.get, mine)):
        tile = placed.get(region)
        if tile is not None:
            regions += tile_points(tiles[tile], counts_in(armies, geography.region_provinces[region]), seat, control_any)
    return regions, buildings


def score_turn(state: HistoryState, log: list[Event]) -> None:
    """Step 7: the empire, declined, scores its regions and buildings; the turn is over."""
    seat = state.turn.seat
    regions, buildings = turn_points(state, seat, state.tables.options.control_needs_no_opponents)
    log.append(Event(("{}: regions {}, buildings {}", state.names[seat], regions, buildings)))
    state.turn = None
    add_points(state, seat, regions + buildings, log)


def shares_score(state: HistoryState, seat: int) -> bool:
    """Markers clash at the same score, or with A12 off on the same space of the 0-99 track."""
    places = state.score if state.tables.options.ties_compare_scores else [score % 100 for score in state.score]
    return places.count(places[seat]) > 1


def add_points(state: HistoryState, seat: int, points: int, log: list[Event]) -> None:
    if points <= 0:
        return
    state.score[seat] += points
    log.append(Event(("{} scores {} (now {})", state.names[seat], points, state.score[seat])))
    if shares_score(state, seat):
        state.tie = (seat, 0)


def decide_tie(state: HistoryState) -> Choice:
    """§8.4: a marker that lands on another moves up or down, as its owner chooses."""
    seat, _ = state.tie
    moves = (GAIN, LOSE) if state.score[seat] > 0 else (GAIN,)
    return Choice(seat, ("{} shares a score of {}: gain or lose?", state.names[seat], state.score[seat]), moves)


def on_score_direction(state: HistoryState, move: a.ScoreDirection, log: list[Event]) -> None:
    seat, _ = state.tie
    step = 1 if move.up else -1
    state.score[seat] += step
    if state.tables.options.tie_direction_once:
        while shares_score(state, seat) and state.score[seat] + step >= 0:
            state.score[seat] += step
    state.tie = (seat, 0) if shares_score(state, seat) else None
    log.append(Event(("{} moves to {}", state.names[seat], state.score[seat])))
