"""New scenarios: blank, for a ruleset, or a copy of a shipped one.

A ruleset declares its card types and options; the seats, decks and the kinds of spaces and
connections its games use are read from the scenarios shipped for it, so a designer starting
a new map for History of the World gets its six seat colours and its empty decks.
"""

from __future__ import annotations

from pathlib import Path

from engine.scenario.games import GameLookup
from engine.scenario.io import load_scenario, parse_json, read_text, scenario_from_data
from engine.scenario.model import (
    Board,
    ConnectionKind,
    Deck,
    Meta,
    RawOptions,
    RulesetRef,
    Scenario,
    Seat,
    SpaceKind,
)
from engine.scenario.problems import ScenarioError

SHIPPED = Path(__file__).resolve().parents[2] / "scenarios"
DEFAULT_SEATS = (("red", "Red", "#c0392b"), ("blue", "Blue", "#2e6db4"), ("green", "Green", "#2e8b57"),
                 ("yellow", "Yellow", "#d4ac0d"))


def shipped_scenarios() -> list[Path]:
    return sorted(SHIPPED.glob("*.json"))


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
    """An empty board for a ruleset: no spaces, no decks, four seats."""
    ruleset = games(ruleset_id)
    options = ruleset.options_type() if ruleset else RawOptions()
    return Scenario(Meta(title), RulesetRef(ruleset_id, options), Board(),
                    seats=[Seat(*seat) for seat in DEFAULT_SEATS])


def for_ruleset(ruleset_id: str, games: GameLookup, title: str = "Untitled scenario") -> Scenario:
    """An empty board with the ruleset's seats and (empty) decks, as its shipped games have them."""
    scenario = blank(ruleset_id, games, title)
    examples = shipped_for(ruleset_id, games)
    if examples:
        example = examples[0]
        scenario.seats = [Seat(seat.id, seat.name, seat.colour) for seat in example.seats]
        scenario.decks = [Deck(deck.id, deck.name) for deck in example.decks]
        scenario.board = Board(example.board.width, example.board.height)
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
