"""The scenario's epochs table, checked against itself and against the cards that name an epoch.

An epoch is named by its number (card data writes ``"epoch": 3``), so the reference pass, which
follows text ids, does not see it; this pass does the same for numbers. A scenario without the
table names no epoch colours, and its cards' epochs are checked by their bounds alone.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from engine.scenario.locate import quoted
from engine.scenario.model import Scenario
from engine.scenario.problems import Problem
from engine.scenario.references import walk_fields


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def epoch_problems(raw: Any, card_types: Mapping[str, type]) -> list[Problem]:
    """Two epochs with one number, and a card field (``ref="epoch"``) naming an epoch the table lacks."""
    table = raw.get("epochs") if isinstance(raw, dict) else None
    if not isinstance(table, list) or not table:
        return []
    problems, numbers = [], set()
    for index, epoch in enumerate(table):
        number = epoch.get("number") if isinstance(epoch, dict) else None
        if not _whole(number):
            return problems  # the structure pass reports it; which epochs exist is then unknown
        if number in numbers:
            problems.append(Problem(f"epochs[{index}].number", f"duplicate epoch {quoted(number)}"))
        numbers.add(number)
    listed = ", ".join(map(quoted, sorted(numbers)))
    for path, value in epoch_fields(raw, card_types):
        if value not in numbers:
            problems.append(Problem(path, f"unknown epoch {quoted(value)} (the scenario's epochs: {listed})"))
    return problems


def epoch_fields(raw: Any, card_types: Mapping[str, type]) -> Iterator[tuple[str, int]]:
    """(path, number) of every field in the parsed file that names an epoch: what a renumbered
    epoch must follow."""
    for path, attribute, value in walk_fields(raw, Scenario, "", card_types):
        if attribute.metadata.get("ref") == "epoch" and _whole(value):
            yield path, value
