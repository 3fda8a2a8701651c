"""`epoch serve`: the engine driven through JSON-RPC 2.0, in-process and over a pipe."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine.service.jsonrpc import handle_line
from engine.service.methods import EngineService

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "examples" / "python"))
from epoch_client import EpochClient, EpochError, play_random_game

HISTORY = "scenarios/history-of-the-world.json"
CARTHAGE_ROME = "scenarios/antike-duellum-carthage-rome.json"


def call(service: EngineService, method: str, **params):
    answer = json.loads(handle_line(json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}),
                                    service.dispatch))
    return answer.get("result"), answer.get("error")


@pytest.fixture
def service() -> EngineService:
    return EngineService(ROOT)


def open_game(service, scenario=HISTORY, **params):
    result, error = call(service, "open", scenario=scenario, **params)
    assert error is None, error
    return result["session"]


def test_standard_errors(service):
    assert json.loads(handle_line("{", service.dispatch))["error"]["code"] == -32700
    assert json.loads(handle_line('{"id": 1}', service.dispatch))["error"]["code"] == -32600
    _, error = call(service, "teleport")
    assert error["code"] == -32601
    _, error = call(service, "decision", session="s99")
    assert error == {"code": -32602, "message": "params.session: no open session 's99'"}
    _, error = call(service, "open", scenario=HISTORY, players="three")
    assert error["code"] == -32602 and error["message"].startswith("params.players")


def test_a_notification_gets_no_answer(service):
    assert handle_line(json.dumps({"jsonrpc": "2.0", "method": "rulesets"}), service.dispatch) is None


def test_a_bad_scenario_is_a_located_error(service, tmp_path):
    data = json.loads((ROOT / HISTORY).read_text(encoding="utf-8"))
    data["board"]["connections"][0]["a"] = "atlantis"
    _, error = call(service, "open", scenario=data)
    assert error["code"] == -32001
    assert error["data"]["problems"] == ["scenario: board.connections[0].a: unknown space 'atlantis'"]


def test_an_illegal_move_says_why_and_changes_nothing(service):
    session = open_game(service, CARTHAGE_ROME, players=2, seed=3)
    decision = _to_first_choice(service, session)
    before, _ = call(service, "view", session=session)
    _, error = call(service, "apply", session=session, move="Nonsense()")
    assert error["code"] == -32000 and "not one of the legal actions" in error["data"]["reason"]
    assert call(service, "view", session=session)[0] == before
    assert call(service, "decision", session=session)[0] == decision


def _to_first_choice(service, session):
    while (decision := call(service, "decision", session=session)[0])["kind"] == "chance":
        call(service, "apply", session=session, roll=True)
    return decision


def test_a_seat_never_receives_another_seats_hidden_cards(service):
    """History of the World §5: the drafted cards are secret; only their holder sees them."""
    session = open_game(service, players=3, seed=5)
    for _ in range(40):
        decision = _to_first_choice(service, session)
        chooser = decision["seat"]
        for seat in range(3):
            asked, _ = call(service, "decision", session=session, seat=seat)
            assert (asked["actions"] is not None) == (seat == chooser)
            view, _ = call(service, "view", session=session, seat=seat)
            for panel in view["panels"]:
                if panel["seat"] != seat:
                    assert panel["hand"] is None
        call(service, "apply", session=session, seat=chooser, move=decision["actions"][0]["id"])
    designer, _ = call(service, "view", session=session)
    assert any(panel["hand"] for panel in designer["panels"])


def test_a_seat_may_not_force_chance_nor_move_out_of_turn(service):
    session = open_game(service, players=3)
    decision, _ = call(service, "decision", session=session)
    assert decision["kind"] == "chance" and decision["outcomes"]
    _, error = call(service, "apply", session=session, seat=1, move=decision["outcomes"][0]["id"])
    assert error["code"] == -32002
    decision = _to_first_choice(service, session)
    other = (decision["seat"] + 1) % 3
    _, error = call(service, "apply", session=session, seat=other, move=decision["actions"][0]["id"])
    assert error["code"] == -32002


def test_forced_outcome_undo_redo_goto_and_tree(service):
    session = open_game(service, CARTHAGE_ROME, players=2, seed=2)
    for _ in range(6):
        decision, _ = call(service, "decision", session=session)
        if decision["kind"] == "chance":
            call(service, "apply", session=session, move=decision["outcomes"][-1]["id"])
        else:
            call(service, "apply", session=session, move=decision["actions"][0]["id"])
    tree, _ = call(service, "tree", session=session)
    assert tree["current"] == 6 and len(tree["steps"]) == 7
    assert call(service, "undo", session=session)[0] == {"step": 5}
    assert call(service, "redo", session=session)[0] == {"step": 6}
    assert call(service, "goto", session=session, step=2)[0] == {"step": 2}
    _, error = call(service, "undo", session=session, seat=0)
    assert error["code"] == -32002
    _, error = call(service, "goto", session=session, step=99)
    assert error["code"] == -32000


def test_save_and_load_replay_the_same_game(tmp_path):
    (tmp_path / "scenarios").mkdir()
    shutil.copy(ROOT / CARTHAGE_ROME, tmp_path / CARTHAGE_ROME)
    service = EngineService(tmp_path)
    session = open_game(service, CARTHAGE_ROME, players=2, seed=4)
    for _ in range(25):
        call(service, "bot", session=session)
    view, _ = call(service, "view", session=session)
    saved, error = call(service, "save", session=session, path="plays/game.playtest.json", scenario_path=CARTHAGE_ROME)
    assert error["code"] == -32001 and error["message"].startswith("plays/game.playtest.json: cannot write")
    (tmp_path / "plays").mkdir()
    saved, _ = call(service, "save", session=session, path="plays/game.playtest.json", scenario_path=CARTHAGE_ROME)
    assert saved == {"path": "plays/game.playtest.json"}
    loaded, error = call(service, "load", path="plays/game.playtest.json")
    assert error is None
    assert loaded["step"] == 25
    assert call(service, "view", session=loaded["session"])[0] == view
    assert call(service, "close", session=loaded["session"])[0] == {"closed": loaded["session"]}


def _serve() -> EpochClient:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return EpochClient([sys.executable, "-m", "engine.cli", "serve"], cwd=ROOT, env=env)


@pytest.mark.parametrize(("scenario", "players"), [(HISTORY, 3), (CARTHAGE_ROME, 2)])
def test_a_python_client_plays_a_whole_game_over_a_pipe(scenario, players):
    client = _serve()
    try:
        game = client.call("open", scenario=scenario, players=players, seed=11)
        end = play_random_game(client, game["session"], seed=11)
        assert end["kind"] == "end"
        assert sorted(end["ranking"]) == list(range(players))
        tree = client.call("tree", session=game["session"])
        assert len(tree["steps"]) > 50
        with pytest.raises(EpochError) as refused:
            client.call("apply", session=game["session"], roll=True)
        assert refused.value.code == -32000
    finally:
        client.close()


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed, so the Node.js client cannot run")
@pytest.mark.parametrize(("scenario", "players"), [(HISTORY, 3), (CARTHAGE_ROME, 2)])
def test_a_nodejs_client_plays_a_whole_game_over_a_pipe(scenario, players):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = ["node", str(ROOT / "examples" / "node" / "epoch-client.mjs"), scenario, str(players), "5",
               sys.executable, "-m", "engine.cli", "serve"]
    done = subprocess.run(command, check=False, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    end = json.loads(done.stdout)
    assert end["kind"] == "end" and sorted(end["ranking"]) == list(range(players))
    assert end["choices"] > 10
