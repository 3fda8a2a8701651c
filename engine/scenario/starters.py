"""New scenarios: blank, for a ruleset, or a copy of a shipped one.

A ruleset declares its card types and options; the seats, decks and the kinds of spaces and
connections its games use are read from the scenarios shipped for it, so a designer starting
a new map for History of the World gets its six seat colours and its empty decks.
"""

from __future__ import annotations

import copy
from pathlib import Path

from engine.scenario.games import GameLookup
from engine.scenario.io import load_scenario, parse_json, read_text, scenario_from_data
from engine.scenario.model import (
    Board,
    ConnectionKind,
    Meta,
    RawOptions,
    RulesetRef,
    Scenario,
    Seat,
    SpaceKind,
)
from engine.scenario.problems import ScenarioError

SHIPPED = Path(__file__).resolve().parents[2] / "scenarios"
# Seats for a board whose game ships no scenario to take them from, in this order.
DEFAULT_SEATS = (("red", "Red", "#c0392b"), ("blue", "Blue", "#2e6db4"), ("green", "Green", "#2e8b57"),
                 ("yellow", "Yellow", "#d4ac0d"), ("purple", "Purple", "#7d3c98"), ("orange", "Orange", "#e67e22"),
                 ("black", "Black", "#2c2c2c"), ("white", "White", "#ecf0f1"))
# The spaces a map is drawn of; boxes and tracks (a score track, a rondel) are the game's furniture.
MAP_KINDS = frozenset({SpaceKind.LAND, SpaceKind.SEA, SpaceKind.OCEAN, SpaceKind.WASTELAND})


def shipped_scenarios() -> list[Path]:
    return sorted(SHIPPED.glob("*.json"))


def shipped_titles() -> list[tuple[Path, str]]:
    """Each shipped scenario with the title a person knows it by (its file's name if it has none)."""
    found = []
    for path in shipped_scenarios():
        data, _ = parse_json(read_text(path))
        meta = data.get("meta") if isinstance(data, dict) else None
        title = meta.get("title") if isinstance(meta, dict) else None
        found.append((path, title if isinstance(title, str) and title.strip() else path.stem))
    return found


def shipped_for(ruleset_id: str, games: GameLookup) -> list[Scenario]:
    """The shipped scenarios played with ``ruleset_id`` (a broken one is skipped). The others
    are only read, not loaded: loading them would import every game and check every board."""
    found = []
    for path in shipped_scenarios():
        try:
            data, problems = parse_json(read_text(path))
        except ScenarioError:  # a shipped file that fails is reported by its own tests
            continue
        named = data.get("ruleset") if isinstance(data, dict) else None
        if problems or not isinstance(named, dict) or named.get("id") != ruleset_id:
            continue
        scenario, problems = scenario_from_data(data, path.parent, games)
        if scenario is not None:
            found.append(scenario)
    return found


def blank(ruleset_id: str, games: GameLookup, title: str = "Untitled scenario") -> Scenario:
    """An empty board for a ruleset with the seats its game needs: its shipped scenario's (their
    ids may matter to the rules), else as many as the game can have (four for a game this
    studio does not know). Left to do: the map and the cards."""
    ruleset = games(ruleset_id)
    options = ruleset.options_type() if ruleset else RawOptions()
    examples = shipped_for(ruleset_id, games)
    if examples:
        seats = [Seat(seat.id, seat.name, seat.colour) for seat in examples[0].seats]
    else:
        seats = [Seat(*seat) for seat in DEFAULT_SEATS[:min(ruleset.max_players if ruleset else 4,
                                                            len(DEFAULT_SEATS))]]
    return Scenario(Meta(title), RulesetRef(ruleset_id, options), Board(), seats=seats)


def for_ruleset(ruleset_id: str, games: GameLookup, title: str = "Untitled scenario") -> Scenario:
    """The game's own seats, decks, options, card layouts, tracks and boxes, as its shipped
    scenario has them, with a blank map: what is left to do is to draw the spaces the cards
    and the setup name (the draft's problems list them)."""
    examples = shipped_for(ruleset_id, games)
    if not examples:
        return blank(ruleset_id, games, title)
    scenario = copy.deepcopy(examples[0])
    kept = [space for space in scenario.board.spaces if space.kind not in MAP_KINDS]
    kept_ids = {space.id for space in kept}
    scenario.meta = Meta(title, provisional=[item for item in scenario.meta.provisional
                                             if not item.path.startswith("board.")])
    regions = {space.region for space in kept}
    scenario.board = Board(scenario.board.width, scenario.board.height, spaces=kept,
                           regions=[region for region in scenario.board.regions if region.id in regions],
                           connections=[connection for connection in scenario.board.connections
                                        if connection.a in kept_ids and connection.b in kept_ids],
                           schematic=scenario.board.schematic)
    return scenario


def copy_of(path: Path, games: GameLookup, title: str | None = None) -> Scenario:
    """A shipped (or any) scenario to start from."""
    scenario = load_scenario(path, games)
    if title:
        scenario.meta.title = title
    return scenario


def kinds_used(ruleset_id: str, games: GameLookup) -> tuple[list[SpaceKind], list[ConnectionKind]]:
    """The kinds of spaces and connections the ruleset's shipped scenarios use; every kind when
    none is shipped, so a new game is not limited."""
    examples = shipped_for(ruleset_id, games)
    spaces = {space.kind for scenario in examples for space in scenario.board.spaces}
    connections = {connection.kind for scenario in examples for connection in scenario.board.connections}
    return ([kind for kind in SpaceKind if kind in spaces] or list(SpaceKind),
            [kind for kind in ConnectionKind if kind in connections] or list(ConnectionKind))
