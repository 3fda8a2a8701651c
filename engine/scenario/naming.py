"""What a card prints for a field's value: a reference by its name, a rules id by its label.

A scenario refers by id ("tigris", "monument_per_icon") because ids stay fixed while names
are edited; a person reading a card wants "Tigris" and "Pyramids". Faces, print sheets and
the card table ask here, so each shows the same words. A reference whose target is missing
prints as written (the validator reports it), and a rules id without a label is put in words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from engine.scenario.model import Scenario

REFERENCES = ("space", "region", "card", "deck", "seat")


@attrs.frozen
class Names:
    """Each kind of reference's names by id: ``by_kind["space"]["tigris"] == "Tigris"``."""

    by_kind: Mapping[str, Mapping[str, str]] = attrs.field(factory=dict)

    def name(self, kind: str, key: str) -> str:
        return self.by_kind.get(kind, {}).get(key, key)


def names_of(scenario: Scenario) -> Names:
    """The names a scenario gives its spaces, regions, cards, decks and seats."""
    return Names({
        "space": {space.id: space.name for space in scenario.board.spaces},
        "region": {region.id: region.name for region in scenario.board.regions},
        "card": {card.id: card.name for deck in scenario.decks for card in deck.cards},
        "deck": {deck.id: deck.name for deck in scenario.decks},
        "seat": {seat.id: seat.name for seat in scenario.seats},
    })


def in_words(key: str) -> str:
    """A rules id as words: ``monument_per_icon`` as "Monument per icon", ``speed:1`` as
    "Speed 1"."""
    words = key.replace("_", " ").replace(":", " ").split()
    text = " ".join(words)
    return text[:1].upper() + text[1:]


def label(key: str, labels: Mapping[str, str]) -> str:
    """An id's label; an id with a number after a colon (``speed:1``) by its head's label."""
    if key in labels:
        return labels[key]
    head, _, rest = key.partition(":")
    if rest and head in labels:
        return f"{labels[head]} {rest.replace(':', ' ')}"
    return in_words(key)


def printed(value: Any, metadata: Mapping[str, Any], names: Names) -> Any:
    """``value`` (one item or a list) as a card prints it, by the field's ``ref`` or ``labels``."""
    if isinstance(value, (list, tuple)):
        return [printed(item, metadata, names) for item in value]
    if not isinstance(value, str) or not value:
        return value
    kind = metadata.get("ref")
    if kind in REFERENCES:
        return names.name(kind, value)
    labels = metadata.get("labels")
    if labels is not None:
        return label(value, labels)
    return value
