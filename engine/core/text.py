"""Words for people (labels, prompts, log lines), made only when someone reads them.

A headless simulation plays millions of moves that nobody reads, so a ruleset may give its
words either as finished text or as a tuple ``(template, *arguments)``: a format string
(``("{} occupies {}", player, province)``) or a function called with the arguments, when
making the text costs more than keeping its parts. The arguments must not change later:
give values, never the state's own lists or dicts.
"""

from __future__ import annotations

import string
from typing import Any

Words = str | tuple[Any, ...]


def words(value: Words) -> str:
    """The text of ``value``, formatted now."""
    if value.__class__ is str:
        return value
    form, *arguments = value
    return form.format(*arguments) if isinstance(form, str) else form(*arguments)


def plural(count: int, one: str, many: str | None = None) -> str:
    """A count with its noun in the right number: ``1 army``, ``2 armies``, ``0 cards``."""
    return f"{count} {one if count == 1 else many or one + 's'}"


class _Counting(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> str:
        if "/" in format_spec:
            one, many = format_spec.split("/", 1)
            return plural(value, one, many)
        return super().format_field(value, format_spec)


_COUNTING = _Counting()


def counted(template: str, *arguments: Any) -> str:
    """``template`` formatted, a ``{:army/armies}`` field giving its count with the noun in
    the right number: as words, ``(counted, "{} deploys {:army/armies}", who, 1)`` reads
    "Red deploys 1 army"."""
    return _COUNTING.format(template, *arguments)
