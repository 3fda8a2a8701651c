"""A space's props against the props its game declares (``Ruleset.space_props``).

``props`` is a free dictionary in the file, so the converter cannot type it; but the rules read
the declared ones as what they declare (a scoring order as a whole number, a track as one of
its names), and a hand-edited file holding text where a number belongs would otherwise pass
every check and break the game at its start. Props a game does not declare are left alone:
a designer may keep notes there.
"""

from __future__ import annotations

import enum
import math
import types
import typing
from typing import Any

import attrs

from engine.scenario.bounds import bound_problem
from engine.scenario.locate import item_key, quoted
from engine.scenario.problems import Problem


def _fits(value: Any, hint: Any) -> bool:
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return any(_fits(value, part) for part in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if hint is bool:
        return type(value) is bool
    if hint is int:
        return type(value) is int
    if hint is float:
        return type(value) is int or (type(value) is float and math.isfinite(value))  # float() of a huge int overflows
    if hint is str:
        return type(value) is str
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return any(value == member.value for member in hint)
    return True  # a kind of value this check does not know: the game's own validation reads it


def _wanted(hint: Any) -> str:
    parts = typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, types.UnionType) else (hint,)
    names = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}
    said = [names.get(part) or f"one of {', '.join(str(m.value) for m in part)}"
            for part in parts if part is not type(None)]
    return " or ".join(said)


def space_prop_problems(raw: Any, props_type: type | None) -> list[Problem]:
    """Every declared prop of every space whose value is not of the declared kind or lies
    outside the declared bounds, located at the prop."""
    board = raw.get("board") if isinstance(raw, dict) else None
    spaces = board.get("spaces") if isinstance(board, dict) else None
    if props_type is None or not isinstance(spaces, list):
        return []
    hints = typing.get_type_hints(props_type)
    declared = {field.name: field for field in attrs.fields(props_type)}
    problems = []
    for index, space in enumerate(spaces):
        props = space.get("props") if isinstance(space, dict) else None
        if not isinstance(props, dict):
            continue
        for name, value in props.items():
            field = declared.get(name)
            if field is None:
                continue
            path = f"board.spaces[{item_key(spaces, index)}].props.{name}"
            label = field.metadata.get("label", name)
            if value is None:
                continue  # the converter refuses null for every prop already
            if not _fits(value, hints[name]):
                problems.append(Problem(path, f"{label} must be {_wanted(hints[name])}, found {quoted(value)}"))
                continue
            problem = bound_problem(path, field.metadata, value, label)
            if problem:
                problems.append(problem)
    return problems
