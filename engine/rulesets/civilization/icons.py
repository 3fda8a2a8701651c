"""The icons a square yields, worked out afresh (§6.3.4, A16): a building, wonder or great person
replaces the printed icons. Both ``board.py`` (which keeps them) and ``kept.py`` (which drops them
when a marker changes) ask here, so neither imports the other's way round."""

from __future__ import annotations

from engine.rulesets.civilization.state import CivState
from engine.rulesets.civilization.tables import Icons

ICON_FIELDS = ("trade", "production", "culture", "coins")


def new_icons(state: CivState, square: str) -> Icons:
    t = state.tables
    if square in state.buildings:
        return t.building_icons[state.buildings[square][1]]
    if square in state.wonders:
        return Icons(culture=t.wonders[state.wonders[square][1]].culture)
    printed = state.squares[square].icons
    if square in state.greats:
        great = t.great_icons[state.greats[square][1]]
        if not t.options.great_person_adds:
            return great
        return Icons(*(getattr(printed, f) + getattr(great, f) for f in ICON_FIELDS))
    return printed
