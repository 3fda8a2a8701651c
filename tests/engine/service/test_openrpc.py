"""The OpenRPC description: generated from the declarations the server checks params with,
current in docs/, and right about every answer the server gives."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from engine.cli import main
from engine.scenario.schema import schema_text
from engine.service.jsonrpc import handle_line
from engine.service.methods import EngineService
from engine.service.openrpc import description
from engine.service.spec import BY_NAME

ROOT = Path(__file__).resolve().parents[3]
CHECKED_IN = ROOT / "docs" / "protocol.openrpc.json"
CARTHAGE_ROME = "scenarios/antike-duellum-carthage-rome.json"


def call(service: EngineService, method: str, **params):
    answer = json.loads(handle_line(json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}),
                                    service.dispatch))
    return answer.get("result"), answer.get("error")


class Checked:
    """A service whose every answer is checked against its method's declared result."""

    def __init__(self, root: Path) -> None:
        self.service = EngineService(root)
        self.document = description()
        self.seen: set[str] = set()

    def __call__(self, method: str, **params):
        result, error = call(self.service, method, **params)
        assert error is None, (method, error)
        schema = {**next(m for m in self.document["methods"] if m["name"] == method)["result"]["schema"],
                  "components": self.document["components"]}
        errors = [f"{'.'.join(map(str, e.absolute_path))}: {e.message}"
                  for e in jsonschema.Draft202012Validator(schema).iter_errors(result)]
        assert errors == [], (method, errors[:3])
        self.seen.add(method)
        return result


def test_the_checked_in_description_is_current():
    assert CHECKED_IN.read_text(encoding="utf-8") == schema_text(description()), \
        "docs/protocol.openrpc.json is stale: run `epoch openrpc --write docs/protocol.openrpc.json`"


def test_rpc_discover_answers_the_description_and_every_method_is_in_it():
    service = EngineService(ROOT)
    found, _ = call(service, "rpc.discover")
    assert found == json.loads(CHECKED_IN.read_text(encoding="utf-8"))
    assert {m["name"] for m in found["methods"]} == set(service.methods) == set(BY_NAME)
    for schema in found["components"]["schemas"].values():
        jsonschema.Draft202012Validator.check_schema(schema)


def test_the_cli_prints_and_writes_it(tmp_path, capsys):
    assert main(["openrpc"]) == 0
    assert capsys.readouterr().out == CHECKED_IN.read_text(encoding="utf-8")
    assert main(["openrpc", "--write", str(tmp_path / "p.json")]) == 0
    assert (tmp_path / "p.json").read_text(encoding="utf-8") == CHECKED_IN.read_text(encoding="utf-8")


def test_every_answer_of_a_whole_game_matches_its_declared_result(tmp_path):
    (tmp_path / "scenarios").mkdir()
    (tmp_path / CARTHAGE_ROME).write_bytes((ROOT / CARTHAGE_ROME).read_bytes())
    rpc = Checked(tmp_path)
    rpc("rulesets")
    session = rpc("open", scenario=CARTHAGE_ROME, players=2, seed=3, controllers=["human", "random"])["session"]
    rpc("board", session=session)
    for _ in range(40):
        for seat in (None, 1, 0):
            rpc("view", session=session, seat=seat)
            decision = rpc("decision", session=session, seat=seat)
        rpc("apply", session=session, roll=True) if decision["kind"] == "chance" else \
            rpc("apply", session=session, seat=0, move=decision["actions"][-1]["id"])
    bots = rpc("open", scenario=CARTHAGE_ROME, players=2, controllers=["random", "random"])["session"]
    while rpc("decision", session=bots)["kind"] != "end":
        rpc("apply", session=bots, roll=True)
    assert rpc("decision", session=bots, seat=1)["winners"]
    rpc("tree", session=session)
    rpc("undo", session=session)
    rpc("redo", session=session)
    rpc("goto", session=session, step=3)
    rpc("bot", session=session)
    rpc("save", session=session, path="game.json")
    rpc("close", session=rpc("load", path="game.json")["session"])
    rpc("rpc.discover")
    assert rpc.seen == set(BY_NAME)


@pytest.mark.parametrize(("params", "message"), [
    ({"drive": "sometimes"}, "params.drive: 'sometimes' is not one of 'auto', 'manual'"),
    ({"seed": True}, "params.seed: expected int, found bool"),
    ({"players": "2"}, "params.players: expected int or null, found str"),
    ({"controllers": [{"bot": "random"}, "human"]}, ("params.controllers: one per seat, each one of human, "
                                                     "greedy, random, search")),
])
def test_params_are_checked_by_their_declarations(params, message):
    _, error = call(EngineService(ROOT), "open", scenario=CARTHAGE_ROME, **{"players": 2, **params})
    assert error["code"] == -32602 and error["message"] == message


def _first_choice(service, session):
    while (decision := call(service, "decision", session=session)[0])["kind"] == "chance":
        call(service, "apply", session=session, roll=True)
    return decision


def test_a_bots_seat_plays_itself_unless_the_client_drives_it():
    service = EngineService(ROOT)
    auto = call(service, "open", scenario=CARTHAGE_ROME, players=2, seed=3, controllers=["random", "human"])[0]
    assert auto["drive"] == "auto"
    played = []
    for _ in range(60):
        decision = call(service, "decision", session=auto["session"])[0]
        assert decision["kind"] == "chance" or decision["seat"] == 1, "a bot's seat waits for the client"
        if decision["kind"] == "chance":
            moved = call(service, "apply", session=auto["session"], roll=True)[0]
        else:
            moved = call(service, "apply", session=auto["session"], seat=1, move=decision["actions"][0]["id"])[0]
        played += moved["bots"]
        assert moved["step"] == (moved["bots"][-1]["step"] if moved["bots"] else moved["step"])
    assert played and {bot["seat"] for bot in played} == {0}
    manual = call(service, "open", scenario=CARTHAGE_ROME, players=2, seed=3, controllers=["random", "human"],
                  drive="manual")[0]
    seats = set()
    for _ in range(30):
        decision = _first_choice(service, manual["session"])
        seats.add(decision["seat"])
        assert call(service, "bot", session=manual["session"])[0]["bots"] == []
    assert seats == {0, 1}
