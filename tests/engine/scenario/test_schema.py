"""The published JSON Schema: generated from the model, current, and right about files."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import pytest
from tiny_ruleset import DICE_RACE

from engine.cli import main
from engine.play.playtest_file import playtest_schema_files
from engine.rulesets.registry import rulesets
from engine.scenario.schema import scenario_schema, schema_files, schema_text

ROOT = Path(__file__).resolve().parents[3]
SCHEMA_DIR = ROOT / "docs" / "schema"
SCENARIOS = sorted((ROOT / "scenarios").glob("*.json"))


def shipped():
    return [r for r in rulesets() if type(r).__module__.startswith("engine.rulesets.")]


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    schema = scenario_schema(shipped())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_checked_in_schemas_are_current():
    files = {**schema_files(shipped()), **playtest_schema_files(shipped())}
    expected = {name: schema_text(schema) for name, schema in files.items()}
    found = {path.name: path.read_text(encoding="utf-8") for path in SCHEMA_DIR.glob("*.json")}
    assert found == expected, "docs/schema is stale: run `epoch schema --write docs/schema`"


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_shipped_scenario_validates(validator, path):
    data = json.loads(path.read_text(encoding="utf-8"))
    assert list(validator.iter_errors(data)) == []
    own = scenario_schema([r for r in shipped() if r.id == data["ruleset"]["id"]])
    assert list(jsonschema.Draft202012Validator(own).iter_errors(data)) == []


def _hotw() -> dict:
    return json.loads((ROOT / "scenarios" / "history-of-the-world.json").read_text(encoding="utf-8"))


def _antike_card() -> dict:
    data = json.loads((ROOT / "scenarios" / "antike-duellum-carthage-rome.json").read_text(encoding="utf-8"))
    return data["decks"][0]["cards"][0]


def _break(mutate):
    data = _hotw()
    mutate(data)
    return data


BAD = {
    "unknown key in a space": lambda d: d["board"]["spaces"][0].update(colour="red"),
    "text where a number belongs": lambda d: d["board"].update(width="wide"),
    "a kind that does not exist": lambda d: d["board"]["spaces"][0].update(kind="swamp"),
    "a polygon point of three numbers": lambda d: d["board"]["spaces"][0]["polygon"].__setitem__(0, [1, 2, 3]),
    "a space without a name": lambda d: d["board"]["spaces"][0].pop("name"),
    "a list where a scalar belongs": lambda d: d["meta"].update(title=["a"]),
    "another game's card": lambda d: d["decks"][0]["cards"].append(copy.deepcopy(_antike_card())),
    "an unknown card type": lambda d: d["decks"][0]["cards"][0]["data"].update(type="spaceship"),
    "an unknown ruleset": lambda d: d["ruleset"].update(id="chess"),
    "an unknown option": lambda d: d["ruleset"]["options"].update(house_rule=True),
    "a wrong format version": lambda d: d.update(format_version=999),
}


@pytest.mark.parametrize("mutate", BAD.values(), ids=BAD.keys())
def test_known_bad_files_fail(validator, mutate):
    assert list(validator.iter_errors(_break(mutate))) != []


def test_field_metadata_becomes_titles_help_and_references():
    schema = scenario_schema(shipped())
    connection = schema["$defs"]["Connection"]["properties"]
    assert connection["a"]["title"] == "From"
    assert connection["a"]["x-ref"] == "space"
    provisional = schema["$defs"]["Provisional"]["properties"]["path"]
    assert provisional["description"].startswith("Where the guessed value lives")


def test_card_data_is_a_union_tagged_by_type():
    schema = scenario_schema([DICE_RACE])
    bonus = schema["$defs"]["tiny_ruleset.BonusCard"]
    assert bonus["properties"]["type"]["const"] == "bonus"
    assert bonus["properties"]["home"]["x-ref"] == "space"
    assert bonus["required"] == ["type", "value"]


def test_the_tiny_ruleset_file_validates_against_its_own_schema(dice_race_path):
    schema = scenario_schema([DICE_RACE])
    data = json.loads(dice_race_path.read_text(encoding="utf-8"))
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(data)) == []


def test_epoch_schema_prints_one_ruleset(capsys):
    assert main(["schema", "--ruleset", "antike-duellum"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["properties"]["ruleset"]["properties"]["id"] == {"enum": ["antike-duellum"]}


def test_epoch_schema_refuses_an_unknown_ruleset(capsys):
    assert main(["schema", "--ruleset", "chess"]) == 1
    assert "unknown ruleset 'chess'" in capsys.readouterr().err


def test_writing_the_schemas_makes_the_folder_it_is_given(tmp_path, capsys):
    out = tmp_path / "new" / "schema"
    assert main(["schema", "--write", str(out)]) == 0
    written = sorted(path.name for path in out.iterdir())
    assert written == sorted({**schema_files(rulesets()), **playtest_schema_files(rulesets())})
    assert capsys.readouterr().out.count("wrote ") == len(written)


def test_writing_the_schemas_into_a_file_is_refused_with_a_message(tmp_path, capsys):
    taken = tmp_path / "schema"
    taken.write_text("notes")
    assert main(["schema", "--write", str(taken)]) == 1
    assert f"{taken} is a file, not a folder to write the schemas into" in capsys.readouterr().err
    assert taken.read_text() == "notes"
