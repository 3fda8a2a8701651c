"""Every shipped game, by id: the one place that names them, so nothing below this floor
imports a game and a new game is one line here.

A game is imported when it is first asked for by id (a scenario names it), not when the
registry is: importing all five cost every command, service and worker process most of its
start-up. What a list of games shows (id, title, player counts) is written here, so listing
them imports none; tests/engine/rulesets/test_registry.py checks it against the games.

``register`` adds a game that is not shipped (the tests' Dice Race) for the process's life.
"""

from __future__ import annotations

import threading
from importlib import import_module
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from engine.core.ruleset import Ruleset


class Listing(NamedTuple):
    """A game as a list of games shows it, known without importing the game."""

    id: str
    title: str
    min_players: int
    max_players: int


# Each shipped game's listing and where its Ruleset class is: "module:class".
SHIPPED: dict[str, tuple[Listing, str]] = {listing.id: (listing, where) for listing, where in (
    (Listing("after-the-flood", "After the Flood", 3, 3),
     "engine.rulesets.after_the_flood.ruleset:AfterTheFlood"),
    (Listing("antike-duellum", "Antike Duellum", 2, 2),
     "engine.rulesets.antike_duellum.ruleset:AntikeDuellum"),
    (Listing("a-brief-history-of-the-world", "A Brief History of the World", 2, 6),
     "engine.rulesets.brief_history_of_the_world.ruleset:BriefHistory"),
    (Listing("civilization", "Sid Meier's Civilization: The Board Game", 2, 4),
     "engine.rulesets.civilization.ruleset:Civilization"),
    (Listing("history-of-the-world", "History of the World", 3, 6),
     "engine.rulesets.history_of_the_world.ruleset:HistoryOfTheWorld"),
)}

_LOADED: dict[str, Ruleset] = {}
_LOADING = threading.Lock()  # the studio's checks ask from worker threads: one instance per game


def register(ruleset: Ruleset) -> Ruleset:
    _LOADED[ruleset.id] = ruleset
    return ruleset


def get_ruleset(ruleset_id: str) -> Ruleset | None:
    """The game, imported the first time it is asked for; None for an unknown id."""
    ruleset = _LOADED.get(ruleset_id)
    if ruleset is not None or ruleset_id not in SHIPPED:
        return ruleset
    with _LOADING:
        if ruleset_id not in _LOADED:
            module, name = SHIPPED[ruleset_id][1].split(":")
            _LOADED[ruleset_id] = getattr(import_module(module), name)()
        return _LOADED[ruleset_id]


def listing() -> list[Listing]:
    """Every game by id, shipped and registered, importing none."""
    games = {game_id: shown for game_id, (shown, _) in SHIPPED.items()}
    games.update({r.id: Listing(r.id, r.title, r.min_players, r.max_players) for r in _LOADED.values()})
    return sorted(games.values())


def rulesets() -> list[Ruleset]:
    """Every game by id, each imported: for what reads them all (the schema, the tests)."""
    return [get_ruleset(game.id) for game in listing()]
