"""The service's methods: open a playtest session, ask, move, look, travel in its history.

Every method takes named params. ``seat`` (a seat number from 0) asks as that seat and
gets only what that seat may see; leaving it out asks as the designer, who sees everything
and alone may force chance, travel in the history, save and load.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.bots import BOTS
from engine.core.decision import Chance, Choice
from engine.core.errors import IllegalAction
from engine.core.randomness import SEED_MAX, SEED_MIN
from engine.play.playtest import check_replay, open_playtest, save_playtest
from engine.play.session import HUMAN, Session
from engine.rulesets.registry import get_ruleset, rulesets
from engine.scenario.converter import STRUCTURE_ERRORS, make_converter
from engine.scenario.io import load_scenario, scenario_from_data
from engine.scenario.locate import problems_from
from engine.scenario.model import RulesetOptions, Scenario
from engine.scenario.problems import Problem, ScenarioError
from engine.service.jsonrpc import (
    BAD_FILE,
    ILLEGAL_MOVE,
    INVALID_PARAMS,
    METHOD_NOT_FOUND,
    NOT_ALLOWED,
    RpcError,
)
from engine.service.wire import decision_json, events_json, picture_json


def _bad_file(problems: list[Problem], file: str = "") -> RpcError:
    lines = [f"{file}: {p}" if file else str(p) for p in problems]
    return RpcError(BAD_FILE, lines[0] if len(lines) == 1 else f"{len(lines)} problems", {"problems": lines})


class Params:
    """Named params with located messages for what is missing or of the wrong type."""

    def __init__(self, raw: Any) -> None:
        if not isinstance(raw, dict):
            raise RpcError(INVALID_PARAMS, "params must be an object with named values")
        self.raw = raw

    def get(self, name: str, kind: type | tuple[type, ...], default: Any = ..., *, required: bool = False) -> Any:
        if name not in self.raw:
            if required or default is ...:
                raise RpcError(INVALID_PARAMS, f"params.{name}: required")
            return default
        value = self.raw[name]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
            names = " or ".join(k.__name__ for k in kinds)
            raise RpcError(INVALID_PARAMS, f"params.{name}: expected {names}, found {type(value).__name__}")
        return value


class EngineService:
    """Sessions by id, and one method per JSON-RPC method name."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root or Path.cwd()
        self.sessions: dict[str, Session] = {}
        self._next = 1
        self.methods: dict[str, Callable[[Params], Any]] = {
            "rulesets": self.list_rulesets,
            "open": self.open,
            "decision": self.decision,
            "apply": self.apply,
            "view": self.view,
            "board": self.board,
            "undo": self.undo,
            "redo": self.redo,
            "goto": self.goto,
            "tree": self.tree,
            "bot": self.bot,
            "save": self.save,
            "load": self.load,
            "close": self.close,
        }

    def dispatch(self, method: str, params: Any) -> Any:
        handler = self.methods.get(method)
        if handler is None:
            raise RpcError(METHOD_NOT_FOUND, f"method not found: {method!r}", {"methods": sorted(self.methods)})
        return handler(Params(params))

    # -- helpers -------------------------------------------------------------------

    def _add(self, session: Session) -> str:
        session_id = f"s{self._next}"
        self._next += 1
        self.sessions[session_id] = session
        return session_id

    def _session(self, params: Params) -> Session:
        session_id = params.get("session", str, required=True)
        if session_id not in self.sessions:
            raise RpcError(INVALID_PARAMS, f"params.session: no open session {session_id!r}")
        return self.sessions[session_id]

    def _seat(self, params: Params, session: Session) -> int | None:
        seat = params.get("seat", (int, type(None)), None)
        if seat is not None and not 0 <= seat < len(session.seats):
            raise RpcError(INVALID_PARAMS, f"params.seat: {seat} is not a seat of this game (0 to {len(session.seats) - 1})")
        return seat

    def _designer_only(self, params: Params, what: str) -> None:
        if params.get("seat", (int, type(None)), None) is not None:
            raise RpcError(NOT_ALLOWED, f"only the designer may {what}; ask without a seat")

    def _path(self, text: str) -> Path:
        path = Path(text)
        return path if path.is_absolute() else self.root / path

    def _scenario(self, params: Params) -> Scenario:
        raw = params.get("scenario", (str, dict), required=True)
        if isinstance(raw, str):
            try:
                return load_scenario(self._path(raw), get_ruleset)
            except ScenarioError as error:
                raise _bad_file(error.problems, raw) from None
        scenario, problems = scenario_from_data(raw, None, get_ruleset)
        if problems:
            raise _bad_file(problems, "scenario")
        return scenario

    def _summary(self, session_id: str, session: Session) -> dict[str, Any]:
        return {
            "session": session_id,
            "ruleset": session.ruleset.id,
            "title": session.scenario.meta.title,
            "seats": [
                {"seat": index, "id": seat.id, "name": seat.name, "colour": seat.colour, "controller": controller}
                for index, (seat, controller) in enumerate(zip(session.seats, session.controllers))
            ],
            "seed": session.seed,
            "step": session.current,
        }

    # -- methods -------------------------------------------------------------------

    def list_rulesets(self, params: Params) -> list[dict[str, Any]]:
        return [
            {"id": r.id, "title": r.title, "min_players": r.min_players, "max_players": r.max_players}
            for r in rulesets()
        ]

    def open(self, params: Params) -> dict[str, Any]:
        scenario = self._scenario(params)
        ruleset = get_ruleset(scenario.ruleset.id)
        players = params.get("players", int, ruleset.min_players)
        if not ruleset.min_players <= players <= min(ruleset.max_players, len(scenario.seats)):
            raise RpcError(INVALID_PARAMS, f"params.players: {ruleset.title} takes {ruleset.min_players} to "
                                           f"{min(ruleset.max_players, len(scenario.seats))} players here")
        controllers = params.get("controllers", list, [HUMAN] * players)
        if len(controllers) != players or not all(c == HUMAN or c in BOTS for c in controllers):
            known = ", ".join([HUMAN, *sorted(BOTS)])
            raise RpcError(INVALID_PARAMS, f"params.controllers: one per seat, each one of {known}")
        options = scenario.ruleset.options
        if "options" in params.raw:
            converter = make_converter(ruleset.card_type_map(), ruleset.options_type)
            try:
                options = converter.structure(params.raw["options"], RulesetOptions)
            except STRUCTURE_ERRORS as error:
                raise _bad_file(problems_from(error, "options", params.raw["options"])) from None
        seed = params.get("seed", int, 1)
        if not SEED_MIN <= seed <= SEED_MAX:
            raise RpcError(INVALID_PARAMS, f"params.seed: must be {SEED_MIN:,} to {SEED_MAX:,}, so a save reopens")
        session = Session(scenario, ruleset, scenario.seats[:players], options, seed, controllers, BOTS)
        return self._summary(self._add(session), session)

    def decision(self, params: Params) -> dict[str, Any]:
        session = self._session(params)
        seat = self._seat(params, session)
        return {"step": session.current,
                **decision_json(session.decision(), seat, [s.name for s in session.seats])}

    def apply(self, params: Params) -> dict[str, Any]:
        """Take an action (``move``: its id) or decide chance (``roll``: true, or ``move``: an
        outcome id, which only the designer may force)."""
        session = self._session(params)
        seat = self._seat(params, session)
        decision = session.decision()
        try:
            if isinstance(decision, Chance):
                if params.get("roll", bool, False):
                    step = session.roll()
                else:
                    self._designer_only(params, "force a chance outcome")
                    move_id = params.get("move", str, required=True)
                    outcome = next((o for o in decision.outcomes if o.id == move_id), None)
                    if outcome is None:
                        raise IllegalAction(f"{move_id} is not a possible outcome of: {decision.prompt}")
                    step = session.play(outcome, forced=params.get("forced", bool, True))
            elif isinstance(decision, Choice):
                if seat is not None and seat != decision.seat:
                    raise RpcError(NOT_ALLOWED, f"it is not seat {seat}'s turn: seat {decision.seat} chooses")
                move_id = params.get("move", str, required=True)
                action = decision.find(move_id)
                if action is None:
                    raise IllegalAction(f"{move_id} is not one of the legal actions now ({decision.prompt})")
                step = session.play(action, forced=False)
            else:
                raise IllegalAction("the game is over")
        except IllegalAction as error:
            raise RpcError(ILLEGAL_MOVE, str(error), {"reason": str(error)}) from None
        return {"step": step.id, "events": events_json(step.log, seat)}

    def view(self, params: Params) -> dict[str, Any]:
        session = self._session(params)
        return picture_json(session.view(self._seat(params, session)))

    def board(self, params: Params) -> dict[str, Any]:
        """The printed board, the same for every seat: what a frontend draws under the pieces."""
        board = self._session(params).scenario.board
        return {
            "width": board.width,
            "height": board.height,
            "regions": [{"id": r.id, "name": r.name, "colour": r.colour} for r in board.regions],
            "spaces": [
                {"id": s.id, "name": s.name, "kind": s.kind.value, "region": s.region,
                 "polygon": [list(point) for point in s.polygon], "label": None if s.label is None else list(s.label)}
                for s in board.spaces
            ],
            "connections": [{"a": c.a, "b": c.b, "kind": c.kind.value} for c in board.connections],
        }

    def undo(self, params: Params) -> dict[str, Any]:
        return self._travel(params, "undo", lambda s: s.undo())

    def redo(self, params: Params) -> dict[str, Any]:
        return self._travel(params, "redo", lambda s: s.redo())

    def goto(self, params: Params) -> dict[str, Any]:
        step = params.get("step", int, required=True)
        return self._travel(params, "go to a step", lambda s: s.goto(step))

    def _travel(self, params: Params, what: str, move: Callable[[Session], None]) -> dict[str, Any]:
        session = self._session(params)
        self._designer_only(params, what)
        try:
            move(session)
        except (IllegalAction, ValueError, IndexError) as error:
            raise RpcError(ILLEGAL_MOVE, str(error), {"reason": str(error)}) from None
        return {"step": session.current}

    def tree(self, params: Params) -> dict[str, Any]:
        session = self._session(params)
        self._designer_only(params, "read the whole history")
        return {
            "current": session.current,
            "bookmarks": dict(session.bookmarks),
            "steps": [
                {"id": s.id, "parent": s.parent, "depth": s.depth, "seat": s.seat, "forced": s.forced,
                 "move": None if s.move is None else s.move.id,
                 "label": "" if s.move is None else str(s.move), "note": s.note, "children": list(s.children)}
                for s in session.steps
            ],
        }

    def bot(self, params: Params) -> dict[str, Any]:
        """Let chance or the acting seat's bot (random for a person's seat) take the step."""
        session = self._session(params)
        seat = self._seat(params, session)
        try:
            step = session.bot_step()
        except IllegalAction as error:
            raise RpcError(ILLEGAL_MOVE, str(error), {"reason": str(error)}) from None
        return {"step": step.id, "events": events_json(step.log, seat)}

    def save(self, params: Params) -> dict[str, Any]:
        session = self._session(params)
        self._designer_only(params, "save")
        path = self._path(params.get("path", str, required=True))
        scenario = params.get("scenario_path", (str, type(None)), None)
        try:
            save_playtest(session, path, scenario and self._path(scenario))
        except OSError as error:
            raise RpcError(BAD_FILE, f"{path}: cannot write: {error.strerror or error}") from None
        return {"path": os.fspath(path)}

    def load(self, params: Params) -> dict[str, Any]:
        self._designer_only(params, "load")
        path = self._path(params.get("path", str, required=True))
        try:
            session, _, recorded = open_playtest(path)
        except ScenarioError as error:
            raise _bad_file(error.problems, os.fspath(path)) from None
        problems = check_replay(session, recorded)
        if problems:
            raise _bad_file(problems, os.fspath(path))
        session_id = self._add(session)
        return self._summary(session_id, session)

    def close(self, params: Params) -> dict[str, Any]:
        session_id = params.get("session", str, required=True)
        if self.sessions.pop(session_id, None) is None:
            raise RpcError(INVALID_PARAMS, f"params.session: no open session {session_id!r}")
        return {"closed": session_id}
