"""Scenario files: canonical round trips, migrations, atomic saves."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiny_ruleset import BonusCard, DiceRaceOptions

from engine.rulesets.registry import get_ruleset
from engine.scenario.io import (
    load_scenario,
    save_scenario,
    scenario_from_data,
    scenario_text,
)
from engine.scenario.migrations import FORMAT_VERSION
from engine.scenario.model import (
    Board,
    Card,
    Connection,
    ConnectionKind,
    Deck,
    Meta,
    Provisional,
    Region,
    RulesetRef,
    Scenario,
    Seat,
    Space,
    SpaceKind,
)
from engine.scenario.problems import ScenarioError

SHIPPED = sorted((Path(__file__).parents[3] / "scenarios").glob("*.json"))
DATA = Path(__file__).parents[2] / "data"


@pytest.mark.parametrize("path", [DATA / "dice-race.json", *SHIPPED], ids=lambda p: p.name)
def test_saving_a_canonical_file_gives_the_same_bytes(path, tmp_path):
    copy = tmp_path / path.name
    save_scenario(load_scenario(path, get_ruleset), copy, get_ruleset)
    assert copy.read_bytes() == path.read_bytes()


ids = st.text("abcdefghij-", min_size=1, max_size=6)
names = st.text(min_size=0, max_size=12)
numbers = st.floats(-1e6, 1e6, allow_nan=False).map(lambda x: round(x, 3))
points = st.tuples(numbers, numbers)
scalars = st.one_of(names, st.integers(-1000, 1000), st.booleans(), numbers)


@st.composite
def scenarios(draw) -> Scenario:
    space_ids = draw(st.lists(ids, min_size=1, max_size=8, unique=True))
    region_ids = draw(st.lists(ids, min_size=0, max_size=3, unique=True))
    spaces = [
        Space(
            id=space_id,
            name=draw(names),
            kind=draw(st.sampled_from(SpaceKind)),
            region=draw(st.one_of(st.none(), st.sampled_from(region_ids))) if region_ids else None,
            terrain=draw(st.lists(names, max_size=2)),
            resources=draw(st.lists(names, max_size=2)),
            polygon=draw(st.lists(points, max_size=5)),
            label=draw(st.one_of(st.none(), points)),
            props=draw(st.dictionaries(names, scalars, max_size=2)),
        )
        for space_id in space_ids
    ]
    connections = [
        Connection(draw(st.sampled_from(space_ids)), draw(st.sampled_from(space_ids)), draw(st.sampled_from(ConnectionKind)))
        for _ in range(draw(st.integers(0, 5)))
    ]
    cards = [
        Card(id=card_id, name=draw(names), data=BonusCard(draw(st.integers(-9, 9)), draw(st.one_of(st.none(), st.sampled_from(space_ids)))), text=draw(names))
        for card_id in draw(st.lists(ids, max_size=5, unique=True))
    ]
    return Scenario(
        meta=Meta(title=draw(names), author=draw(names), provisional=[Provisional(draw(names), draw(names))]),
        ruleset=RulesetRef("dice-race", DiceRaceOptions(draw(st.integers(1, 99)), draw(st.integers(1, 99)))),
        board=Board(width=draw(numbers), height=draw(numbers), regions=[Region(r, draw(names)) for r in region_ids], spaces=spaces, connections=connections),
        decks=[Deck("bonus", draw(names), cards)],
        seats=[Seat(s, draw(names), "#123456") for s in draw(st.lists(ids, min_size=2, max_size=4, unique=True))],
    )


@settings(max_examples=60, deadline=None)
@given(scenarios())
def test_loading_what_was_saved_gives_back_the_same_scenario(scenario):
    import json

    loaded, problems = scenario_from_data(json.loads(scenario_text(scenario, get_ruleset)), None, get_ruleset)
    assert problems == []
    assert loaded == scenario


def test_a_format_1_file_is_migrated_on_load():
    scenario = load_scenario(DATA / "dice-race-format-v1.json", get_ruleset)
    assert [seat.name for seat in scenario.seats] == ["Red", "Blue"]
    assert scenario.meta.provisional == [Provisional("decks[bonus].cards[b1].data.value", "")]
    assert scenario.ruleset.options == DiceRaceOptions(target=15, rounds=30)
    assert scenario_text(scenario, get_ruleset).startswith(f'{{\n  "format_version": {FORMAT_VERSION},')


def test_a_failed_save_leaves_the_old_file_whole(dice_race, tmp_path, monkeypatch):
    target = tmp_path / "s.json"
    target.write_text("the designer's previous save")

    def crash(*_):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        save_scenario(dice_race, target, get_ruleset)
    assert target.read_text() == "the designer's previous save"
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]


def test_a_missing_file_is_a_located_problem(tmp_path):
    with pytest.raises(ScenarioError) as error:
        load_scenario(tmp_path / "nope.json", get_ruleset)
    assert error.value.lines() == [f"{tmp_path / 'nope.json'}: file not found"]


def test_a_saved_file_gets_ordinary_permissions_or_keeps_its_own(dice_race, tmp_path):
    fresh = tmp_path / "fresh.json"
    save_scenario(dice_race, fresh, get_ruleset)
    umask = os.umask(0)
    os.umask(umask)
    assert fresh.stat().st_mode & 0o777 == 0o666 & ~umask
    fresh.chmod(0o640)
    save_scenario(dice_race, fresh, get_ruleset)
    assert fresh.stat().st_mode & 0o777 == 0o640
