"""The colour a card's field stands for: a region's, seat's or epoch's, a space's region's, or a written #rrggbb.

A zone may take its fill or text colour from a field (``fill_from``), so an empire card is
printed on its home region's colour, a seat's card on the seat's and a card of epoch 3 on
the colour the scenario's epochs table gives epoch 3, without one zone per value. The face
asks here with the field's value as the file writes it and the field's ``ref``; a value that
names no colour gives None, and the zone keeps its own colour.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import attrs

from engine.scenario.model import Card, Scenario

COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


@attrs.frozen
class Colours:
    """Each kind of reference's colours by id: ``by_kind["region"]["mesopotamia"] == "#c8b78a"``."""

    by_kind: Mapping[str, Mapping[str, str]] = attrs.field(factory=dict)


def colours_of(scenario: Scenario) -> Colours:
    """The colours a scenario gives its regions, seats and epochs (by number, as text); a space has
    its region's."""
    regions = {region.id: region.colour for region in scenario.board.regions}
    return Colours({
        "region": regions,
        "seat": {seat.id: seat.colour for seat in scenario.seats},
        "epoch": {str(epoch.number): epoch.colour for epoch in scenario.epochs},
        "space": {space.id: regions[space.region] for space in scenario.board.spaces if space.region in regions},
    })


def field_colour(card: Card, name: str, colours: Colours) -> str | None:
    """The colour ``card``'s field ``name`` stands for (its first item, for a list), or None."""
    data, name = card.data, name.removeprefix("data.")
    field = attrs.fields_dict(type(data)).get(name) if attrs.has(type(data)) else None
    value: Any = getattr(data, name) if field is not None else None
    if isinstance(value, (list, tuple)):
        value = value[0] if value else None
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)  # an epoch is named by its number
    if not isinstance(value, str):
        return None
    if COLOUR.fullmatch(value):
        return value
    kind = field.metadata.get("ref") if field is not None else None
    return colours.by_kind.get(kind, {}).get(value) if kind else None
