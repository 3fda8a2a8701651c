"""Values in a scenario addressed by the paths that located problems use.

``board.spaces[gaul].terrain``, ``decks[empires].cards[e12].data.armies``,
``board.spaces[gaul].polygon[3]``, ``board.spaces[gaul].props[no_fleet]``: a name is an
attribute, ``[key]`` picks a list item by its ``id`` (by index when no item has that id) or a
dictionary entry by its key. The editors' undo commands, the card tables and the command line
all address the attrs tree this way, so a problem's path is also where to fix it.
"""

from __future__ import annotations

import re
from typing import Any

import attrs

_STEP = re.compile(r"\.?([A-Za-z_][A-Za-z0-9_]*)|\[([^\]]*)\]")


class PathError(ValueError):
    """A path that does not lead to a value in this scenario."""


class _Missing:
    """What a dictionary holds under a key it does not have; writing it removes the key."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


def parse(path: str) -> list[tuple[str, str]]:
    """The steps of a path: ("attr", name) or ("key", text)."""
    steps: list[tuple[str, str]] = []
    position = 0
    while position < len(path):
        match = _STEP.match(path, position)
        if match is None or (match.group(1) is not None and position > 0 and path[position] != "."):
            raise PathError(f"{path}: cannot read the path at {path[position:]!r}")
        steps.append(("attr", match.group(1)) if match.group(1) is not None else ("key", match.group(2)))
        position = match.end()
    if not steps:
        raise PathError("an empty path names no value")
    return steps


def join(parent: str, step: tuple[str, str]) -> str:
    kind, name = step
    if kind == "key":
        return f"{parent}[{name}]"
    return f"{parent}.{name}" if parent else name


_LONG = 32  # lists longer than this (a board's spaces) keep a table of positions by id
_POSITIONS: dict[int, tuple[list[Any], dict[Any, int]]] = {}


def _positions(items: list[Any], rebuild: bool) -> dict[Any, int]:
    """Where each id first occurs in a long list; the table is checked at every use, so an
    edit of the list (an insertion, a rename) only costs a rebuild when it is next read."""
    entry = _POSITIONS.get(id(items))
    if entry is None or entry[0] is not items or rebuild:
        positions: dict[Any, int] = {}
        for index, item in enumerate(items):
            positions.setdefault(getattr(item, "id", None), index)
        if len(_POSITIONS) >= 16:
            _POSITIONS.pop(next(iter(_POSITIONS)))
        _POSITIONS[id(items)] = entry = (items, positions)  # holding the list keeps its id unique
    return entry[1]


def _list_index(items: list[Any], key: str) -> int:
    if len(items) > _LONG:
        positions = _positions(items, rebuild=False)
        index = positions.get(key)
        numbered = index is None and key.isdigit() and positions.keys() <= {None}  # items without ids
        if not numbered and (index is None or index >= len(items) or getattr(items[index], "id", None) != key):
            index = _positions(items, rebuild=True).get(key)
        if index is not None:
            return index
    else:
        for index, item in enumerate(items):
            if getattr(item, "id", None) == key:
                return index
    if key.lstrip("-").isdigit() and -len(items) <= int(key) < len(items):
        return int(key) % len(items)
    raise KeyError(key)


def _child(container: Any, step: tuple[str, str]) -> Any:
    kind, name = step
    if kind == "attr":
        if not attrs.has(type(container)) or name not in attrs.fields_dict(type(container)):
            raise KeyError(name)
        return getattr(container, name)
    if isinstance(container, list | tuple):
        return container[_list_index(container if isinstance(container, list) else list(container), name)]
    if isinstance(container, dict):
        return container[name]
    raise KeyError(name)


def _walk(root: Any, steps: list[tuple[str, str]], path: str) -> Any:
    value = root
    done = ""
    for step in steps:
        try:
            value = _child(value, step)
        except (KeyError, IndexError):
            raise PathError(f"{path}: nothing at {join(done, step)}") from None
        done = join(done, step)
    return value


def get_value(root: Any, path: str) -> Any:
    """The value at ``path``; PathError when there is none."""
    return _walk(root, parse(path), path)


def current_value(root: Any, path: str) -> Any:
    """Like get_value, but MISSING for a dictionary key that is not there yet (a new prop)."""
    parent, step = resolve(root, path)
    return read(parent, step, path)


def resolve(root: Any, path: str) -> tuple[Any, tuple[str, str]]:
    """The object holding the value at ``path`` and the step that names it there.

    Undo commands keep this pair rather than the path: renaming a space changes the paths of
    its values but not the objects, so an older command still finds what it changed.
    """
    steps = parse(path)
    parent = _walk(root, steps[:-1], path)
    read(parent, steps[-1], path)
    return parent, steps[-1]


def read(parent: Any, step: tuple[str, str], path: str = "") -> Any:
    """The value one step below ``parent``; MISSING for a key a dictionary does not have."""
    if isinstance(parent, dict) and step[0] == "key" and step[1] not in parent:
        return MISSING
    try:
        return _child(parent, step)
    except (KeyError, IndexError):
        raise PathError(f"{path or step[1]}: nothing there") from None


def write(parent: Any, step: tuple[str, str], value: Any) -> None:
    """Replace one value in its holder (an attrs object, a list or a dictionary)."""
    kind, name = step
    if kind == "attr":
        setattr(parent, name, value)
    elif isinstance(parent, list):
        parent[_list_index(parent, name)] = value
    elif isinstance(parent, dict):
        if value is MISSING:
            parent.pop(name, None)
        else:
            parent[name] = value
    else:
        raise PathError(f"[{name}]: a {type(parent).__name__} cannot be changed in place")


def set_value(root: Any, path: str, value: Any) -> Any:
    """Put ``value`` at ``path`` and return what was there."""
    old = current_value(root, path)
    parent, step = resolve(root, path)
    write(parent, step, value)
    return old


def after_rename(path: str, value: Any) -> str:
    """Where a value is once ``value`` was written at ``path``: the same path, except when the
    path sets an item's id (``board.spaces[gaul].id``), which renames the item itself."""
    steps = parse(path)
    if len(steps) > 1 and steps[-1] == ("attr", "id") and steps[-2][0] == "key":
        steps[-2] = ("key", str(value))
        text = ""
        for step in steps:
            text = join(text, step)
        return text
    return path


def get_list(root: Any, path: str) -> list[Any]:
    value = get_value(root, path)
    if not isinstance(value, list):
        raise PathError(f"{path}: not a list")
    return value


def index_in(items: list[Any], key: str, path: str = "") -> int:
    try:
        return _list_index(items, key)
    except KeyError:
        raise PathError(f"{path}[{key}]: no such item") from None
