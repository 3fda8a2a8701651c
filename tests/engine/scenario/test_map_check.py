"""The map's geometry problems, found again after each edit."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario
from engine.scenario.map_check import MapCheck
from engine.scenario.model import Board, Connection, ConnectionKind, Space, SpaceKind

SCENARIOS = Path(__file__).parents[3] / "scenarios"
LONELY = "no connection: nothing can reach this space (mark it isolated if a rule reaches it)"


def square(x: float, y: float, size: float = 20) -> list[tuple[float, float]]:
    return [(x, y), (x + size, y), (x + size, y + size), (x, y + size)]


def board() -> Board:
    """Three land squares side by side and a sea below, all connected: nothing wrong."""
    spaces = [Space("a", "A", polygon=square(0, 0)), Space("b", "B", polygon=square(20, 0)),
              Space("c", "C", polygon=square(40, 0)), Space("s", "S", SpaceKind.SEA, polygon=square(0, 30, 60))]
    connections = [Connection("a", "b"), Connection("b", "c"), Connection("a", "s", ConnectionKind.SEA)]
    spaces[2].label = (50, 10)
    return Board(100, 100, spaces=spaces, connections=connections)


def texts(check: MapCheck) -> list[str]:
    return [str(problem) for problem in check.problems()]


def test_a_clean_board_has_no_problems():
    assert texts(MapCheck(board())) == []


def test_each_kind_of_problem_is_found_where_it_is_and_goes_when_mended():
    plan = board()
    check = MapCheck(plan)
    assert check.problems() == []
    a, b, c, _ = plan.spaces
    a.polygon = [(0, 0), (20, 20), (20, 0), (0, 20)]  # a bow tie: the outline crosses itself
    c.label = (90, 90)
    b.polygon = [(21.5, 0), (41.5, 0), (41.5, 20), (21.5, 20)]  # a hairline gap to a...
    found = texts(check)
    assert "board.spaces[a].polygon: the outline crosses itself near (10, 10)" in found
    assert "board.spaces[c].label: the name's point lies outside the space" in found
    assert any(line.startswith("board.spaces[b].polygon: overlaps c") for line in found)  # ...but into c
    b.polygon = square(20, 0)
    a.polygon = [(0, 0), (18.8, 0), (18.8, 20), (0, 20)]
    c.label = (50, 10)
    assert texts(check) == ["board.spaces[a].polygon: leaves a gap of 1.2 units to b: snap the borders together"]
    a.polygon = square(0, 0)
    assert texts(check) == []


def test_a_space_without_connections_and_a_land_connection_far_apart():
    plan = board()
    check = MapCheck(plan)
    plan.spaces.append(Space("d", "D", polygon=square(70, 0)))
    assert texts(check) == [f"board.spaces[d]: {LONELY}"]
    plan.connections.append(Connection("a", "d"))
    assert texts(check) == ["board.connections[3]: a land connection between a and d, 50 units apart"]
    plan.spaces[-1].polygon = square(60, 0)  # moved next to c, 40 from a: near enough
    assert texts(check) == []


def test_a_removed_or_renamed_space_takes_its_problems_along():
    plan = board()
    check = MapCheck(plan)
    plan.spaces[0].polygon = [(0, 0), (18.5, 0), (18.5, 20), (0, 20)]
    assert texts(check) == ["board.spaces[a].polygon: leaves a gap of 1.5 units to b: snap the borders together"]
    plan.spaces[0].id = "a2"  # the old id's problems go, the new id's are found
    plan.connections[0].a = plan.connections[2].a = "a2"
    assert texts(check) == ["board.spaces[a2].polygon: leaves a gap of 1.5 units to b: snap the borders together"]
    del plan.spaces[0]
    plan.connections[:] = [c for c in plan.connections if "a2" not in (c.a, c.b)]
    assert texts(check) == [f"board.spaces[s]: {LONELY}"]


def test_a_first_check_and_an_incremental_one_agree():
    plan = board()
    check = MapCheck(plan)
    check.problems()
    plan.spaces[1].polygon = [(25, 0), (45, 0), (45, 20), (25, 20)]
    assert texts(check) == texts(MapCheck(plan))


def test_a_space_isolated_on_purpose_is_not_reported_until_a_connection_reaches_it():
    """After the Flood's Dilmun: workers are sent there, no arrow points into it (digest §3)."""
    plan = board()
    check = MapCheck(plan)
    plan.spaces.append(Space("d", "D", polygon=square(70, 0), isolated=True))
    assert texts(check) == []
    plan.connections.append(Connection("c", "d"))
    assert texts(check) == ["board.spaces[d].isolated: marked isolated on purpose, yet 1 connection reaches it"]
    plan.spaces[-1].isolated = False
    assert texts(check) == []


def test_on_a_schematic_board_connected_spaces_need_not_touch():
    plan = board()
    check = MapCheck(plan)
    plan.spaces.append(Space("d", "D", polygon=square(170, 0)))
    plan.connections.append(Connection("a", "d"))
    far = ["board.connections[3]: a land connection between a and d, 150 units apart"]
    assert texts(check) == far
    plan.schematic = True
    assert texts(check) == []
    plan.schematic = False
    assert texts(check) == far


# Problems the shipped maps really have, named here so that each is a decision: none today.
REAL: dict[str, list[str]] = {}


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.json")), ids=lambda path: path.stem)
def test_every_shipped_map_opens_without_false_problems(path):
    scenario = load_scenario(path, get_ruleset)
    assert texts(MapCheck(scenario.board)) == REAL.get(path.stem, [])
