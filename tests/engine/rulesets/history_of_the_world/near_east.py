"""A small Near East board for rules tests, laid out like the rulebook's worked examples."""

from __future__ import annotations

import attrs

from engine.rulesets.history_of_the_world import turn
from engine.rulesets.history_of_the_world.board import read_board
from engine.rulesets.history_of_the_world.options import HistoryOfTheWorldOptions
from engine.rulesets.history_of_the_world.state import HistoryState, Turn, new_state
from engine.rulesets.history_of_the_world.tables import Empire, Event, Tables, Tile
from engine.scenario.model import (
    Board,
    Connection,
    ConnectionKind,
    Meta,
    Region,
    RulesetRef,
    Scenario,
    Space,
    SpaceKind,
)

LAND = [
    # id, region, terrain, icons
    ("mesopotamia", "near_east", [], 1),
    ("zagros", "near_east", ["mountain"], 1),
    ("levant", "near_east", [], 0),
    ("tigris", "near_east", [], 0),
    ("anatolia", "near_east", ["forest"], 0),
    ("nile", "north_africa", [], 0),
    ("libya", "north_africa", [], 0),
    ("crete", "southern_europe", [], 0),
]
AREAS = [("empty_quarter", SpaceKind.WASTELAND), ("mediterranean", SpaceKind.SEA),
         ("arabian_sea", SpaceKind.SEA), ("indian_ocean", SpaceKind.OCEAN)]
BORDERS = [
    ("mesopotamia", "zagros"), ("mesopotamia", "levant"), ("mesopotamia", "tigris"),
    ("mesopotamia", "anatolia"), ("levant", "nile"), ("nile", "libya"), ("anatolia", "levant"),
    ("tigris", "zagros"),
]
COASTS = [
    ("empty_quarter", "mesopotamia"), ("empty_quarter", "levant"), ("empty_quarter", "nile"),
    ("mediterranean", "levant"), ("mediterranean", "nile"), ("mediterranean", "anatolia"),
    ("mediterranean", "crete"), ("mediterranean", "libya"),
    ("arabian_sea", "zagros"), ("arabian_sea", "tigris"), ("indian_ocean", "nile"),
]


def scenario() -> Scenario:
    spaces = [Space(id=p, name=p.title(), region=r, terrain=t, resources=["gold"] * icons)
              for p, r, t, icons in LAND]
    spaces += [Space(id=a, name=a.replace("_", " ").title(), kind=k) for a, k in AREAS]
    connections = [Connection(a, b) for a, b in BORDERS]
    connections += [Connection(a, b, ConnectionKind.SEA) for a, b in COASTS]
    connections.append(Connection("indian_ocean", "arabian_sea", ConnectionKind.SEA))
    connections.append(Connection("empty_quarter", "arabian_sea", ConnectionKind.SEA))  # touching
    connections.append(Connection("anatolia", "crete", ConnectionKind.STRAIT))  # stepping stones
    regions = [Region(r, r.replace("_", " ").title()) for r in ("near_east", "north_africa", "southern_europe")]
    return Scenario(Meta("mini"), RulesetRef("history-of-the-world", HistoryOfTheWorldOptions()),
                    Board(regions=regions, spaces=spaces, connections=connections))


def empire(id: str, order: int = 1, armies: int = 4, starts=("mesopotamia",), capital: bool = True,
           fleets=(), caravans=(), ability: str = "") -> Empire:
    return Empire(id, id.title(), 1, order, armies, starts, capital, fleets, caravans, ability)


def development(id: str, effect: str, amount: int = 1, supply_armies: int = 0, later: bool = True) -> Event:
    return Event(id, id.title(), 1, False, effect, amount, supply_armies, later, 0, (), True, (), ())


def kingdom(id: str, start: str, armies: int = 2, capital: bool = False) -> Event:
    return Event(id, id.title(), 1, True, "", 0, 0, False, armies, (start,), capital, (), ())


def tables(empires=(), events=(), tiles=(), **options) -> Tables:
    tiles = tiles or (Tile("ne1", "near_east", 1, 3, 2), Tile("na1", "north_africa", 1, 2, 2))
    return Tables(
        read_board(scenario()),
        attrs.evolve(HistoryOfTheWorldOptions(), **options),
        {e.id: e for e in empires},
        {e.id: e for e in events},
        {t.id: t for t in tiles},
    )


def turn_state(empire_card: Empire, players: int = 3, events=(), **options) -> HistoryState:
    """A game in epoch I whose seat 0 has just revealed ``empire_card`` (step 3 still to come)."""
    table = tables([empire_card], events, **options)
    state = new_state(table, [f"P{n + 1}" for n in range(players)])
    state.phase, state.epoch = "turns", 1
    state.score = [10 * (n + 1) for n in range(players)]
    state.tiles = {t.region: t.id for t in table.tiles.values()}
    state.drafted_empire[0] = empire_card.id
    state.turn = Turn(seat=0, empire=empire_card.id, card=empire_card.id)
    return state


def found(state: HistoryState) -> list[str]:
    """Carry out step 3 (founding) and return the log."""
    log = []
    turn.found(state, log)
    return [event.text for event in log]


def place(state: HistoryState, province: str, owner: int, active: bool = False) -> None:
    state.armies[province] = owner
    state.supply[owner] -= 1
    if active:
        state.active.add(province)
