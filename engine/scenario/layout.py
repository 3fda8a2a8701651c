"""Card faces as data: a layout per card type, zones placed in millimetres.

A layout is never code: a zone shows text with ``{field}`` bindings, an image, a shape or a
row of icons, and may be shown only when a field has a value (or a given value). A binding
prints what a person reads on the card (a space's name, an ability's label); ``{data.field}``
is the value as the file writes it. A layout may extend another
(its zones are drawn after the parent's). Scenarios that give no layout for a card type get
the default one built here from the type's field metadata, so every card renders legibly.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from enum import Enum
from pathlib import PurePosixPath, PureWindowsPath
from typing import Any

import attrs

from engine.scenario.locate import quoted
from engine.scenario.model import Card, CardData, CardLayout, Zone, ZoneKind
from engine.scenario.naming import Names, printed
from engine.scenario.problems import Problem

BINDING = re.compile(r"\{([A-Za-z_][A-Za-z0-9_.]*)\}")
ITEM = re.compile(r"\.[0-9]+$")  # {squares.3}: the list field's item at that place
BUILTIN = "builtin:"  # an icon shipped with the studio rather than a file beside the scenario


def leaves_folder(path: str) -> bool:
    """Whether an image path written in a layout would leave the scenario's folder (absolute,
    or with a ``..`` step, in either slash): the studio draws such a zone blank, so the
    validator says so first."""
    if path.startswith(BUILTIN):
        return False
    return any(kind(path).anchor or ".." in kind(path).parts for kind in (PurePosixPath, PureWindowsPath))


def card_values(card: Card, names: Names | None = None) -> dict[str, Any]:
    """What ``{field}`` may name: the card's own fields and its data's, data by bare name too,
    as printed (references by ``names``, rules ids by their labels); ``data.field`` as written."""
    names = names or Names()
    values: dict[str, Any] = {"id": card.id, "name": card.name, "text": card.text, "art": card.art,
                              "copies": card.copies}
    data = card.data
    if attrs.has(type(data)):
        for field in attrs.fields(type(data)):
            value = getattr(data, field.name)
            values.setdefault(field.name, printed(value, field.metadata, names))
            values[f"data.{field.name}"] = value
            if isinstance(value, list):  # one item by its place: {squares.0}
                values.update({f"{field.name}.{index}": item for index, item in enumerate(values[field.name])})
                values.update({f"data.{field.name}.{index}": item for index, item in enumerate(value)})
    values["type"] = getattr(data, "type_name", "") or getattr(data, "type", "")
    return values


def conditions(show_if: str | None) -> list[tuple[str, str | None, bool]]:
    """A ``show_if``'s conditions, joined by ``&``: (field, wanted value or None for any,
    whether the value need only start with it: ``field^=value``)."""
    found = []
    for part in (show_if or "").split("&"):
        name, equals, wanted = part.partition("=")
        starts = name.rstrip().endswith("^")
        name = name.strip().rstrip("^").strip()
        if name:
            found.append((name, wanted.strip() if equals else None, starts))
    return found


def showing(show_if: str | None, values: Mapping[str, Any]) -> bool:
    """Whether a zone with this condition is drawn: ``field`` when it has a value,
    ``field=value`` when its value as the file writes it (a flag as yes or no) is that,
    ``field^=value`` when it starts with that (a tile's square: ``squares.3^=forest``), and
    ``a & b`` when both hold (a kingdom's capital: ``kind=kingdom & capital=yes``)."""
    for name, wanted, starts in conditions(show_if):
        value = values.get(f"data.{name}", values.get(name))
        if wanted is None:
            held = has_value(value)
        else:
            held = shown(value).startswith(wanted) if starts else shown(value) == wanted
        if not held:
            return False
    return True


def shown(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, (list, tuple)):
        return ", ".join(shown(item) for item in value)
    return str(value)


def has_value(value: Any) -> bool:
    return value not in (None, "", [], (), {}, False)


def fill(template: str, values: Mapping[str, Any]) -> str:
    """``template`` with each ``{field}`` replaced; an unknown field stays visible as written.
    A line whose every binding is empty is left out, so "Fleets: {fleets}" vanishes from a
    card without fleets instead of leaving a label with nothing after it."""
    lines = []
    for line in template.split("\n"):
        names = BINDING.findall(line)
        if names and all(name in values and not has_value(values[name]) for name in names):
            continue
        lines.append(BINDING.sub(lambda m: shown(values[m.group(1)]) if m.group(1) in values else m.group(0), line))
    return "\n".join(lines)


def resolved_zones(layout: CardLayout, layouts: Mapping[str, CardLayout]) -> list[Zone]:
    """The zones drawn for ``layout``: its ancestors' first. A cycle stops at the repeat."""
    chain = []
    seen = set()
    current: CardLayout | None = layout
    while current is not None and current.id not in seen:
        seen.add(current.id)
        chain.append(current)
        current = layouts.get(current.extends) if current.extends else None
    return [zone for ancestor in reversed(chain) for zone in ancestor.zones]


def default_layout(card_type: type[CardData]) -> CardLayout:
    """A plain, legible face for any card type: the name, the type, each field, the text."""
    fields = "\n".join(f"{field.metadata.get('label', field.name)}: {{{field.name}}}" for field in attrs.fields(card_type))
    return CardLayout(id=f"default-{card_type.type_name}", card_type=card_type.type_name, zones=[
        Zone(kind=ZoneKind.SHAPE, x=0, y=0, width=63.5, height=14, fill="#e9e2cf", colour="#e9e2cf"),
        Zone(x=4, y=3.5, width=55.5, height=8, content="{name}", size=11, bold=True),
        Zone(x=4, y=15, width=55.5, height=4, content=card_type.type_name.replace("_", " "), size=6.5,
             colour="#555555"),
        Zone(x=4, y=20, width=55.5, height=38, content=fields, size=7),
        Zone(x=4, y=59, width=55.5, height=26.9, content="{text}", size=7, show_if="text"),
    ])


def layout_for(card: Card, layouts: Sequence[CardLayout], card_types: Mapping[str, type[CardData]]) -> CardLayout:
    """The scenario's layout for the card's type, else the default for that type."""
    type_name = getattr(card.data, "type_name", "") or getattr(card.data, "type", "")
    found = next((layout for layout in layouts if layout.card_type == type_name), None)
    if found is not None:
        return found
    card_type = card_types.get(type_name)
    if card_type is None:
        return CardLayout(id="default", card_type=type_name, zones=[
            Zone(x=4, y=4, width=55.5, height=8, content="{name}", size=11, bold=True),
            Zone(x=4, y=14, width=55.5, height=70, content="{text}", size=7)])
    return default_layout(card_type)


def layout_problems(layouts: Sequence[CardLayout], card_types: Mapping[str, type[CardData]]) -> list[Problem]:
    """What a layout names that does not exist: a card type, a parent, a field it binds."""
    problems = []
    ids = [layout.id for layout in layouts]
    by_id = {layout.id: layout for layout in layouts}
    for layout in layouts:
        where = f"layouts[{layout.id}]"
        if ids.count(layout.id) > 1:
            problems.append(Problem(f"{where}.id", f"duplicate layout id {layout.id!r}"))
        card_type = card_types.get(layout.card_type)
        if card_type is None:
            known = ", ".join(sorted(card_types)) or "none"
            problems.append(Problem(f"{where}.card_type", f"unknown card type {layout.card_type!r} (known: {known})"))
        if layout.extends is not None and layout.extends not in by_id:
            problems.append(Problem(f"{where}.extends", f"unknown layout {layout.extends!r}"))
        if not (layout.width > 0 and layout.height > 0):
            problems.append(Problem(where, "a card needs a width and height above 0 mm"))
        elif layout.corner_radius > min(layout.width, layout.height) / 2:
            problems.append(Problem(f"{where}.corner_radius", f"a corner radius of {layout.corner_radius} mm is more "
                                    f"than half the card's shorter side ({min(layout.width, layout.height) / 2} mm)"))
        fields = {"id", "name", "text", "art", "copies", "type"}
        if card_type is not None:
            fields |= {f.name for f in attrs.fields(card_type)} | {f"data.{f.name}" for f in attrs.fields(card_type)}
        for index, zone in enumerate(layout.zones):
            zone_at = f"{where}.zones[{index}]"
            if not (zone.width > 0 and zone.height > 0):
                problems.append(Problem(zone_at, "a zone needs a width and height above 0 mm"))
            problems += _image_problems(zone, zone_at)
            if card_type is None:
                continue
            for name in BINDING.findall(zone.content):
                if name not in fields and ITEM.sub("", name) not in fields:
                    problems.append(Problem(f"{zone_at}.content", f"binds {{{name}}}, which {layout.card_type} cards do not have"))
            for key in ("fill_from", "colour_from"):
                problems += _colour_field_problems(getattr(zone, key), fields, layout.card_type, f"{zone_at}.{key}")
            for name, *_ in conditions(zone.show_if):
                if name not in fields and ITEM.sub("", name) not in fields:
                    problems.append(Problem(f"{zone_at}.show_if", f"{layout.card_type} cards have no field {name!r}"))
    return problems


def _image_problems(zone: Zone, where: str) -> list[Problem]:
    """An image zone's path, or an icon row's prefix, that leads out of the scenario's folder."""
    field, path = {ZoneKind.IMAGE: ("content", zone.content), ZoneKind.ICONS: ("icon_prefix", zone.icon_prefix)}.get(
        zone.kind, ("", ""))
    if not leaves_folder(path):
        return []
    return [Problem(f"{where}.{field}", f"image path {quoted(path)} leaves the scenario's folder, where a layout's "
                                        "images must lie (the card would show a blank)")]


def colour_field(binding: str | None) -> str | None:
    """The field a ``fill_from`` or ``colour_from`` names: ``{region}`` gives region."""
    found = BINDING.fullmatch((binding or "").strip())
    return found.group(1) if found else None


def _colour_field_problems(binding: str | None, fields: set[str], card_type: str, where: str) -> list[Problem]:
    if binding is None:
        return []
    name = colour_field(binding)
    if name is None:
        return [Problem(where, f"expected one field as {{field}}, e.g. {{region}}, found {binding!r}")]
    if name not in fields:
        return [Problem(where, f"{card_type} cards have no field {name!r}")]
    return []
