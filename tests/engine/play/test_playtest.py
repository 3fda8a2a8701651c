"""Playtest files: save, reopen and replay give identical states; broken files say where."""

from __future__ import annotations

import json

import pytest

from engine.bots import BOTS
from engine.play.playtest import open_playtest, save_playtest, verify_digests
from engine.play.session import Session
from engine.scenario.problems import ScenarioError


@pytest.fixture
def played(dice_race, ruleset) -> Session:
    session = Session(dice_race, ruleset, dice_race.seats[:3], dice_race.ruleset.options, 5, ["random"] * 3, BOTS)
    while session.is_bot_turn():
        session.bot_step()
    assert session.current > 20
    session.goto(15)
    decision = session.decision()
    moves = getattr(decision, "actions", None) or decision.outcomes
    session.play(next(m for m in moves if m not in {s.move for s in session.branches(15)}))
    for _ in range(5):
        if session.is_bot_turn():
            session.bot_step()
    session.bookmark("fork")
    session.set_note("a branch from step 15", 15)
    return session


@pytest.mark.parametrize("embed", [False, True])
def test_save_open_and_replay_give_identical_states(played, dice_race_path, tmp_path, embed):
    path = tmp_path / "game.playtest.json"
    save_playtest(played, path, None if embed else dice_race_path)
    reopened, scenario_path, digests = open_playtest(path)
    assert (scenario_path is None) == embed
    assert verify_digests(reopened, digests) == []
    assert reopened.current == played.current
    assert reopened.bookmarks == played.bookmarks
    assert reopened.steps[15].note == "a branch from step 15"
    assert [s.move for s in reopened.steps] == [s.move for s in played.steps]
    for step in range(len(played.steps)):
        played.goto(step)
        reopened.goto(step)
        assert reopened.state == played.state


def test_fresh_draws_are_kept_in_the_file_and_replay_exactly(dice_race, ruleset, dice_race_path, tmp_path):
    session = Session(dice_race, ruleset, dice_race.seats[:2], dice_race.ruleset.options, 5, ["random", "random"], BOTS)
    for _ in range(6):
        session.bot_step()
    here = session.current
    for _ in range(3):
        session.goto(here)
        session.bot_step(again=True)
    path = tmp_path / "p.playtest.json"
    save_playtest(session, path, dice_race_path)
    saved = json.loads(path.read_text())
    assert [step["draw"] for step in saved["steps"]] == [step.draw for step in session.steps]
    assert max(step["draw"] for step in saved["steps"]) >= 1
    reopened, _, digests = open_playtest(path)
    assert verify_digests(reopened, digests) == []
    assert [step.draw for step in reopened.steps] == [step.draw for step in session.steps]
    saved["steps"][-1]["draw"] = "two"
    path.write_text(json.dumps(saved))
    with pytest.raises(ScenarioError) as error:
        open_playtest(path)
    assert f"{path}: steps[{len(saved['steps']) - 1}].draw: expected a whole number from 0, found 'two'" in error.value.lines()


def test_a_tampered_playtest_fails_its_digest_check(played, dice_race_path, tmp_path):
    path = tmp_path / "game.playtest.json"
    save_playtest(played, path, dice_race_path)
    data = json.loads(path.read_text())
    key = next(iter(data["digests"]))
    data["digests"][key] = "0" * 64
    path.write_text(json.dumps(data))
    session, _, digests = open_playtest(path)
    assert [str(p) for p in verify_digests(session, digests)] == [
        f"digests[{key}]: the replayed state differs from the recorded one"
    ]


def test_an_illegal_recorded_move_is_located(played, dice_race_path, tmp_path):
    path = tmp_path / "game.playtest.json"
    save_playtest(played, path, dice_race_path)
    data = json.loads(path.read_text())
    data["steps"][2]["move"] = {"outcome": "no-such-card", "label": ""}
    data["steps"][5]["move"] = {"action": "Teleport"}
    path.write_text(json.dumps(data))
    with pytest.raises(ScenarioError) as error:
        open_playtest(path)
    assert error.value.lines() == [
        f"{path}: steps[2].move: no-such-card is not a possible outcome of Blue draws a bonus card"
    ]


def test_a_missing_scenario_is_reported_not_raised(played, dice_race_path, tmp_path):
    path = tmp_path / "game.playtest.json"
    save_playtest(played, path, dice_race_path)
    data = json.loads(path.read_text())
    data["scenario"]["path"] = "gone.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ScenarioError, match="gone.json: file not found"):
        open_playtest(path)


def test_a_file_that_is_not_a_playtest(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('{"format_version": 2}')
    with pytest.raises(ScenarioError, match="not an Epoch Studio playtest file"):
        open_playtest(path)
