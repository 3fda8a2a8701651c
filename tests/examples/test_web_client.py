"""The example web client (examples/web/) plays through `epoch serve --ws` in headless
Chromium, and the pieces it draws are the engine's view of the same game."""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BROWSER = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
pytestmark = pytest.mark.skipif(BROWSER is None, reason="no Chromium installed (apt-get install chromium)")
STEPS = 50


def _line_matching(stream, pattern: str, seconds: float = 30) -> re.Match:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        line = stream.readline()
        if match := re.search(pattern, line):
            return match
    raise TimeoutError(f"nothing matched {pattern!r}")


class DevTools:
    """Just enough of the Chrome DevTools Protocol: evaluate script, take a screenshot."""

    def __init__(self, socket) -> None:
        self.socket = socket
        self.next_id = 0

    def send(self, method: str, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            answer = json.loads(self.socket.recv())
            if answer.get("id") == self.next_id:
                return answer["result"]

    def evaluate(self, expression: str):
        return self.send("Runtime.evaluate", expression=expression, returnByValue=True,
                         awaitPromise=True)["result"].get("value")


@pytest.fixture
def server():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-m", "engine.cli", "serve", "--ws", "0"], cwd=ROOT, env=env,
                               stderr=subprocess.PIPE, text=True)
    try:
        port = int(_line_matching(process.stderr, r"ws://127\.0\.0\.1:(\d+)").group(1))
        token = _line_matching(process.stderr, r"designer: \S+\?token=(\S+)").group(1)
        yield f"ws://127.0.0.1:{port}", token
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture
def browser(tmp_path):
    process = subprocess.Popen(
        [BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={tmp_path / 'profile'}", "--remote-debugging-port=0", "--window-size=1400,900",
         "about:blank"],
        stderr=subprocess.PIPE, text=True)
    try:
        port = int(_line_matching(process.stderr, r"DevTools listening on ws://127\.0\.0\.1:(\d+)").group(1))
        yield port
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_the_web_client_draws_what_the_engine_shows(server, browser, tmp_path):
    from websockets.sync.client import connect

    address, token = server
    page = (ROOT / "examples" / "web" / "index.html").as_uri()
    query = (f"?ws={address}&token={token}&scenario=scenarios/history-of-the-world.json&players=3&seed=3"
             f"&autoplay={STEPS}")
    with urllib.request.urlopen(f"http://127.0.0.1:{browser}/json/list") as answer:
        target = next(t for t in json.load(answer) if t["type"] == "page")
    with connect(target["webSocketDebuggerUrl"], max_size=None) as socket:
        tools = DevTools(socket)
        drawn, spaces, step, picture = _autoplay(tools, page + query, tmp_path)
        view = tools.evaluate("rpc('view', { session })")  # the page's own session: no one else's to read
    expected = [[p["space"], p["kind"], p["owner"], p["count"]] for p in view["pieces"]]
    assert step == STEPS
    assert json.loads(drawn) == expected
    assert len(expected) > 0
    assert spaces > 50
    assert picture[:8] == b"\x89PNG\r\n\x1a\n"


def _autoplay(tools: DevTools, url: str, tmp_path: Path):
    """Open the page with autoplay and wait until it has taken its steps."""
    tools.send("Page.enable")
    tools.send("Page.navigate", url=url)
    deadline = time.monotonic() + 120
    while tools.evaluate("document.body && document.body.dataset.done") != "1":
        assert time.monotonic() < deadline, tools.evaluate("document.getElementById('error').textContent")
        time.sleep(0.2)
    assert tools.evaluate("document.getElementById('error').textContent") == ""
    drawn = tools.evaluate("""JSON.stringify([...document.querySelectorAll('#pieces .piece')].map(g => [
        g.dataset.space, g.dataset.kind, g.dataset.owner === '' ? null : Number(g.dataset.owner),
        Number(g.dataset.count)]))""")
    spaces = tools.evaluate("document.querySelectorAll('#spaces polygon').length")
    step = int(tools.evaluate("document.body.dataset.step"))
    picture = base64.b64decode(tools.send("Page.captureScreenshot", format="png")["data"])
    (tmp_path / "web-client.png").write_bytes(picture)
    if os.environ.get("EPOCH_SCREENSHOTS"):
        Path(os.environ["EPOCH_SCREENSHOTS"], "web-client.png").write_bytes(picture)
    return drawn, spaces, step, picture
