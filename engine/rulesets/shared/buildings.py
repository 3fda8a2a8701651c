"""What a conquest knocks down: exactly one building, by priority (History of the World
§7.5; A Brief History §6.5 calls it reduction). A capital becomes a city; else a city is
removed; else a monument. Forts are a separate matter for each game."""

from __future__ import annotations

from functools import cache


def knock_down(province: str, capitals: set[str], cities: set[str], monuments: set[str],
               gone: str = "destroyed") -> str:
    """Reduce the province's top building in place and say what happened ("" for nothing),
    ``gone`` being the game's word for a building taken off the map. A game whose rule
    spares monuments passes an empty set for them."""
    if province in capitals:
        capitals.remove(province)
        cities.add(province)
        return "the capital becomes a city"
    if province in cities:
        cities.remove(province)
        return gone_words("city", gone)
    if province in monuments:
        monuments.remove(province)
        return gone_words("monument", gone)
    return ""


@cache
def gone_words(building: str, gone: str) -> str:
    """Made once, not at every conquest: a handful of buildings and words for going."""
    return f"the {building} is {gone}"
