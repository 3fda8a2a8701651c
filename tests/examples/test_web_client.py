"""The example web client (examples/web/), served by `epoch serve --ws 0 --web 0`, plays each
shipped game from one seat in headless Chromium: 20 of that seat's moves with the bots playing
the others, an undo back to the seat's previous choice and a redo, the pieces it draws equal to the
engine's view, and a screenshot of the drawn board."""

from __future__ import annotations

import base64
import io
import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlencode

import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
BROWSER = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
pytestmark = pytest.mark.skipif(BROWSER is None, reason="no Chromium installed (apt-get install chromium)")
MOVES = 20
WINDOW = (1400, 900)
# Each game and the seat the page plays (Antike from Carthage's side, which used to stall;
# None: the designer, who plays every seat).
GAMES = [
    ("history-of-the-world", 0),
    ("a-brief-history-of-the-world", 0),
    ("after-the-flood", 0),
    ("antike-duellum-carthage-rome", 1),
    ("civilization", 0),
    ("antike-duellum-greece-persia", None),  # the designer's hot seat: both seats played from one page
]


def _line_matching(stream, pattern: str, seconds: float = 30) -> re.Match:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        line = stream.readline()
        if match := re.search(pattern, line):
            return match
    raise TimeoutError(f"nothing matched {pattern!r}")


class DevTools:
    """Just enough of the Chrome DevTools Protocol: navigate, evaluate script, take a screenshot."""

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

    def wait_for(self, expression: str, seconds: float = 90) -> None:
        deadline = time.monotonic() + seconds
        while not self.evaluate(expression):
            assert time.monotonic() < deadline, self.evaluate("document.getElementById('error').textContent")
            time.sleep(0.1)


@pytest.fixture(scope="module")
def page_address():
    """The web client's address as `epoch serve --ws 0 --web 0` prints it (with the token)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-m", "engine.cli", "serve", "--ws", "0", "--web", "0"], cwd=ROOT,
                               env=env, stderr=subprocess.PIPE, text=True)
    try:
        yield _line_matching(process.stderr, r"web client: (http://127\.0\.0\.1:\d+/\?\S+)").group(1)
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def tools(tmp_path_factory):
    profile = tmp_path_factory.mktemp("profile")
    process = subprocess.Popen(
        [BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={profile}", "--remote-debugging-port=0", f"--window-size={WINDOW[0]},{WINDOW[1]}",
         "about:blank"],
        stderr=subprocess.PIPE, text=True)
    from websockets.sync.client import connect

    try:
        port = int(_line_matching(process.stderr, r"DevTools listening on ws://127\.0\.0\.1:(\d+)").group(1))
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list") as answer:
            target = next(t for t in json.load(answer) if t["type"] == "page")
        with connect(target["webSocketDebuggerUrl"], max_size=None) as socket:
            devtools = DevTools(socket)
            devtools.send("Page.enable")
            devtools.send("Emulation.setDeviceMetricsOverride", width=WINDOW[0], height=WINDOW[1],
                          deviceScaleFactor=1, mobile=False)
            yield devtools
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.mark.parametrize(("game", "seat"), GAMES)
def test_the_web_client_plays_a_seat_of_each_game(page_address, tools, game, seat, tmp_path):
    played = {"scenario": f"scenarios/{game}.json", "autoplay": MOVES}  # the bots: greedy, the default
    query = urlencode(played if seat is None else {**played, "seat": seat})
    tools.send("Page.navigate", url=f"{page_address}&{query}")
    tools.wait_for("document.body && document.body.dataset.done === '1'")
    assert tools.evaluate("document.getElementById('error').textContent") == ""
    assert tools.evaluate("document.body.dataset.moves") == str(MOVES)
    _assert_drawn_as_viewed(tools, seat)
    picture = base64.b64decode(tools.send("Page.captureScreenshot", format="png")["data"])
    if os.environ.get("EPOCH_SCREENSHOTS"):
        Path(os.environ["EPOCH_SCREENSHOTS"], f"web-{game}.png").write_bytes(picture)
    _assert_a_drawn_board(picture)

    before = int(tools.evaluate("document.body.dataset.step"))
    tools.evaluate("travel('undo')")
    asking = "" if seat is None else f", seat: {seat}"
    decision = tools.evaluate(f"rpc('decision', {{ session{asking} }})")
    assert decision["step"] < before
    if seat is None:
        chosen = {step["seat"] for step in tools.evaluate("rpc('tree', { session })")["steps"]}
        assert {0, 1} <= chosen  # both seats' moves taken from this page
    assert decision["kind"] == "choice" and decision["actions"]
    assert seat is None or decision["seat"] == seat
    assert tools.evaluate("document.body.dataset.step") == str(decision["step"])
    buttons = tools.evaluate("[...document.querySelectorAll('#moves button')].map(b => b.textContent)")
    assert buttons == [action["label"] for action in decision["actions"]]
    _assert_drawn_as_viewed(tools, seat)
    tools.evaluate("travel('redo')")  # and on again, over the bots' steps, to where the page was
    assert tools.evaluate("document.body.dataset.step") == str(before)


def _assert_drawn_as_viewed(tools: DevTools, seat: int | None) -> None:
    """The pieces on the page are the seat's Picture's, space by space; every mark is drawn."""
    view = tools.evaluate("rpc('view', { session })" if seat is None else f"rpc('view', {{ session, seat: {seat} }})")
    drawn = tools.evaluate("""[...document.querySelectorAll('#pieces .piece')].map(g => [
        g.dataset.space, g.dataset.kind, g.dataset.owner === '' ? null : Number(g.dataset.owner),
        Number(g.dataset.count)])""")
    expected = [[p["space"], p["kind"], p["owner"], p["count"]] for p in view["pieces"]]
    assert sorted(drawn, key=repr) == sorted(expected, key=repr)
    assert len(expected) > 0
    hidden = tools.evaluate("document.querySelectorAll('#spaces .facedown').length")
    assert hidden == sum(mark["hidden"] for mark in view["marks"])
    labels = tools.evaluate("[...document.querySelectorAll('#marks text')].length")
    assert labels <= sum(bool(mark["label"]) for mark in view["marks"])


def _assert_a_drawn_board(picture: bytes) -> None:
    """The screenshot is the window's size, and its board half is a drawing, not a blank:
    many colours, none of them covering most of it."""
    image = Image.open(io.BytesIO(picture)).convert("RGB")
    assert image.size == WINDOW
    board = image.crop((0, 0, WINDOW[0] - 400, WINDOW[1]))
    colours = board.getcolors(maxcolors=1 << 20)
    assert len(colours) > 50
    assert max(count for count, _ in colours) < 0.8 * board.width * board.height
