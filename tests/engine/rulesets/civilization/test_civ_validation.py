"""What only Civilization knows is wrong with a scenario: every ability id on a technology,
government or wonder must be one the rules read, with values they can read, each problem
located (a hand-edited file never reaches a game it would break)."""

from __future__ import annotations

import json

from civ import ROOT

from engine.rulesets.registry import get_ruleset
from engine.scenario.io import scenario_from_data


def problems_with(edit) -> list[str]:
    data = json.loads((ROOT / "scenarios" / "civilization.json").read_text())
    decks = {deck["id"]: {card["id"]: card for card in deck["cards"]} for deck in data["decks"]}
    edit(decks)
    _, problems = scenario_from_data(data, ROOT / "scenarios", get_ruleset)
    return [f"{p.path}: {p.message}" for p in problems]


def test_the_shipped_abilities_are_all_readable():
    assert problems_with(lambda decks: None) == []


def test_a_mistyped_or_malformed_ability_is_located():
    def edit(decks):
        decks["techs"]["currency"]["data"]["abilities"] = ["build:market", "culture_for:incense:three"]
        decks["techs"]["pottery"]["data"]["abilities"] = ["buidl:granary"]
        decks["governments"]["republic"]["data"]["abilities"] = ["city_trade"]
        decks["wonders"]["colossus"]["data"]["abilities"] = ["unit:mounted:9", "build:castle"]

    found = problems_with(edit)
    assert "decks[techs].cards[currency].data.abilities[1]: ability 'culture_for:incense:three': " \
           "'three' is not a whole number" in found
    assert any(line.startswith("decks[techs].cards[pottery].data.abilities[0]: unknown ability 'buidl:granary'")
               for line in found)
    assert "decks[governments].cards[republic].data.abilities[0]: ability 'city_trade' takes 1 value(s) after " \
           "its name, found 0" in found
    assert "decks[wonders].cards[colossus].data.abilities[0]: ability 'unit:mounted:9': a level is 1 to 4, " \
           "found '9'" in found
    assert "decks[wonders].cards[colossus].data.abilities[1]: ability 'build:castle': no card 'castle' in the " \
           "scenario" in found
