"""Values addressed by the paths located problems use (board.spaces[gaul].terrain)."""

from pathlib import Path

import pytest

from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario, scenario_text
from engine.scenario.model import Board, Connection, Space
from engine.scenario.paths import (
    MISSING,
    PathError,
    after_rename,
    get_value,
    parse,
    resolve,
    set_value,
)

SCENARIOS = Path(__file__).parents[3] / "scenarios"


@pytest.fixture(scope="module")
def world():
    return load_scenario(SCENARIOS / "history-of-the-world.json", get_ruleset)


def test_a_path_is_read_as_attributes_and_keys():
    assert parse("decks[empires].cards[e12].data.armies") == [
        ("attr", "decks"), ("key", "empires"), ("attr", "cards"), ("key", "e12"), ("attr", "data"),
        ("attr", "armies")]


@pytest.mark.parametrize("bad", ["", "board..spaces", "board spaces", "board.spaces[gaul", "1board"])
def test_a_malformed_path_is_refused_with_its_text(bad):
    with pytest.raises(PathError):
        parse(bad)


def test_list_items_are_found_by_id_and_by_index(world):
    first = world.board.spaces[0]
    assert get_value(world, f"board.spaces[{first.id}].name") == first.name
    assert get_value(world, "board.spaces[0].name") == first.name
    assert get_value(world, f"board.spaces[{first.id}].polygon[1]") == first.polygon[1]
    deck = world.decks[0]
    card = deck.cards[3]
    assert get_value(world, f"decks[{deck.id}].cards[{card.id}].name") == card.name


def test_a_missing_step_is_named_in_the_error(world):
    with pytest.raises(PathError, match=r"nothing at board\.spaces\[atlantis\]"):
        get_value(world, "board.spaces[atlantis].terrain")
    with pytest.raises(PathError, match="nothing at board.colour"):
        get_value(world, "board.colour.x")


def test_setting_a_value_returns_the_old_one_and_setting_it_back_restores_the_text():
    scenario = load_scenario(SCENARIOS / "history-of-the-world.json", get_ruleset)
    before = scenario_text(scenario, get_ruleset)
    space = scenario.board.spaces[5]
    old = set_value(scenario, f"board.spaces[{space.id}].terrain", ["mountain", "forest"])
    assert space.terrain == ["mountain", "forest"]
    old_prop = set_value(scenario, f"board.spaces[{space.id}].props[fertile]", 2)
    assert space.props["fertile"] == 2 and old_prop is MISSING
    set_value(scenario, f"board.spaces[{space.id}].terrain", old)
    set_value(scenario, f"board.spaces[{space.id}].props[fertile]", old_prop)
    assert "fertile" not in space.props
    assert scenario_text(scenario, get_ruleset) == before


def test_resolve_keeps_the_holder_so_a_rename_does_not_lose_it():
    scenario = load_scenario(SCENARIOS / "history-of-the-world.json", get_ruleset)
    space = scenario.board.spaces[2]
    holder, step = resolve(scenario, f"board.spaces[{space.id}].name")
    set_value(scenario, f"board.spaces[{space.id}].id", "renamed")
    assert holder is space and step == ("attr", "name")
    assert get_value(scenario, "board.spaces[renamed].name") == space.name


def test_after_a_rename_the_item_is_found_by_its_new_id():
    assert after_rename("board.spaces[gaul].id", "gallia") == "board.spaces[gallia].id"
    assert after_rename("board.spaces[gaul].name", "Gallia") == "board.spaces[gaul].name"


def test_a_long_list_finds_its_items_by_id_after_insertions_renames_and_removals():
    """A board's spaces keep a table of positions; every change of the list must show."""
    board = Board(spaces=[Space(f"s{n}", f"Space {n}") for n in range(100)])
    assert get_value(board, "spaces[s70].name") == "Space 70"
    board.spaces.insert(0, Space("new", "New"))
    assert get_value(board, "spaces[s70].name") == "Space 70" and get_value(board, "spaces[new].name") == "New"
    set_value(board, "spaces[s70].id", "renamed")
    assert get_value(board, "spaces[renamed].name") == "Space 70"
    with pytest.raises(PathError):
        get_value(board, "spaces[s70]")
    del board.spaces[:50]
    assert get_value(board, "spaces[renamed].name") == "Space 70"
    board.connections = [Connection(f"s{n}", f"s{n + 1}") for n in range(60)]
    assert get_value(board, "connections[41].a") == "s41"
