"""What a card prints for a field: references by their names, rules ids by their labels."""

from __future__ import annotations

from pathlib import Path

from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario
from engine.scenario.layout import card_values, fill, showing
from engine.scenario.naming import Names, in_words, label, names_of

ROOT = Path(__file__).resolve().parents[3]
HISTORY = ROOT / "scenarios" / "history-of-the-world.json"


def test_references_print_as_names_and_the_written_id_stays_under_data():
    scenario = load_scenario(HISTORY, get_ruleset)
    sumerians = scenario.deck("empires").cards[0]
    values = card_values(sumerians, names_of(scenario))
    assert fill("Start provinces: {start_provinces}\nCaravans: {caravans}", values) == \
        "Start provinces: Tigris\nCaravans: Empty Quarter"
    assert values["data.start_provinces"] == ["tigris"]


def test_an_ability_prints_its_label_and_an_id_without_one_in_words():
    scenario = load_scenario(HISTORY, get_ruleset)
    egyptians = next(card for card in scenario.deck("empires").cards if card.data.ability == "monument_per_icon")
    assert card_values(egyptians, names_of(scenario))["ability"] == "Pyramids"
    weaponry = scenario.deck("events").cards[0]
    assert card_values(weaponry, names_of(scenario))["effect"] == "Weaponry"
    assert in_words("monument_per_icon") == "Monument per icon"
    assert label("speed:1", {"speed": "Speed"}) == "Speed 1" and label("coins_for:wheat:2", {}) == "Coins for wheat 2"


def test_a_missing_reference_prints_as_written():
    assert Names({"space": {"nile": "Nile"}}).name("space", "atlantis") == "atlantis"


def test_a_zone_may_be_shown_for_one_value_of_a_field():
    scenario = load_scenario(HISTORY, get_ruleset)
    sumerians = card_values(scenario.deck("empires").cards[0], names_of(scenario))
    assert showing("epoch=1", sumerians) and not showing("epoch=2", sumerians)
    assert showing("capital=yes", sumerians) and not showing("capital=no", sumerians)
    assert showing("caravans", sumerians) and not showing("fleets", sumerians) and showing(None, sumerians)
    assert showing("caravans=empty-quarter", sumerians)  # the id as the file writes it, not the name
    assert showing("epoch=1 & capital=yes", sumerians) and not showing("epoch=1 & capital=no", sumerians)


def test_a_list_item_is_bound_by_its_place():
    scenario = load_scenario(HISTORY, get_ruleset)
    mesoamericans = next(card for card in scenario.deck("empires").cards if len(card.data.start_provinces) == 2)
    values = card_values(mesoamericans, names_of(scenario))
    first, second = (names_of(scenario).name("space", key) for key in mesoamericans.data.start_provinces)
    assert fill("{start_provinces.0} and {start_provinces.1}", values) == f"{first} and {second}"


def test_a_zone_may_be_shown_when_a_list_item_starts_with_a_value():
    civilization = load_scenario(ROOT / "scenarios" / "civilization.json", get_ruleset)
    home = civilization.deck("tiles").cards[0]
    values = card_values(home, names_of(civilization))
    first = home.data.squares[0].split()[0]  # the first square's terrain, e.g. mountain
    assert showing(f"squares.0^={first}", values) and not showing("squares.0^=nothing", values)
    assert not showing(f"squares.0={first}", values) or home.data.squares[0] == first
