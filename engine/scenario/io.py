"""Reading and writing scenario files: located problems on the way in, atomic on the way out."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from engine.scenario.converter import STRUCTURE_ERRORS, make_converter
from engine.scenario.games import GameLookup
from engine.scenario.jsonfmt import dumps
from engine.scenario.layout import layout_problems
from engine.scenario.locate import problems_from
from engine.scenario.migrations import FORMAT_VERSION, migrate
from engine.scenario.model import Scenario
from engine.scenario.problems import Problem, ScenarioError
from engine.scenario.references import check_references


def parse_json(text: str) -> tuple[Any, list[Problem]]:
    try:
        return json.loads(text), []
    except json.JSONDecodeError as error:
        return None, [Problem("", f"invalid JSON at line {error.lineno}, column {error.colno}: {error.msg}")]


def read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError([Problem("", "file not found")], str(path)) from None
    except (OSError, UnicodeDecodeError) as error:
        raise ScenarioError([Problem("", f"cannot read the file: {error}")], str(path)) from None


def _format_version(data: dict[str, Any]) -> tuple[int | None, list[Problem]]:
    version = data.pop("format_version", None)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        return None, [Problem("format_version", "missing or not a positive whole number")]
    if version > FORMAT_VERSION:
        return None, [
            Problem(
                "format_version",
                f"written by a newer Epoch Studio (format {version}; this one reads up to "
                f"{FORMAT_VERSION}); please update",
            )
        ]
    return version, []


def scenario_from_data(
    data: Any, base_dir: Path | None, games: GameLookup
) -> tuple[Scenario | None, list[Problem]]:
    """Build a scenario from parsed JSON, collecting every problem; ``None`` if any.
    ``games`` finds the scenario's game by its ruleset id."""
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
    problems += check_references(data, base_dir, ruleset.card_type_map() if ruleset else {})
    if ruleset is not None and not problems:
        problems += layout_problems(scenario.layouts, ruleset.card_type_map())
        problems += ruleset.validate(scenario)
    return (None if problems else scenario), problems


def load_scenario(path: str | os.PathLike[str], games: GameLookup) -> Scenario:
    """Load and fully validate a scenario file; raises ScenarioError listing every problem."""
    path = Path(path)
    data, problems = parse_json(read_text(path))
    if not problems:
        scenario, problems = scenario_from_data(data, path.parent, games)
    if problems:
        raise ScenarioError(problems, str(path))
    return scenario


def scenario_to_data(scenario: Scenario, games: GameLookup) -> dict[str, Any]:
    ruleset = games(scenario.ruleset.id)
    converter = (
        make_converter(ruleset.card_type_map(), ruleset.options_type) if ruleset else make_converter()
    )
    return {"format_version": FORMAT_VERSION, **converter.unstructure(scenario)}


def scenario_text(scenario: Scenario, games: GameLookup) -> str:
    return dumps(scenario_to_data(scenario, games))


def _mode_for(path: Path) -> int:
    """Keep an existing file's permissions; a new file gets the usual ones, not mkstemp's 0600."""
    try:
        return path.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write beside the target, then replace it: a crash never leaves a half-written file."""
    path = Path(path)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.chmod(temporary, _mode_for(path))
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def save_scenario(scenario: Scenario, path: str | os.PathLike[str], games: GameLookup) -> None:
    write_atomic(path, scenario_text(scenario, games))
