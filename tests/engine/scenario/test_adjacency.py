"""Adjacency from borders on the shipped History of the World map, whose connections were
entered by hand from the printed board: the derivation must find them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cli import main
from engine.rulesets.registry import get_ruleset
from engine.scenario.adjacency import TOLERANCE_MAX, derive, diff, measure
from engine.scenario.io import load_scenario
from engine.scenario.model import Connection, ConnectionKind

WORLD = Path(__file__).parents[3] / "scenarios" / "history-of-the-world.json"


@pytest.fixture(scope="module")
def world():
    return load_scenario(WORLD, get_ruleset).board


@pytest.fixture(scope="module")
def derived(world):
    return derive(world)


def test_every_land_connection_is_found_and_no_false_one(world, derived):
    found, true, correct = measure(world, derived)["land connections"]
    print(f"land: {correct} of {true} found, {found - correct} false")
    assert (found, true, correct) == (128, 128, 128)


def test_coasts_and_seas_are_found_at_the_default_tolerances(world, derived):
    found, true, correct = measure(world, derived)["sea connections"]
    print(f"sea: recall {correct / true:.1%}, precision {correct / found:.1%} ({correct} of {true}; {found} found)")
    assert correct / true >= 0.95 and correct / found >= 0.95


def test_manual_connections_are_never_removed_and_a_lost_border_is_added_back(world, derived):
    board = load_scenario(WORLD, get_ruleset).board
    strait = next(c for c in board.connections if c.kind == ConnectionKind.STRAIT)
    land = next(c for c in board.connections if c.kind == ConnectionKind.LAND)
    board.connections.remove(land)
    wrap = Connection(board.spaces[0].id, board.spaces[-1].id, ConnectionKind.SEA, {"wrap": True})
    board.connections.append(wrap)
    result = diff(board, derived)
    assert strait in result.kept and wrap in result.kept
    assert any({c.a, c.b} == {land.a, land.b} and c.kind == ConnectionKind.LAND for c in result.added)
    assert all(c.kind in (ConnectionKind.LAND, ConnectionKind.SEA) and not c.props for c in result.removed)


def test_the_command_prints_the_same_diff_as_json(capsys, derived, world):
    assert main(["map", "adjacency", str(WORLD), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    expected = diff(world, derived)
    assert len(printed["added"]) == len(expected.added) and len(printed["removed"]) == len(expected.removed)
    assert main(["map", "adjacency", str(WORLD), "--tolerance", "sea-land=0", "--tolerance", "ocean-land=0",
                 "--json"]) == 0
    narrow = json.loads(capsys.readouterr().out)
    assert len(narrow["removed"]) > len(printed["removed"])  # no coast found any more
    assert main(["map", "adjacency", str(WORLD), "--tolerance", "land"]) == 1


@pytest.mark.parametrize("gap", ["-5", "nan", "inf", "1001"])
def test_the_command_takes_the_gaps_the_dialog_takes(capsys, gap):
    """One bound for a gap tolerance (0 to TOLERANCE_MAX), the studio's dialog's and the CLI's."""
    assert TOLERANCE_MAX == 1000
    assert main(["map", "adjacency", str(WORLD), "--tolerance", f"sea-land={gap}"]) == 1
    assert "a gap of 0 to 1000 board units" in capsys.readouterr().err


def test_spaces_sharing_their_borders_are_neighbours_and_corners_are_not():
    """A traced map: cells share their corner points exactly and no gap lies between them, so
    exactly the cells side by side are joined (land by land, water by sea), never diagonals."""
    from engine.scenario.model import Board, Space, SpaceKind

    spaces = []
    for row in range(3):
        for col in range(3):
            kind = SpaceKind.SEA if row == 2 else SpaceKind.LAND
            x, y = col * 20, row * 20
            spaces.append(Space(f"c{row}{col}", f"Cell {row}{col}", kind,
                                polygon=[(x, y), (x + 20, y), (x + 20, y + 20), (x, y + 20)]))
    found = {(frozenset((c.a, c.b)), c.kind) for c in derive(Board(60, 60, spaces=spaces))}
    expected = set()
    for row in range(3):
        for col in range(3):
            for other_row, other_col in ((row, col + 1), (row + 1, col)):
                if other_row < 3 and other_col < 3:
                    kind = ConnectionKind.LAND if max(row, other_row) < 2 else ConnectionKind.SEA
                    expected.add((frozenset((f"c{row}{col}", f"c{other_row}{other_col}")), kind))
    assert found == expected


def test_neighbouring_lands_of_the_shipped_world_share_their_border_corners_exactly(world):
    """What makes a corner dragged in the editor move in every land that has it: a border is
    the same corners in both spaces, never a corner of one lying on a side of the other."""
    from shapely import Point, Polygon

    lands = [space for space in world.spaces if space.kind.value in ("land", "wasteland")]
    shapes = {space.id: Polygon(space.polygon) for space in lands}
    touching = 0
    for index, a in enumerate(lands):
        for b in lands[index + 1:]:
            if shapes[a.id].distance(shapes[b.id]) > 0:
                continue
            touching += 1
            for one, other in ((a, b), (b, a)):
                on_border = [c for c in one.polygon if shapes[other.id].boundary.distance(Point(c)) < 1e-9]
                assert set(on_border) <= set(other.polygon), (one.id, other.id)
    assert touching >= 128
    for connection in world.connections:
        if connection.kind == ConnectionKind.LAND:
            a, b = world.space(connection.a), world.space(connection.b)
            assert shapes[a.id].distance(shapes[b.id]) == 0 and len(set(a.polygon) & set(b.polygon)) >= 2, (a.id, b.id)
