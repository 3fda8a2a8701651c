"""One check for every reference in a scenario, driven by the fields' ``ref`` metadata.

Two kinds of ``ref`` name no list: an ``asset`` is a file beside the scenario, a ``colour``
a #rrggbb value (a colour that is no colour would be drawn grey without a word).

It reads the parsed JSON rather than the attrs objects, so it still runs when a type error
elsewhere stopped the file from loading: a designer sees every problem in one go.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Collection, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import attrs
from attrs import frozen

from engine.scenario.converter import CARD_TYPE_KEY
from engine.scenario.locate import item_key, join, quoted
from engine.scenario.model import CardData, RulesetOptions, Scenario
from engine.scenario.paths import parse
from engine.scenario.problems import Problem

# Where the things a reference may name are listed in the file.
LISTS = {
    "space": ("board", "spaces"),
    "region": ("board", "regions"),
    "deck": ("decks",),
    "seat": ("seats",),
}


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


@cache
def _layout(cls: type) -> tuple[tuple[attrs.Attribute, type | None, bool], ...]:
    """Each field of an attrs class with the attrs class it holds and whether a list of them:
    worked out once per class, as a scenario has thousands of objects of a few classes."""
    hints = _hints(cls)
    return tuple((attribute, *_classes(hints[attribute.name])) for attribute in attrs.fields(cls))


def _classes(hint: Any) -> tuple[type | None, bool]:
    """The attrs class a field holds (or CardData), and whether it holds a list of them."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        for arg in typing.get_args(hint):
            found = _classes(arg)
            if found[0] is not None:
                return found
        return None, False
    if origin is list:
        inner, _ = _classes(typing.get_args(hint)[0])
        return inner, True
    if isinstance(hint, type) and (attrs.has(hint) or hint in (CardData, RulesetOptions)):
        return hint, False
    return None, False


def walk_fields(
    raw: Any, cls: type | None, path: str, card_types: Mapping[str, type], options_type: type | None = None
) -> Iterator[tuple[str, attrs.Attribute, Any]]:
    """Yield (path, attribute, raw value) for every field of every attrs object found in the
    raw data, so checks driven by field metadata run even where the types are wrong."""
    if cls is CardData:
        type_name = raw.get(CARD_TYPE_KEY) if isinstance(raw, dict) else None
        cls = card_types.get(type_name) if isinstance(type_name, str) else None
    elif cls is RulesetOptions:
        cls = options_type
    if cls is None or not attrs.has(cls):
        return
    if not isinstance(raw, dict):
        return
    for attribute, inner, many in _layout(cls):
        if attribute.name not in raw:
            continue
        value, child_path = raw[attribute.name], join(path, attribute.name)
        yield child_path, attribute, value
        if inner is None:
            continue
        if many and isinstance(value, list):
            for index in range(len(value)):
                yield from walk_fields(
                    value[index], inner, f"{child_path}[{item_key(value, index)}]", card_types, options_type)
        elif not many:
            yield from walk_fields(value, inner, child_path, card_types, options_type)


def _references(raw: Any, card_types: Mapping[str, type]) -> Iterator[tuple[str, str, str]]:
    """Yield (path, ref kind, value) for every reference field found in the raw data."""
    for path, _, ref, index, item in _reference_fields(raw, card_types):
        yield (path if index is None else f"{path}[{index}]"), ref, item


def _reference_fields(raw: Any, card_types: Mapping[str, type]
                      ) -> Iterator[tuple[str, attrs.Attribute, str, int | None, str]]:
    """(field path, field, ref kind, index in the field's list or None, value) for every
    reference found in the raw data."""
    for path, attribute, value in walk_fields(raw, Scenario, "", card_types):
        ref = attribute.metadata.get("ref")
        if ref is None:
            continue
        values = enumerate(value) if isinstance(value, list) else [(None, value)]
        for index, item in values:
            if isinstance(item, str):
                yield path, attribute, ref, index, item


def _dig(raw: Any, keys: tuple[str, ...]) -> list[Any]:
    for key in keys:
        raw = raw.get(key) if isinstance(raw, dict) else None
    return raw if isinstance(raw, list) else []


def _ids(items: list[Any], path: str, what: str, problems: list[Problem]) -> set[str]:
    """The ids of a list's items, reporting duplicates."""
    seen: set[str] = set()
    for index, item in enumerate(items):
        item_id = item.get("id") if isinstance(item, dict) else None
        if isinstance(item_id, str):
            if item_id in seen:
                problems.append(Problem(f"{path}[{index}].id", f"duplicate {what} id {item_id!r}"))
            seen.add(item_id)
    return seen


COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def _asset_problem(value: str, base_dir: Path | None) -> str | None:
    relative = Path(value)
    if relative.is_absolute() or ".." in relative.parts:
        return f"asset path {quoted(value)} leaves the scenario's folder"
    if base_dir is None:
        return None
    try:
        folder = base_dir.resolve()
        target = (base_dir / relative).resolve()  # a symbolic link counts where it points
        if not target.is_relative_to(folder):
            return f"asset {quoted(value)} is a link that leads out of the scenario's folder"
        if not target.is_file():
            return f"asset {quoted(value)} not found in {base_dir}"
    except (OSError, RuntimeError, ValueError) as error:  # a link loop, a name too long, a NUL
        return f"asset {quoted(value)} cannot be read: {getattr(error, 'strerror', None) or error}"
    return None


def check_references(raw: Any, base_dir: Path | None, card_types: Mapping[str, type]) -> list[Problem]:
    """Duplicate ids, dangling references and asset paths, all at once, on parsed JSON."""
    problems: list[Problem] = []
    known = {ref: _ids(_dig(raw, keys), ".".join(keys), ref, problems) for ref, keys in LISTS.items()}
    known["card"] = set()
    for deck in _dig(raw, ("decks",)):
        deck_id = deck.get("id") if isinstance(deck, dict) else None
        cards = _dig(deck, ("cards",))
        ids = _ids(cards, f"decks[{deck_id}].cards", "card", problems)
        for card_id in sorted(ids & known["card"]):  # a card is named by its id alone
            problems.append(Problem(f"decks[{deck_id}].cards[{card_id}].id", "card id used in another deck too"))
        known["card"] |= ids
    for path, ref, value in _references(raw, card_types):
        if ref == "asset":
            message = _asset_problem(value, base_dir)
            if message:
                problems.append(Problem(path, message))
        elif ref == "colour":
            if not COLOUR.fullmatch(value):
                problems.append(Problem(path, f"expected a colour as #rrggbb, found {quoted(value)}"))
        elif ref in known and value not in known[ref]:
            problems.append(Problem(path, f"unknown {ref} {quoted(value)}"))
    return problems


def references_to(raw: Any, card_types: Mapping[str, type], ref: str, value: str) -> list[str]:
    """Every path in the parsed file whose reference of kind ``ref`` names ``value``: what a
    rename must follow (connections, placements, card data)."""
    return [path for path, kind, item in _references(raw, card_types) if kind == ref and item == value]


@frozen
class Referrer:
    """A field that names some of the spaces (or decks, seats...) being merged or deleted."""

    path: str  # the field: decks[empires].cards[e4].data.start_provinces, setup[3].space
    label: str  # the field's label, for people: "Start provinces"
    names: tuple[str, ...]  # the ids it names among those asked about
    value: str | list[str]  # the field's whole value in the file
    optional: bool  # a lone reference that may be left empty


def referrers(raw: Any, card_types: Mapping[str, type], ref: str, values: Collection[str],
              skip: tuple[str, ...] = ("board.connections",)) -> list[Referrer]:
    """Every field outside ``skip`` whose reference of kind ``ref`` names one of ``values``:
    what merging or deleting those spaces must re-point or clear (connections are the map
    editor's own business, so they are skipped by default)."""
    found: dict[str, Referrer] = {}
    for path, attribute, kind, _, item in _reference_fields(raw, card_types):
        if kind != ref or item not in values or path.startswith(skip):
            continue
        known = found.get(path)
        if known is not None:
            found[path] = attrs.evolve(known, names=(*known.names, item))
            continue
        whole = _at(raw, path)
        optional = attribute.default is None and not isinstance(whole, list)
        found[path] = Referrer(path, attribute.metadata.get("label", attribute.name), (item,), whole, optional)
    return list(found.values())


def repointed(referrer: Referrer, gone: Collection[str], kept: str) -> str | list[str]:
    """The field's value with every id in ``gone`` replaced by ``kept`` (a list names it once)."""
    if isinstance(referrer.value, list):
        return list(dict.fromkeys(kept if item in gone else item for item in referrer.value))
    return kept if referrer.value in gone else referrer.value


def cleared(referrer: Referrer, gone: Collection[str]) -> str | list[str] | None:
    """The field's value without the ids in ``gone``: a list loses them, an optional reference
    becomes empty. A required lone reference cannot be cleared: ValueError."""
    if isinstance(referrer.value, list):
        return [item for item in referrer.value if item not in gone]
    if referrer.value not in gone:
        return referrer.value
    if not referrer.optional:
        raise ValueError(f"{referrer.path}: {referrer.label} cannot be left empty")
    return None


def _at(raw: Any, path: str) -> Any:
    """The raw value at a path made by ``walk_fields`` (list items named by id or index)."""
    for kind, name in parse(path):
        if kind == "key":
            raw = raw[_raw_index(raw, name)]
        else:
            raw = raw[name]
    return raw


def _raw_index(items: list[Any], key: str) -> int:
    for index in range(len(items)):
        if item_key(items, index) == key:
            return index
    raise KeyError(key)


def asset_paths(raw: Any, card_types: Mapping[str, type]) -> list[str]:
    """Every file the scenario names beside itself (the board's background, card art, a layout's
    fixed images): what must travel with it when it is saved into another folder."""
    found = {item for _, ref, item in _references(raw, card_types) if ref == "asset"}
    for layout in _dig(raw, ("layouts",)):
        for zone in layout.get("zones", []) if isinstance(layout, dict) else []:
            content = zone.get("content") if isinstance(zone, dict) else None
            if zone.get("kind") == "image" and isinstance(content, str) and content \
                    and not content.startswith("builtin:") and "{" not in content:
                found.add(content)
    return sorted(found)
