"""The columns of a deck's table, from its card types' field metadata.

The reserved columns every card has come first (the spreadsheet's order), then every data
field of the deck's card types. A column knows what kind of editor it wants (a combo for an
enum or a reference, a checkbox for a flag, a list of items in one cell) and how to turn the
designer's text into the value the field holds. Text that is not such a value is kept as
written, so the scenario's validator reports it located, exactly as it would in a file.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from engine.scenario.card_sheet import RESERVED, data_fields
from engine.scenario.layout import shown
from engine.scenario.model import Card, CardData, Deck, Scenario
from engine.scenario.naming import Names, printed
from engine.scenario.paths import parse as parse_path

TEXT, NUMBER, DECIMAL, FLAG, CHOICE, REFERENCE, LIST = "text", "number", "decimal", "flag", "choice", "reference", "list"


@attrs.frozen
class Column:
    name: str  # the field's name, as the sheet's header says it
    label: str
    help: str
    kind: str
    on_data: bool  # a field of the card's data, not of the card itself
    item: type = str  # the value (or each list item) type
    ref: str | None = None  # space, region, card, deck, seat
    choices: tuple[str, ...] = ()  # an enum's values (or those of each item of a list)
    optional: bool = False  # may be None, which an empty cell means
    low: float | None = None  # a number's bounds (each item's, for a list), from the metadata
    high: float | None = None
    labels: Mapping[str, str] | None = attrs.field(default=None, eq=False)  # a rules id's printed labels

    def printed(self, value: Any, names: Names) -> str:
        """The cell's text: a reference by its name, a rules id by its label (naming.py)."""
        return shown(printed(value, {"ref": self.ref, "labels": self.labels}, names))

    def path(self, deck_id: str, card_id: str) -> str:
        where = f"decks[{deck_id}].cards[{card_id}]"
        return f"{where}.data.{self.name}" if self.on_data else f"{where}.{self.name}"

    def read(self, card: Card) -> Any:
        if self.on_data:
            return getattr(card.data, self.name)
        if self.name == "type":
            return getattr(card.data, "type_name", "") or getattr(card.data, "type", "")
        return getattr(card, self.name)

    def applies(self, card: Card) -> bool:
        """Whether the card has this field (a deck may mix card types)."""
        return not self.on_data or (attrs.has(type(card.data)) and hasattr(card.data, self.name))

    def value(self, given: Any) -> Any:
        """The field's value for what the designer entered; unreadable text stays text."""
        if self.kind == FLAG:
            return given if isinstance(given, bool) else str(given).strip().lower() in {"true", "yes", "1"}
        if self.kind == LIST:
            items = given if isinstance(given, list) else [part.strip() for part in str(given).split(",")]
            return [_item(item, self.item) for item in items if item != ""]
        if given is None or given == "":
            return None if self.optional else given
        return _item(given, self.item)

    def item_value(self, given: Any) -> Any:
        """One item of a list field for what the designer entered (text it cannot read stays)."""
        return given if given == "" else _item(given, self.item)


def _item(given: Any, item: type) -> Any:
    text = str(given).strip()
    try:
        if item is int and not isinstance(given, bool):
            return int(text)
        if item is float:
            return float(text)
        if isinstance(item, type) and issubclass(item, enum.Enum):
            return item(text)
    except ValueError:
        return text
    return given if item is not str else str(given)


def _unwrap(hint: Any) -> tuple[Any, bool, bool]:
    """The type inside ``X | None``, whether it is a list, whether it may be None."""
    optional = False
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        optional = type(None) in typing.get_args(hint)
        hint = next(arg for arg in typing.get_args(hint) if arg is not type(None))
    if typing.get_origin(hint) is list:
        return typing.get_args(hint)[0], True, optional
    return hint, False, optional


def field_column(field: attrs.Attribute, hint: Any, on_data: bool) -> Column:
    item, is_list, optional = _unwrap(hint)
    ref = field.metadata.get("ref")
    ref = ref if ref in {"space", "region", "card", "deck", "seat"} else None
    label = field.metadata.get("label", field.name)
    help_text = field.metadata.get("help", "")
    is_enum = isinstance(item, type) and issubclass(item, enum.Enum)
    declared = field.metadata.get("choices")  # the only values the loader and the schema take
    choices = tuple(str(member.value) for member in item) if is_enum else tuple(map(str, declared or ()))
    if is_list:
        kind = LIST
    elif item is bool:
        kind = FLAG
    elif is_enum or declared:
        kind = CHOICE
    elif ref is not None:
        kind = REFERENCE
    else:
        kind = {int: NUMBER, float: DECIMAL}.get(item, TEXT)
    return Column(field.name, label, help_text, kind, on_data, item, ref, choices, optional,
                  field.metadata.get("min"), field.metadata.get("max"), field.metadata.get("labels"))


def deck_columns(deck: Deck, ruleset_types: Mapping[str, type[CardData]]) -> list[Column]:
    """The reserved columns, then the data fields of the card types the deck uses (every
    type of the ruleset while it uses none), as its spreadsheet has them."""
    known = set(ruleset_types.values())
    used = list(dict.fromkeys(type(card.data) for card in deck.cards if type(card.data) in known))
    return columns_for(used or list(ruleset_types.values()))


def columns_for(card_types: Sequence[type[CardData]]) -> list[Column]:
    card_hints = typing.get_type_hints(Card)
    by_name = {field.name: field for field in attrs.fields(Card)}
    columns = []
    for name in RESERVED:
        if name == "type":
            columns.append(Column("type", "Type", "The card type (fixed once the card exists)", TEXT, False))
        else:
            columns.append(field_column(by_name[name], card_hints[name], False))
    for name in data_fields(card_types):
        card_type = next(t for t in card_types if name in attrs.fields_dict(t))
        columns.append(field_column(attrs.fields_dict(card_type)[name], typing.get_type_hints(card_type)[name], True))
    return columns


def valid_ids(scenario: Scenario, ref: str) -> list[str]:
    """The ids a reference of this kind may name in ``scenario``."""
    if ref == "space":
        return [space.id for space in scenario.board.spaces]
    if ref == "region":
        return [region.id for region in scenario.board.regions]
    if ref == "deck":
        return [deck.id for deck in scenario.decks]
    if ref == "seat":
        return [seat.id for seat in scenario.seats]
    return [card.id for deck in scenario.decks for card in deck.cards]


def problem_cell(path: str, deck_id: str) -> tuple[str, str] | None:
    """The (card id, column name) a located problem points at in this deck, if any."""
    prefix = f"decks[{deck_id}].cards["
    if not path.startswith(prefix):
        return None
    names = [name for _, name in parse_path(path)]  # decks, deck, cards, card, field…
    if len(names) < 4:
        return None
    if len(names) == 4:
        return names[3], "id"
    if names[4] == "data":
        return (names[3], names[5]) if len(names) > 5 else (names[3], "type")
    return names[3], names[4]
