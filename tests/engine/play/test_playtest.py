"""Playtest files: save, reopen and replay give identical states; broken files say where."""

from __future__ import annotations

import json

import pytest

from engine.bots import BOTS
from engine.play.playtest import check_replay, open_playtest, save_playtest
from engine.play.session import Session
from engine.scenario.problems import LONGEST_MESSAGE, ScenarioError


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
    assert check_replay(reopened, digests) == []
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
    assert check_replay(reopened, digests) == []
    assert [step.draw for step in reopened.steps] == [step.draw for step in session.steps]
    saved["steps"][-1]["draw"] = "two"
    path.write_text(json.dumps(saved))
    with pytest.raises(ScenarioError) as error:
        open_playtest(path)
    assert f"{path}: steps[{len(saved['steps']) - 1}].draw: expected a whole number, found text 'two'" in error.value.lines()


def test_a_tampered_playtest_fails_its_digest_check(played, dice_race_path, tmp_path):
    path = tmp_path / "game.playtest.json"
    save_playtest(played, path, dice_race_path)
    data = json.loads(path.read_text())
    key = next(iter(data["digests"]))
    data["digests"][key] = "0" * 64
    path.write_text(json.dumps(data))
    session, _, digests = open_playtest(path)
    assert [str(p) for p in check_replay(session, digests)] == [
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


def test_a_recorded_move_holding_a_strangers_long_text_is_told_in_a_bounded_line(played, dice_race_path, tmp_path):
    """An outcome of 100,000 letters was quoted whole in the problem (Antike Duellum's "unit" field
    did the same): every problem's message is cut to LONGEST_MESSAGE, keeping both ends."""
    path = tmp_path / "game.playtest.json"
    save_playtest(played, path, dice_race_path)
    data = json.loads(path.read_text())
    data["steps"][2]["move"] = {"outcome": "x" * 100_000, "label": ""}
    path.write_text(json.dumps(data))
    with pytest.raises(ScenarioError) as error:
        open_playtest(path)
    [line] = error.value.lines()
    assert line.startswith(f"{path}: steps[2].move: xxx") and line.endswith("of Blue draws a bonus card")
    assert len(line) < LONGEST_MESSAGE + 100 + len(str(path)) and "characters cut" in line


def test_a_missing_scenario_is_reported_not_raised(played, dice_race_path, tmp_path):
    path = tmp_path / "game.playtest.json"
    save_playtest(played, path, dice_race_path)
    data = json.loads(path.read_text())
    data["scenario"]["path"] = "gone.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ScenarioError) as error:
        open_playtest(path)
    assert error.value.lines() == [
        (f"{path}: scenario.path: the scenario gone.json is missing: it is not at {tmp_path / 'gone.json'}, nor "
        f"beside the playtest in {tmp_path} (no scenario there has the digest it was saved with)")]


def test_a_playtest_sent_to_another_folder_finds_its_scenario_beside_it_by_digest(played, dice_race_path, tmp_path):
    """A co-designer receives the playtest and the scenario in one folder: the relative path
    saved with it no longer leads anywhere, the digest still recognises the scenario."""
    (tmp_path / "home" / "playtests").mkdir(parents=True)
    (tmp_path / "home" / "race.json").write_text(dice_race_path.read_text())
    path = tmp_path / "home" / "playtests" / "game.playtest.json"
    save_playtest(played, path, tmp_path / "home" / "race.json")
    assert json.loads(path.read_text())["scenario"]["path"] == "../race.json"
    received = tmp_path / "received"
    received.mkdir()
    (received / "game.playtest.json").write_text(path.read_text())
    (received / "other.json").write_text("{}")  # not every file beside it is the scenario
    (received / "the race.json").write_text(dice_race_path.read_text())
    session, scenario_path, digests = open_playtest(received / "game.playtest.json")
    assert scenario_path == received / "the race.json"
    assert check_replay(session, digests) == [] and session.current == played.current
    # A changed copy is not the scenario the playtest was played on.
    (received / "the race.json").write_text(dice_race_path.read_text().replace('"Red"', '"Crimson"', 1))
    with pytest.raises(ScenarioError, match="no scenario there has the digest"):
        open_playtest(received / "game.playtest.json")


def test_a_playtest_with_its_scenario_embedded_opens_anywhere(played, tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    save_playtest(played, tmp_path / "a" / "game.playtest.json", None)
    (tmp_path / "b" / "game.playtest.json").write_text((tmp_path / "a" / "game.playtest.json").read_text())
    session, scenario_path, digests = open_playtest(tmp_path / "b" / "game.playtest.json")
    assert scenario_path is None and check_replay(session, digests) == []


def test_a_file_that_is_not_a_playtest(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('{"format_version": 2}')
    with pytest.raises(ScenarioError, match="not an Epoch Studio playtest file"):
        open_playtest(path)


def saved(played, dice_race_path, tmp_path, change) -> tuple:
    path = tmp_path / "game.playtest.json"
    save_playtest(played, path, dice_race_path)
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    return path, data


def problems_opening(path) -> list[str]:
    with pytest.raises(ScenarioError) as error:
        open_playtest(path)
    return [str(problem) for problem in error.value.problems]


def test_a_playtest_is_checked_like_a_scenario(played, dice_race_path, tmp_path):
    """The file's shape first (cattrs on its attrs classes: every problem of it at once), then
    options through the ruleset's options type and bounds, seats against the scenario's,
    controllers: every problem located, nothing raised."""
    def break_it(data):
        data["options"] = {"target": 0, "rounds": "many", "speed": 3}
        data["seats"][1]["id"] = "purple"
        data["seats"][2]["controller"] = "skynet"
        data["digests"]["²"] = "0" * 64

    path, _ = saved(played, dice_race_path, tmp_path, lambda data: break_it(data) or data["steps"][3].update(
        forced="yes"))
    assert problems_opening(path) == ["steps[3].forced: expected true or false, found text 'yes'",
                                      "digests[²]: is not a step number"]
    path, _ = saved(played, dice_race_path, tmp_path, lambda data: break_it(data) or data["digests"].pop("²"))
    assert problems_opening(path) == [
        "seats[1].id: 'purple' is not one of the scenario's seats (red, blue, green, yellow)",
        "seats[2].controller: expected one of human, greedy, random, search",
        "options.rounds: expected a whole number, found text 'many'",
        "options.speed: unknown field",
    ]
    for not_a_name, found in ((["random"], "a list"), ({"bot": "random"}, "an object"), (3, "number 3"),
                              (None, "null")):  # the long fuzz run found a list raising
        path, data = saved(played, dice_race_path, tmp_path,
                           lambda data, c=not_a_name: data["seats"][0].update(controller=c))
        assert problems_opening(path) == [f"seats[{data['seats'][0]['id']}].controller: expected text, found {found}"]
    path, _ = saved(played, dice_race_path, tmp_path, lambda data: data.update(options={"target": 0}))
    assert problems_opening(path) == ["options.target: must be at least 1, found 0"]
    path, _ = saved(played, dice_race_path, tmp_path, lambda data: data.update(extra=1, seed="7"))
    assert problems_opening(path) == ["seed: expected a whole number, found text '7'", "extra: unknown field"]


def test_the_scenario_is_a_path_or_a_copy_never_both(played, dice_race_path, tmp_path):
    path, _ = saved(played, dice_race_path, tmp_path, lambda data: data["scenario"].update(embedded={}))
    assert problems_opening(path) == ["scenario: needs either a 'path' or an 'embedded' scenario, not both"]
    path, _ = saved(played, dice_race_path, tmp_path, lambda data: data.update(scenario={}))
    assert problems_opening(path) == ["scenario: needs a 'path' or an 'embedded' scenario"]


def test_empty_or_rootless_steps_are_located(played, dice_race_path, tmp_path):
    path, _ = saved(played, dice_race_path, tmp_path, lambda data: data.update(steps=[]))
    assert problems_opening(path) == ["steps: needs at least the first step (the game's start)"]
    path, _ = saved(played, dice_race_path, tmp_path, lambda data: data["steps"][0].update(parent=0))
    assert problems_opening(path) == ["steps[0]: the first step is the game's start: no parent, no move"]
    path, _ = saved(played, dice_race_path, tmp_path, lambda data: data["steps"][4].update(note="\ud800"))
    assert problems_opening(path) == ["steps[4].note: text holds a lone surrogate (U+D800) at position 0"]


def test_a_changed_seed_is_found_by_rerolling(played, dice_race_path, tmp_path):
    """The rolled (not forced) chance steps are rolled again from the seed."""
    path, data = saved(played, dice_race_path, tmp_path, lambda data: data.update(seed=data["seed"] + 1))
    session, _, recorded = open_playtest(path)
    problems = [str(p) for p in check_replay(session, recorded)]
    rolled = [p for p in problems if "the seed or this step was changed" in p]
    assert rolled and all(p.startswith("steps[") and f"the seed {data['seed']} rolls" in p for p in rolled)


def test_a_leaf_deleted_with_its_digest_is_missed(played, dice_race_path, tmp_path):
    def cut(data):
        last = len(data["steps"]) - 1
        del data["steps"][last]
        data["digests"].pop(str(last))
        data["current"] = min(data["current"], last - 1)

    path, _ = saved(played, dice_race_path, tmp_path, cut)
    session, _, recorded = open_playtest(path)
    parent = played.steps[-1].parent
    assert f"steps[{parent}]: a leaf without a recorded digest: a step after it is missing" in [
        str(p) for p in check_replay(session, recorded)]


def test_a_changed_scenario_and_missing_digests_are_reported(played, dice_race_path, tmp_path):
    copy = tmp_path / "dice-race.json"
    copy.write_text(dice_race_path.read_text())
    path = tmp_path / "game.playtest.json"
    save_playtest(played, path, copy)
    data = json.loads(path.read_text())
    data["digests"] = {}
    path.write_text(json.dumps(data))
    edited = json.loads(copy.read_text())
    edited["meta"]["title"] = "Dice Race, edited"
    copy.write_text(json.dumps(edited))
    session, _, recorded = open_playtest(path)
    assert [str(p) for p in check_replay(session, recorded)] == [
        "digests: no recorded digests to check",
        "scenario: the scenario differs from the one the playtest was played on",
    ]
