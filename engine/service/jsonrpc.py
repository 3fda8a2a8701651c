"""JSON-RPC 2.0 framing: one request or batch a line in, one response a line out.

Kept apart from the methods so the same framing serves stdio and WebSocket, and so a
method never has to know about ids, notifications or the standard error codes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
ILLEGAL_MOVE = -32000  # the rules refuse a move; data.reason says why
BAD_FILE = -32001  # a scenario or playtest has problems; data.problems lists them located
NOT_ALLOWED = -32002  # a seat asked for what only the designer may do


class RpcError(Exception):
    """An error a method reports to the caller, with a JSON-RPC code and optional data."""

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data

    def to_json(self) -> dict[str, Any]:
        error: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.data is not None:
            error["data"] = self.data
        return error


Dispatch = Callable[[str, Any], Any]


def _respond(request: Any, dispatch: Dispatch) -> dict[str, Any] | None:
    if not isinstance(request, dict) or request.get("jsonrpc") != "2.0" or not isinstance(request.get("method"), str):
        return _error(None, RpcError(INVALID_REQUEST, "not a JSON-RPC 2.0 request"))
    request_id = request.get("id")
    notification = "id" not in request
    if not notification and not (request_id is None or isinstance(request_id, (str, int))):
        return _error(None, RpcError(INVALID_REQUEST, "an id must be text, a whole number or null"))
    params = request.get("params", {})
    try:
        if not isinstance(params, (dict, list)):
            raise RpcError(INVALID_PARAMS, "params must be an object")
        result = dispatch(request["method"], params)
    except RpcError as error:
        return None if notification else _error(request_id, error)
    except Exception as error:  # noqa: BLE001  (a bug must not take the service down)
        return None if notification else _error(request_id, RpcError(INTERNAL_ERROR, f"internal error: {error!r}"))
    return None if notification else {"jsonrpc": "2.0", "id": request_id, "result": result}


def _error(request_id: Any, error: RpcError) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": request_id, "error": error.to_json()}


def handle_line(line: str, dispatch: Dispatch) -> str | None:
    """The response line for one request line; None when nothing is owed (notifications)."""
    try:
        message = json.loads(line)
    except json.JSONDecodeError as error:
        return json.dumps(_error(None, RpcError(PARSE_ERROR, f"parse error: {error.msg}")))
    if isinstance(message, list):
        if not message:
            return json.dumps(_error(None, RpcError(INVALID_REQUEST, "an empty batch")))
        answers = [a for a in (_respond(r, dispatch) for r in message) if a is not None]
        return json.dumps(answers) if answers else None
    answer = _respond(message, dispatch)
    return None if answer is None else json.dumps(answer)
