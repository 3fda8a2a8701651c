"""The ``epoch`` command line, run in-process."""

from __future__ import annotations

import importlib.util
import io
import json
import re
from pathlib import Path

import pytest

from engine.balance.sweep import MOST_VARIANTS
from engine.bots import BOTS
from engine.cli import main
from engine.core.randomness import SEED_MAX, SEED_MIN
from engine.play.playtest import save_playtest
from engine.play.session import Session


def run(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def typed(*lines: str) -> io.StringIO:
    """What a person types at ``epoch play``, a line each."""
    return io.StringIO("".join(f"{line}\n" for line in lines))


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
                        "--players", "3", "--workers", workers, "--chunk", "7", "--json")
        assert code == 0, out
        data = json.loads(out)
        assert data["games"] == 60 and len(data["seat_win"]) == 3
        figures.append({key: value for key, value in data.items()})
    assert figures[0] == figures[1]


def test_simulate_counts_a_shared_win_apart_and_rates_add_up_to_one(capsys, dice_race_path):
    """Dice Race ends after its last round with the best total winning, so two seats can tie:
    a shared win is counted apart from the wins, and split between its winners in the rate."""
    code, out = run(capsys, "simulate", str(dice_race_path), "--games", "200", "--seed", "2",
                    "--players", "3", "--json")
    assert code == 0
    data = json.loads(out)
    shared = data["shared_wins"]
    assert shared > 0  # this run has ties, so the rule is exercised
    assert sum(data["won_alone"]) + shared == 200  # every game has a winner here
    assert sum(data["won_shared"]) >= 2 * shared
    assert sum(rate["rate"] for rate in data["seat_win"]) == pytest.approx(1.0)
    for rate in data["seat_win"]:
        assert rate["low"] <= rate["rate"] <= rate["high"] and rate["games"] == 200
    code, out = run(capsys, "simulate", str(dice_race_path), "--games", "200", "--seed", "2", "--players", "3")
    assert f"{shared} shared wins (a shared win counts 1/k to each of its k winners" in out


def test_simulate_prints_the_balance_figures(capsys, dice_race_path):
    code, out = run(capsys, "simulate", str(dice_race_path), "--games", "40", "--players", "2",
                    "--bots", "greedy,random", "--delta", "0.01")
    assert code == 0, out
    assert "bots greedy, random" in out
    for words in ("win rate [95% interval]", "by position in turn order", "Balance (1 - largest win-rate gap)",
                  "(95%, a bootstrap band over the games)", "length in turns: ", "(sd ", "lead changes per game",
                  "lead changes per turn (Ludii's LeadChange)", "actions per second"):
        assert words in out
    # outside 1/2 ± 0.01 at 40 games: a warning only if the interval excludes 50%, else "within noise"
    assert ("WARNING: win rate outside 1/2 ± 0.01" in out) != ("within noise:" in out)
    red = next(line for line in out.splitlines() if line.startswith("Red"))
    assert "of 40" in red and "[" in red
    # each seat's final score: mean, sd and its 5th and 95th percentiles (issue 29, item 5)
    header = next(line for line in out.splitlines() if line.startswith("seat "))
    assert header.split()[-4:] == ["score", "sd", "5%", "95%"]
    mean, sd, p5, p95 = map(float, red.split()[-4:])
    assert p5 <= mean <= p95 and sd >= 0


def test_simulate_writes_csv_and_an_html_report(capsys, dice_race_path, tmp_path):
    code, out = run(capsys, "simulate", str(dice_race_path), "--games", "30", "--players", "2", "--csv",
                    "--report", str(tmp_path / "report"))
    assert code == 0, out
    lines = out.splitlines()
    assert "figure,subject,value,low,high,count" in lines
    assert any(line.startswith("win_rate,Red,") for line in lines)
    assert any(line.startswith("win_rate_by_position,1,") for line in lines)
    page = (tmp_path / "report" / "index.html").read_text(encoding="utf-8")
    assert "<svg" in page and (tmp_path / "report" / "win-rates.png").read_bytes()[:4] == b"\x89PNG"


def test_simulate_resumes_from_its_results_file(capsys, dice_race_path, tmp_path):
    results = tmp_path / "run.jsonl"
    arguments = ["simulate", str(dice_race_path), "--games", "30", "--players", "2", "--seed", "3", "--chunk", "10",
                 "--json", "--resume", str(results)]
    code, first = run(capsys, *arguments)
    assert code == 0 and len(results.read_text().splitlines()) == 31
    code, again = run(capsys, *arguments)
    assert code == 0 and again == first and len(results.read_text().splitlines()) == 31
    code, out = run(capsys, *[a if a != "3" else "4" for a in arguments])
    assert code == 1 and "holds another run" in out


def test_simulate_sets_a_value_caps_games_and_refuses_bad_bots(capsys, dice_race_path):
    code, out = run(capsys, "simulate", str(dice_race_path), "--games", "20", "--players", "2", "--json",
                    "--set", "target=1000", "--set", "rounds=100000", "--max-turns", "6")
    assert code == 0, out
    data = json.loads(out)
    assert data["finished"] == 0 and len(data["capped"]) == 20 and data["capped"][0] == "1:0"
    assert data["overrides"] == [["target", 1000], ["rounds", 100000]]
    code, out = run(capsys, "simulate", str(dice_race_path), "--games", "5", "--bots", "clever")
    assert code == 1 and "unknown bot 'clever'" in out
    code, out = run(capsys, "simulate", str(dice_race_path), "--games", "5", "--players", "2", "--bots", "a,b,c")
    assert code == 1 and "one per seat (2 seats)" in out


def test_simulate_on_a_dask_cluster_gives_the_local_figures(capsys, dice_race_path):
    distributed = pytest.importorskip("distributed", reason="Dask distributed is the optional 'cluster' extra")
    arguments = ["simulate", str(dice_race_path), "--games", "24", "--players", "2", "--seed", "8", "--chunk", "5",
                 "--json"]
    code, local = run(capsys, *arguments)
    assert code == 0
    with distributed.LocalCluster(n_workers=1, processes=False, dashboard_address=None) as cluster:
        code, remote = run(capsys, *arguments, "--scheduler", cluster.scheduler_address)
    assert code == 0, remote
    assert json.loads(remote) == json.loads(local)


def test_sweep_tables_each_variant_and_ranks_what_moved_balance(capsys, dice_race_path):
    code, out = run(capsys, "sweep", str(dice_race_path), "--players", "2", "--games", "40",
                    "--vary", "target=1,60", "--vary", "rounds=3,30")
    assert code == 0, out
    assert "4 variants" in out and "target=1, rounds=3" in out and "target=60, rounds=30" in out
    # each variant's Balance with its bootstrap interval and its length with interval and spread
    assert re.search(r"Balance \d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\];", out)
    assert re.search(r"length in turns [\d.]+ \[[\d.]+, [\d.]+\] \(sd [\d.]+; 5%/50%/95% ", out)
    ranking = out[out.index("what moved Balance most"):].splitlines()[1:3]
    assert sorted(line.split()[1] for line in ranking) == ["rounds", "target"]
    code, out = run(capsys, "sweep", str(dice_race_path), "--players", "2", "--games", "20",
                    "--vary", "target=5,0", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["variants"][0]["figures"]["games"] == 20
    assert data["variants"][1]["figures"] is None and "target" in data["variants"][1]["refused"]
    code, out = run(capsys, "sweep", str(dice_race_path), "--games", "5")
    assert code == 1 and "nothing to vary" in out


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
    assert f"saved {saved}" in out
    assert saved.exists()


def test_a_save_that_fails_says_why_and_the_game_goes_on(capsys, monkeypatch, dice_race_path, tmp_path):
    """A save into a folder that is not there, or onto a folder, ended the whole game with a
    bare "[Errno 2]"; it now says what went wrong and the next save works."""
    (tmp_path / "taken").mkdir()
    saved = tmp_path / "p.json"
    monkeypatch.setattr("sys.stdin", typed("", "", f"s {tmp_path / 'missing' / 'p.json'}", f"s {tmp_path / 'taken'}",
                                           f"s {saved}", "q"))
    code, out = run(capsys, "play", str(dice_race_path), "--players", "2", "--seed", "9")
    assert code == 0
    assert f"not saved: {tmp_path / 'missing' / 'p.json'}: No such file or directory" in out
    assert f"not saved: {tmp_path / 'taken'}: a folder, not a file: choose a file name" in out
    assert f"saved {saved}" in out and saved.exists() and (tmp_path / "taken").is_dir()


def test_a_command_names_the_file_it_could_not_write(capsys, tmp_path):
    """An OSError reads as the file and the system's words ("[Errno 22] ...: '/x'" before)."""
    (tmp_path / "taken").mkdir()
    assert main(["openrpc", "--write", str(tmp_path / "taken")]) == 1
    assert capsys.readouterr().err == f"epoch openrpc: {tmp_path / 'taken'}: a folder, not a file: choose a file name\n"


def test_play_answers_bad_input_with_what_is_expected(capsys, monkeypatch, dice_race_path):
    monkeypatch.setattr("sys.stdin", typed("", "", "hello", "9", "s", "q"))
    code, out = run(capsys, "play", str(dice_race_path), "--players", "2", "--seed", "9")
    assert code == 0
    assert "not understood: 'hello'. Type a number from 1 to 2" in out
    assert "9 is not on the list: choose 1 to 2" in out
    assert "s needs a file name" in out
    assert "\n?\n" not in out


def test_play_shows_the_acting_seats_panel_and_what_each_step_changed(capsys, monkeypatch, dice_race_path):
    monkeypatch.setattr("sys.stdin", typed("", "", "1", "", "q"))
    code, out = run(capsys, "play", str(dice_race_path), "--players", "2", "--seed", "9")
    assert code == 0
    assert "  scores: Red 0 · Blue 0" in out
    # Red's own panel, as Red sees it: its secret bonus card is in its hand.
    assert any(line.startswith("  Red: score 0;") and "hand: " in line and "hidden" not in line
               for line in out.splitlines())
    assert "  Red: roll (turn total 0)\n    Red rolls\n" in out  # the choice, then what it changed
    assert "  chance: rolled" in out


def test_play_shows_no_hand_in_a_game_without_cards(capsys, monkeypatch):
    """After the Flood has no cards in the box: the acting seat's panel names no hand."""
    flood = Path(__file__).parents[2] / "scenarios" / "after-the-flood.json"
    monkeypatch.setattr("sys.stdin", typed("", "", "q"))  # the turn order drawn, then Red's first action
    code, out = run(capsys, "play", str(flood), "--seed", "9")
    red = [line for line in out.splitlines() if line.startswith("  Red: score 0;")]
    assert code == 0 and red and not [line for line in red if "hand" in line]


def test_undo_in_play_goes_back_past_the_bots_moves_to_the_persons_decision(capsys, monkeypatch, dice_race_path):
    """Seat 2 is a bot: after Red holds, Blue moves at once. Undo must return to Red's choice
    rather than to Blue's, which the bot would only take again at once."""
    keys = ["", "", "2", "u", "r", "u", "q"]  # draw both bonus cards, Red holds, undo, redo, undo
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(keys) + "\n"))
    code, out = run(capsys, "play", str(dice_race_path), "--players", "2", "--seed", "9", "--bots", "2")
    assert code == 0
    assert "Blue (bot): " in out
    shown = [line.split("]")[0] for line in out.splitlines() if line.startswith("[step ")]
    assert shown[2] == "[step 2"  # Red to choose
    assert shown[3] != "[step 2"  # Red held, Blue moved, back to Red (or a chance step)
    assert shown[4] == "[step 2"  # undo: Red's choice again
    assert shown[6] == "[step 2"
    assert "nothing to redo" not in out


def test_every_option_of_every_command_says_what_it_does():
    import argparse

    from engine.cli import parser

    missing = []
    pending = [("epoch", parser())]
    while pending:
        name, command = pending.pop()
        for action in command._actions:
            if isinstance(action, argparse._SubParsersAction):
                pending += [(f"{name} {sub}", p) for sub, p in action.choices.items()]
            elif not isinstance(action, argparse._HelpAction) and not action.help:
                missing.append(f"{name} {'/'.join(action.option_strings) or action.dest}")
    assert missing == []


def test_replay_counts_in_words(capsys, dice_race, ruleset, dice_race_path, tmp_path):
    session = Session(dice_race, ruleset, dice_race.seats[:2], dice_race.ruleset.options, 3)
    session.roll()
    path = tmp_path / "p.json"
    save_playtest(session, path, dice_race_path)
    code, out = run(capsys, "replay", str(path))
    assert code == 0, out
    assert "replayed 1 step, 1 state identical; at step 1" in out


def test_bad_input_is_a_message_not_a_traceback(capsys, tmp_path):
    code, out = run(capsys, "info", str(tmp_path / "missing.json"))
    assert code == 1
    assert out.strip() == f"{tmp_path / 'missing.json'}: file not found"


def test_play_can_save_with_the_scenario_embedded(capsys, monkeypatch, dice_race_path, tmp_path):
    saved = tmp_path / "a" / "p.playtest.json"
    saved.parent.mkdir()
    monkeypatch.setattr("sys.stdin", typed("", "", f"s {saved}", "q"))
    code, _ = run(capsys, "play", str(dice_race_path), "--players", "2", "--embed")
    assert code == 0
    assert "embedded" in json.loads(saved.read_text())["scenario"]
    moved = tmp_path / "b.playtest.json"
    moved.write_text(saved.read_text())
    code, out = run(capsys, "replay", str(moved))
    assert code == 0 and "replayed 2 steps, 1 state identical" in out


def test_validate_refuses_a_colour_that_is_not_a_colour(capsys, dice_race_path, tmp_path):
    """Every colour field (seats, regions, card layouts) is a #rrggbb value; anything else would
    be drawn grey without a word."""
    data = json.loads(dice_race_path.read_text())
    data["seats"][0]["colour"] = "blood red"
    data["board"]["regions"][0]["colour"] = "#12345"
    broken = tmp_path / "colours.json"
    broken.write_text(json.dumps(data))
    code, out = run(capsys, "validate", str(broken))
    assert code == 1
    seat, region = data["seats"][0]["id"], data["board"]["regions"][0]["id"]
    assert f"{broken}: seats[{seat}].colour: expected a colour as #rrggbb, found 'blood red'" in out.splitlines()
    assert f"{broken}: board.regions[{region}].colour: expected a colour as #rrggbb, found '#12345'" in out.splitlines()


def test_validate_checks_every_file_whatever_the_one_before_did(capsys, dice_race_path, tmp_path):
    """A FIFO, a device, a folder, a file over the size limit and a missing file each get one
    located line, and the files after them are still checked; a BOM is no problem."""
    import os

    import engine.scenario.io as scenario_io

    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (scenario_io.MAX_FILE_BYTES + 1))
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + dice_race_path.read_bytes())
    long_name = tmp_path / ("n" * 5000)
    files = [fifo, Path("/dev/zero"), tmp_path, huge, long_name, bom]
    code, out = run(capsys, "validate", *map(str, files))
    assert code == 1
    assert out.splitlines() == [
        f"{fifo}: cannot read the file: it is a pipe (FIFO)",
        "/dev/zero: cannot read the file: it is a device",
        f"{tmp_path}: cannot read the file: it is a folder",
        (f"{huge}: cannot read the file: {scenario_io.MAX_FILE_BYTES + 1:,} bytes is more than the "
         f"{scenario_io.MAX_FILE_BYTES:,} a scenario or playtest may have"),
        f"{scenario_io.source_name(long_name)}: cannot read the file: File name too long",
        f"{bom}: ok",
    ]
    assert len(out.splitlines()[4]) < 250  # the 5,000-character path is not dumped


def test_simulate_refuses_counts_below_one(capsys, dice_race_path):
    for games in ("0", "-3"):
        try:
            main(["simulate", str(dice_race_path), "--games", games])
        except SystemExit as exit:
            assert exit.code == 2
        assert "--games: must be 1 to 1,000,000, found" in capsys.readouterr().err


def test_simulate_caps_games_and_never_scores_a_capped_one(capsys, dice_race_path):
    """A game stopped at --max-turns is listed with its seed; wins count finished games only."""
    code, out = run(capsys, "simulate", str(dice_race_path), "--games", "40", "--players", "2",
                    "--max-turns", "3", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["max_turns"] == 3
    assert 0 < len(data["capped"]) < 40
    assert data["finished"] + len(data["capped"]) == 40
    assert sum(rate["wins"] for rate in data["seat_win"]) == pytest.approx(data["finished"])
    assert all(rate["games"] == data["finished"] for rate in data["seat_win"])
    code, text = run(capsys, "simulate", str(dice_race_path), "--games", "40", "--players", "2", "--max-turns", "3")
    assert f"{len(data['capped'])} capped by the simulation (not scored)" in text
    assert "capped games (replay with their seed): " + ", ".join(data["capped"][:20]) in text


def test_simulate_set_overrides_a_value_checked_like_the_file(capsys, dice_race_path):
    code, base = run(capsys, "simulate", str(dice_race_path), "--games", "30", "--players", "2", "--json")
    code, longer = run(capsys, "simulate", str(dice_race_path), "--games", "30", "--players", "2", "--json",
                       "--set", "target=40")
    assert code == 0
    assert json.loads(longer)["actions"]["mean"] > json.loads(base)["actions"]["mean"]
    code, out = run(capsys, "simulate", str(dice_race_path), "--set", "ruleset.options.target=\"far\"",
                    "--set", "board.spaces[nowhere].name=x", "--set", "board.width=0")
    assert code == 1
    assert out.splitlines() == [
        (f"{dice_race_path}: --set board.spaces[nowhere].name: no item 'nowhere' in that list "
         "(items are named by id or number)"),
    ]
    code, out = run(capsys, "simulate", str(dice_race_path), "--set", "target=\"far\"", "--set", "board.width=0")
    assert code == 1
    assert out.splitlines() == [
        f"{dice_race_path}: ruleset.options.target: expected a whole number, found text 'far'",
        f"{dice_race_path}: board.width: must be at least 1, found 0",
    ]


def test_play_ends_with_the_scores_and_who_won(capsys, monkeypatch, dice_race_path):
    """Both seats bots, Enter rolls every die: the game reaches its end, which names its winner."""
    monkeypatch.setattr("sys.stdin", typed(*[""] * 400, "q"))
    code, out = run(capsys, "play", str(dice_race_path), "--players", "2", "--seed", "9", "--bots", "1,2")
    over = [line for line in out.splitlines() if line.startswith("game over: ")]
    assert code == 0 and over
    assert over[-1].endswith((" wins", " share the win"))


@pytest.mark.parametrize("seed", [SEED_MIN, SEED_MAX, 1999144621])
def test_a_playtest_saved_by_play_at_either_end_of_the_seed_bound_replays(capsys, monkeypatch, dice_race_path,
                                                                          tmp_path, seed):
    """Issue 25: `epoch play --seed 1999144621` saved files its own replay refused; every seed
    play takes now saves a playtest that reopens."""
    saved = tmp_path / "p.playtest.json"
    monkeypatch.setattr("sys.stdin", typed("", "", "1", f"s {saved}", "q"))
    code, _ = run(capsys, "play", str(dice_race_path), "--players", "2", "--seed", str(seed))
    assert code == 0
    code, out = run(capsys, "replay", str(saved))
    assert code == 0, out


@pytest.mark.parametrize("command", ["play", "playthrough", "simulate"])
@pytest.mark.parametrize("players", ["1", "99"])
def test_every_command_that_plays_refuses_a_seat_count_the_game_cannot_seat(capsys, command, players):
    """`epoch playthrough --players 1` failed with a traceback and `epoch play --players 99`
    quietly played two: the one check of --players is the ruleset's and the scenario's seats."""
    scenario = str(Path(__file__).parents[2] / "scenarios" / "antike-duellum-carthage-rome.json")
    code, out = run(capsys, command, scenario, "--players", players)
    assert code == 1
    assert f"Antike Duellum in this scenario takes 2 to 2 players, not {players}" in out


@pytest.mark.parametrize(("command", "argument"), [("play", "--players"), ("playthrough", "--players"),
                                                   ("playthrough", "--steps")])
def test_counts_below_one_are_refused_before_anything_runs(capsys, command, argument):
    with pytest.raises(SystemExit):
        main([command, "x.json", argument, "0"])
    assert "must be 1 or more, found 0" in capsys.readouterr().err


def test_simulate_caps_a_never_ending_game_by_default(capsys, dice_race_path):
    """Without --max-turns a game that would run for ever is stopped at the default cap and
    reported with its seed; the run still gives its figures (issue 29, item 8)."""
    from engine.balance import MAX_TURNS

    code, out = run(capsys, "simulate", str(dice_race_path), "--games", "2", "--players", "2", "--json",
                    "--set", "target=1000000", "--set", "rounds=1000000")
    assert code == 0, out
    data = json.loads(out)
    assert data["max_turns"] == MAX_TURNS and data["capped"] == ["1:0", "1:1"] and data["finished"] == 0


def test_ctrl_c_keeps_the_finished_games_says_how_to_resume_and_the_file_is_summarised_alone(
        capsys, dice_race_path, tmp_path, monkeypatch):
    from engine.balance import run as balance_run

    results = tmp_path / "run.jsonl"
    arguments = ["simulate", str(dice_race_path), "--games", "30", "--players", "2", "--chunk", "10",
                 "--chunk-seconds", "0", "--resume", str(results)]
    real, calls = balance_run.play_chunk, []

    def interrupted(plan, indexes):
        if calls:
            raise KeyboardInterrupt  # Ctrl-C during the second chunk
        calls.append(indexes)
        return real(plan, indexes)

    monkeypatch.setattr(balance_run, "play_chunk", interrupted)
    code, out = run(capsys, *arguments)
    assert code == 130 and "Traceback" not in out
    assert f"kept in {results}; run the same command again" in out and f"epoch summarise {results}" in out
    code, out = run(capsys, "summarise", str(results))
    assert code == 0 and out.startswith(f"10 of 30 games of Dice Race (from {results}), 2 players, seed 1")
    code, out = run(capsys, "summarise", str(results), "--json")
    assert json.loads(out)["games"] == 10
    if importlib.util.find_spec("matplotlib"):  # the stopped run's report, as simulate --report writes one
        code, out = run(capsys, "summarise", str(results), "--report", str(tmp_path / "report"))
        page = (tmp_path / "report" / "index.html").read_text(encoding="utf-8")
        assert code == 0 and "<th>games</th><td>10 of 30</td>" in page and "10 games: 10 finished" in page
    monkeypatch.setattr(balance_run, "play_chunk", real)
    code, out = run(capsys, *arguments)
    assert code == 0 and "over the 20 games played now" in out and f"10 games read from {results}" in out
    code, out = run(capsys, *arguments)
    assert code == 0 and f"no game played now; 30 games read from {results}" in out
    monkeypatch.setattr(balance_run, "play_chunk", lambda plan, indexes: (_ for _ in ()).throw(KeyboardInterrupt))
    code, out = run(capsys, "simulate", str(dice_race_path), "--games", "5", "--players", "2")
    assert code == 130 and "no game was kept; add --resume FILE" in out


def test_summarise_refuses_a_file_that_is_no_run(capsys, tmp_path):
    other = tmp_path / "other.jsonl"
    for text in ('{"kind": "something else"}', "[" * 100_000 + "]" * 100_000, '{"kind": ' + "9" * 5000 + "}"):
        other.write_text(text + "\n", encoding="utf-8")
        code, out = run(capsys, "summarise", str(other))
        assert code == 1 and "is not the results file of an epoch simulate run" in out, text[:20]


def test_simulate_rotates_the_bots_and_reports_each_pooled(capsys, dice_race_path):
    code, out = run(capsys, "simulate", str(dice_race_path), "--games", "5", "--players", "2",
                    "--bots", "random,greedy", "--rotate")
    assert code == 0, out
    assert out.startswith("10 games (5 seeds, each once per rotation of the bots over the seats) of Dice Race")
    assert "by bot (pooled over the seats it sat in; fair share 1/n):" in out
    code, out = run(capsys, "simulate", str(dice_race_path), "--games", "5", "--players", "2",
                    "--bots", "random,greedy", "--rotate", "--json")
    data = json.loads(out)
    assert data["rotate"] and data["games"] == 10 and data["bots"] == ["random", "greedy"]
    assert {name: rate["games"] for name, rate in data["by_bot"].items()} == {"random": 10, "greedy": 10}


def test_sweep_writes_csv_and_an_html_report(capsys, dice_race_path, tmp_path):
    pytest.importorskip("matplotlib")
    code, out = run(capsys, "sweep", str(dice_race_path), "--players", "2", "--games", "20", "--vary", "target=1,40,$9",
                    "--csv", "--report", str(tmp_path / "report"))
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0] == "variant,label,figure,subject,value,low,high,count"
    assert any(line.startswith("0,target=1,win_rate,Red,") for line in lines)
    assert any(line.startswith("2,") and ",refused," in line for line in lines)  # "$9" is no number
    ranking = [line for line in lines if line.startswith(",,balance_difference")]
    assert len(ranking) == 1 and ",target," in ranking[0] and ranking[0].endswith(",20")  # paired on 20 seeds
    page = (tmp_path / "report" / "index.html").read_text(encoding="utf-8")
    assert "<th>seed</th><td>1</td>" in page and "<svg" in page and "what moved Balance most" in page


def test_summarise_names_the_line_that_is_no_game(capsys, tmp_path):
    plan = {"scenario": "x.json", "players": 2, "seed": 1, "games": 3, "bots": ["random", "random"],
            "max_turns": None, "overrides": []}
    broken = tmp_path / "broken.jsonl"
    broken.write_text(json.dumps({"kind": "epoch-balance-run", "plan": plan}) + '\n[1, 2]\n', encoding="utf-8")
    code, out = run(capsys, "summarise", str(broken))
    assert code == 1 and f"{broken}, line 2: not a game of an epoch simulate run" in out and "Traceback" not in out


@pytest.mark.parametrize("seconds", ["-1", "nan", "inf", "soon"])
def test_chunk_seconds_must_be_a_finite_number_of_seconds(capsys, dice_race_path, seconds):
    with pytest.raises(SystemExit) as exit:
        main(["simulate", str(dice_race_path), "--chunk-seconds", seconds])
    assert exit.value.code == 2 and "--chunk-seconds" in capsys.readouterr().err


@pytest.mark.parametrize(("flag", "value", "said"), [
    ("--ws", "99999", "must be 0 to 65,535, found 99,999"),  # bind() raised OverflowError, a traceback
    ("--web", "-5", "must be 0 to 65,535, found -5"),
    ("--idle", "0", "must be a finite number above 0, found 0"),  # every connection closed at once
    ("--idle", "nan", "must be a finite number above 0, found nan"),  # none ever
])
def test_serve_refuses_a_port_or_idle_time_out_of_bounds(capsys, flag, value, said):
    with pytest.raises(SystemExit) as exit:
        main(["serve", flag, value])
    assert exit.value.code == 2 and f"argument {flag}: {said}" in capsys.readouterr().err


@pytest.mark.parametrize(("command", "flag", "value", "said"), [
    ("simulate", "--workers", "100000", "must be 1 to 64, found 100,000"),  # a process each, had it been taken
    ("sweep", "--workers", "0", "must be 1 to 64, found 0"),
    ("simulate", "--delta", "nan", "must be between 0 and 1, found nan"),  # every rate would sit 'within' it
    ("simulate", "--delta", "-0.1", "must be between 0 and 1, found -0.1"),
    ("summarise", "--delta", "inf", "must be between 0 and 1, found inf"),
    ("sweep", "--provisional", "0", "must be a finite number above 0, found 0"),  # it varied by 1 unasked
    ("sweep", "--provisional", "inf", "must be a finite number above 0, found inf"),
])
def test_workers_and_delta_are_refused_beyond_their_bounds(capsys, dice_race_path, command, flag, value, said):
    with pytest.raises(SystemExit) as exit:
        main([command, str(dice_race_path), flag, value])
    assert exit.value.code == 2 and f"argument {flag}: {said}" in capsys.readouterr().err


@pytest.mark.parametrize(("flag", "value", "said"), [
    ("--bots", "search:999999999999,random", "a search takes 1 to 4,096 iterations and a depth of 0 to 64"),
    ("--bots", "search:8:100000,random", "a search takes 1 to 4,096 iterations and a depth of 0 to 64"),
    ("--bots", "search:0,random", "a search takes 1 to 4,096 iterations"),
    ("--set", "meta.title=" + "[" * 100_000, "meta.title: text of 100,000 characters (at most 10,000)"),
    ("--set", "a" * 100_000 + "=1", "characters cut"),
])
def test_a_command_lines_enormous_or_endless_values_are_refused_in_a_short_line(capsys, dice_race_path, flag, value,
                                                                              said):
    """A search budget of a trillion iterations ran for days; a --set of 100,000 brackets overflowed
    the JSON reader's stack and was then printed whole as the title; a 100,000-letter path was
    quoted whole. Each is refused at once, in a bounded message."""
    code, out = run(capsys, "simulate", str(dice_race_path), "--games", "1", "--players", "2", flag, value)
    assert code == 1 and said in out and len(out) < 2000, out[:300]


def test_a_sweep_of_too_many_variants_or_of_only_refused_ones_says_so(capsys, dice_race_path):
    """10,000 values of one path were all played, one variant after another; a sweep whose every
    variant the scenario refused exited 0 as if measured, and said "1 games each"."""
    code, out = run(capsys, "sweep", str(dice_race_path), "--games", "1", "--players", "2",
                    "--vary", "board.width=" + ",".join(str(n) for n in range(1, MOST_VARIANTS + 2)))
    assert code == 1 and f"{MOST_VARIANTS + 1} variants: a sweep plays at most {MOST_VARIANTS}" in out
    code, out = run(capsys, "sweep", str(dice_race_path), "--games", "1", "--players", "2", "--vary", "nothing=1,2")
    assert code == 1 and "1 game each" in out and "refused: nothing: unknown field" in out
    assert "every variant was refused by the scenario" in out


def test_a_report_folder_that_cannot_be_made_is_refused_before_any_game_is_played(capsys, dice_race_path, tmp_path):
    """--report naming a file was found out after every game was played, and the run ended on
    "[Errno 17] File exists" with its figures lost."""
    taken = tmp_path / "report.html"
    taken.write_text("mine", encoding="utf-8")
    code, out = run(capsys, "simulate", str(dice_race_path), "--games", "3", "--players", "2", "--report", str(taken))
    assert code == 1 and out.strip() == f"epoch simulate: --report {taken}: something other than a folder is there; " \
                                        "name a folder"
    assert taken.read_text(encoding="utf-8") == "mine"
