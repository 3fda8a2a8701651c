"""The portable game record: `epoch replay PLAYTEST --jsonl OUT`, and checking one."""

from __future__ import annotations

import json
from pathlib import Path

from engine.bots import BOTS
from engine.cli import main
from engine.play.playtest import save_playtest
from engine.play.session import Session
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "antike-duellum-carthage-rome.json"


def _playtest(tmp_path: Path, steps: int = 60) -> Path:
    scenario = load_scenario(SCENARIO, get_ruleset)
    session = Session(scenario, get_ruleset(scenario.ruleset.id), scenario.seats[:2], scenario.ruleset.options, 9,
                      ["random", "random"], BOTS)
    for _ in range(steps):
        session.bot_step()
    path = tmp_path / "game.playtest.json"
    save_playtest(session, path, SCENARIO)
    return path


def test_a_record_is_written_and_checks_against_its_scenario(tmp_path, capsys):
    record = tmp_path / "game.jsonl"
    assert main(["replay", str(_playtest(tmp_path)), "--jsonl", str(record)]) == 0
    lines = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["kind"] == "epoch-game-record" and lines[0]["seed"] == 9
    assert [line["step"] for line in lines[1:]] == list(range(1, 61))
    assert all(len(line["digest"]) == 64 for line in lines[1:])
    capsys.readouterr()
    assert main(["replay", str(record), str(SCENARIO)]) == 0
    assert "replayed 60 steps, every state identical" in capsys.readouterr().out


def test_a_tampered_record_is_located(tmp_path, capsys):
    record = tmp_path / "game.jsonl"
    main(["replay", str(_playtest(tmp_path)), "--jsonl", str(record)])
    lines = record.read_text(encoding="utf-8").splitlines()
    step = json.loads(lines[5])
    step["digest"] = "0" * 64
    lines[5] = json.dumps(step)
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(record), str(SCENARIO)]) == 1
    assert f"{record}: line 6.digest: the replayed state differs" in capsys.readouterr().out
    lines[5] = json.dumps({**step, "move": {"action": "Teleport"}})
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", str(record), str(SCENARIO)]) == 1
    assert "line 6.move: unknown action 'Teleport'" in capsys.readouterr().out


def test_a_record_needs_its_scenario(tmp_path, capsys):
    record = tmp_path / "game.jsonl"
    record.write_text('{"kind": "epoch-game-record"}\n', encoding="utf-8")
    assert main(["replay", str(record)]) == 1
    assert "checked against its scenario" in capsys.readouterr().err


def test_a_record_with_a_seed_no_session_takes_is_refused_where_it_says_so(tmp_path, capsys):
    """The record's reader keeps the seed bound every other reader of a seed keeps."""
    record = tmp_path / "game.jsonl"
    main(["replay", str(_playtest(tmp_path, steps=3)), "--jsonl", str(record)])
    lines = record.read_text(encoding="utf-8").splitlines()
    lines[0] = json.dumps({**json.loads(lines[0]), "seed": 2**31})
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(record), str(SCENARIO)]) == 1
    assert "line 1.seed: must be a whole number from -2,147,483,647 to 2,147,483,647" in capsys.readouterr().out


def test_a_records_moves_are_the_ids_a_service_client_sent(tmp_path):
    """The record's moves are in the RPC's encoding: a client's log of apply calls is the record."""
    from engine.service.jsonrpc import handle_line
    from engine.service.methods import EngineService

    service = EngineService(tmp_path)

    def call(method, **params):
        line = json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
        return json.loads(handle_line(line, service.dispatch))["result"]

    session = call("open", scenario=json.loads(SCENARIO.read_text(encoding="utf-8")), players=2, seed=4)["session"]
    sent = []
    for _ in range(40):
        decision = call("decision", session=session)
        moves = decision["outcomes"] if decision["kind"] == "chance" else decision["actions"]
        sent.append(moves[-1]["id"])
        call("apply", session=session, move=sent[-1])
    call("save", session=session, path="game.json")
    record = tmp_path / "game.jsonl"
    assert main(["replay", str(tmp_path / "game.json"), "--jsonl", str(record)]) == 0
    lines = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["format_version"] == 2
    assert [line["move"] for line in lines[1:]] == sent
    assert main(["replay", str(record), str(SCENARIO)]) == 0
    # replaying a record is sending its moves to apply, as docs/protocol.md says
    again = call("open", scenario=json.loads(SCENARIO.read_text(encoding="utf-8")), players=2, seed=4)["session"]
    for line in lines[1:]:
        call("apply", session=again, move=line["move"])
    assert call("view", session=again) == call("view", session=session)


def test_a_records_line_of_endless_digits_or_nesting_is_located_not_raised(tmp_path, capsys):
    """A stranger's record: a line Python's JSON reader raises on (a number of 5,000 digits, lists
    nested 100,000 deep) is told by its line, and a move's unknown name is quoted cut short."""
    record = tmp_path / "game.jsonl"
    main(["replay", str(_playtest(tmp_path, steps=8)), "--jsonl", str(record)])
    lines = record.read_text(encoding="utf-8").splitlines()
    for bad, said in (('{"step": ' + "9" * 5000 + "}", "line 3: invalid JSON at column 10: a number of 5,000 digits"),
                      ("[" * 100_000 + "]" * 100_000, "line 3: invalid JSON: nested deeper than 64 levels"),
                      (json.dumps({**json.loads(lines[2]), "move": {"action": "T" * 100_000}}),
                       "line 3.move: unknown action 'TTTTTTTTTT")):
        record.write_text("\n".join([*lines[:2], bad, *lines[3:]]) + "\n", encoding="utf-8")
        capsys.readouterr()
        assert main(["replay", str(record), str(SCENARIO)]) == 1
        out = capsys.readouterr().out
        assert said in out and len(out) < 1000, out[:300]
