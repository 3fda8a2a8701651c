"""`epoch serve --ws 0 --web 0` serves the example web client's own files on localhost and
nothing else, and admits its page's origin with no --allow-origin (issue 30, item 2)."""

from __future__ import annotations

import http.client
import subprocess
import sys
from urllib.parse import urlsplit

import pytest
from serving import ROOT, call
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from engine.service.static import serve_web, web_files


def _get(host: str, port: int, path: str) -> tuple[int, bytes]:
    """A GET of ``path`` as written: no client normalises a ``..`` away first."""
    connection = http.client.HTTPConnection(host, port, timeout=10)
    try:
        connection.putrequest("GET", path, skip_accept_encoding=True)
        connection.endheaders()
        answer = connection.getresponse()
        return answer.status, answer.read()
    finally:
        connection.close()


def test_only_the_web_clients_files_are_served(ws_server):
    server = ws_server("--web", "0")
    page = urlsplit(server.web)
    assert page.hostname == "127.0.0.1"
    index = (ROOT / "examples" / "web" / "index.html").read_bytes()
    assert _get(page.hostname, page.port, "/") == (200, index)
    assert _get(page.hostname, page.port, "/index.html?ws=x") == (200, index)
    assert _get(page.hostname, page.port, "/app.js") == (200, (ROOT / "examples" / "web" / "app.js").read_bytes())
    for path in ("/../../pyproject.toml", "/%2e%2e/%2e%2e/pyproject.toml", "/..%2f..%2fpyproject.toml",
                 "//etc/passwd", "/examples/web/app.js", "/scenarios/history-of-the-world.json", "/.git/config"):
        status, body = _get(page.hostname, page.port, path)
        assert status == 404, path
        assert b"[project]" not in body and b"root:" not in body


def test_the_pages_origin_is_admitted_and_no_other(ws_server):
    server = ws_server("--web", "0")
    port = urlsplit(server.web).port
    address = f"{server.address}/?token={server.designer}"
    for origin in (f"http://127.0.0.1:{port}", f"http://localhost:{port}"):
        with connect(address, origin=origin) as connection:
            assert "result" in call(connection, "rulesets")
    with pytest.raises(InvalidStatus) as refused, connect(address, origin=f"http://127.0.0.1:{port + 1}"):
        pass
    assert refused.value.response.status_code == 403
    assert f"ws={server.address}&token={server.designer}" in server.web


def test_a_link_or_folder_beside_the_page_is_not_served(tmp_path):
    (tmp_path / "index.html").write_text("<p>page</p>")
    (tmp_path / "secret.json").write_text("{}")
    (tmp_path / "inner").mkdir()
    (tmp_path / "inner" / "app.js").write_text("")
    (tmp_path / "link.js").symlink_to(tmp_path / "secret.json")
    assert sorted(web_files(tmp_path)) == ["/", "/index.html"]
    server = serve_web("127.0.0.1", 0, web_files(tmp_path))
    try:
        port = server.server_address[1]
        assert _get("127.0.0.1", port, "/")[0] == 200
        assert [_get("127.0.0.1", port, p)[0] for p in ("/link.js", "/inner/app.js", "/secret.json")] == [404] * 3
    finally:
        server.shutdown()
        server.server_close()


def test_web_without_a_websocket_is_refused_with_a_message():
    result = subprocess.run([sys.executable, "-m", "engine.cli", "serve", "--web", "0"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode != 0
    assert "--web serves the page of a WebSocket server: give --ws PORT too" in result.stderr
    assert "Traceback" not in result.stderr
