"""The ``epoch`` command line, run in-process."""

from __future__ import annotations

import io
import json

from engine.bots import BOTS
from engine.cli import main
from engine.play.playtest import save_playtest
from engine.play.session import Session


def run(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_validate_clean_and_broken_files(capsys, dice_race_path, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text(dice_race_path.read_text().replace('"region": "track"', '"region": "trak"', 1))
    code, out = run(capsys, "validate", str(dice_race_path))
    assert (code, out) == (0, f"{dice_race_path}: ok\n")
    code, out = run(capsys, "validate", str(dice_race_path), str(broken))
    assert code == 1
    assert out.splitlines()[1] == f"{broken}: board.spaces[t0].region: unknown region 'trak'"


def test_info_summarises_the_scenario(capsys, dice_race_path):
    code, out = run(capsys, "info", str(dice_race_path))
    assert code == 0
    assert "ruleset: Dice Race [dice-race], 2-4 players" in out
    assert "board: 1 regions, 21 spaces (21 track), 20 connections" in out
    assert "deck bonus: Bonus cards, 6 cards" in out


def test_replay_checks_the_recorded_digest(capsys, dice_race, ruleset, dice_race_path, tmp_path):
    session = Session(dice_race, ruleset, dice_race.seats[:2], dice_race.ruleset.options, 3, ["random"] * 2, BOTS)
    while session.is_bot_turn():
        session.bot_step()
    path = tmp_path / "p.json"
    save_playtest(session, path, dice_race_path)
    code, out = run(capsys, "replay", str(path))
    assert code == 0, out
    assert f"replayed {len(session.steps) - 1} steps" in out and "the game is over" in out
    data = json.loads(path.read_text())
    data["digests"] = {key: "x" for key in data["digests"]}
    path.write_text(json.dumps(data))
    code, out = run(capsys, "replay", str(path))
    assert code == 1
    assert "the replayed state differs" in out


def test_simulate_gives_the_same_figures_with_one_or_two_workers(capsys, dice_race_path):
    figures = []
    for workers in ("1", "2"):
        code, out = run(capsys, "simulate", str(dice_race_path), "--games", "60", "--seed", "4",
                        "--players", "3", "--workers", workers, "--json")
        assert code == 0
        data = json.loads(out)
        figures.append((data["seats"], data["mean_actions"], data["mean_steps"]))
        assert data["games"] == 60 and data["actions_per_second"] > 0
    assert figures[0] == figures[1]
    assert sum(seat["wins"] for seat in figures[0][0]) >= 60


def test_simulate_prints_a_table(capsys, dice_race_path):
    code, out = run(capsys, "simulate", str(dice_race_path), "--games", "10", "--players", "2")
    assert code == 0
    assert "Red" in out and "win rate" in out and "actions per second" in out


def test_play_steps_through_with_undo_and_redo(capsys, monkeypatch, dice_race_path, tmp_path):
    saved = tmp_path / "p.json"
    keys = ["", "", "1", "3", "u", "r", "q"]
    keys.insert(-1, f"s {saved}")
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(keys) + "\n"))
    code, out = run(capsys, "play", str(dice_race_path), "--players", "2", "--seed", "9")
    assert code == 0
    assert "Red: roll or hold?" in out
    assert "Red rolls 3" in out
    assert out.count("[step 4]") == 3  # after the roll, after undo then redo, after saving
    assert "[step 3]" in out
    assert saved.exists()


def test_bad_input_is_a_message_not_a_traceback(capsys, tmp_path):
    code, out = run(capsys, "info", str(tmp_path / "missing.json"))
    assert code == 1
    assert out.strip() == f"{tmp_path / 'missing.json'}: file not found"
