"""The WebSocket admits only the origins the user allowed: any page in the user's browser can
open ws://127.0.0.1:PORT, and only the Origin header tells the server whose page it is
(issue 26, item 2)."""

from __future__ import annotations

import pytest
from serving import call
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect


def test_only_allowed_origins_are_admitted(ws_server):
    server = ws_server("--allow-origin", "http://localhost:8000")
    address = f"{server.address}/?token={server.designer}"
    for origin in ("https://attacker.example", "http://localhost:8001", "http://127.0.0.1:8000"):
        with pytest.raises(InvalidStatus) as refused, connect(address, origin=origin):
            pass
        assert refused.value.response.status_code == 403
    for origin in ("null", "http://localhost:8000", None):  # a file page, the named page, no browser
        with connect(address, origin=origin) as connection:
            assert "result" in call(connection, "rulesets")
