"""JSON-RPC 2.0 framing: one request or batch a line in, one response a line out.

Kept apart from the methods so the same framing serves stdio and WebSocket, and so a
method never has to know about ids, notifications or the standard error codes. Strict, as a
server any web page might probe must be: every input, however malformed, gets the spec's
error and leaves the server running, and no answer is much larger than the request that
asked (the client's own text is quoted in short excerpts only).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from engine.scenario.io import parse_json

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
ILLEGAL_MOVE = -32000  # the rules refuse a move; data.reason says why
BAD_FILE = -32001  # a scenario or playtest has problems; data.problems lists them located
NOT_ALLOWED = -32002  # a seat asked for what only the designer may do
LIMIT = -32003  # too many sessions open at once

# A scenario sent inline is at most a few megabytes; a longer line is refused unread.
MAX_REQUEST_BYTES = 8 * 1024 * 1024
MAX_BATCH = 100
# What an error may carry: texts cut to this many characters, lists to this many items.
_LONGEST_TEXT = 300
_MOST_ITEMS = 50
_MEMBERS = {"jsonrpc", "id", "method", "params"}


class RpcError(Exception):
    """An error a method reports to the caller, with a JSON-RPC code and optional data."""

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data

    def to_json(self) -> dict[str, Any]:
        error: dict[str, Any] = {"code": self.code, "message": _bounded(self.message)}
        if self.data is not None:
            error["data"] = _bounded(self.data)
        return error


def excerpt(value: Any, limit: int = 60) -> str:
    """A client's value quoted in a message: its repr, cut in the middle when long."""
    text = repr(value) if len(str(value)) < 10 * limit else repr(str(value)[: 10 * limit])
    if len(text) <= limit:
        return text
    return f"{text[: limit // 2]}...{text[-limit // 2:]}"


def _bounded(value: Any) -> Any:
    if isinstance(value, str):
        return value if len(value) <= _LONGEST_TEXT else value[: _LONGEST_TEXT - 3] + "..."
    if isinstance(value, list):
        kept = [_bounded(item) for item in value[:_MOST_ITEMS]]
        return kept + [f"... {len(value) - _MOST_ITEMS} more"] if len(value) > _MOST_ITEMS else kept
    if isinstance(value, dict):
        return {key: _bounded(item) for key, item in value.items()}
    return value


Dispatch = Callable[[str, Any], Any]


def _respond(request: Any, dispatch: Dispatch) -> dict[str, Any] | None:
    if not isinstance(request, dict):
        return _error(None, RpcError(INVALID_REQUEST, "a request must be a JSON object"))
    request_id = request.get("id")
    if isinstance(request_id, bool) or not (request_id is None or isinstance(request_id, (str, int))):
        return _error(None, RpcError(INVALID_REQUEST, "an id must be text, a whole number or null"))
    unknown = sorted(set(request) - _MEMBERS)
    if request.get("jsonrpc") != "2.0":
        return _error(request_id, RpcError(INVALID_REQUEST, 'not a JSON-RPC 2.0 request: "jsonrpc" must be "2.0"'))
    if not isinstance(request.get("method"), str):
        return _error(request_id, RpcError(INVALID_REQUEST, "a request needs a method name (text)"))
    if unknown:
        return _error(request_id, RpcError(INVALID_REQUEST, f"unknown member {excerpt(unknown[0])} (a request "
                                                            f"has jsonrpc, id, method, params)"))
    params = request.get("params", {})
    if not isinstance(params, (dict, list)):
        return _error(request_id, RpcError(INVALID_REQUEST, "params must be an object or an array"))
    notification = "id" not in request
    try:
        result = dispatch(request["method"], params)
    except RpcError as error:
        return None if notification else _error(request_id, error)
    except Exception as error:  # noqa: BLE001  (a bug must not take the service down)
        return None if notification else _error(request_id, RpcError(INTERNAL_ERROR, f"internal error: {error!r}"))
    return None if notification else {"jsonrpc": "2.0", "id": request_id, "result": result}


def _error(request_id: Any, error: RpcError) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": request_id, "error": error.to_json()}


def _too_large() -> RpcError:
    return RpcError(PARSE_ERROR, f"parse error: a request may have at most {MAX_REQUEST_BYTES:,} bytes")


def too_large() -> str:
    """The answer to a line a transport would not read whole."""
    return json.dumps(_error(None, _too_large()))


def _parse(line: str | bytes) -> tuple[Any, RpcError | None]:
    if len(line) > MAX_REQUEST_BYTES:
        return None, _too_large()
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as error:
            return None, RpcError(PARSE_ERROR, f"parse error: not UTF-8 text (byte {error.start})")
    message, problems = parse_json(line, strict=True)
    if problems:
        return None, RpcError(PARSE_ERROR, f"parse error: {problems[0].message}")
    return message, None


def _answer(line: str | bytes, dispatch: Dispatch) -> Any:
    message, error = _parse(line)
    if error is not None:
        return _error(None, error)
    if not isinstance(message, list):
        return _respond(message, dispatch)
    if not message:
        return _error(None, RpcError(INVALID_REQUEST, "an empty batch"))
    if len(message) > MAX_BATCH:
        return _error(None, RpcError(INVALID_REQUEST, f"a batch may hold at most {MAX_BATCH} requests"))
    return [a for a in (_respond(r, dispatch) for r in message) if a is not None] or None


def handle_line(line: str | bytes, dispatch: Dispatch) -> str | None:
    """The response line for one request line (text, or bytes to be read as UTF-8); None
    when nothing is owed (notifications). Never raises."""
    try:
        answer = _answer(line, dispatch)
    except Exception as error:  # noqa: BLE001  (the last guard: the server answers and lives)
        answer = _error(None, RpcError(INTERNAL_ERROR, f"internal error: {error!r}"))
    return None if answer is None else json.dumps(answer)
