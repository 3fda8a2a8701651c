"""Validation reports every problem of a hand-edited file at once, each located."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario
from engine.scenario.problems import ScenarioError

DATA = Path(__file__).parents[2] / "data"


def problems_of(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "broken.json"
    path.write_text(text)
    with pytest.raises(ScenarioError) as error:
        load_scenario(path, get_ruleset)
    assert error.value.source == str(path)
    return [str(problem) for problem in error.value.problems]


def edited(change) -> str:
    data = json.loads((DATA / "dice-race.json").read_text())
    change(data)
    return json.dumps(data, indent=2)


def test_invalid_json_names_line_and_column(tmp_path):
    assert problems_of(tmp_path, '{\n  "meta": {,\n}') == [
        "invalid JSON at line 2, column 12: Expecting property name enclosed in double quotes"
    ]


def test_every_structural_problem_is_reported_at_once(tmp_path):
    def break_it(data):
        data["meta"]["title"] = 7
        data["meta"]["colour"] = "red"
        del data["board"]["spaces"][3]["name"]
        data["board"]["spaces"][4]["kind"] = "swamp"
        data["board"]["spaces"][5]["polygon"][1] = [1, "x"]
        data["decks"][0]["cards"][2]["data"]["value"] = "3"
        data["decks"][0]["cards"][3]["data"]["type"] = "empire"
        data["seats"][0]["colour"] = None

    assert problems_of(tmp_path, edited(break_it)) == [
        "meta.title: expected text, found number 7",
        "meta.colour: unknown field",
        "board.spaces[t3].name: missing required field",
        "board.spaces[t4].kind: text 'swamp' is not one of 'land', 'sea', 'ocean', 'wasteland', 'box', 'track'",
        "board.spaces[t5].polygon[1][1]: expected a number, found text 'x'",
        "decks[bonus].cards[b3].data.value: expected a whole number, found text '3'",
        "decks[bonus].cards[b4].data: unknown card type 'empire' (this ruleset knows: bonus)",
        "seats[red].colour: expected text, found null",
    ]


def test_the_map_check_flags_must_be_true_or_false(tmp_path):
    def break_it(data):
        data["board"]["schematic"] = "yes"
        data["board"]["spaces"][2]["isolated"] = 1

    assert problems_of(tmp_path, edited(break_it)) == [
        "board.spaces[t2].isolated: expected true or false, found number 1",
        "board.schematic: expected true or false, found text 'yes'",
    ]


def test_every_reference_problem_is_reported_at_once(tmp_path):
    def break_it(data):
        data["board"]["spaces"][1]["id"] = "t0"
        data["board"]["spaces"][2]["region"] = "sea"
        data["board"]["connections"][0]["b"] = "gaul"
        data["board"]["background"] = "../../etc/passwd"
        data["decks"][0]["cards"][0]["data"]["home"] = "nowhere"
        data["decks"][0]["cards"][1]["art"] = "art/missing.png"
        data["decks"][0]["cards"][2]["id"] = "b1"
        data["decks"][0]["cards"][3]["data"]["beats"] = "joker"

    assert problems_of(tmp_path, edited(break_it)) == [
        "board.spaces[1].id: duplicate space id 't0'",
        "decks[bonus].cards[2].id: duplicate card id 'b1'",
        "board.background: asset path '../../etc/passwd' leaves the scenario's folder",
        "board.spaces[t2].region: unknown region 'sea'",
        "board.connections[0].b: unknown space 'gaul'",
        "board.connections[1].a: unknown space 't1'",
        "decks[bonus].cards[b1].data.home: unknown space 'nowhere'",
        f"decks[bonus].cards[b2].art: asset 'art/missing.png' not found in {tmp_path}",
        "decks[bonus].cards[b4].data.beats: unknown card 'joker'",
    ]


def test_an_existing_asset_inside_the_folder_is_accepted(tmp_path):
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "map.png").write_bytes(b"\x89PNG")
    path = tmp_path / "ok.json"
    path.write_text(edited(lambda data: data["board"].update(background="art/map.png")))
    assert load_scenario(path, get_ruleset).board.background == "art/map.png"


def test_an_unknown_ruleset_is_named_and_the_rest_still_checked(tmp_path):
    def break_it(data):
        data["ruleset"]["id"] = "chess"
        data["board"]["spaces"][0]["region"] = "nowhere"

    assert problems_of(tmp_path, edited(break_it)) == [
        "ruleset.id: unknown ruleset 'chess'",
        "board.spaces[t0].region: unknown region 'nowhere'",
    ]


def test_a_newer_format_asks_for_an_update(tmp_path):
    text = edited(lambda data: data.update(format_version=99))
    assert problems_of(tmp_path, text) == [
        "format_version: written by a newer Epoch Studio (format 99; this one reads up to 2); please update"
    ]


def test_the_ruleset_adds_what_only_it_knows(tmp_path):
    assert problems_of(tmp_path, edited(lambda data: data["decks"][0].update(id="extras"))) == [
        "decks: Dice Race needs a deck with id 'bonus'"
    ]


def test_nothing_in_a_file_is_executed(tmp_path):
    def smuggle(data):
        data["decks"][0]["cards"][0]["data"] = {"type": "__import__('os').system('touch pwned')"}
        data["ruleset"]["options"] = {"target": {"__class__": "os.system"}}

    problems = problems_of(tmp_path, edited(smuggle))
    assert problems[0].startswith("ruleset.options.target: expected a whole number")
    assert problems[1].startswith("decks[bonus].cards[b1].data: unknown card type")
    assert not (tmp_path / "pwned").exists()


def test_a_file_that_is_not_an_object(tmp_path):
    assert problems_of(tmp_path, "[1, 2]") == ["a scenario file must hold a JSON object"]


def test_type_errors_and_dangling_references_are_reported_together(tmp_path):
    """A type error elsewhere does not hide a bad reference: both come in one report."""

    def break_it(data):
        data["meta"]["title"] = 7
        data["board"]["spaces"][2]["region"] = "sea"
        data["decks"][0]["cards"][0]["data"]["home"] = "nowhere"
        data["board"]["spaces"][4]["id"] = "t3"

    assert problems_of(tmp_path, edited(break_it)) == [
        "meta.title: expected text, found number 7",
        "board.spaces[4].id: duplicate space id 't3'",
        "board.spaces[t2].region: unknown region 'sea'",
        "board.connections[3].b: unknown space 't4'",
        "board.connections[4].a: unknown space 't4'",
        "decks[bonus].cards[b1].data.home: unknown space 'nowhere'",
        "decks[bonus].cards[b4].data.home: unknown space 't4'",
    ]


def test_misshapen_points_and_labels_are_located_not_raised(tmp_path):
    """A point of the wrong length or a label of the wrong shape is a typo, not a crash."""

    def break_it(data):
        data["board"]["spaces"][0]["polygon"][0] = [1]
        data["board"]["spaces"][1]["polygon"][0] = [1, 2, 3]
        data["board"]["spaces"][2]["label"] = "centre"
        data["board"]["spaces"][3]["label"] = {"x": 1, "y": 2}

    assert problems_of(tmp_path, edited(break_it)) == [
        "board.spaces[t0].polygon[0]: expected a list of 2 numbers, found 1",
        "board.spaces[t1].polygon[0]: expected a list of 2 numbers, found 3",
        "board.spaces[t2].label: expected a list of 2 numbers, found text 'centre'",
        "board.spaces[t3].label: expected a list of 2 numbers, found an object",
    ]


def test_a_card_type_that_is_a_list_or_an_object_is_located(tmp_path):
    def break_it(data):
        data["decks"][0]["cards"][0]["data"]["type"] = ["bonus"]
        data["decks"][0]["cards"][1]["data"]["type"] = {"bonus": 1}

    assert problems_of(tmp_path, edited(break_it)) == [
        "decks[bonus].cards[b1].data: card data needs a 'type' naming its card type",
        "decks[bonus].cards[b2].data: card data needs a 'type' naming its card type",
    ]


def test_lists_and_objects_are_not_coerced(tmp_path):
    """The converter promises no coercion: the text "mountain" is not a list of letters."""

    def break_it(data):
        data["board"]["spaces"][0]["terrain"] = "mountain"
        data["board"]["spaces"][1]["props"] = ["coast"]
        data["decks"][0]["cards"][0]["data"] = ["bonus", 3]
        data["seats"][0] = "red"

    assert problems_of(tmp_path, edited(break_it)) == [
        "board.spaces[t0].terrain: expected a list, found text 'mountain'",
        "board.spaces[t1].props: expected an object, found a list",
        "decks[bonus].cards[b1].data: expected an object, found a list",
        "seats[0]: expected an object, found text 'red'",
    ]


def test_numbers_are_finite_and_of_sane_size(tmp_path):
    def break_it(data):
        data["board"]["width"] = float("nan")
        data["board"]["height"] = float("inf")
        data["board"]["spaces"][0]["polygon"][0] = [float("-inf"), 0]
        data["board"]["spaces"][1]["props"]["wall"] = float("nan")
        data["decks"][0]["cards"][0]["data"]["value"] = 10**100

    problems = problems_of(tmp_path, json.dumps(edited_data(break_it)))
    assert problems == [
        "board.width: expected a finite number, found nan",
        "board.height: expected a finite number, found inf",
        "board.spaces[t0].polygon[0][0]: expected a finite number, found -inf",
        "board.spaces[t1].props[wall]: expected a finite number, found nan",
        ("decks[bonus].cards[b1].data.value: number 1000000000...000000 (101 digits) is out of range "
         "(at most 2,147,483,647 either way)"),
    ]


def test_text_with_control_characters_or_lone_surrogates_is_refused(tmp_path):
    """Such a name could not be saved (UTF-8 has no lone surrogates) nor seen (NUL, escapes)."""

    def break_it(data):
        data["meta"]["title"] = "Dice\ud800Race"
        data["board"]["spaces"][0]["name"] = "Gaul\x00"
        data["board"]["spaces"][1]["props"]["\x1b[31m"] = 1
        data["decks"][0]["cards"][0]["text"] = "two lines\nand a\ttab are fine"
        data["seats"][0]["name"] = "Red\ufffe"  # no character: XML forbids it, so no SVG or VASSAL export reads

    assert problems_of(tmp_path, edited(break_it)) == [
        "meta.title: text holds a lone surrogate (U+D800) at position 4",
        "board.spaces[t0].name: text holds a control character (U+0000) at position 4",
        "board.spaces[t1].props[\\x1b[31m]: text holds a control character (U+001B) at position 0",
        "seats[red].name: text holds a noncharacter (U+FFFE) at position 3",
    ]


def test_unknown_rulesets_card_data_is_checked_for_bad_values_too(tmp_path):
    def break_it(data):
        data["ruleset"]["id"] = "chess"
        data["decks"][0]["cards"][0]["data"]["deep"] = {"list": [1, float("nan")]}

    assert problems_of(tmp_path, json.dumps(edited_data(break_it))) == [
        "ruleset.id: unknown ruleset 'chess'",
        "decks[bonus].cards[b1].data: expected a finite number, found nan",
    ]


def test_an_asset_link_that_leads_out_of_the_folder_is_refused(tmp_path):
    outside = tmp_path / "outside.png"
    outside.write_bytes(b"\x89PNG")
    folder = tmp_path / "scenario"
    folder.mkdir()
    (folder / "map.png").symlink_to(outside)
    path = folder / "s.json"
    path.write_text(edited(lambda data: data["board"].update(background="map.png")))
    with pytest.raises(ScenarioError) as error:
        load_scenario(path, get_ruleset)
    assert [str(p) for p in error.value.problems] == [
        "board.background: asset 'map.png' is a link that leads out of the scenario's folder"
    ]


def test_a_link_inside_the_folder_is_accepted(tmp_path):
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "real.png").write_bytes(b"\x89PNG")
    (tmp_path / "map.png").symlink_to(tmp_path / "art" / "real.png")
    path = tmp_path / "s.json"
    path.write_text(edited(lambda data: data["board"].update(background="map.png")))
    assert load_scenario(path, get_ruleset).board.background == "map.png"


def test_the_same_card_id_in_two_decks_is_refused(tmp_path):
    """Cards are referred to by id alone, so an id in two decks is ambiguous."""

    def break_it(data):
        extra = json.loads(json.dumps(data["decks"][0]))
        extra.update(id="extras", name="Extras", cards=extra["cards"][:1])
        data["decks"].append(extra)

    assert problems_of(tmp_path, edited(break_it)) == [
        "decks[extras].cards[b1].id: card id used in another deck too",
    ]


def test_a_scenario_offers_seats_for_every_player_count(tmp_path):
    """Dice Race takes 2 to 4 players: a scenario with 2 seats cannot host a 3-player game."""
    assert problems_of(tmp_path, edited(lambda data: data.update(seats=data["seats"][:2]))) == [
        "seats: Dice Race is played by 2 to 4 players: the scenario needs at least 4 seats, it has 2"
    ]


def edited_data(change) -> dict:
    data = json.loads((DATA / "dice-race.json").read_text())
    change(data)
    return data
