"""Issue 30: the JSON Schema and ``epoch validate`` agree on every option and declared prop.

Each option of each shipped game, and each prop its spaces declare, is given bad values (the
wrong kind, one past each declared bound or the largest number any file holds, text no file
holds, a value outside its choices or its written form):
the schema and the validator must both refuse it. The options' bounds and choices themselves
(the least, the most, each choice) must both be accepted. Before, Antike Duellum's
``coin_supply: -5`` and ``rondel_order: "Z"``, Civilization's ``civ_choice`` and After the
Flood's ``trade_table`` passed the schema and failed the validator, and counts such as
``forts: -1`` passed both. Card data fields that declare a bound or choices (moved out of the
games' own checks) are given a value past them, and both must refuse it too.
"""

from __future__ import annotations

import enum
import functools
import json
import types
import typing
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest

from engine.rulesets.registry import get_ruleset, rulesets
from engine.scenario.converter import LARGEST_NUMBER
from engine.scenario.io import scenario_from_data
from engine.scenario.schema import scenario_schema

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = {  # one shipped scenario of each game
    "a-brief-history-of-the-world": "a-brief-history-of-the-world.json",
    "after-the-flood": "after-the-flood.json",
    "antike-duellum": "antike-duellum-carthage-rome.json",
    "civilization": "civilization.json",
    "history-of-the-world": "history-of-the-world.json",
}


def _kinds(hint: Any) -> tuple[Any, ...]:
    parts = typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, types.UnionType) else (hint,)
    return tuple(part for part in parts if part is not type(None))


def _wrong_kind(hint: Any) -> list[Any]:
    """Values of a kind the field does not take."""
    kinds = _kinds(hint)
    if kinds == (bool,):
        return ["yes", 1]
    if kinds == (int,):
        return ["3", 1.5, True, LARGEST_NUMBER + 1, -LARGEST_NUMBER - 1]
    if kinds == (str,):
        return [7, False, "a\x00b", "\ufffe"]
    if len(kinds) == 1 and isinstance(kinds[0], type) and issubclass(kinds[0], enum.Enum):
        return ["no-such-thing", 3]
    return [[1]]


def bad_values(field: attrs.Attribute, hint: Any) -> list[Any]:
    meta = field.metadata
    values = _wrong_kind(hint)
    if "min" in meta:
        values.append(meta["min"] - 1)
    if "max" in meta:
        values.append(meta["max"] + 1)
    if "choices" in meta:
        values.append("no-such-choice")
    if "pattern" in meta:
        values += ["grain > wheat", "grain wood", "grain > wood > gold", "| > wood"]
    return values


def good_values(field: attrs.Attribute) -> list[Any]:
    meta = field.metadata
    return [meta[key] for key in ("min", "max") if key in meta] + list(meta.get("choices", ()))


@functools.cache
def _text(ruleset_id: str) -> str:
    return (ROOT / "scenarios" / SCENARIOS[ruleset_id]).read_text(encoding="utf-8")


def _scenario(ruleset_id: str) -> dict:
    return json.loads(_text(ruleset_id))


def _validator_accepts(data: dict) -> tuple[bool, list[str]]:
    _, problems = scenario_from_data(data, ROOT / "scenarios", get_ruleset)
    return not problems, [f"{p.path}: {p.message}" for p in problems]


def _cases(kind: str) -> list[tuple[str, str, Any, bool]]:
    """(ruleset id, field name, value, good) for every option or declared prop."""
    cases = []
    for ruleset in sorted(rulesets(), key=lambda r: r.id):
        if ruleset.id not in SCENARIOS:
            continue
        declared = ruleset.options_type if kind == "option" else ruleset.space_props
        if declared is None:
            continue
        hints = typing.get_type_hints(declared)
        for field in attrs.fields(declared):
            cases += [(ruleset.id, field.name, value, False) for value in bad_values(field, hints[field.name])]
            if kind == "option":
                cases += [(ruleset.id, field.name, value, True) for value in good_values(field)]
    return cases


class Schemas:
    """A game's scenario schema, and the parts of it that hold its options and a space's props.

    The shipped scenario validates whole (``test_schema.py``); a case changes one option or one
    prop, so the whole file's verdict is that part's, which is checked alone (validating a whole
    Civilization scenario costs a third of a second)."""

    def __init__(self, ruleset_id: str) -> None:
        schema = scenario_schema([get_ruleset(ruleset_id)])
        then, defs = schema["allOf"][0]["then"]["properties"], schema["$defs"]
        board = then.get("board", {"properties": {"spaces": {"items": {"properties": {"props": {}}}}}})
        declared = board["properties"]["spaces"]["items"]["properties"]["props"]
        self.whole = jsonschema.Draft202012Validator(schema)
        self.options = jsonschema.Draft202012Validator(
            {**then["ruleset"]["properties"]["options"], "$defs": defs})
        self.props = jsonschema.Draft202012Validator(
            {"allOf": [defs["Space"]["properties"]["props"], declared], "$defs": defs})
        cards = then["decks"]["items"]["properties"]["cards"]["items"]["properties"]["data"]
        self.card_data = jsonschema.Draft202012Validator({**cards, "$defs": defs})


@pytest.fixture(scope="module")
def schemas() -> dict[str, Schemas]:
    return {ruleset_id: Schemas(ruleset_id) for ruleset_id in SCENARIOS}


def test_the_parts_checked_alone_are_the_whole_schemas_verdict(schemas):
    """One bad option, prop or card field fails the whole file as it fails its part."""
    data = _scenario("antike-duellum")
    assert schemas["antike-duellum"].whole.is_valid(data)
    data["ruleset"]["options"]["coin_supply"] = -5
    assert not schemas["antike-duellum"].whole.is_valid(data)
    assert not schemas["antike-duellum"].options.is_valid(data["ruleset"]["options"])
    data = _scenario("civilization")
    _space_with(data, "col")["props"]["col"] = -1
    assert not schemas["civilization"].whole.is_valid(data)
    assert not schemas["civilization"].props.is_valid(_space_with(data, "col")["props"])
    card = next(c for d in data["decks"] for c in d["cards"] if c["data"]["type"] == "tech")
    card["data"]["level"] = 6
    assert not schemas["civilization"].whole.is_valid(data)
    assert not schemas["civilization"].card_data.is_valid(card["data"])


def test_every_option_and_declared_prop_is_covered():
    assert {case[0] for case in _cases("option")} == set(SCENARIOS)
    assert {case[0] for case in _cases("prop")} == set(SCENARIOS)


@pytest.mark.parametrize(("ruleset_id", "name", "value", "good"), _cases("option"),
                         ids=lambda v: repr(v)[:30] if not isinstance(v, str) else v)
def test_schema_and_validator_agree_on_an_option(schemas, ruleset_id, name, value, good):
    data = _scenario(ruleset_id)
    options = data["ruleset"].setdefault("options", {})
    options[name] = value
    in_validator, problems = _validator_accepts(data)
    in_schema = schemas[ruleset_id].options.is_valid(options)
    assert (in_schema, in_validator) == (good, good), problems
    if not good:
        assert any(problem.startswith(f"ruleset.options.{name}") for problem in problems), problems


def _space_with(data: dict, name: str) -> dict:
    """A space that carries the prop already (so only its value is wrong), or the first space."""
    spaces = data["board"]["spaces"]
    return next((space for space in spaces if name in space.get("props", {})), spaces[0])


@pytest.mark.parametrize(("ruleset_id", "name", "value", "good"), _cases("prop"),
                         ids=lambda v: repr(v)[:30] if not isinstance(v, str) else v)
def test_schema_and_validator_agree_on_a_declared_prop(schemas, ruleset_id, name, value, good):
    data = _scenario(ruleset_id)
    props = _space_with(data, name).setdefault("props", {})
    props[name] = value
    in_validator, problems = _validator_accepts(data)
    in_schema = schemas[ruleset_id].props.is_valid(props)
    assert (in_schema, in_validator) == (False, False), problems
    assert any(f".props.{name}" in problem or f".props[{name}]" in problem for problem in problems), problems


ISSUE_CASES = [  # issues 25 and 30: each passed the schema, the validator or both
    ("antike-duellum", "coin_supply", -5),
    ("antike-duellum", "rondel_order", "Z"),
    ("civilization", "civ_choice", "anything"),
    ("civilization", "offer_rounds", -1),
    ("civilization", "library_terrain", "swamp"),
    ("after-the-flood", "trade_table", "grain > wheat"),
    ("after-the-flood", "third_place_grain", -1),
    ("a-brief-history-of-the-world", "forts", -1),
]


@pytest.mark.parametrize(("ruleset_id", "name", "value"), ISSUE_CASES, ids=lambda v: str(v))
def test_the_values_the_issues_found_are_refused_by_both(schemas, ruleset_id, name, value):
    data = _scenario(ruleset_id)
    data["ruleset"].setdefault("options", {})[name] = value
    accepted, problems = _validator_accepts(data)
    assert not accepted and not schemas[ruleset_id].whole.is_valid(data)
    assert [problem for problem in problems if problem.startswith(f"ruleset.options.{name}: must be")], problems


def test_a_negative_grid_place_is_refused_by_both(schemas):
    data = _scenario("civilization")
    _space_with(data, "col")["props"]["col"] = -1
    accepted, problems = _validator_accepts(data)
    assert not accepted and not schemas["civilization"].whole.is_valid(data), problems


def _bounded_card_fields() -> list[tuple[str, str, str, Any]]:
    """(ruleset id, card type, field, bad value) for every card data field that declares a
    bound or choices: one past each bound, a value outside the choices."""
    cases = []
    for ruleset in sorted(rulesets(), key=lambda r: r.id):
        if ruleset.id not in SCENARIOS:
            continue
        for card_type in ruleset.card_types:
            for field in attrs.fields(card_type):
                meta = field.metadata
                values = [meta["min"] - 1] if "min" in meta else []
                values += [meta["max"] + 1] if "max" in meta else []
                values += ["no-such-choice"] if "choices" in meta else []
                cases += [(ruleset.id, card_type.type_name, field.name, value) for value in values]
    return cases


@pytest.mark.parametrize(("ruleset_id", "type_name", "name", "value"), _bounded_card_fields(),
                         ids=lambda v: str(v))
def test_schema_and_validator_agree_on_a_bounded_card_field(schemas, ruleset_id, type_name, name, value):
    """The bounds and choices moved out of the games' own checks (epochs, rounds, levels, kinds,
    ages, triggers) are refused by the schema and the validator alike."""
    data = _scenario(ruleset_id)
    card = next(card for deck in data["decks"] for card in deck["cards"] if card["data"]["type"] == type_name)
    card["data"][name] = value
    in_validator, problems = _validator_accepts(data)
    assert (schemas[ruleset_id].card_data.is_valid(card["data"]), in_validator) == (False, False), problems
    assert any(f".data.{name}: must be" in problem for problem in problems), problems
