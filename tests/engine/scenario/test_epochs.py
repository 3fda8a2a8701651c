"""The scenario's epochs table: each epoch's number, name and colour, so a zone coloured from a
card's epoch field needs no zone per epoch (issue 31, item 1: "a colour from a field (an
epoch's or region's colour)")."""

from __future__ import annotations

import json
from pathlib import Path

from engine.rulesets.registry import get_ruleset
from engine.scenario.card_colours import colours_of, field_colour
from engine.scenario.io import load_scenario, save_scenario, scenario_from_data

ROOT = Path(__file__).resolve().parents[3]
HISTORY = ROOT / "scenarios" / "history-of-the-world.json"
FLOOD = ROOT / "scenarios" / "after-the-flood.json"


def problems(data) -> list[str]:
    _, found = scenario_from_data(data, HISTORY.parent, get_ruleset)
    return [str(problem) for problem in found]


def history() -> dict:
    return json.loads(HISTORY.read_text(encoding="utf-8"))


def test_a_cards_epoch_gives_the_colour_its_epoch_has_in_the_table():
    scenario = load_scenario(HISTORY, get_ruleset)
    colours = colours_of(scenario)
    by_number = {epoch.number: epoch.colour for epoch in scenario.epochs}
    assert sorted(by_number) == [1, 2, 3, 4, 5]  # the rulebook's epochs I to V
    for deck_id in ("empires", "events", "region-tiles"):
        for card in scenario.deck(deck_id).cards:
            assert field_colour(card, "epoch", colours) == by_number[card.data.epoch]
            assert field_colour(card, "data.epoch", colours) == by_number[card.data.epoch]
    assert len(set(by_number.values())) == 5  # each epoch is told apart


def test_a_number_that_names_no_epoch_colour_gives_none():
    scenario = load_scenario(HISTORY, get_ruleset)
    scenario.epochs = scenario.epochs[:2]
    card = next(card for card in scenario.deck("empires").cards if card.data.epoch == 3)
    assert field_colour(card, "epoch", colours_of(scenario)) is None
    assert field_colour(card, "armies", colours_of(scenario)) is None  # a number that is no epoch


def test_a_bad_colour_a_repeated_number_and_a_card_of_an_unknown_epoch_are_located():
    data = history()
    data["epochs"][1]["colour"] = "green"
    data["epochs"][2]["number"] = 1
    empire = next(card for card in data["decks"][0]["cards"] if card["data"]["epoch"] == 3)
    assert problems(data) == [
        "epochs[1].colour: expected a colour as #rrggbb, found 'green'",
        "epochs[2].number: duplicate epoch 1",
        *(f"decks[{deck['id']}].cards[{card['id']}].data.epoch: unknown epoch 3 (the scenario's epochs: 1, 2, 4, 5)"
          for deck in data["decks"] for card in deck["cards"] if card["data"]["epoch"] == 3),
    ]
    assert empire["id"] in " ".join(problems(data))


def test_an_epoch_of_the_wrong_kind_is_located_by_the_structure_pass():
    data = history()
    data["epochs"][0] = {"number": "one", "colour": "#000000", "shade": 2}
    assert problems(data) == [
        "epochs[0].number: expected a whole number, found text 'one'",
        "epochs[0].shade: unknown field",
    ]


def test_without_a_table_the_cards_epochs_are_checked_by_their_bounds_alone_and_the_file_keeps_no_key(tmp_path):
    data = history()
    del data["epochs"]
    data["meta"]["provisional"] = [p for p in data["meta"]["provisional"] if not p["path"].startswith("epochs")]
    assert problems(data) == []
    flood = load_scenario(FLOOD, get_ruleset)
    assert flood.epochs == []
    save_scenario(flood, tmp_path / "flood.json", get_ruleset)
    assert "epochs" not in json.loads((tmp_path / "flood.json").read_text(encoding="utf-8"))


def test_the_table_reads_back_as_written(tmp_path):
    scenario = load_scenario(HISTORY, get_ruleset)
    scenario.epochs[2].colour = "#123456"
    scenario.epochs[2].name = "Age of Iron"
    save_scenario(scenario, tmp_path / "h.json", get_ruleset)
    again = load_scenario(tmp_path / "h.json", get_ruleset)
    assert again.epochs == scenario.epochs
    assert (again.epochs[2].number, again.epochs[2].name, again.epochs[2].colour) == (3, "Age of Iron", "#123456")
