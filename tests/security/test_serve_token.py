"""The WebSocket requires a token printed at start, as Jupyter does, and the token grants a
role: the designer's sees everything; a player's must ask as a seat (issue 26, item 2)."""

from __future__ import annotations

import pytest
from serving import CARTHAGE_ROME, HISTORY, call
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect


def test_no_token_no_connection(ws_server):
    server = ws_server()
    for query in ("", "/?token=", "/?token=guess", f"/?token={server.designer[:-1]}"):
        with pytest.raises(InvalidStatus) as refused, connect(server.address + query):
            pass
        assert refused.value.response.status_code == 401


def test_a_players_token_asks_only_as_a_seat(ws_server):
    server = ws_server()
    with connect(f"{server.address}/?token={server.player}") as player:
        session = call(player, "open", scenario=HISTORY, players=3, seed=5)["result"]["session"]
        for method in ("decision", "view", "tree", "undo"):
            assert call(player, method, session=session)["error"]["code"] == -32002, method
        assert call(player, "apply", session=session, move="outcome(0)")["error"]["code"] == -32002
        assert call(player, "save", session=session, path="game.json")["error"]["code"] == -32002
        assert call(player, "decision", session=session, seat=0)["result"]["kind"] == "chance"
        view = call(player, "view", session=session, seat=0)["result"]
        assert all(panel["hand"] is None for panel in view["panels"] if panel["seat"] != 0)
    with connect(f"{server.address}/?token={server.designer}") as designer:
        session = call(designer, "open", scenario=CARTHAGE_ROME, players=2)["result"]["session"]
        assert call(designer, "decision", session=session)["result"]["outcomes"]
