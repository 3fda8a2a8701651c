"""Presence, dominance and control of a region, counted from the armies on the map
(History of the World §8.2; A Brief History §8.2 calls control "supremacy").

Only the highest level reached counts. A game turns the level into points with its own
region tiles or values.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

NONE, PRESENCE, DOMINANCE, CONTROL = 0, 1, 2, 3


def counts_by_region(armies: Mapping[str, int], region_of: Mapping[str, str]) -> dict[str, dict[int, int]]:
    """Armies per owner in each region, in one pass over the armies (province -> owner)."""
    counts: dict[str, dict[int, int]] = {}
    for province, owner in armies.items():
        region = region_of.get(province)
        if region is not None:
            per_owner = counts.setdefault(region, {})
            per_owner[owner] = per_owner.get(owner, 0) + 1
    return counts


def counts_in(armies: Mapping[str, int], provinces: Iterable[str]) -> dict[int, int]:
    """Armies per owner among one region's provinces."""
    counts: dict[int, int] = {}
    for owner in map(armies.get, provinces):
        if owner is not None:
            counts[owner] = counts.get(owner, 0) + 1
    return counts


def level(counts: Mapping[int, int], seat: int, control_any: bool = True) -> int:
    """The seat's level in a region whose armies per owner are ``counts``.

    Control needs 3 armies and, with ``control_any``, no other player's army there at all;
    without it, only no other player with 3 (History of the World's ambiguity A2).
    Dominance needs 2 and strictly more than every other player; presence needs 1."""
    mine = counts.get(seat, 0)
    if not mine:
        return NONE
    if len(counts) == 1:  # the seat alone, as often: no other player to weigh
        return CONTROL if mine >= 3 else DOMINANCE if mine >= 2 else PRESENCE
    others = list(counts.values())
    others.remove(mine)  # the seat's own count: any count equal to it leaves the same others
    strongest_other = max(others)
    if mine >= 3 and (not others if control_any else strongest_other < 3):
        return CONTROL
    if mine >= 2 and mine > strongest_other:
        return DOMINANCE
    return PRESENCE
