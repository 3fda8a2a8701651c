"""One check for every reference in a scenario, driven by the fields' ``ref`` metadata."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs

from engine.scenario.model import Scenario
from engine.scenario.problems import Problem


def _walk(value: Any, path: str) -> Iterator[tuple[str, str, str, Any]]:
    """Yield (path, ref kind, field name, value) for every reference field in the tree."""
    if attrs.has(type(value)):
        for attribute in attrs.fields(type(value)):
            child = getattr(value, attribute.name)
            child_path = f"{path}.{attribute.name}" if path else attribute.name
            ref = attribute.metadata.get("ref")
            if ref is not None:
                yield from _refs(child, child_path, ref)
            else:
                yield from _walk(child, child_path)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            key = item.id if isinstance(getattr(item, "id", None), str) else index
            yield from _walk(item, f"{path}[{key}]")


def _refs(value: Any, path: str, ref: str) -> Iterator[tuple[str, str, str, Any]]:
    if value is None:
        return
    if isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            yield from _refs(item, f"{path}[{index}]", ref)
    else:
        yield path, ref, path.rsplit(".", 1)[-1], value


def _duplicates(items: list[Any], path: str, what: str) -> list[Problem]:
    seen: set[str] = set()
    problems = []
    for index, item in enumerate(items):
        if item.id in seen:
            problems.append(Problem(f"{path}[{index}].id", f"duplicate {what} id {item.id!r}"))
        seen.add(item.id)
    return problems


def _asset_problem(value: str, base_dir: Path | None) -> str | None:
    relative = Path(value)
    if relative.is_absolute() or ".." in relative.parts:
        return f"asset path {value!r} leaves the scenario's folder"
    if base_dir is not None and not (base_dir / relative).is_file():
        return f"asset {value!r} not found in {base_dir}"
    return None


def check_references(scenario: Scenario, base_dir: Path | None) -> list[Problem]:
    """Duplicate ids, dangling references and asset paths, all at once."""
    cards = [card for deck in scenario.decks for card in deck.cards]
    problems = (
        _duplicates(scenario.board.spaces, "board.spaces", "space")
        + _duplicates(scenario.board.regions, "board.regions", "region")
        + _duplicates(scenario.decks, "decks", "deck")
        + _duplicates(scenario.seats, "seats", "seat")
    )
    for deck in scenario.decks:
        problems += _duplicates(deck.cards, f"decks[{deck.id}].cards", "card")
    known = {
        "space": {s.id for s in scenario.board.spaces},
        "region": {r.id for r in scenario.board.regions},
        "deck": {d.id for d in scenario.decks},
        "card": {c.id for c in cards},
        "seat": {s.id for s in scenario.seats},
    }
    for path, ref, _, value in _walk(scenario, ""):
        if ref == "asset":
            message = _asset_problem(value, base_dir)
            if message:
                problems.append(Problem(path, message))
        elif ref in known and value not in known[ref]:
            problems.append(Problem(path, f"unknown {ref} {value!r}"))
    return problems
