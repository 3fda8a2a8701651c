"""Numbers within their fields' declared bounds, and a board that is a board."""

from __future__ import annotations

import json
from pathlib import Path

import attrs

from engine.scenario.bounds import check_bounds
from engine.scenario.model import Board, Card, Placement

DATA = Path(__file__).parents[2] / "data"


def dice_race() -> dict:
    return json.loads((DATA / "dice-race.json").read_text())


def problems(data: dict) -> list[str]:
    return [str(problem) for problem in check_bounds(data, {})]


def test_the_shipped_test_scenario_is_within_bounds():
    assert problems(dice_race()) == []


def test_bounds_come_from_the_field_metadata():
    assert attrs.fields(Board).width.metadata["min"] == 1
    assert attrs.fields(Card).copies.metadata["max"] == 1000
    assert attrs.fields(Placement).count.metadata["min"] == 1


def test_a_board_needs_a_positive_width_and_height():
    data = dice_race()
    data["board"].update(width=0, height=-5)
    assert problems(data) == ["board.width: must be at least 1, found 0", "board.height: must be at least 1, found -5"]


def test_counts_and_copies_are_bounded():
    data = dice_race()
    data["decks"][0]["cards"][0]["copies"] = 0
    data["decks"][0]["cards"][1]["copies"] = 5000
    assert problems(data) == [
        "decks[bonus].cards[b1].copies: must be at least 1, found 0",
        "decks[bonus].cards[b2].copies: must be at most 1000, found 5000",
    ]


def test_a_point_far_off_the_board_is_a_slipped_digit():
    """A margin around the board is fine (a name may stick out); a board's size beyond it is not."""
    data = dice_race()
    width = data["board"]["width"]
    data["board"]["spaces"][0]["polygon"][0] = [-width / 2, 0]
    data["board"]["spaces"][1]["polygon"][0] = [width * 30, 0]
    data["board"]["spaces"][2]["label"] = [0, -1e6]
    found = problems(data)
    assert len(found) == 2
    assert found[0].startswith("board.spaces[t1].polygon[0]: ") and "far outside" in found[0]
    assert found[1].startswith("board.spaces[t2].label: ") and "far outside" in found[1]


def test_a_connection_from_a_space_to_itself_is_refused():
    data = dice_race()
    data["board"]["connections"][1]["b"] = data["board"]["connections"][1]["a"]
    space = data["board"]["connections"][1]["a"]
    assert problems(data) == [f"board.connections[1]: connects space {space!r} to itself"]


def test_wrong_types_are_left_to_the_converter():
    data = dice_race()
    data["board"].update(width="wide", height=float("nan"))
    data["board"]["spaces"] = "none"
    assert problems(data) == []


def test_card_data_is_bounded_by_its_ruleset_history_of_the_worlds_epochs_i_to_v():
    """History of the World has five epochs, I to V (digest §5.1): an empire card of epoch 6 or
    with no starting armies (§6.3) is a slipped digit, located like any other bound."""
    from engine.rulesets.registry import get_ruleset

    path = Path(__file__).parents[3] / "scenarios" / "history-of-the-world.json"
    data = json.loads(path.read_text())
    types = get_ruleset(data["ruleset"]["id"]).card_type_map()
    assert [str(p) for p in check_bounds(data, types)] == []
    empires = next(deck for deck in data["decks"] if deck["id"] == "empires")
    empires["cards"][0]["data"].update(epoch=6, armies=0)
    assert [str(p) for p in check_bounds(data, types)] == [
        "decks[empires].cards[e1-sumerians].data.epoch: must be at most 5, found 6",
        "decks[empires].cards[e1-sumerians].data.armies: must be at least 1, found 0",
    ]
