"""New cards and decks start from blanks: every field at its default, ids not yet taken."""

from __future__ import annotations

import attrs

from engine.scenario.model import CardData


def blank_data(card_type: type[CardData]) -> CardData:
    """A card of ``card_type`` with every field at its default, or empty where it has none."""
    empty = {int: 0, float: 0.0, bool: False, str: ""}
    values = {}
    for field in attrs.fields(card_type):
        if field.default is attrs.NOTHING:
            values[field.name] = empty.get(field.type if isinstance(field.type, type) else str, "")
    return card_type(**values)


def fresh_id(taken: set[str], stem: str) -> str:
    number = 1
    while f"{stem}-{number}" in taken:
        number += 1
    return f"{stem}-{number}"
