"""A zone coloured from a card's field: a space's region's colour, a region's, a written #rrggbb
(issue 31, item 1: "a colour from a field (an epoch's or region's colour)")."""

from __future__ import annotations

import json
from pathlib import Path

import attrs

from engine.rulesets.registry import get_ruleset
from engine.scenario.card_colours import colours_of, field_colour
from engine.scenario.io import load_scenario, save_scenario, scenario_from_data

ROOT = Path(__file__).resolve().parents[3]
HISTORY = ROOT / "scenarios" / "history-of-the-world.json"
BRIEF = ROOT / "scenarios" / "a-brief-history-of-the-world.json"
FLOOD = ROOT / "scenarios" / "after-the-flood.json"


def test_a_space_reference_gives_its_regions_colour_and_a_region_its_own():
    scenario = load_scenario(HISTORY, get_ruleset)
    colours = colours_of(scenario)
    sumerians = scenario.deck("empires").cards[0]  # start_provinces: [tigris], in the Near East
    assert field_colour(sumerians, "start_provinces", colours) == "#e6c35c"
    assert field_colour(sumerians, "data.start_provinces", colours) == "#e6c35c"
    assert field_colour(sumerians, "armies", colours) is None  # a number names no colour
    assert field_colour(sumerians, "caravans", colours) is None  # a sea has no region
    brief = load_scenario(BRIEF, get_ruleset)
    value = next(card for deck in brief.decks for card in deck.cards if card.data.type_name == "region_value")
    region = next(r for r in brief.board.regions if r.id == value.data.region)
    assert field_colour(value, "region", colours_of(brief)) == region.colour


def test_a_field_that_writes_a_colour_gives_it():
    scenario = load_scenario(HISTORY, get_ruleset)
    card = scenario.deck("empires").cards[0]
    card = attrs.evolve(card, data=attrs.evolve(card.data, ruler="#123abc"))
    assert field_colour(card, "ruler", colours_of(scenario)) == "#123abc"


def test_a_colour_field_that_is_not_one_binding_or_not_a_field_is_located():
    data = json.loads(HISTORY.read_text(encoding="utf-8"))
    data["layouts"] = [{"id": "b", "card_type": "empire", "zones": [
        {"content": "x", "fill_from": "start_provinces"}, {"content": "x", "colour_from": "{warp}"},
        {"content": "x", "fill_from": "{start_provinces}", "colour_from": "{data.capital}"}]}]
    _, problems = scenario_from_data(data, HISTORY.parent, get_ruleset)
    assert [str(p) for p in problems] == [
        "layouts[b].zones[0].fill_from: expected one field as {field}, e.g. {region}, found 'start_provinces'",
        "layouts[b].zones[1].colour_from: empire cards have no field 'warp'",
    ]


def test_a_file_without_colour_fields_loads_with_none_and_saves_as_it_was(tmp_path):
    scenario = load_scenario(FLOOD, get_ruleset)
    assert all(zone.fill_from is None and zone.colour_from is None
               for layout in scenario.layouts for zone in layout.zones)
    copy = tmp_path / "flood.json"
    save_scenario(scenario, copy, get_ruleset)
    assert copy.read_text(encoding="utf-8") == FLOOD.read_text(encoding="utf-8")

