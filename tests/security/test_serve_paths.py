"""Path confinement: every file a client of `epoch serve` names lies inside the server's folder,
a save replaces only what the server wrote, and a foreign file's contents never reach the client
(issue 26, item 1)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from serving import CARTHAGE_ROME, ROOT, request

from engine.service.jsonrpc import handle_line
from engine.service.methods import EngineService

SECRET = "PRIVATE-VALUE"


def ask(service: EngineService, method: str, **params) -> dict:
    return json.loads(handle_line(request(method, **params), service.dispatch))


def opened(service: EngineService) -> str:
    answer = ask(service, "open", scenario=CARTHAGE_ROME, players=2, seed=3)
    assert "error" not in answer, answer
    return answer["result"]["session"]


@pytest.fixture
def outside(tmp_path):
    """A folder beside the root, and a link inside the root that leads to it."""
    folder = tmp_path / "outside"
    folder.mkdir()
    return folder


@pytest.mark.parametrize("name", ["absolute", "../outside/game.json", "link/game.json", "link-file.json"])
def test_save_writes_nowhere_but_inside_the_root(root, outside, name):
    os.symlink(outside, root / "link")
    (outside / "game.json").write_text("the user's own file", encoding="utf-8")
    os.symlink(outside / "game.json", root / "link-file.json")
    path = str(outside / "game.json") if name == "absolute" else name
    service = EngineService(root)
    answer = ask(service, "save", session=opened(service), path=path, overwrite=True)
    assert answer["error"]["code"] in (-32602, -32002), answer
    assert (outside / "game.json").read_text(encoding="utf-8") == "the user's own file"
    assert sorted(p.name for p in outside.iterdir()) == ["game.json"]


def test_save_replaces_a_file_it_did_not_write_only_when_asked(root):
    notes = root / "notes.json"
    notes.write_text('{"mine": true}', encoding="utf-8")
    service = EngineService(root)
    session = opened(service)
    refused = ask(service, "save", session=session, path="notes.json")
    assert refused["error"]["code"] == -32002 and "overwrite" in refused["error"]["message"]
    assert notes.read_text(encoding="utf-8") == '{"mine": true}'
    assert "result" in ask(service, "save", session=session, path="game.json")
    assert "result" in ask(service, "save", session=session, path="game.json")  # its own file, again
    assert "result" in ask(service, "save", session=session, path="notes.json", overwrite=True)
    assert json.loads(notes.read_text(encoding="utf-8"))["kind"] == "epoch-playtest"


def test_a_foreign_file_is_refused_without_a_word_of_its_contents(root):
    (root / "settings.json").write_text(json.dumps({"format_version": 1, "ruleset": {"id": SECRET},
                                                    "kind": SECRET, "token": SECRET}), encoding="utf-8")
    (root / ".env").write_text(f"TOKEN={SECRET}\n", encoding="utf-8")
    service = EngineService(root)
    assert "result" in ask(service, "save", session=opened(service), path="game.json", scenario_path=CARTHAGE_ROME)
    game = json.loads((root / "game.json").read_text(encoding="utf-8"))
    game["scenario"]["path"] = "settings.json"  # a playtest that names the foreign file as its scenario
    (root / "game.json").write_text(json.dumps(game), encoding="utf-8")
    asked = [("open", {"scenario": name}) for name in ("settings.json", ".env", str(root / "settings.json"))]
    asked += [("load", {"path": name}) for name in ("settings.json", ".env", "game.json")]
    for method, params in asked:
        answer = ask(service, method, **params)
        assert "error" in answer, (method, params)
        assert SECRET not in json.dumps(answer), answer


def test_a_playtest_cannot_lead_the_server_out_of_its_folder(root, outside):
    (outside / "scenario.json").write_text((ROOT / CARTHAGE_ROME).read_text(encoding="utf-8"), encoding="utf-8")
    service = EngineService(root)
    assert "result" in ask(service, "save", session=opened(service), path="game.json", scenario_path=CARTHAGE_ROME)
    game = json.loads((root / "game.json").read_text(encoding="utf-8"))
    game["scenario"]["path"] = "../outside/scenario.json"
    (root / "game.json").write_text(json.dumps(game), encoding="utf-8")
    answer = ask(service, "load", path="game.json")
    assert answer["error"]["code"] == -32002 and "leads out of the server's folder" in answer["error"]["message"]


def test_the_root_flag_names_the_folder(root, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "engine.cli", "serve", "--root", str(root)], cwd=tmp_path, env=env,
                          input=request("open", scenario=CARTHAGE_ROME, players=2) + "\n"
                          + request("open", 2, scenario=f"root/{CARTHAGE_ROME}", players=2) + "\n",
                          capture_output=True, text=True, timeout=60, check=False)
    inside, beside = (json.loads(line) for line in done.stdout.splitlines())
    assert inside["result"]["ruleset"] == "antike-duellum"
    assert beside["error"]["code"] == -32001 and "file not found" in beside["error"]["message"]
