"""Canonical JSON text: one stable layout so saved files diff cleanly.

Objects are indented one key per line in field order; a list of plain values (a point,
a list of tags) or of points (a polygon) stays on one line, so a 2,000-space board stays
readable and a moved corner is a one-line diff.
"""

from __future__ import annotations

import json
from typing import Any

_INDENT = "  "


def _is_flat(value: Any) -> bool:
    """A list short enough in shape to write on one line."""
    return isinstance(value, list) and all(
        not isinstance(item, (dict, list))
        or (isinstance(item, list) and all(not isinstance(x, (dict, list)) for x in item))
        for item in value
    )


def _write(value: Any, depth: int, out: list[str]) -> None:
    if isinstance(value, dict):
        if not value:
            out.append("{}")
            return
        out.append("{\n")
        items = list(value.items())
        for i, (key, item) in enumerate(items):
            out.append(_INDENT * (depth + 1) + json.dumps(key, ensure_ascii=False) + ": ")
            _write(item, depth + 1, out)
            out.append(",\n" if i < len(items) - 1 else "\n")
        out.append(_INDENT * depth + "}")
    elif isinstance(value, list):
        if _is_flat(value):
            out.append(json.dumps(value, ensure_ascii=False, separators=(", ", ": ")))
            return
        out.append("[\n")
        for i, item in enumerate(value):
            out.append(_INDENT * (depth + 1))
            _write(item, depth + 1, out)
            out.append(",\n" if i < len(value) - 1 else "\n")
        out.append(_INDENT * depth + "]")
    else:
        out.append(json.dumps(value, ensure_ascii=False))


def dumps(value: Any) -> str:
    out: list[str] = []
    _write(value, 0, out)
    out.append("\n")
    return "".join(out)
