"""The two board sides as scenarios: the rulebook's geography, legible geometry, the validator
(digest §3, §11; architecture note §4)."""

from __future__ import annotations

import copy
from collections import deque

import pytest
from duellum import SCENARIOS

from engine.rulesets.antike_duellum.board import COAST, LAND, SEA
from engine.rulesets.antike_duellum.tables import Tables
from engine.rulesets.antike_duellum.validation import problems
from engine.scenario.model import Connection, ConnectionKind, SpaceKind


def tables(side: str) -> Tables:
    scenario = SCENARIOS[side]
    return Tables.of(scenario, scenario.seats, scenario.ruleset.options)


def galley_distance(t: Tables, start: str, goal: str, avoid: str = "") -> int | None:
    seen, queue = {start: 0}, deque([start])
    while queue:
        region = queue.popleft()
        for n in t.galley_steps[region]:
            if n not in seen and n != avoid:
                seen[n] = seen[region] + 1
                queue.append(n)
    return seen.get(goal)


def test_side_one_places_of_the_examples():
    """§3.2 side 1: Zama is land-only; Roma, Caesarea and Tarraco are coastal; Neapolis borders
    Ancona, Croton and Syracusae; a galley reaches Corsica from Roma in 2 (with NAVIGATIO);
    Baecula, Saguntum and Numantia are city sites."""
    t = tables("carthage-rome")
    assert t.kind["zama"] == LAND and {t.kind[r] for r in ("roma", "caesarea", "tarraco")} == {COAST}
    assert {"ancona", "croton", "syracusae"} <= t.neighbours["neapolis"]
    assert galley_distance(t, "roma", "corsica") == 2
    assert {"baecula", "saguntum", "numantia"} <= t.site_set
    assert t.kind["corsica"] == SEA and "corsica" in t.site_set, "an island: a sea region with a city site"


def test_side_two_places_of_the_examples():
    """§3.2 side 2: legions reach Ainos from Abdera; galleys from Lesbos and the central sea in 2;
    from Mare Aegaeum only through Lemnos; Pergamon borders Abydos by land."""
    t = tables("greece-persia")
    assert "ainos" in t.legion_steps["abdera"] and "abydos" in t.legion_steps["pergamon"]
    assert galley_distance(t, "lesbos", "ainos") == 2 and galley_distance(t, "central-sea", "ainos") == 2
    assert galley_distance(t, "mare-aegaeum", "ainos") == 2
    assert galley_distance(t, "mare-aegaeum", "ainos", avoid="lemnos") > 2


@pytest.mark.parametrize("side", sorted(SCENARIOS))
def test_cityless_seas_count_double(side):
    """§8.1: a cityless sea region carries the galley symbol and counts 2; others 1."""
    t = tables(side)
    for region, value in t.sea_value.items():
        assert value == (2 if t.kind[region] == SEA and region not in t.site_set else 1)


@pytest.mark.parametrize("side", sorted(SCENARIOS))
def test_combined_borders_are_two_connections(side):
    """§3.1: a combined border is a red and a blue border together: both unit types cross it."""
    t = tables(side)
    combined = [(x, y) for x in t.kind for y in t.legion_steps[x] if y in t.galley_steps[x]]
    assert combined and all(t.kind[x] == COAST and t.kind[y] == COAST for x, y in combined)


def inside(point, polygon) -> bool:
    x, y = point
    result = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            result = not result
    return result


@pytest.mark.parametrize("side", sorted(SCENARIOS))
def test_geometry_is_legible(side):
    """Polygons of 4-8 corners, each name drawn inside its own shape, no two shapes overlapping."""
    board = SCENARIOS[side].board
    shapes = [s for s in board.spaces if s.kind in (SpaceKind.LAND, SpaceKind.SEA)]
    for space in board.spaces:
        assert 4 <= len(space.polygon) <= 8, space.id
        assert inside(space.label, list(space.polygon)), space.id
    for y in range(5, int(board.height), 10):
        for x in range(5, int(board.width), 10):
            assert sum(inside((x, y), list(s.polygon)) for s in shapes) <= 1, (x, y)


@pytest.mark.parametrize("side", sorted(SCENARIOS))
def test_every_unknown_number_is_provisional(side):
    """§3.3, A2, A3, A17: technology prices except NAVIGATIO's second and COMMERCIUM's first,
    wall symbols beyond spaces 0, 2 and 3, and the starting cities are listed as provisional."""
    scenario = SCENARIOS[side]
    paths = {p.path for p in scenario.meta.provisional}
    assert "board.spaces[tech-navigatio].props.price_first" in paths
    assert "board.spaces[tech-navigatio].props.price_second" not in paths
    assert "board.spaces[tech-commercium].props.price_first" not in paths
    assert "board.spaces[victory-5].props.wall_symbol" in paths
    assert "board.spaces[victory-2].props.wall_symbol" not in paths
    assert {f"setup[{i}]" for i in range(6)} <= paths
    assert "ruleset.options.rondel_order" in paths


def broken(change):
    scenario = copy.deepcopy(SCENARIOS["carthage-rome"])
    change(scenario)
    return [f"{p.path}: {p.message}" for p in problems(scenario)]


def test_the_validator_knows_the_board_conventions():
    """Board conventions (board.py): a blue border never touches a land-only region; seats are
    brown and beige; each has 3 starting cities; FORTRESS is played in the opponent's conquest."""
    assert problems(SCENARIOS["carthage-rome"]) == []
    assert any("blue (sea) border cannot touch a land-only region" in p for p in broken(
        lambda s: s.board.connections.append(Connection("zama", "mare-africum", ConnectionKind.SEA))))
    assert any("'brown' and 'beige'" in p for p in broken(lambda s: setattr(s.seats[0], "id", "red")))
    assert any("2 starting cities, not 3" in p for p in broken(lambda s: s.setup.pop()))
    assert any("fortress is played 'opponent_conquest'" in p for p in broken(
        lambda s: setattr(next(c for c in s.deck("events").cards if c.id == "ev-fortress").data,
                          "timing", "own_turn")))
    assert any("unknown effect" in p for p in broken(
        lambda s: setattr(s.deck("events").cards[0].data, "effect", "plague")))
    assert any("rondel needs an arrow" in p for p in broken(
        lambda s: s.board.connections.remove(next(c for c in s.board.connections
                                                  if c.kind is ConnectionKind.ARROW))))


def test_a_technology_cell_without_its_technology_is_located_not_a_crash():
    """Found by fuzzing: a technology-track cell whose tech prop was deleted made the validator
    itself fail comparing the missing name with the others. Each of the five technologies
    (§6.6) needs one cell; a cell naming none, or an unknown one, is said so."""
    def no_tech(scenario):
        del next(s for s in scenario.board.spaces if s.props.get("tech") == "moneta").props["tech"]

    def unknown_tech(scenario):
        next(s for s in scenario.board.spaces if s.props.get("tech") == "moneta").props["tech"] = "alchimia"

    for change in (no_tech, unknown_tech):
        assert any("the technology track needs one space for each of strata, navigatio, moneta" in p
                   for p in broken(change)), change.__name__
