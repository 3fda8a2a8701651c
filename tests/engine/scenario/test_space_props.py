"""A space's props against the props its game declares (``Ruleset.space_props``): the rules
read them as declared, so a hand-edited value of another kind (text for a scoring order, a
misspelt track, a number out of its bounds) is a located problem for every game, never a
game that breaks at its start. Props a game does not declare are the designer's own."""

from __future__ import annotations

import enum
import json
import typing
from pathlib import Path

import attrs
import pytest

from engine.rulesets.registry import get_ruleset, rulesets
from engine.scenario.io import scenario_from_data

ROOT = Path(__file__).parents[3]
SHIPPED = {json.loads(p.read_text())["ruleset"]["id"]: p for p in sorted((ROOT / "scenarios").glob("*.json"))}
GAMES = [ruleset for ruleset in rulesets() if ruleset.space_props is not None and ruleset.id in SHIPPED]


def wrong_value(hint) -> object:
    """A value of none of the kinds ``hint`` allows."""
    parts = typing.get_args(hint) or (hint,)
    if str in parts or any(isinstance(p, type) and issubclass(p, enum.Enum) for p in parts):
        return 12.5 if int not in parts else ["a", "list"]
    return "text"


def problems_after(ruleset, edit) -> list[str]:
    path = SHIPPED[ruleset.id]
    data = json.loads(path.read_text())
    edit(data["board"]["spaces"][0])
    _, problems = scenario_from_data(data, path.parent, get_ruleset)
    return [f"{p.path}: {p.message}" for p in problems]


@pytest.mark.parametrize("ruleset", GAMES, ids=lambda r: r.id)
def test_every_declared_prop_of_the_wrong_kind_is_located(ruleset):
    hints = typing.get_type_hints(ruleset.space_props)
    for field in attrs.fields(ruleset.space_props):
        value = wrong_value(hints[field.name])
        found = problems_after(ruleset, lambda space, name=field.name, value=value: space.setdefault("props", {})
                               .__setitem__(name, value))
        space_id = json.loads(SHIPPED[ruleset.id].read_text())["board"]["spaces"][0]["id"]
        where = f"board.spaces[{space_id}].props.{field.name}: {field.metadata['label']} must be "
        assert any(line.startswith(where) and line.endswith(f"found {value!r}") for line in found), (field.name, found)


@pytest.mark.parametrize("ruleset", GAMES, ids=lambda r: r.id)
def test_a_declared_number_outside_its_bounds_is_located(ruleset):
    bounded = [f for f in attrs.fields(ruleset.space_props) if "min" in f.metadata or "max" in f.metadata]
    for field in bounded:
        value = field.metadata["min"] - 1 if "min" in field.metadata else field.metadata["max"] + 1
        found = problems_after(ruleset, lambda space, name=field.name, value=value: space.setdefault("props", {})
                               .__setitem__(name, value))
        assert any(f".props.{field.name}: {field.metadata['label']} must be at" in line for line in found), found


@pytest.mark.parametrize("ruleset", GAMES, ids=lambda r: r.id)
def test_props_a_game_does_not_declare_are_left_to_the_designer(ruleset):
    assert problems_after(ruleset, lambda space: space.setdefault("props", {}).__setitem__("my_note", "check later")) == []


def test_the_brief_history_scoring_order_as_text_is_refused_before_a_game_starts():
    """Found by fuzzing: a circle's scoring order (§3.1) given as "3" passed every check and
    broke the game's start when the circles were sorted."""
    path = SHIPPED["a-brief-history-of-the-world"]
    data = json.loads(path.read_text())
    circle = next(s for s in data["board"]["spaces"] if "order" in s.get("props", {}))
    circle["props"]["order"] = "3"
    _, problems = scenario_from_data(data, path.parent, get_ruleset)
    assert [f"{p.path}: {p.message}" for p in problems] == [
        f"board.spaces[{circle['id']}].props.order: Scoring order must be a whole number, found '3'"]
