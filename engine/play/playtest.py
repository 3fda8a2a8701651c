"""Playtest files: a session's tree saved so that reopening it replays to identical states.

The file holds the moves, never states: the scenario (a path relative to the playtest with
the scenario's digest, so a playtest moved or sent on finds its scenario beside it, or an
embedded copy), the chosen options, seats and seed, every step with its note, the
bookmarks, a digest of the current step's state and of every leaf, so a replay can prove
it reproduced the game exactly, and digests of the header (seats, controllers, options), so
a file whose seats were swapped is refused where it was changed (``playtest_header.py``).

A file is checked as a scenario is: options through the ruleset's options type, its bounds
and its own checks; seats against the scenario's; every step well formed. ``check_replay``
then says what does not reproduce (a changed scenario, seed, rolled outcome or leaf), the
same list for ``epoch replay``, the service and the studio.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path
from typing import Any

import attrs
import cattrs
from attrs import frozen

from engine.bots import BOTS
from engine.core.decision import Chance
from engine.core.errors import IllegalAction
from engine.core.moves import Outcome
from engine.core.randomness import chance_rng, sample
from engine.core.ruleset import Ruleset
from engine.play.codec import move_from_data, move_to_data
from engine.play.playtest_file import (
    KIND,
    PLAYTEST_FORMAT,
    PlaytestFile,
    ScenarioReference,
    StepRecord,
)
from engine.play.playtest_header import HEADER_FORMAT, header_digests, header_problems
from engine.play.session import HUMAN, Session
from engine.rulesets.registry import get_ruleset
from engine.scenario.atomic import write_atomic
from engine.scenario.bounds import bound_problem, check_bounds
from engine.scenario.converter import STRUCTURE_ERRORS, make_converter
from engine.scenario.io import (
    load_scenario,
    parse_json,
    read_text,
    scenario_from_data,
    scenario_to_data,
    source_name,
)
from engine.scenario.jsonfmt import dumps
from engine.scenario.locate import problems_from, quoted, shown
from engine.scenario.model import RulesetOptions, Scenario, Seat
from engine.scenario.problems import Problem, ScenarioError

_SHAPE = make_converter()  # the file's shape; the options are read with the ruleset's own converter
_STEP_NUMBER = re.compile(r"[0-9]{1,9}")


@frozen
class Recorded:
    """What a playtest file recorded to prove its replay: state digests by step number, and
    the digest of the scenario it was played on (None in files saved before it was kept)."""

    digests: dict[str, Any]
    scenario: str | None = None  # the digest of the scenario a path refers to, as saved


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
    header = {
        "options": converter.unstructure(session.options, RulesetOptions),
        "seats": [
            {**converter.unstructure(seat), "controller": controller}
            for seat, controller in zip(session.seats, session.controllers)
        ],
    }
    return {
        "format_version": PLAYTEST_FORMAT,
        "kind": KIND,
        "scenario": scenario,
        "ruleset": session.ruleset.id,
        **header,
        "header": header_digests(header),
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


def _looks_like_scenario(path: Path) -> bool:
    """Whether a file is, on its face, a scenario (a JSON object with a format version, a
    ruleset and meta): only then are its own problems shown. Anything else a playtest's path
    names (/etc/passwd, a token file) is refused without a word of its content."""
    try:
        data, problems = parse_json(read_text(path))
    except ScenarioError:
        return False
    return not problems and isinstance(data, dict) and isinstance(data.get("format_version"), int) \
        and isinstance(data.get("ruleset"), dict) and isinstance(data.get("meta"), dict)


def _scenario(reference: ScenarioReference, base_dir: Path) -> tuple[Scenario, Path | None]:
    """The scenario a checked reference names: its path (relative to the playtest's folder,
    read only as a scenario) or its embedded copy."""
    if reference.path is not None:
        named = shown(reference.path)
        if Path(reference.path).is_absolute():
            raise ScenarioError([Problem("scenario.path", f"{named} is not relative to the playtest's folder: a "
                                                          "playtest names its scenario from where it lies")])
        scenario_path = base_dir / reference.path
        digest = reference.digest
        if not scenario_path.exists():
            found = _beside(base_dir, digest) if digest is not None else None
            if found is not None:
                return found
            beside = (f", nor beside the playtest in {base_dir} (no scenario there has the digest it was saved with)"
                      if digest is not None else
                      "; the playtest was saved without the scenario's digest, so no other copy can be recognised")
            raise ScenarioError([Problem("scenario.path", f"the scenario {named} is missing: it is not at "
                                                          f"{scenario_path}{beside}")])
        if not _looks_like_scenario(scenario_path):
            raise ScenarioError([Problem("scenario.path", f"{named} is not an Epoch Studio scenario file (a JSON "
                                                          "object with format_version, ruleset and meta)")])
        try:
            return load_scenario(scenario_path, get_ruleset), scenario_path
        except ScenarioError as error:
            raise ScenarioError([Problem("scenario.path", f"{named}: {p}") for p in error.problems]) from None
    scenario, problems = scenario_from_data(reference.embedded, base_dir, get_ruleset)
    if problems:
        raise ScenarioError([Problem(f"scenario.embedded.{p.path}", p.message) for p in problems])
    return scenario, None


def read_playtest_data(data: Any) -> PlaytestFile:
    """The file's shape checked and read into ``PlaytestFile``: every problem of it at once,
    located; then what the shape cannot say (a first step that is the start, parents that
    come earlier, digests keyed by step numbers). Raises ScenarioError."""
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise ScenarioError([Problem("", "not an Epoch Studio playtest file")])
    version = data.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool) or version > PLAYTEST_FORMAT:
        raise ScenarioError([Problem("format_version", f"unsupported playtest format {quoted(version)}")])
    digests = data.get("digests")
    problems = [Problem(f"digests[{shown(str(key))}]", "is not a step number") for key in digests
                if not _STEP_NUMBER.fullmatch(str(key))] if isinstance(digests, dict) else []
    try:
        file = _SHAPE.structure(data, PlaytestFile)
    except STRUCTURE_ERRORS as error:
        raise ScenarioError(problems_from(error, "", data) + problems) from None
    seed = bound_problem("seed", attrs.fields(PlaytestFile).seed.metadata, file.seed)
    problems += [seed] if seed else []
    if not file.steps:
        problems.append(Problem("steps", "needs at least the first step (the game's start)"))
    if (file.scenario.path is None) == (file.scenario.embedded is None):
        problems.append(Problem("scenario", "needs either a 'path' or an 'embedded' scenario, not both"
                                if file.scenario.path is not None else "needs a 'path' or an 'embedded' scenario"))
    problems += [problem for index, step in enumerate(file.steps) if (problem := _step_problem(step, index))]
    if problems:
        raise ScenarioError(problems)
    return file


def _step_problem(step: StepRecord, index: int) -> Problem | None:
    where = f"steps[{index}]"
    if index == 0:
        if step.parent is not None or step.move is not None:
            return Problem(where, "the first step is the game's start: no parent, no move")
    elif step.parent is None or not 0 <= step.parent < index:
        return Problem(f"{where}.parent", "must name an earlier step")
    if step.draw < 0:
        return Problem(f"{where}.draw", f"expected a whole number from 0, found {step.draw}")
    return None


def _session(file: PlaytestFile, scenario: Scenario, problems: list[Problem]) -> Session:
    ruleset = get_ruleset(scenario.ruleset.id)
    if ruleset is None or file.ruleset != ruleset.id:
        raise ScenarioError([Problem("ruleset", f"does not match the scenario's {scenario.ruleset.id!r}")])
    seats: list[Seat] = []
    known = {seat.id for seat in scenario.seats}
    for index, seat in enumerate(file.seats):
        if seat.controller != HUMAN and seat.controller not in BOTS:
            names = ", ".join([HUMAN, *sorted(BOTS)])
            problems.append(Problem(f"seats[{index}].controller", f"expected one of {names}"))
        if seat.id not in known:
            problems.append(Problem(f"seats[{index}].id", f"{shown(seat.id)!r} is not one of the scenario's seats "
                                                          f"({', '.join(s.id for s in scenario.seats)})"))
        elif any(seat.id == other.id for other in seats):
            problems.append(Problem(f"seats[{index}].id", f"seat {seat.id!r} is taken twice"))
        seats.append(Seat(seat.id, seat.name, seat.colour))
    options = checked_options(file.options, scenario, ruleset, problems)
    if problems:
        raise ScenarioError(problems)
    controllers = [seat.controller for seat in file.seats]
    try:
        return Session(scenario, ruleset, seats, options, file.seed, controllers, BOTS)
    except ValueError as error:
        raise ScenarioError([Problem("seats", str(error))]) from None


def checked_options(raw: Any, scenario: Scenario, ruleset: Ruleset, problems: list[Problem]) -> Any:
    """Options a playtest file or a client names, checked as the scenario's own would be: their
    type, their fields' bounds and what the ruleset knows of them (each found is added to
    ``problems``), so a game is never started with options its saved playtest would refuse."""
    try:
        options = _converter(ruleset).structure(raw, RulesetOptions)
    except STRUCTURE_ERRORS as error:
        problems += problems_from(error, "options", raw)
        return None
    found = check_bounds({"ruleset": {"options": raw}}, {}, ruleset.options_type)
    found += ruleset.validate(attrs.evolve(scenario, ruleset=attrs.evolve(scenario.ruleset, options=options)))
    problems += [Problem(p.path.replace("ruleset.options", "options", 1), p.message) for p in found
                 if p.path.startswith("ruleset.options")]
    return options


def _replay(session: Session, steps: list[StepRecord]) -> None:
    for index, step in enumerate(steps[1:], start=1):
        try:
            move = move_from_data(session.ruleset, step.move)
            session.goto(step.parent)
            played = session.play(move, forced=step.forced, draw=step.draw)
        except (ValueError, TypeError, KeyError, IllegalAction) as error:
            raise ScenarioError([Problem(f"steps[{index}].move", str(error))]) from None
        if played.id != index:
            raise ScenarioError([Problem(f"steps[{index}]", "repeats an earlier step")])
        played.note = step.note
    session.steps[0].note = steps[0].note


def open_playtest(path: str | os.PathLike[str]) -> tuple[Session, Path | None, Recorded]:
    """Replay a playtest file; returns the session, its scenario path (None when embedded)
    and what the file recorded to check the replay against (``check_replay``). Raises
    ScenarioError with located problems when the file cannot be replayed at all."""
    path = Path(path)
    data, problems = parse_json(read_text(path))
    if problems:
        raise ScenarioError(problems, source_name(path))
    try:
        file = read_playtest_data(data)
        scenario, scenario_path = _scenario(file.scenario, path.parent)
        session = _session(file, scenario, [])
        if file.format_version >= HEADER_FORMAT and (problems := header_problems(data, file.header)):
            raise ScenarioError(problems)
        _replay(session, file.steps)
        if not 0 <= file.current < len(session.steps):
            raise ScenarioError([Problem("current", "names no step")])
    except ScenarioError as error:
        raise ScenarioError(error.problems, source_name(path)) from None
    session.bookmarks = {name: step for name, step in file.bookmarks.items() if 0 <= step < len(session.steps)}
    session.goto(file.current)
    return session, scenario_path, Recorded(file.digests, file.scenario.digest)


def check_replay(session: Session, recorded: Recorded) -> list[Problem]:
    """Everything in which the replay differs from what the file recorded; empty when it
    reproduces exactly: the scenario's digest, each rolled chance step against the seed,
    a digest for every leaf, and the recorded state digests."""
    problems = []
    if not recorded.digests:
        problems.append(Problem("digests", "no recorded digests to check"))
    if recorded.scenario is not None and recorded.scenario != scenario_digest(session.scenario):
        problems.append(Problem("scenario", "the scenario differs from the one the playtest was played on"))
    here = session.current
    problems += _rolls(session)
    for leaf in session.leaves():
        if recorded.digests and str(leaf) not in recorded.digests:
            problems.append(Problem(f"steps[{leaf}]", "a leaf without a recorded digest: a step after it is missing"))
    for key, expected in recorded.digests.items():
        if int(key) >= len(session.steps):
            problems.append(Problem(f"digests[{key}]", "names no step"))
            continue
        session.goto(int(key))
        if session.digest() != expected:
            problems.append(Problem(f"digests[{key}]", "the replayed state differs from the recorded one"))
    session.goto(here)
    return problems


def _rolls(session: Session) -> list[Problem]:
    """Re-roll every rolled (not forced) chance step from the seed, as the session rolled it."""
    problems = []
    for step in session.steps[1:]:
        if not isinstance(step.move, Outcome) or step.forced:
            continue
        session.goto(step.parent)
        decision = session.decision()
        if not isinstance(decision, Chance):
            continue
        draw = step.parent if step.draw == 0 else f"{step.parent}:{step.draw}"  # "roll again" draws afresh
        rolled = sample(decision, chance_rng(session.seed, draw))
        if rolled != step.move:
            problems.append(Problem(f"steps[{step.id}].move", (
                f"the seed {session.seed} rolls {rolled.label or rolled.value} here, the file has "
                f"{step.move.label or step.move.value}: the seed or this step was changed")))
    return problems
