"""A portable game record: the line of play as JSON lines, one step a line, with the digest
of the state after it, so any frontend can replay a game and prove it got the same states.

The first line says what the game is (ruleset, options, seats, seed); each following line
is one step: the seat that chose (null for chance), the move's id (the same id the service's
``decision`` lists and ``apply`` takes, so a client's own log of moves is a record), its label,
whether a person forced a chance outcome, and the state's digest after the step
(docs/protocol.md, "The game record"). Format 1 wrote moves as the playtest file does; it is
still read.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from engine.core.decision import Chance, Choice
from engine.core.errors import IllegalAction
from engine.core.moves import Move
from engine.core.randomness import SEED_MAX, SEED_MIN
from engine.core.ruleset import Ruleset
from engine.play.codec import move_from_data
from engine.play.session import Session
from engine.rulesets.registry import get_ruleset
from engine.scenario.atomic import write_atomic
from engine.scenario.converter import STRUCTURE_ERRORS, make_converter
from engine.scenario.io import MAX_FILE_BYTES, parse_json
from engine.scenario.locate import quoted
from engine.scenario.model import RulesetOptions, Scenario
from engine.scenario.problems import Problem
from engine.scenario.reading import Unreadable, read_utf8

KIND = "epoch-game-record"
FORMAT_VERSION = 2


def record_lines(session: Session) -> Iterator[str]:
    """The current line of ``session``, from the root to the current step."""
    converter = make_converter(session.ruleset.card_type_map(), session.ruleset.options_type)
    here = session.current
    header = {
        "kind": KIND, "format_version": FORMAT_VERSION, "ruleset": session.ruleset.id,
        "options": converter.unstructure(session.options, RulesetOptions),
        "seats": [seat.id for seat in session.seats], "seed": session.seed,
    }
    yield json.dumps(header, ensure_ascii=False)
    line = session.line(here)
    for step in line[1:]:
        session.goto(step.id)
        yield json.dumps({"step": step.depth, "seat": step.seat, "move": step.move.id, "label": str(step.move),
                          "forced": step.forced, "digest": session.digest()}, ensure_ascii=False)
    session.goto(here)


def _move(session: Session, ruleset: Ruleset, data: Any) -> Move:
    """The move a line names: by its id among the current decision's actions or outcomes (format
    2), or written out as a playtest file writes it (format 1)."""
    if not isinstance(data, str):
        return move_from_data(ruleset, data)
    decision = session.decision()
    moves = decision.actions if isinstance(decision, Choice) else decision.outcomes if isinstance(decision, Chance) \
        else ()
    found = next((move for move in moves if move.id == data), None)
    if found is None:
        raise IllegalAction(f"{data} is not one of the moves possible here")
    return found


def write_record(session: Session, path: Path) -> int:
    lines = list(record_lines(session))
    write_atomic(path, "\n".join(lines) + "\n")
    return len(lines) - 1


def check_record(path: Path, scenario: Scenario) -> tuple[int, list[Problem]]:
    """Replay the record on ``scenario``; the steps replayed and every problem, located by line."""
    problems: list[Problem] = []
    entries: list[Any] = []
    try:
        whole = read_utf8(path, MAX_FILE_BYTES, "a game record")
    except Unreadable as error:
        return 0, [Problem("", str(error))]
    for number, text in enumerate(whole.splitlines(), start=1):
        if not text.strip():
            continue
        entry, problems = parse_json(text)
        if problems:
            return 0, [Problem(f"line {number}", problems[0].message.replace("at line 1, ", "at ", 1))]
        entries.append((number, entry))
    if not entries or not isinstance(entries[0][1], dict) or entries[0][1].get("kind") != KIND:
        return 0, [Problem("line 1", f"not an Epoch Studio game record (expected kind {KIND!r})")]
    header = entries[0][1]
    ruleset = get_ruleset(scenario.ruleset.id)
    if header.get("ruleset") != ruleset.id:
        return 0, [Problem("line 1.ruleset", f"{quoted(header.get('ruleset'))} does not match the scenario's {ruleset.id!r}")]
    seat_ids = header.get("seats")
    by_id = {seat.id: seat for seat in scenario.seats}
    if not isinstance(seat_ids, list) or not all(isinstance(s, str) and s in by_id for s in seat_ids):
        return 0, [Problem("line 1.seats", "must list seat ids of the scenario")]
    seed = header.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not SEED_MIN <= seed <= SEED_MAX:
        return 0, [Problem("line 1.seed", f"must be a whole number from {SEED_MIN:,} to {SEED_MAX:,}")]
    converter = make_converter(ruleset.card_type_map(), ruleset.options_type)
    try:
        options = converter.structure(header.get("options", {}), RulesetOptions)
    except STRUCTURE_ERRORS as error:
        return 0, [Problem("line 1.options", str(error))]
    try:
        session = Session(scenario, ruleset, [by_id[s] for s in seat_ids], options, seed)
    except ValueError as error:
        return 0, [Problem("line 1.seats", str(error))]
    replayed = 0
    for number, entry in entries[1:]:
        where = f"line {number}"
        if not isinstance(entry, dict):
            return replayed, [Problem(where, "a step must be an object")]
        try:
            session.play(_move(session, ruleset, entry.get("move")), forced=bool(entry.get("forced", False)))
        except (ValueError, TypeError, IllegalAction) as error:
            return replayed, [*problems, Problem(f"{where}.move", str(error))]
        replayed += 1
        if entry.get("digest") != session.digest():
            problems.append(Problem(f"{where}.digest", "the replayed state differs from the recorded one"))
    return replayed, problems
