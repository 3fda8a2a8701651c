"""Region and building scoring (digest §8.2, §8.3): pure functions of the board."""

from __future__ import annotations

from engine.rulesets.history_of_the_world.state import HistoryState


def region_points(state: HistoryState, seat: int, region: str, control_any: bool = True) -> int:
    """Presence, dominance or control: only the highest level reached counts.

    ``control_any`` is the digest's reading of control (ambiguity A2): no other player has
    any army in the region; off, control only needs fewer than three opposing armies."""
    tile_id = state.tiles.get(region)
    if tile_id is None:
        return 0
    tile = state.tables.tiles[tile_id]
    counts: dict[int, int] = {}
    for province in state.tables.geography.region_provinces.get(region, ()):
        owner = state.armies.get(province)
        if owner is not None:
            counts[owner] = counts.get(owner, 0) + 1
    mine = counts.pop(seat, 0)
    strongest_other = max(counts.values(), default=0)
    others = sum(counts.values())
    if mine >= 3 and (others == 0 if control_any else strongest_other < 3):
        return tile.control
    if mine >= 2 and mine > strongest_other:
        return tile.dominance
    return tile.presence if mine >= 1 else 0


def building_points(state: HistoryState, seat: int) -> int:
    """Capital 2, city 1, monument 1, wherever the seat's army stands; forts score nothing."""
    points = 0
    for province, owner in state.armies.items():
        if owner == seat:
            points += 2 * (province in state.capitals) + (province in state.cities)
            points += province in state.monuments
    return points


def turn_points(state: HistoryState, seat: int, control_any: bool = True) -> tuple[int, int]:
    """(region points, building points) for the seat's step 7; only regions where the seat
    has an army can score for it."""
    region_of = state.tables.geography.region_of
    held = {region_of[p] for p, owner in state.armies.items() if owner == seat and p in region_of}
    regions = sum(region_points(state, seat, region, control_any) for region in held)
    return regions, building_points(state, seat)
