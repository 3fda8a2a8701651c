"""A real `epoch serve` for the security tests: stdio or WebSocket, in a folder of the test's (the
fixtures are made known to pytest by this folder's conftest)."""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, NamedTuple

import pytest

ROOT = Path(__file__).resolve().parents[2]
CARTHAGE_ROME = "scenarios/antike-duellum-carthage-rome.json"
HISTORY = "scenarios/history-of-the-world.json"


def request(method: str, request_id: int = 1, **params: Any) -> str:
    return json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})


@pytest.fixture
def root(tmp_path) -> Path:
    """The server's folder: the two shipped scenarios the tests play, and nothing else."""
    folder = tmp_path / "root"
    (folder / "scenarios").mkdir(parents=True)
    for name in (CARTHAGE_ROME, HISTORY):
        shutil.copy(ROOT / name, folder / name)
    return folder


class Server(NamedTuple):
    address: str
    designer: str
    player: str
    web: str | None = None  # the web client's address (with --web)


def _line(lines: queue.Queue, pattern: str, seconds: float = 30) -> re.Match:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            break
        if match := re.search(pattern, line):
            return match
    raise TimeoutError(f"the server printed nothing matching {pattern!r}")


@pytest.fixture
def ws_server(root):
    """Starts `epoch serve --ws 0` in ``root`` with the given extra arguments; the tokens
    are read from what it prints (a server that prints none has none to give)."""
    processes = []

    def start(*arguments: str) -> Server:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        process = subprocess.Popen([sys.executable, "-m", "engine.cli", "serve", "--ws", "0", *arguments],
                                   cwd=root, env=env, stderr=subprocess.PIPE, text=True)
        processes.append(process)
        lines: queue.Queue = queue.Queue()
        threading.Thread(target=lambda: [lines.put(line) for line in process.stderr], daemon=True).start()
        port = _line(lines, r"ws://127\.0\.0\.1:(\d+)").group(1)
        designer = _line(lines, r"designer: \S+\?token=(\S+)", 5).group(1)
        player = _line(lines, r"player .*\?token=(\S+)", 5).group(1)
        web = _line(lines, r"web client: (\S+)", 5).group(1) if "--web" in arguments else None
        return Server(f"ws://127.0.0.1:{port}", designer, player, web)

    yield start
    for process in processes:
        process.terminate()
        process.wait(timeout=10)
        process.stderr.close()


def call(connection, method: str, **params: Any) -> dict[str, Any]:
    connection.send(request(method, **params))
    return json.loads(connection.recv(timeout=30))
