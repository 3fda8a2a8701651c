"""Values within the bounds their fields declare, and a board that makes sense as a board.

Like the reference check, this reads the parsed JSON guided by the attrs classes, so a
width of 0 is reported beside a misspelt field rather than after it is fixed. The bounds
themselves live in the fields' metadata (``min``, ``max``, ``choices``, ``pattern``), where the
JSON Schema reads them too; the geometry checks are the few a field cannot state alone.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.scenario.converter import LARGEST_NUMBER
from engine.scenario.locate import item_key, quoted
from engine.scenario.model import Scenario
from engine.scenario.problems import Problem
from engine.scenario.references import walk_fields


def _number(value: Any) -> float | None:
    """A number worth comparing; the converter reports the rest (non-finite, enormous)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return value if abs(value) <= LARGEST_NUMBER else None  # False for nan; never float(an enormous int)


def _shown(number: float) -> str:
    return str(int(number)) if float(number).is_integer() else f"{number:g}"


def bound_problem(path: str, metadata: Mapping[str, Any], value: Any, label: str = "") -> Problem | None:
    """Where ``value`` lies outside the bounds its field's metadata declares, or None: the one
    reading of ``min``, ``max``, ``choices`` and ``pattern`` for scenarios, options, space props
    and playtest files alike. A value of the wrong type is the converter's to report."""
    said = f"{label} must" if label else "must"
    choices = metadata.get("choices")
    if choices is not None and type(value) in {type(choice) for choice in choices} and value not in choices:
        return Problem(path, f"{said} be one of {', '.join(map(repr, choices))}, found {quoted(value)}")
    pattern = metadata.get("pattern")
    if pattern is not None and isinstance(value, str) and not re.search(pattern, value):
        return Problem(path, f"{said} be written {metadata['form']}, found {quoted(value)}")
    number = _number(value)
    if number is None:
        return None
    low, high = metadata.get("min"), metadata.get("max")
    if low is not None and number < low:
        return Problem(path, f"{said} be at least {_shown(low)}, found {_shown(number)}")
    if high is not None and number > high:
        return Problem(path, f"{said} be at most {_shown(high)}, found {_shown(number)}")
    return None


def _field_bounds(raw: Any, card_types: Mapping[str, type], options_type: type | None) -> list[Problem]:
    found = (bound_problem(path, attribute.metadata, value)
             for path, attribute, value in walk_fields(raw, Scenario, "", card_types, options_type))
    return [problem for problem in found if problem]


def _points(space: dict[str, Any]) -> list[tuple[str, Any]]:
    polygon = space.get("polygon")
    found = [(f"polygon[{i}]", point) for i, point in enumerate(polygon)] if isinstance(polygon, list) else []
    return [*found, ("label", space.get("label"))]


def _board_shape(raw: Any) -> list[Problem]:
    """Points more than a board's size off the board (a slipped digit, not a margin) and
    connections from a space to itself."""
    board = raw.get("board") if isinstance(raw, dict) else None
    if not isinstance(board, dict):
        return []
    problems = []
    width, height = _number(board.get("width", 1000)), _number(board.get("height", 1000))
    spaces = board.get("spaces") if isinstance(board.get("spaces"), list) else []
    if width and height and width > 0 and height > 0:
        for index, space in enumerate(spaces):
            if not isinstance(space, dict):
                continue
            for where, point in _points(space):
                if not isinstance(point, list) or len(point) != 2:
                    continue
                x, y = _number(point[0]), _number(point[1])
                if x is None or y is None:
                    continue
                if not (-width <= x <= 2 * width and -height <= y <= 2 * height):
                    problems.append(Problem(
                        f"board.spaces[{item_key(spaces, index)}].{where}",
                        f"({x:g}, {y:g}) lies far outside the {width:g} x {height:g} board"))
    connections = board.get("connections") if isinstance(board.get("connections"), list) else []
    for index, connection in enumerate(connections):
        if isinstance(connection, dict) and isinstance(connection.get("a"), str) \
                and connection.get("a") == connection.get("b"):
            problems.append(Problem(f"board.connections[{index}]",
                                    f"connects space {connection['a']!r} to itself"))
    return problems


def check_bounds(raw: Any, card_types: Mapping[str, type], options_type: type | None = None) -> list[Problem]:
    """Every number outside its field's bounds (options included), and every misshapen part
    of the board."""
    return _field_bounds(raw, card_types, options_type) + _board_shape(raw)
