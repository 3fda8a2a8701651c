"""The JSON-RPC parser: every malformed input gets the spec's error, in a bounded answer, and
the server lives on (issue 26, item 3; JSON-RPC 2.0 §4-5.1, RFC 8259 §6 and §8.1)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from serving import CARTHAGE_ROME, ROOT, call, request
from websockets.sync.client import connect

from engine.service.jsonrpc import MAX_REQUEST_BYTES, handle_line
from engine.service.methods import EngineService

HUGE = b"x" * (MAX_REQUEST_BYTES + 1024 * 1024)
# Each line and the error code JSON-RPC 2.0 gives it.
MALFORMED: list[tuple[bytes, int]] = [
    (b"[" * 100_000, -32700),  # nesting beyond any parser's stack
    (b'{"jsonrpc": "2.0", "id": 1, "method": "rulesets", "params": {"n": ' + b"9" * 5000 + b"}}", -32700),
    (b'{"jsonrpc": "2.0", "id": 1, "method": "rulesets", "params": {"n": NaN}}', -32700),
    (b'{"jsonrpc": "2.0", "id": 1, "method": "rulesets", "params": {"n": -Infinity}}', -32700),
    (b'{"jsonrpc": "2.0", "id": 1, "method": "rulesets", "params": {"n": 1e999}}', -32700),
    (b'{"jsonrpc": "2.0", "id": 1, "method": "rulesets", "params": {"n": "\xff\xfe"}}', -32700),
    (b'"' + HUGE + b'"', -32700),
    (b'{"jsonrpc": "2.0", "id": 1, "method": "rulesets", "params": "all"}', -32600),
    (b'{"jsonrpc": "2.0", "id": true, "method": "rulesets"}', -32600),
    (b'{"jsonrpc": "2.0", "id": 1, "method": "rulesets", "extra": 1}', -32600),
    (b"[]", -32600),
    (request("open", scenario=CARTHAGE_ROME, players=2, Seed=4).encode(), -32602),
    (request("rulesets", verbose=True).encode(), -32602),
    (json.dumps({"jsonrpc": "2.0", "id": 1, "method": "x" * 1_000_000}).encode(), -32601),
    (request("decision", session="s" * 1_000_000).encode(), -32602),
]


def test_every_malformed_line_is_answered_and_the_stdio_server_lives():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    lines = b"".join(line + b"\n" for line, _ in MALFORMED) + request("rulesets", 99).encode() + b"\n"
    done = subprocess.run([sys.executable, "-m", "engine.cli", "serve"], cwd=ROOT, env=env, input=lines,
                          capture_output=True, timeout=120, check=False)
    answers = done.stdout.decode().splitlines()
    assert len(answers) == len(MALFORMED) + 1, done.stderr.decode()[-2000:]
    for (line, code), answer in zip(MALFORMED, answers):
        assert len(answer) < 2000, line[:80]  # an excerpt, never the input echoed back
        assert json.loads(answer)["error"]["code"] == code, (line[:80], answer)
    assert json.loads(answers[-1])["id"] == 99 and json.loads(answers[-1])["result"]


def test_a_misspelt_param_is_named_not_ignored():
    """A misspelt "Seat" once answered as the designer and showed the hidden outcomes."""
    service = EngineService(ROOT)
    opened = json.loads(handle_line(request("open", scenario=CARTHAGE_ROME, players=2), service.dispatch))
    answer = handle_line(request("decision", session=opened["result"]["session"], Seat=0), service.dispatch)
    error = json.loads(answer)["error"]
    assert error["code"] == -32602 and "'Seat'" in error["message"] and "'seat'" in error["message"]
    assert "outcomes" not in answer


def test_a_malformed_message_on_the_websocket_is_answered_not_dropped(ws_server):
    server = ws_server()
    with connect(f"{server.address}/?token={server.designer}") as connection:
        connection.send("[" * 100_000)
        assert json.loads(connection.recv(timeout=30))["error"]["code"] == -32700
        connection.send(b'{"jsonrpc": "2.0", "id": 1, "method": "rulesets", "params": {"n": "\xff"}}')
        assert json.loads(connection.recv(timeout=30))["error"]["code"] == -32700
        assert call(connection, "rulesets")["result"]


def test_every_declared_param_is_checked_even_where_its_method_does_not_read_it():
    """``board`` takes a session's params but never read ``seat``, so a list or a number of 400
    digits there was answered as if fine. Every method, every param it declares, given a value of
    no type it takes: the answer is invalid params naming that param."""
    import attrs

    from engine.service.spec import METHODS

    service = EngineService(ROOT)
    opened = json.loads(handle_line(request("open", scenario=CARTHAGE_ROME, players=2), service.dispatch))
    session = opened["result"]["session"]
    checked = 0
    for method in METHODS:
        for field in attrs.fields(method.params):
            good = {"session": session, "scenario": CARTHAGE_ROME, "players": 2}
            params = {other.name: good[other.name] for other in attrs.fields(method.params)
                      if other.name in good and other.name != field.name}
            for wrong in ([[]], 10**400):
                answer = json.loads(handle_line(request(method.name, **params, **{field.name: wrong}),
                                                service.dispatch))
                assert answer["error"]["code"] == -32602, (method.name, field.name, answer)
                assert answer["error"]["message"].startswith(f"params.{field.name}"), answer
                checked += 1
    assert checked > 30
