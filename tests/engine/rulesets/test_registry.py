"""The registry's table of games: what it lists without importing a game is what each game
says of itself, and a game is made once however many ask for it."""

from __future__ import annotations

import threading
import time

import pytest

from engine.rulesets import registry
from engine.rulesets.registry import SHIPPED, Listing, get_ruleset, listing, rulesets


@pytest.mark.parametrize("game_id", sorted(SHIPPED))
def test_the_listing_written_in_the_table_is_the_games_own(game_id):
    shown, where = SHIPPED[game_id]
    ruleset = get_ruleset(game_id)
    assert f"{type(ruleset).__module__}:{type(ruleset).__name__}" == where
    assert shown == Listing(ruleset.id, ruleset.title, ruleset.min_players, ruleset.max_players)


def test_the_listing_names_every_game_shipped_and_registered_in_order_of_id():
    ids = [game.id for game in listing()]
    assert ids == sorted(ids)
    assert set(ids) == {*SHIPPED, "dice-race"}  # Dice Race: registered by tests/conftest.py
    assert [ruleset.id for ruleset in rulesets()] == ids


def test_an_unknown_id_is_none():
    assert get_ruleset("no-such-game") is None
    assert "no-such-game" not in {game.id for game in listing()}


def test_threads_asking_at_once_get_one_instance_of_a_game(monkeypatch):
    """The studio's checks ask from worker threads while the window asks too."""
    slow = registry.import_module

    def import_slowly(name):
        time.sleep(0.02)  # a game takes a while to import: every thread arrives meanwhile
        return slow(name)

    monkeypatch.setattr(registry, "import_module", import_slowly)
    monkeypatch.setattr(registry, "_LOADED", {})
    found = []
    threads = [threading.Thread(target=lambda: found.append(get_ruleset("civilization"))) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len({id(ruleset) for ruleset in found}) == 1
    assert found[0] is get_ruleset("civilization")
