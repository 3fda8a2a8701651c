"""docs/protocol.md's example session is what the real server answers, line for line.

The requests are sent to `epoch serve` over a pipe; the transcript, with the random session id
written as s-SESSION, must equal the document's block. After a deliberate change of the
protocol, `EPOCH_WRITE_DOCS=1 pytest tests/engine/service/test_protocol_doc.py` writes it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "protocol.md"
SCENARIO = "scenarios/antike-duellum-carthage-rome.json"
PLACEHOLDER = "s-SESSION"
BLOCK = re.compile(r"(<!-- example session: generated -->\n```\n)(.*?)(```\n)", re.DOTALL)
FIRST_MOVE = "MoveRondel(space=rondel-0,steps=0)"

REQUESTS = [
    ("open", {"scenario": SCENARIO, "players": 2, "seed": 7, "controllers": ["human", "random"]}),
    ("decision", {"session": PLACEHOLDER, "seat": 0}),
    ("apply", {"session": PLACEHOLDER, "seat": 0, "roll": True}),
    ("decision", {"session": PLACEHOLDER, "seat": 0}),
    ("apply", {"session": PLACEHOLDER, "seat": 0, "roll": True}),
    ("apply", {"session": PLACEHOLDER, "seat": 0, "roll": True}),
    ("apply", {"session": PLACEHOLDER, "seat": 0, "roll": True}),
    ("decision", {"session": PLACEHOLDER, "seat": 0}),
    ("apply", {"session": PLACEHOLDER, "seat": 1, "move": FIRST_MOVE}),
    ("apply", {"session": PLACEHOLDER, "seat": 0, "move": FIRST_MOVE}),
    ("undo", {"session": PLACEHOLDER, "seat": 0}),
    ("undo", {"session": PLACEHOLDER}),
    ("decision", {"session": PLACEHOLDER, "seat": 0}),
    ("redo", {"session": PLACEHOLDER}),
    ("save", {"session": PLACEHOLDER, "path": "plays/game.json"}),
    ("save", {"session": PLACEHOLDER, "path": "game.json"}),
    ("close", {"session": PLACEHOLDER}),
    ("decision", {"session": PLACEHOLDER}),
]


def transcript(root: Path) -> str:
    (root / "scenarios").mkdir()
    shutil.copy(ROOT / SCENARIO, root / SCENARIO)
    server = subprocess.Popen([sys.executable, "-m", "engine.cli", "serve", "--root", str(root)], cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": str(ROOT)}, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, encoding="utf-8")
    lines, session = [], PLACEHOLDER
    try:
        for number, (method, params) in enumerate(REQUESTS, start=1):
            request = json.dumps({"jsonrpc": "2.0", "id": number, "method": method, "params": params},
                                 separators=(",", ":"))
            server.stdin.write(request.replace(PLACEHOLDER, session) + "\n")
            server.stdin.flush()
            answer = json.loads(server.stdout.readline())
            if method == "open":
                session = answer["result"]["session"]
            lines += [f"→ {request}", f"← {json.dumps(answer, separators=(',', ':')).replace(session, PLACEHOLDER)}"]
    finally:
        server.stdin.close()
        server.wait(timeout=30)
    return "\n".join(lines) + "\n"


def test_the_documented_example_session_is_what_the_server_answers(tmp_path):
    made = transcript(tmp_path)
    text = DOC.read_text(encoding="utf-8")
    found = BLOCK.search(text)
    assert found, "docs/protocol.md has no block after <!-- example session: generated -->"
    if os.environ.get("EPOCH_WRITE_DOCS"):
        DOC.write_text(text[: found.start(2)] + made + text[found.end(2):], encoding="utf-8")
    assert found.group(2) == made, "docs/protocol.md's example is stale: run with EPOCH_WRITE_DOCS=1"
