"""Reading and writing scenario files: located problems on the way in, atomic on the way out."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.scenario.atomic import write_atomic
from engine.scenario.bounds import check_bounds
from engine.scenario.converter import STRUCTURE_ERRORS, make_converter
from engine.scenario.epochs import epoch_problems
from engine.scenario.games import GameLookup
from engine.scenario.jsonfmt import dumps
from engine.scenario.layout import layout_problems
from engine.scenario.locate import problems_from, quoted
from engine.scenario.migrations import FORMAT_VERSION, migrate
from engine.scenario.model import RawOptions, Scenario
from engine.scenario.overrides import apply_override
from engine.scenario.problems import Problem, ScenarioError
from engine.scenario.reading import Unreadable, read_utf8
from engine.scenario.references import check_references
from engine.scenario.space_props import space_prop_problems

# A scenario of 10,000 spaces with every card written out is a few megabytes; anything far
# larger is not a scenario (or is /dev/zero), and reading it would only exhaust memory.
MAX_FILE_BYTES = 64 * 1024 * 1024
# Deeper nesting than any scenario or playtest has; beyond it Python's recursion gives out.
MAX_NESTING = 64
# A path longer than this is cut in the middle when it prefixes a message.
_LONGEST_SOURCE = 160


def _too_long_number(text: str) -> str:
    """Where the number Python refused to convert is, as a JSON error says where it stopped."""
    limit = sys.get_int_max_str_digits()
    found = re.search(rf"\d{{{limit + 1},}}", text)
    if found is None:
        return f"invalid JSON: a number of more than {limit:,} digits"
    line = text.count("\n", 0, found.start()) + 1
    column = found.start() - text.rfind("\n", 0, found.start())
    return f"invalid JSON at line {line}, column {column}: a number of {len(found.group()):,} digits (at most {limit:,})"


def parse_json(text: str, *, strict: bool = False) -> tuple[Any, list[Problem]]:
    """The parsed value or the problem, never an exception. ``strict`` also refuses what
    Python reads but JSON (RFC 8259) has not: NaN, Infinity and a number too large for a float."""
    try:
        data = json.loads(text, parse_constant=_not_json if strict else None, parse_float=_finite if strict else None)
    except json.JSONDecodeError as error:
        return None, [Problem("", f"invalid JSON at line {error.lineno}, column {error.colno}: {error.msg}")]
    except RecursionError:
        return None, [Problem("", f"invalid JSON: nested deeper than {MAX_NESTING} levels")]
    except ValueError:  # a number of more digits than Python converts
        return None, [Problem("", _too_long_number(text))]
    if _too_deep(data):
        return None, [Problem("", f"invalid JSON: nested deeper than {MAX_NESTING} levels")]
    return data, []


def _not_json(constant: str) -> Any:
    raise ValueError(f"{constant} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError("a number too large for a float")
    return value


def _too_deep(data: Any) -> bool:
    level = [data]
    for _ in range(MAX_NESTING):
        level = [child for item in level if isinstance(item, (dict, list))
                 for child in (item.values() if isinstance(item, dict) else item)]
        if not level:
            return False
    return any(isinstance(item, (dict, list)) for item in level)


def source_name(path: str | os.PathLike[str]) -> str:
    """The path as a message prefix: a monstrous one is cut in the middle, not dumped whole."""
    text = str(path)
    if len(text) <= _LONGEST_SOURCE:
        return text
    half = _LONGEST_SOURCE // 2
    return f"{text[:half]}...{text[-half:]}"


def read_text(path: Path) -> str:
    """The text of a regular file of at most MAX_FILE_BYTES, UTF-8 with or without the byte
    order mark Windows editors write. A pipe, a device or a folder is refused before any
    byte is read, so nothing waits on a writer that never comes or reads an endless stream."""
    def refuse(message: str) -> ScenarioError:
        return ScenarioError([Problem("", message)], source_name(path))

    try:
        return read_utf8(path, MAX_FILE_BYTES, "a scenario or playtest")
    except Unreadable as error:
        raise refuse(str(error)) from None


def _format_version(data: dict[str, Any]) -> tuple[int | None, list[Problem]]:
    version = data.pop("format_version", None)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        return None, [Problem("format_version", "missing or not a positive whole number")]
    if version > FORMAT_VERSION:
        return None, [
            Problem(
                "format_version",
                f"written by a newer Epoch Studio (format {quoted(version)}; this one reads up to "
                f"{FORMAT_VERSION}); please update",
            )
        ]
    return version, []


def scenario_from_data(
    data: Any, base_dir: Path | None, games: GameLookup
) -> tuple[Scenario | None, list[Problem]]:
    """Build a scenario from parsed JSON, collecting every problem; ``None`` if any.
    ``games`` finds the scenario's game by its ruleset id."""
    scenario, problems = draft_from_data(data, base_dir, games)
    return (None if problems else scenario), problems


def draft_from_data(
    data: Any, base_dir: Path | None, games: GameLookup
) -> tuple[Scenario | None, list[Problem]]:
    """The scenario as a draft: built whenever the file's structure allows, with every problem
    found in it, so an editor can open a map in progress and show what is left to do. ``None``
    only when the structure itself is broken (a missing field, a value of the wrong kind)."""
    if not isinstance(data, dict):
        return None, [Problem("", "a scenario file must hold a JSON object")]
    data = dict(data)
    version, problems = _format_version(data)
    if version is None:
        return None, problems
    data = migrate(data, version)
    ruleset_raw = data.get("ruleset")
    ruleset_id = ruleset_raw.get("id") if isinstance(ruleset_raw, dict) else None
    ruleset = games(ruleset_id) if isinstance(ruleset_id, str) else None
    if isinstance(ruleset_id, str) and ruleset is None:
        problems.append(Problem("ruleset.id", f"unknown ruleset {ruleset_id!r}"))
    converter = (
        make_converter(ruleset.card_type_map(), ruleset.options_type)
        if ruleset
        else make_converter()
    )
    scenario = None
    try:
        scenario = converter.structure(data, Scenario)
    except STRUCTURE_ERRORS as error:  # cattrs gathers every structural problem in one error
        problems += problems_from(error, "", data)
    if scenario is not None and ruleset is not None and isinstance(scenario.ruleset.options, RawOptions):
        # No options written: the game's defaults (every option has one), not the raw keeping
        # meant for an unknown game, which the rules cannot read.
        scenario.ruleset.options = ruleset.options_type()
    card_types = ruleset.card_type_map() if ruleset else {}
    problems += check_references(data, base_dir, card_types)
    problems += epoch_problems(data, card_types)
    problems += check_bounds(data, card_types, ruleset.options_type if ruleset else None)
    problems += space_prop_problems(data, ruleset.space_props if ruleset else None)
    if ruleset is not None and scenario is not None and len(scenario.seats) < ruleset.max_players:
        problems.append(Problem("seats", (
            f"{ruleset.title} is played by {ruleset.min_players} to {ruleset.max_players} players: "
            f"the scenario needs at least {ruleset.max_players} seats, it has {len(scenario.seats)}")))
    if ruleset is not None and scenario is not None and not problems:
        # The game's own checks read a scenario whose every reference, bound and seat holds.
        problems += layout_problems(scenario.layouts, ruleset.card_type_map())
        problems += ruleset.validate(scenario)
    return scenario, problems


def load_scenario(
    path: str | os.PathLike[str], games: GameLookup, overrides: Sequence[tuple[str, Any]] = ()
) -> Scenario:
    """Load and fully validate a scenario file; raises ScenarioError listing every problem.
    ``overrides`` (path, value) change the parsed file before it is checked, for one run."""
    scenario, problems = load_draft(path, games, overrides)
    if problems:
        raise ScenarioError(problems, source_name(path))
    return scenario


def load_draft(
    path: str | os.PathLike[str], games: GameLookup, overrides: Sequence[tuple[str, Any]] = ()
) -> tuple[Scenario, list[Problem]]:
    """A scenario file as a draft (see ``draft_from_data``) with every problem it still has;
    raises ScenarioError only when the file cannot be read or built at all."""
    path = Path(path)
    data, problems = parse_json(read_text(path))
    if not problems and overrides:
        problems = _override(data, games, overrides)
    scenario = None
    if not problems:
        scenario, problems = draft_from_data(data, path.parent, games)
    if scenario is None:
        raise ScenarioError(problems, source_name(path))
    return scenario, problems


def _override(data: Any, games: GameLookup, overrides: Sequence[tuple[str, Any]]) -> list[Problem]:
    if not isinstance(data, dict):
        return [Problem("", "a scenario file must hold a JSON object")]
    ruleset_raw = data.get("ruleset")
    ruleset = games(ruleset_raw.get("id")) if isinstance(ruleset_raw, dict) \
        and isinstance(ruleset_raw.get("id"), str) else None
    problems = []
    for where, value in overrides:
        try:
            apply_override(data, where, value, ruleset.options_type if ruleset else None)
        except ValueError as error:
            problems.append(Problem("", str(error)))
    return problems


def scenario_to_data(scenario: Scenario, games: GameLookup) -> dict[str, Any]:
    ruleset = games(scenario.ruleset.id)
    converter = (
        make_converter(ruleset.card_type_map(), ruleset.options_type) if ruleset else make_converter()
    )
    return {"format_version": FORMAT_VERSION, **converter.unstructure(scenario)}


def scenario_text(scenario: Scenario, games: GameLookup) -> str:
    return dumps(scenario_to_data(scenario, games))


def save_scenario(scenario: Scenario, path: str | os.PathLike[str], games: GameLookup) -> None:
    write_atomic(path, scenario_text(scenario, games))
