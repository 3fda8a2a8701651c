"""Sessions belong to their connection: unguessable ids, no reading or driving another
connection's game, freed when it closes or falls idle, and capped in number, as connections are
(issue 26, item 2)."""

from __future__ import annotations

import time
from contextlib import ExitStack

import pytest
from serving import CARTHAGE_ROME, call
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from engine.service.methods import MAX_SESSIONS
from engine.service.transport import MAX_CONNECTIONS


def test_a_connection_cannot_reach_anothers_session(ws_server):
    server = ws_server()
    address = f"{server.address}/?token={server.designer}"
    with connect(address) as first, connect(address) as second:
        ids = [call(first, "open", scenario=CARTHAGE_ROME, players=2)["result"]["session"] for _ in range(2)]
        assert ids[0] != ids[1] and all(len(i) >= 20 for i in ids) and "s1" not in ids
        for method in ("decision", "view", "tree", "bot", "close"):
            answer = call(second, method, session=ids[0])
            assert answer["error"]["code"] == -32602 and "no open session" in answer["error"]["message"], method
        assert call(first, "decision", session=ids[0])["result"]["step"] == 0  # untouched by the second


def test_sessions_are_capped_and_freed_when_idle(ws_server):
    server = ws_server("--idle", "2")
    with connect(f"{server.address}/?token={server.designer}") as connection:
        for _ in range(MAX_SESSIONS):
            assert "result" in call(connection, "open", scenario=CARTHAGE_ROME, players=2)
        assert call(connection, "open", scenario=CARTHAGE_ROME, players=2)["error"]["code"] == -32003
        time.sleep(2.5)
        with pytest.raises(ConnectionClosed) as closed:
            call(connection, "rulesets")
        assert closed.value.rcvd.code == 1000 and "idle" in closed.value.rcvd.reason


def test_connections_are_capped(ws_server):
    server = ws_server()
    address = f"{server.address}/?token={server.designer}"
    with ExitStack() as opened:
        connections = [opened.enter_context(connect(address)) for _ in range(MAX_CONNECTIONS)]
        assert all("result" in call(c, "rulesets") for c in connections)
        with connect(address) as one_too_many, pytest.raises(ConnectionClosed) as closed:
            call(one_too_many, "rulesets")
        assert closed.value.rcvd.code == 1013
    with connect(address) as later:  # a closed connection's place is free again
        assert "result" in call(later, "rulesets")
