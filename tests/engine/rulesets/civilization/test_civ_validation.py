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


def space_problems(edit) -> list[str]:
    data = json.loads((ROOT / "scenarios" / "civilization.json").read_text())
    edit({space["id"]: space["props"] for space in data["board"]["spaces"] if "props" in space})
    _, problems = scenario_from_data(data, ROOT / "scenarios", get_ruleset)
    return [f"{p.path}: {p.message}" for p in problems]


def test_a_hand_edited_culture_track_or_square_prop_is_located():
    """The culture track's costs, rewards and ages (§6.3.10) and a square's grid place are read
    by the rules: a wrong one is a located problem, never a crash at the start of a game."""
    def edit(props):
        props["culture-4"]["reward"] = "gold"
        props["culture-7"]["cost_culture"] = "five"
        props["culture-9"]["age"] = "future"
        del props["culture-12"]["cost_trade"]
        props["sq-2-3"]["row"] = -3
        props["culture-20"]["step"] = 21

    assert space_problems(edit) == [
        "board.spaces[sq-2-3].props.row: Row must be at least 0, found -3",
        "board.spaces[culture-4].props.reward: Reward must be one of start, event, great_person, win, found 'gold'",
        "board.spaces[culture-7].props.cost_culture: Culture cost must be a whole number, found 'five'",
        "board.spaces[culture-9].props.age: Age must be one of ancient, medieval, modern, found 'future'",
    ]

    def what_only_civilization_knows(props):
        """Props of the declared kinds; the game's own validation then finds the rest."""
        del props["culture-12"]["cost_trade"]
        props["culture-20"]["step"] = 21

    assert space_problems(what_only_civilization_knows) == [
        "board.spaces[culture-12].props.cost_trade: must be a whole number, 0 or more",
        "board.spaces: the culture track's steps must run 0, 1, 2, ... without a gap",
    ]


def test_a_square_moved_on_the_grid_is_located_and_never_reaches_a_game():
    """The rules find neighbours and a tile's squares by grid place (a tile slot is 4 x 4
    squares, docs/civilization.md): a hand-edited col or row that puts a square on another's
    place, outside its slot or far off the map is a located problem, for squares all over the
    board and every direction (a fuzzed file once passed validation and crashed at setup)."""
    data = json.loads((ROOT / "scenarios" / "civilization.json").read_text())
    squares = [space for space in data["board"]["spaces"] if "col" in space.get("props", {})]
    for square in squares[::37]:
        for prop, change in (("col", 1), ("row", -1), ("col", 4), ("row", 40)):
            edited = json.loads(json.dumps(data))
            props = next(s for s in edited["board"]["spaces"] if s["id"] == square["id"])["props"]
            props[prop] = max(0, props[prop] + change)
            if props[prop] == square["props"][prop]:
                continue
            _, problems = scenario_from_data(edited, ROOT / "scenarios", get_ruleset)
            located = {p.path for p in problems}
            assert f"board.regions[{square['region']}]" in located, (square["id"], prop, change, problems)


def test_two_squares_on_one_place_are_both_named():
    def edit(props):
        props["sq-5-6"]["col"] = 6

    found = space_problems(edit)
    assert "board.spaces[sq-6-6].props: col 6, row 6: sq-5-6 is there too" in found
    assert ("board.regions[slot-1-1]: a tile slot is 4 x 4 squares in a block, here columns 4 to 7 and rows "
            "4 to 7; no square: col 5 row 6") in found
