"""The service's methods: open a playtest session, ask, move, look, travel in its history.

Every method takes named params. ``seat`` (a seat number from 0) asks as that seat and
gets only what that seat may see; leaving it out asks as the designer, who sees everything
and alone may force chance, travel in the history, save and load. Only a caller with the
designer's role may leave it out: the user's own process on stdio, a WebSocket connection
that showed the designer's token (docs/security.md). Sessions belong to one service, and a
WebSocket connection has a service of its own.
"""

from __future__ import annotations

import secrets
import types
import typing
from collections.abc import Callable
from difflib import get_close_matches
from functools import cache
from pathlib import Path
from typing import Any

import attrs

from engine.bots import BOTS
from engine.core.decision import Chance, Choice
from engine.core.errors import IllegalAction
from engine.play.playtest import (
    check_replay,
    checked_options,
    open_playtest,
    save_playtest,
)
from engine.play.session import HUMAN, Session, Step
from engine.rulesets.registry import get_ruleset, listing
from engine.scenario.bounds import bound_problem
from engine.scenario.converter import value_problem
from engine.scenario.io import scenario_from_data
from engine.scenario.model import Scenario
from engine.scenario.problems import Problem, ScenarioError
from engine.service.folder import Folder, is_playtest, is_scenario
from engine.service.jsonrpc import (
    BAD_FILE,
    ILLEGAL_MOVE,
    INVALID_PARAMS,
    LIMIT,
    METHOD_NOT_FOUND,
    NOT_ALLOWED,
    RpcError,
    excerpt,
)
from engine.service.spec import BY_NAME
from engine.service.wire import decision_json, events_json, picture_json

# A session is about 0.2 MB; a client that never closes one meets this cap, not the memory's.
MAX_SESSIONS = 16
# Bots' steps one request may take (drive auto): a long all-bot stretch goes on at the next request.
MAX_BOT_STEPS = 2000


def _bad_file(problems: list[Problem], file: str = "") -> RpcError:
    lines = [f"{file}: {p}" if file else str(p) for p in problems]
    return RpcError(BAD_FILE, lines[0] if len(lines) == 1 else f"{len(lines)} problems", {"problems": lines})


@cache
def _declared(cls: type) -> dict[str, tuple[attrs.Attribute, Any]]:
    hints = typing.get_type_hints(cls)
    return {field.name: (field, hints[field.name]) for field in attrs.fields(cls)}


def _kinds(hint: Any) -> tuple[type, ...]:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return tuple(kind for arg in typing.get_args(hint) for kind in _kinds(arg))
    if origin is typing.Literal:
        return tuple(dict.fromkeys(type(value) for value in typing.get_args(hint)))
    return (origin or hint,)


class Params:
    """Named params checked against the method's params class (engine/service/spec.py), with
    located messages for what is missing, of the wrong type or not one of the allowed values."""

    def __init__(self, raw: Any, declared: type) -> None:
        if not isinstance(raw, dict):
            raise RpcError(INVALID_PARAMS, "params must be an object with named values")
        self.raw = raw
        self.declared = _declared(declared)

    def get(self, name: str) -> Any:
        field, hint = self.declared[name]
        if name not in self.raw:
            if field.default is attrs.NOTHING:
                raise RpcError(INVALID_PARAMS, f"params.{name}: required")
            return field.default
        value = self.raw[name]
        kinds = _kinds(hint)
        if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
            names = " or ".join("null" if k is type(None) else k.__name__ for k in kinds)
            raise RpcError(INVALID_PARAMS, f"params.{name}: expected {names}, found {type(value).__name__}")
        allowed = typing.get_args(hint) if typing.get_origin(hint) is typing.Literal else (value,)
        if value not in allowed:
            raise RpcError(INVALID_PARAMS, f"params.{name}: {excerpt(value)} is not one of "
                                           f"{', '.join(map(repr, allowed))}")
        enormous = value_problem(value)  # what no file may hold, then the bounds the spec declares
        if enormous is not None:
            raise RpcError(INVALID_PARAMS, f"params.{name}: {enormous}")
        beyond = bound_problem(f"params.{name}", field.metadata, value)
        if beyond is not None:
            raise RpcError(INVALID_PARAMS, str(beyond))
        return value

    def need(self, name: str) -> Any:
        """A param whose default (None) stands for "not given" where this call needs it."""
        value = self.get(name)
        if value is None:
            raise RpcError(INVALID_PARAMS, f"params.{name}: required")
        return value


class EngineService:
    """One caller's sessions by id, and one method per JSON-RPC method name. ``designer``
    is the caller's role; ``folder`` the files it may read and write."""

    def __init__(self, root: Path | None = None, *, folder: Folder | None = None, designer: bool = True,
                 max_sessions: int = MAX_SESSIONS) -> None:
        self.folder = folder or Folder(root or Path.cwd())
        self.designer = designer
        self.max_sessions = max_sessions
        self.sessions: dict[str, Session] = {}
        self.drive: dict[str, str] = {}  # each session's drive: auto or manual
        self.methods: dict[str, Callable[[Params], Any]] = {
            "rulesets": self.list_rulesets, "open": self.open, "decision": self.decision, "apply": self.apply,
            "view": self.view, "board": self.board, "undo": self.undo, "redo": self.redo, "goto": self.goto,
            "tree": self.tree, "bot": self.bot, "save": self.save, "load": self.load, "close": self.close,
            "rpc.discover": self.discover,
        }

    def dispatch(self, method: str, params: Any) -> Any:
        if method not in self.methods:
            raise RpcError(METHOD_NOT_FOUND, f"method not found: {excerpt(method)}", {"methods": sorted(self.methods)})
        declared = BY_NAME[method].params
        names = [field.name for field in attrs.fields(declared)]
        if isinstance(params, list) and params:
            raise RpcError(INVALID_PARAMS, "params must be named (an object), not a list")
        unknown = sorted(set(params) - set(names)) if isinstance(params, dict) else []
        if unknown:
            close = get_close_matches(unknown[0], names, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            takes = ", ".join(names) or "none"
            raise RpcError(INVALID_PARAMS, f"params: {excerpt(unknown[0])} is not a param of {method}{hint} "
                                           f"(it takes {takes})", {"unknown": unknown})
        given = Params(params or {}, declared)
        for name in params or {}:  # each param given is checked, even one this method does not read
            given.get(name)
        return self.methods[method](given)

    # -- helpers -------------------------------------------------------------------

    def _add(self, session: Session, drive: str) -> str:
        if len(self.sessions) >= self.max_sessions:
            raise RpcError(LIMIT, f"{self.max_sessions} sessions are open, the most one connection may have; "
                                  "close one first")
        session_id = f"s-{secrets.token_urlsafe(16)}"
        self.sessions[session_id] = session
        self.drive[session_id] = drive
        return session_id

    def _session(self, params: Params) -> Session:
        session_id = params.get("session")
        if session_id not in self.sessions:
            raise RpcError(INVALID_PARAMS, f"params.session: no open session {excerpt(session_id)}")
        return self.sessions[session_id]

    def _seat(self, params: Params, session: Session) -> int | None:
        seat = params.get("seat")
        if seat is not None and not 0 <= seat < len(session.seats):
            raise RpcError(INVALID_PARAMS, f"params.seat: {seat} is not a seat of this game (0 to {len(session.seats) - 1})")
        if seat is None and not self.designer:
            raise RpcError(NOT_ALLOWED, "params.seat: required, this connection plays as a seat (without one it "
                                        "would see what only the designer may)")
        return seat

    def _designer_only(self, params: Params, what: str) -> None:
        if params.get("seat") is not None or not self.designer:
            raise RpcError(NOT_ALLOWED, f"only the designer may {what}; ask without a seat"
                           if self.designer else f"only the designer may {what}")

    def _scenario(self, params: Params) -> Scenario:
        raw = params.get("scenario")
        if isinstance(raw, str):
            path = self.folder.path(raw, "scenario")
            data = self.folder.read(path, is_scenario, "an Epoch Studio scenario")
            scenario, problems = scenario_from_data(data, path.parent, get_ruleset)
            if problems:
                raise _bad_file(problems, self.folder.shown(path))
            return scenario
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
            "drive": self.drive[session_id],
        }

    def _moved(self, params: Params, session: Session, seat: int | None, taken: Step) -> dict[str, Any]:
        """The step taken and, with drive auto, the bots' steps after it: bots take their seats'
        choices until a person's seat must choose, chance must be decided or the game ends."""
        steps = [taken, *self._bots(params.get("session"), session)]
        return {"step": steps[-1].id, "events": [e for s in steps for e in events_json(s.log, seat)],
                "bots": [{"step": s.id, "seat": s.seat, "move": s.move.id} for s in steps[1:]]}

    def _bots(self, session_id: str, session: Session) -> list[Step]:
        steps: list[Step] = []
        while self.drive[session_id] == "auto" and len(steps) < MAX_BOT_STEPS:
            decision = session.decision()
            if not isinstance(decision, Choice) or session.controllers[decision.seat] == HUMAN:
                break
            steps.append(session.bot_step())
        return steps

    # -- methods -------------------------------------------------------------------

    def list_rulesets(self, params: Params) -> list[dict[str, Any]]:
        return [
            {"id": r.id, "title": r.title, "min_players": r.min_players, "max_players": r.max_players}
            for r in listing()
        ]

    def open(self, params: Params) -> dict[str, Any]:
        scenario = self._scenario(params)
        ruleset = get_ruleset(scenario.ruleset.id)
        players = params.get("players")
        players = ruleset.min_players if players is None else players
        if not ruleset.min_players <= players <= min(ruleset.max_players, len(scenario.seats)):
            raise RpcError(INVALID_PARAMS, f"params.players: {ruleset.title} takes {ruleset.min_players} to "
                                           f"{min(ruleset.max_players, len(scenario.seats))} players here")
        controllers = params.get("controllers") or [HUMAN] * players
        if len(controllers) != players or not all(isinstance(c, str) and (c == HUMAN or c in BOTS)
                                                  for c in controllers):
            known = ", ".join([HUMAN, *sorted(BOTS)])
            raise RpcError(INVALID_PARAMS, f"params.controllers: one per seat, each one of {known}")
        options = scenario.ruleset.options
        if params.get("options") is not None:
            problems: list[Problem] = []
            options = checked_options(params.raw["options"], scenario, ruleset, problems)
            if problems:
                raise _bad_file(problems)
        seed = params.get("seed")
        session = Session(scenario, ruleset, scenario.seats[:players], options, seed, controllers, BOTS)
        session_id = self._add(session, params.get("drive"))
        self._bots(session_id, session)
        return self._summary(session_id, session)

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
                if params.get("roll"):
                    step = session.roll()
                else:
                    self._designer_only(params, "force a chance outcome")
                    move_id = params.need("move")
                    outcome = next((o for o in decision.outcomes if o.id == move_id), None)
                    if outcome is None:
                        raise IllegalAction(f"{move_id} is not a possible outcome of: {decision.prompt}")
                    step = session.play(outcome, forced=params.get("forced"))
            elif isinstance(decision, Choice):
                if seat is not None and seat != decision.seat:
                    raise RpcError(NOT_ALLOWED, f"it is not seat {seat}'s turn: seat {decision.seat} chooses")
                move_id = params.need("move")
                action = decision.find(move_id)
                if action is None:
                    raise IllegalAction(f"{move_id} is not one of the legal actions now ({decision.prompt})")
                step = session.play(action, forced=False)
            else:
                raise IllegalAction("the game is over")
        except IllegalAction as error:
            raise RpcError(ILLEGAL_MOVE, str(error), {"reason": str(error)}) from None
        return self._moved(params, session, seat, step)

    def view(self, params: Params) -> dict[str, Any]:
        session = self._session(params)
        return picture_json(session.view(self._seat(params, session)))

    def board(self, params: Params) -> dict[str, Any]:
        """The printed board, the same for every seat: what a frontend draws under the pieces."""
        session = self._session(params)
        self._seat(params, session)  # the board is public, but a seat that is not one is still a mistake
        board = session.scenario.board
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
        step = params.get("step")
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
        return self._moved(params, session, seat, step)

    def save(self, params: Params) -> dict[str, Any]:
        """Write the playtest inside the server's folder; a file this server did not write is
        replaced only with ``overwrite: true``."""
        session = self._session(params)
        self._designer_only(params, "save")
        path = self.folder.path(params.get("path"), "path")
        scenario = params.get("scenario_path")
        scenario_path = None if scenario is None else self.folder.path(scenario, "scenario_path")
        self.folder.may_write(path, params.get("overwrite"), "path")
        try:
            save_playtest(session, path, scenario_path)
        except OSError as error:
            raise RpcError(BAD_FILE, f"{self.folder.shown(path)}: cannot write: {error.strerror or 'error'}") from None
        self.folder.written.add(path)
        return {"path": self.folder.shown(path)}

    def load(self, params: Params) -> dict[str, Any]:
        self._designer_only(params, "load")
        path = self.folder.path(params.get("path"), "path")
        self.folder.reference(path, self.folder.read(path, is_playtest, "an Epoch Studio playtest"))
        try:
            session, _, recorded = open_playtest(path)
        except ScenarioError as error:
            raise _bad_file(error.problems, self.folder.shown(path)) from None
        problems = check_replay(session, recorded)
        if problems:
            raise _bad_file(problems, self.folder.shown(path))
        session_id = self._add(session, params.get("drive"))
        return self._summary(session_id, session)

    def discover(self, params: Params) -> dict[str, Any]:
        """The OpenRPC description of these methods (docs/protocol.openrpc.json)."""
        from engine.service.openrpc import description

        return description()

    def close(self, params: Params) -> dict[str, Any]:
        session_id = params.get("session")
        self.drive.pop(session_id, None)
        if self.sessions.pop(session_id, None) is None:
            raise RpcError(INVALID_PARAMS, f"params.session: no open session {excerpt(session_id)}")
        return {"closed": session_id}
