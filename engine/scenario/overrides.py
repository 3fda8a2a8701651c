"""One value of a scenario changed for one run (``epoch simulate --set PATH=VALUE``).

The change is made on the parsed JSON, then the whole scenario is read and checked as a
file would be, so an override can never smuggle in what the file itself could not hold.
Paths are written as problems are located: ``ruleset.options.coin_supply``,
``board.spaces[gaul].props.wall``, ``seats[0].name``; a bare name such as ``coin_supply``
means that ruleset option.
"""

from __future__ import annotations

import json
import re
from typing import Any

import attrs

from engine.scenario.locate import quoted

_PART = re.compile(r"([^.\[\]]+)|\[([^\[\]]*)\]")


def parse_assignment(text: str) -> tuple[str, Any]:
    """``PATH=VALUE``: the value is JSON where it reads as JSON (5, true, "x", [1, 2]), else text."""
    path, equals, value = text.partition("=")
    if not equals or not path.strip():
        raise ValueError(f"--set {quoted(text)}: write PATH=VALUE, e.g. ruleset.options.coin_supply=12")
    try:
        return path.strip(), json.loads(value)
    except (ValueError, RecursionError):  # not JSON, or nested past Python's stack: the text as it is
        return path.strip(), value


def _parts(path: str) -> list[str]:
    parts, position = [], 0
    for match in _PART.finditer(path):
        if match.start() != position and path[position:match.start()] != ".":
            break
        parts.append(match.group(1) if match.group(1) is not None else match.group(2))
        position = match.end()
    if position != len(path) or not parts:
        raise ValueError(f"--set {path}: not a path such as board.spaces[gaul].props.wall")
    return parts


def _child(container: Any, key: str, where: str, last: bool) -> tuple[Any, Any]:
    """The container's slot named by key: (container, index) for a list, (dict, key) for an object."""
    if isinstance(container, list):
        for index, item in enumerate(container):
            if isinstance(item, dict) and item.get("id") == key:
                return container, index
        if key.isdigit() and int(key) < len(container):
            return container, int(key)
        raise ValueError(f"--set {where}: no item {key!r} in that list (items are named by id or number)")
    if isinstance(container, dict):
        if key not in container and not last:
            container[key] = {}  # a defaulted object the file leaves out, such as ruleset.options
        return container, key
    raise ValueError(f"--set {where}: {key!r} is inside a value that is neither a list nor an object")



def apply_override(raw: dict[str, Any], path: str, value: Any, options_type: type | None = None) -> None:
    """Set ``path`` in the raw scenario to ``value``; raises ValueError naming the path."""
    parts = _parts(path)
    if len(parts) == 1 and options_type is not None and attrs.has(options_type) \
            and parts[0] in attrs.fields_dict(options_type):
        parts = ["ruleset", "options", parts[0]]
    container: Any = raw
    for depth, key in enumerate(parts):
        container, slot = _child(container, key, path, last=depth == len(parts) - 1)
        if depth == len(parts) - 1:
            container[slot] = value
        else:
            container = container[slot]
