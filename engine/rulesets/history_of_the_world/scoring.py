"""Region and building scoring (digest §8.2, §8.3): pure functions of the board."""

from __future__ import annotations

from engine.rulesets.history_of_the_world.state import HistoryState
from engine.rulesets.history_of_the_world.tables import Tile


def _level(tile: Tile, counts: dict[int, int], seat: int, control_any: bool) -> int:
    """Presence, dominance or control: only the highest level reached counts.

    ``control_any`` is the digest's reading of control (ambiguity A2): no other player has
    any army in the region; off, control only needs no opponent with three."""
    mine = counts.get(seat, 0)
    others = [n for owner, n in counts.items() if owner != seat]
    strongest_other = max(others, default=0)
    if mine >= 3 and (not others if control_any else strongest_other < 3):
        return tile.control
    if mine >= 2 and mine > strongest_other:
        return tile.dominance
    return tile.presence if mine >= 1 else 0


def region_points(state: HistoryState, seat: int, region: str, control_any: bool = True) -> int:
    tile_id = state.tiles.get(region)
    if tile_id is None:
        return 0
    counts: dict[int, int] = {}
    for province in state.tables.geography.region_provinces.get(region, ()):
        owner = state.armies.get(province)
        if owner is not None:
            counts[owner] = counts.get(owner, 0) + 1
    return _level(state.tables.tiles[tile_id], counts, seat, control_any)


def turn_points(state: HistoryState, seat: int, control_any: bool = True) -> tuple[int, int]:
    """(region points, building points) for the seat's step 7, in one pass over the armies:
    capital 2, city 1, monument 1 wherever the seat's army stands; forts score nothing."""
    region_of = state.tables.geography.region_of
    counts: dict[str, dict[int, int]] = {}
    buildings = 0
    for province, owner in state.armies.items():
        region = region_of.get(province)
        if region is not None:
            per_owner = counts.setdefault(region, {})
            per_owner[owner] = per_owner.get(owner, 0) + 1
        if owner == seat:
            buildings += 2 * (province in state.capitals) + (province in state.cities)
            buildings += province in state.monuments
    tiles = state.tables.tiles
    regions = sum(
        _level(tiles[state.tiles[region]], per_owner, seat, control_any)
        for region, per_owner in counts.items()
        if seat in per_owner and region in state.tiles
    )
    return regions, buildings
