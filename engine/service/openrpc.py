"""The OpenRPC description of the service, generated from engine/service/spec.py.

``rpc.discover`` answers it and docs/protocol.openrpc.json holds it (``epoch openrpc
--write``), so a frontend author can generate a client from it; docs/protocol.md says what a
schema cannot: roles, bots, chance, the history tree, files and concurrency.
"""

from __future__ import annotations

import typing
from typing import Any

from engine.scenario.schema import Builder
from engine.service.jsonrpc import (
    BAD_FILE,
    ILLEGAL_MOVE,
    INTERNAL_ERROR,
    INVALID_PARAMS,
    INVALID_REQUEST,
    LIMIT,
    METHOD_NOT_FOUND,
    NOT_ALLOWED,
    PARSE_ERROR,
)
from engine.service.spec import METHODS

OPENRPC_VERSION = "1.3.2"
ERRORS = (
    (PARSE_ERROR, "Parse error: not JSON (RFC 8259), not UTF-8, too deep, too long"),
    (INVALID_REQUEST, "Invalid request: not a JSON-RPC 2.0 request object, or a bad batch"),
    (METHOD_NOT_FOUND, "Method not found; data.methods lists the methods"),
    (INVALID_PARAMS, ("Invalid params: the message names the param; data.unknown lists params not taken; "
                     "also a session that is not open (closed, or another connection's)")),
    (INTERNAL_ERROR, "Internal error: a bug in the server, which goes on"),
    (ILLEGAL_MOVE, "Illegal move or travel: data.reason is the rules' reason; nothing changed"),
    (BAD_FILE, ("A file or scenario with problems, or one that cannot be read or written: data.problems "
               "lists them located")),
    (NOT_ALLOWED, ("Not allowed: only the designer may do this, not this seat's turn, a path out of the "
                  "folder or not .json, or a save over a file this server did not write")),
    (LIMIT, "Too many sessions open on this connection"),
)


class _OpenRpcBuilder(Builder):
    """The scenario schema's builder, naming its classes under components/schemas."""

    def ref(self, cls: type) -> dict[str, Any]:
        name = super().ref(cls)["$ref"].removeprefix("#/$defs/")
        return {"$ref": f"#/components/schemas/{name}"}

    def type(self, hint: Any) -> dict[str, Any]:
        if typing.get_origin(hint) is typing.Literal:
            values = list(typing.get_args(hint))
            return {"const": values[0]} if len(values) == 1 else {"enum": values}
        return super().type(hint)


def _params(builder: Builder, cls: type) -> list[dict[str, Any]]:
    body = builder.attrs_class(cls)
    required = set(body.get("required", ()))
    return [
        {"name": name, "required": name in required, "schema": schema,
         **({"description": schema["description"]} if "description" in schema else {})}
        for name, schema in body["properties"].items()
    ]


def description() -> dict[str, Any]:
    """The OpenRPC document: every method with its params and result, and every error code."""
    builder = _OpenRpcBuilder()
    methods = []
    for method in METHODS:
        summary = method.summary + (" The designer only." if method.designer_only else "")
        result = builder.type(method.result)
        methods.append({
            "name": method.name,
            "summary": summary,
            "paramStructure": "by-name",
            "params": _params(builder, method.params),
            "result": {"name": "result", "schema": result},
            "errors": [{"$ref": f"#/components/errors/{code}"} for code, _ in ERRORS],
        })
    return {
        "openrpc": OPENRPC_VERSION,
        "info": {"title": "Epoch Studio engine service", "version": "1",
                 "description": "JSON-RPC 2.0 over stdio (a line each way) or a WebSocket; see docs/protocol.md."},
        "methods": methods,
        "components": {
            "schemas": dict(sorted(builder.defs.items())),
            "errors": {str(code): {"code": code, "message": message} for code, message in ERRORS},
        },
    }
