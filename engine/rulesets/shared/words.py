"""Words for a list, written when read: ``(listed, "turn order: {}", names)`` in a log line,
a label or a prompt (``engine/core/text.py``) keeps the names as a tuple and joins them
only if someone reads the line, never in a headless simulation."""

from __future__ import annotations

from typing import Any


def listed(template: str, items: tuple[Any, ...], each: str = "{}") -> str:
    """``template`` filled with the items joined by commas, each written by ``each``; an item
    that is a tuple gives ``each`` its parts (``"{} (bid {})"`` with ``("Red", 3)``)."""
    return template.format(", ".join(each.format(*item) if isinstance(item, tuple) else each.format(item)
                                     for item in items))
