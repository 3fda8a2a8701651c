"""Playtest files: a session's tree saved so that reopening it replays to identical states.

The file holds the moves, never states: the scenario (a path relative to the playtest with
the scenario's digest, so a playtest moved or sent on finds its scenario beside it, or an
embedded copy), the chosen options, seats and seed, every step with its note, the
bookmarks, and a digest of the current step's state and of every leaf, so a replay can
prove it reproduced the game exactly.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

import cattrs

from engine.bots import BOTS
from engine.core.errors import IllegalAction
from engine.core.ruleset import Ruleset
from engine.play.codec import move_from_data, move_to_data
from engine.play.session import HUMAN, Session
from engine.rulesets.registry import get_ruleset
from engine.scenario.converter import STRUCTURE_ERRORS, make_converter
from engine.scenario.io import (
    load_scenario,
    parse_json,
    read_text,
    scenario_from_data,
    scenario_to_data,
    write_atomic,
)
from engine.scenario.jsonfmt import dumps
from engine.scenario.locate import problems_from
from engine.scenario.model import RulesetOptions, Scenario, Seat
from engine.scenario.problems import Problem, ScenarioError

PLAYTEST_FORMAT = 1
KIND = "epoch-playtest"


def _converter(ruleset: Ruleset) -> cattrs.Converter:
    return make_converter(ruleset.card_type_map(), ruleset.options_type)


def playtest_to_data(
    session: Session, playtest_path: Path, scenario_path: Path | None = None
) -> dict[str, Any]:
    """``scenario_path`` None embeds a copy of the scenario."""
    converter = _converter(session.ruleset)
    if scenario_path is None:
        scenario: dict[str, Any] = {"embedded": scenario_to_data(session.scenario, get_ruleset)}
    else:
        relative = os.path.relpath(Path(scenario_path).resolve(), Path(playtest_path).resolve().parent)
        scenario = {"path": Path(relative).as_posix(), "digest": scenario_digest(session.scenario)}
    digests = {str(step_id): None for step_id in [session.current, *session.leaves()]}
    here = session.current
    for step_id in digests:
        session.goto(int(step_id))
        digests[step_id] = session.digest()
    session.goto(here)
    return {
        "format_version": PLAYTEST_FORMAT,
        "kind": KIND,
        "scenario": scenario,
        "ruleset": session.ruleset.id,
        "options": converter.unstructure(session.options, RulesetOptions),
        "seats": [
            {**converter.unstructure(seat), "controller": controller}
            for seat, controller in zip(session.seats, session.controllers)
        ],
        "seed": session.seed,
        "steps": [
            {
                "parent": step.parent,
                "move": None if step.move is None else move_to_data(step.move),
                "forced": step.forced,
                "draw": step.draw,
                "note": step.note,
            }
            for step in session.steps
        ],
        "current": session.current,
        "bookmarks": dict(session.bookmarks),
        "digests": digests,
    }


def save_playtest(
    session: Session, path: str | os.PathLike[str], scenario_path: str | os.PathLike[str] | None
) -> None:
    path = Path(path)
    write_atomic(path, dumps(playtest_to_data(session, path, scenario_path and Path(scenario_path))))


def scenario_digest(scenario: Scenario) -> str:
    """A SHA-256 of the scenario's canonical text: the same scenario wherever its file lies."""
    return hashlib.sha256(dumps(scenario_to_data(scenario, get_ruleset)).encode()).hexdigest()


def _beside(folder: Path, digest: str) -> tuple[Scenario, Path] | None:
    """The scenario in ``folder`` whose digest is ``digest``: a playtest sent on with its
    scenario beside it, wherever the two lived before."""
    for candidate in sorted(folder.glob("*.json")):
        try:
            scenario = load_scenario(candidate, get_ruleset)
        except ScenarioError:
            continue  # a playtest, or another broken or foreign file
        if scenario_digest(scenario) == digest:
            return scenario, candidate
    return None


def _scenario(data: dict[str, Any], base_dir: Path) -> tuple[Scenario, Path | None]:
    reference = data.get("scenario")
    if isinstance(reference, dict) and isinstance(reference.get("path"), str):
        scenario_path = base_dir / reference["path"]
        digest = reference.get("digest")
        if not scenario_path.exists():
            found = _beside(base_dir, digest) if isinstance(digest, str) else None
            if found is not None:
                return found
            beside = (f", nor beside the playtest in {base_dir} (no scenario there has the digest it was saved with)"
                      if isinstance(digest, str) else
                      "; the playtest was saved without the scenario's digest, so no other copy can be recognised")
            raise ScenarioError([Problem("scenario.path", f"the scenario {reference['path']} is missing: it is not at "
                                                          f"{scenario_path}{beside}")])
        try:
            return load_scenario(scenario_path, get_ruleset), scenario_path
        except ScenarioError as error:
            where = reference["path"]
            raise ScenarioError([Problem("scenario.path", f"{where}: {p}") for p in error.problems]) from None
    if isinstance(reference, dict) and "embedded" in reference:
        scenario, problems = scenario_from_data(reference["embedded"], base_dir, get_ruleset)
        if problems:
            raise ScenarioError([Problem(f"scenario.embedded.{p.path}", p.message) for p in problems])
        return scenario, None
    raise ScenarioError([Problem("scenario", "needs a 'path' or an 'embedded' scenario")])


def _header(data: Any) -> list[Problem]:
    if not isinstance(data, dict) or data.get("kind") != KIND:
        return [Problem("", "not an Epoch Studio playtest file")]
    version = data.get("format_version")
    if not isinstance(version, int) or version > PLAYTEST_FORMAT:
        return [Problem("format_version", f"unsupported playtest format {version!r}")]
    for key, kind in (("seats", list), ("steps", list), ("seed", int), ("current", int)):
        if not isinstance(data.get(key), kind):
            return [Problem(key, f"missing or not a {kind.__name__}")]
    return []


def _session(data: dict[str, Any], scenario: Scenario, problems: list[Problem]) -> Session:
    ruleset = get_ruleset(scenario.ruleset.id)
    if ruleset is None or data.get("ruleset") != ruleset.id:
        raise ScenarioError([Problem("ruleset", f"does not match the scenario's {scenario.ruleset.id!r}")])
    converter = _converter(ruleset)
    seats: list[Seat] = []
    controllers: list[str] = []
    for index, raw in enumerate(data["seats"]):
        raw = dict(raw) if isinstance(raw, dict) else {}
        controllers.append(str(raw.pop("controller", HUMAN)))
        try:
            seats.append(converter.structure(raw, Seat))
        except STRUCTURE_ERRORS as error:
            problems += problems_from(error, f"seats[{index}]", raw)
    try:
        options = converter.structure(data.get("options", {}), RulesetOptions)
    except STRUCTURE_ERRORS as error:
        problems += problems_from(error, "options", data.get("options"))
    if problems:
        raise ScenarioError(problems)
    try:
        return Session(scenario, ruleset, seats, options, data["seed"], controllers, BOTS)
    except ValueError as error:
        raise ScenarioError([Problem("seats", str(error))]) from None


def _draw(raw: dict[str, Any], where: str) -> int:
    """Which draw of the generator took a step (0, the seeded one, in files before Roll Again)."""
    draw = raw.get("draw", 0)
    if isinstance(draw, bool) or not isinstance(draw, int) or draw < 0:
        raise ScenarioError([Problem(f"{where}.draw", f"expected a whole number from 0, found {draw!r}")])
    return draw


def _replay(session: Session, steps: list[Any]) -> None:
    for index, raw in enumerate(steps[1:], start=1):
        where = f"steps[{index}]"
        if not isinstance(raw, dict) or not isinstance(raw.get("parent"), int) or not 0 <= raw["parent"] < index:
            raise ScenarioError([Problem(f"{where}.parent", "must name an earlier step")])
        try:
            move = move_from_data(session.ruleset, raw.get("move"))
            session.goto(raw["parent"])
            step = session.play(move, forced=bool(raw.get("forced", False)), draw=_draw(raw, where))
        except (ValueError, TypeError, IllegalAction) as error:
            raise ScenarioError([Problem(f"{where}.move", str(error))]) from None
        if step.id != index:
            raise ScenarioError([Problem(where, "repeats an earlier step")])
        step.note = str(raw.get("note", ""))
    note = steps[0].get("note", "") if isinstance(steps[0], dict) else ""
    session.steps[0].note = str(note)


def open_playtest(path: str | os.PathLike[str]) -> tuple[Session, Path | None, dict[str, str]]:
    """Replay a playtest file; returns the session, its scenario path (None when embedded)
    and the recorded digests. Raises ScenarioError with located problems."""
    path = Path(path)
    data, problems = parse_json(read_text(path))
    problems = problems or _header(data)
    if problems:
        raise ScenarioError(problems, str(path))
    try:
        scenario, scenario_path = _scenario(data, path.parent)
        session = _session(data, scenario, [])
        _replay(session, data["steps"])
        if not 0 <= data["current"] < len(session.steps):
            raise ScenarioError([Problem("current", "names no step")])
    except ScenarioError as error:
        raise ScenarioError(error.problems, str(path)) from None
    bookmarks = data.get("bookmarks", {})
    session.bookmarks = {
        str(name): step for name, step in bookmarks.items() if isinstance(step, int) and 0 <= step < len(session.steps)
    } if isinstance(bookmarks, dict) else {}
    session.goto(data["current"])
    digests = data.get("digests", {})
    return session, scenario_path, digests if isinstance(digests, dict) else {}


def verify_digests(session: Session, digests: dict[str, str]) -> list[Problem]:
    """Compare the replayed states with the recorded digests; empty when all match."""
    problems = []
    here = session.current
    for key, expected in digests.items():
        if not key.isdigit() or int(key) >= len(session.steps):
            problems.append(Problem(f"digests[{key}]", "names no step"))
            continue
        session.goto(int(key))
        if session.digest() != expected:
            problems.append(Problem(f"digests[{key}]", "the replayed state differs from the recorded one"))
    session.goto(here)
    return problems
