"""The playtest file's published schema: generated from the attrs classes cattrs reads the
file with, right about every playtest the engine writes or wrote, and wrong files fail both
the schema and the reader alike."""

from __future__ import annotations

import json
import random
from pathlib import Path

import jsonschema
import pytest
from tiny_ruleset import DICE_RACE

from engine.bots import BOTS
from engine.cli import main
from engine.core.decision import Chance
from engine.core.randomness import SEED_MAX, SEED_MIN
from engine.play.playtest import check_replay, open_playtest, playtest_to_data
from engine.play.playtest_file import playtest_schema, playtest_schema_files
from engine.play.session import Session
from engine.rulesets.registry import get_ruleset, rulesets
from engine.scenario.io import load_scenario
from engine.scenario.problems import ScenarioError
from engine.scenario.schema import scenario_schema

ROOT = Path(__file__).resolve().parents[3]
RECORDED = sorted((ROOT / "tests" / "data" / "playtests").glob("*.playtest.json"))
SCENARIOS = sorted((ROOT / "scenarios").glob("*.json"))


def shipped():
    return [r for r in rulesets() if type(r).__module__.startswith("engine.rulesets.")]


def validator(rulesets) -> jsonschema.Draft202012Validator:
    schema = playtest_schema(rulesets)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def played(path: Path, steps: int = 40) -> Session:
    """A seeded game of the scenario with what a designer leaves in a playtest: bots and a
    person, a forced outcome, a draw taken again, a branch, a note and a bookmark."""
    scenario = load_scenario(path, get_ruleset)
    ruleset = get_ruleset(scenario.ruleset.id)
    players = ruleset.min_players
    controllers = ["human", *(["greedy", "random"] * players)[:players - 1]]
    session = Session(scenario, ruleset, scenario.seats[:players], scenario.ruleset.options, 7, controllers, BOTS)
    rng = random.Random(1)
    for _ in range(steps):
        decision = session.decision()
        if isinstance(decision, Chance) and not any(step.forced for step in session.steps):
            session.play(decision.outcomes[rng.randrange(len(decision.outcomes))], forced=True)
        elif decision.__class__.__name__ != "End":
            session.bot_step(again=session.current == steps // 2)
    session.steps[3].note = "a note"
    session.bookmarks["early"] = 5
    session.goto(steps // 4)
    for _ in range(6):
        if session.decision().__class__.__name__ != "End":
            session.bot_step(again=True)
    return session


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_a_playtest_of_every_shipped_scenario_validates_by_path_and_embedded(path, tmp_path):
    session = played(path)
    for reference in (path, None):
        data = json.loads(json.dumps(playtest_to_data(session, tmp_path / "game.playtest.json", reference)))
        assert len(data["steps"]) > 40 and any(step["forced"] for step in data["steps"])
        assert list(validator(shipped()).iter_errors(data)) == []
        own = [r for r in shipped() if r.id == data["ruleset"]]
        assert list(validator(own).iter_errors(data)) == []
    embedded = data["scenario"]["embedded"]
    assert list(jsonschema.Draft202012Validator(scenario_schema(own)).iter_errors(embedded)) == []


@pytest.mark.parametrize("path", RECORDED, ids=lambda p: p.stem)
def test_every_recorded_playtest_opens_replays_and_validates(path):
    """Files as the engine wrote them, one in the shape of the first session's files (no
    draw per step, no scenario digest): each still opens and replays exactly."""
    session, _, recorded = open_playtest(path)
    assert check_replay(session, recorded) == []
    data = json.loads(path.read_text(encoding="utf-8"))
    assert list(validator([DICE_RACE]).iter_errors(data)) == []


def _recorded() -> dict:
    return json.loads((ROOT / "tests" / "data" / "playtests" / "dice-race.playtest.json").read_text(encoding="utf-8"))


BAD = {  # each breaks the file one way; the reader's first problem names where
    "an unknown key": (lambda d: d.update(colour="red"), "colour"),
    "a step with an unknown key": (lambda d: d["steps"][2].update(undo=True), "steps[2].undo"),
    "text where a whole number belongs": (lambda d: d.update(seed="seven"), "seed"),
    "a forced flag that is text": (lambda d: d["steps"][3].update(forced="yes"), "steps[3].forced"),
    "a draw that is negative": (lambda d: d["steps"][3].update(draw=-1), "steps[3].draw"),
    "a seat without a name": (lambda d: d["seats"][0].pop("name"), "seats[red].name"),
    "a controller that is not text": (lambda d: d["seats"][0].update(controller=["random"]), "seats[red].controller"),
    "a missing seed": (lambda d: d.pop("seed"), "seed"),
    "a seed beyond the declared bound": (lambda d: d.update(seed=SEED_MAX + 1), "seed"),
    "a seed below the declared bound": (lambda d: d.update(seed=SEED_MIN - 1), "seed"),
    "the scenario both as a path and embedded": (lambda d: d["scenario"].update(embedded={}), "scenario"),
    "no scenario at all": (lambda d: d.update(scenario={}), "scenario"),
    "an action of no kind the game has": (lambda d: d["steps"][4].update(move={"action": "Fly"}), "steps[4].move"),
    "an action with a field it does not have": (lambda d: d["steps"][4]["move"].update(times=2), "steps[4].move"),
    "a chance outcome with an action's keys": (lambda d: d["steps"][1]["move"].update(action="Roll"),
                                               "steps[1].move"),
    "an unknown option": (lambda d: d["options"].update(house_rule=True), "options.house_rule"),
    "another file kind": (lambda d: d.update(kind="epoch-scenario"), ""),
    "a later format version": (lambda d: d.update(format_version=99), "format_version"),
    "a digest that is not text": (lambda d: d["digests"].update({"3": 5}), "digests[3]"),
}


@pytest.mark.parametrize(("mutate", "where"), BAD.values(), ids=BAD.keys())
def test_known_bad_playtests_fail_the_schema_and_the_reader(mutate, where, tmp_path):
    data = _recorded()
    mutate(data)
    assert list(validator([DICE_RACE]).iter_errors(data)) != []
    (tmp_path / "dice-race.json").write_text((ROOT / "tests" / "data" / "dice-race.json").read_text(encoding="utf-8"))
    (tmp_path / "playtests").mkdir()
    path = tmp_path / "playtests" / "bad.playtest.json"  # its scenario is ../dice-race.json, as recorded
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ScenarioError) as error:
        open_playtest(path)
    assert error.value.problems[0].path == where, error.value.problems


def test_moves_are_the_rulesets_own_tagged_by_action():
    schema = playtest_schema([DICE_RACE])
    moves = schema["allOf"][0]["then"]["properties"]["steps"]["items"]["properties"]["move"]["anyOf"]
    tags = [move["properties"].get("action", {}).get("const") for move in moves[1:]]
    assert tags == [None, *(action.type_tag() for action in DICE_RACE.action_types)]
    step = schema["$defs"]["play.playtest_file.StepRecord"]["properties"]
    assert step["forced"]["title"] == "Forced" and step["draw"]["minimum"] == 0


def test_epoch_schema_prints_the_playtest_schema_and_writes_both(capsys, tmp_path):
    assert main(["schema", "--playtest", "--ruleset", "antike-duellum"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["title"] == "Epoch Studio playtest (Antike Duellum)"
    assert main(["schema", "--write", str(tmp_path)]) == 0
    written = sorted(path.name for path in tmp_path.iterdir())
    assert set(playtest_schema_files(shipped())) <= set(written) and "scenario.schema.json" in written
