"""Option sweeps on Dice Race, where what a change does is known: the bonus cards' value
decides how often a roll of points ends the game at once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.balance.run import Plan
from engine.balance.sweep import (
    grid,
    influence,
    one_at_a_time,
    parse_vary,
    provisional_varies,
    sweep,
    table,
    value_at,
)

DICE_RACE = Path(__file__).parents[2] / "data" / "dice-race.json"


def test_vary_reads_json_values_and_keeps_lists_whole():
    assert parse_vary("target=5,10,20") == ("target", (5, 10, 20))
    assert parse_vary("ruleset.options.rounds=3, 4") == ("ruleset.options.rounds", (3, 4))
    assert parse_vary("board.spaces[a].terrain=[\"forest\"],[]") == ("board.spaces[a].terrain", (["forest"], []))
    assert parse_vary("seats[red].name=Crimson,Scarlet") == ("seats[red].name", ("Crimson", "Scarlet"))
    for bad in ("target", "=1,2", "target=", "target=5"):
        with pytest.raises(ValueError, match="--vary"):
            parse_vary(bad)


def test_a_grid_is_every_combination_after_the_fixed_changes():
    fixed = (("rounds", 9),)
    variants = grid([("target", (1, 2)), ("speed", ("a", "b", "c"))], fixed)
    assert len(variants) == 6
    assert variants[0] == (("rounds", 9), ("target", 1), ("speed", "a"))
    assert variants[-1] == (("rounds", 9), ("target", 2), ("speed", "c"))
    assert one_at_a_time([("target", (1, 2)), ("speed", ("a",))]) == [
        (), (("target", 1),), (("target", 2),), (("speed", "a"),)]


def test_provisional_numbers_are_varied_one_step_each_way_and_the_rest_said_why_not(tmp_path):
    data = json.loads(DICE_RACE.read_text(encoding="utf-8"))
    card = data["decks"][0]["cards"][0]
    data["meta"]["provisional"] = [
        {"path": f"decks[{data['decks'][0]['id']}].cards[{card['id']}].data.value", "note": "a guess"},
        {"path": "ruleset.options.target", "note": "the default, not in the file"},
        {"path": "board.spaces", "note": "the whole board"},
        {"path": "board.spaces[*].name", "note": "every name"},
    ]
    path = tmp_path / "race.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    varies, skipped = provisional_varies(str(path), 1)
    value = card["data"]["value"]
    assert varies == [(f"decks[{data['decks'][0]['id']}].cards[{card['id']}].data.value",
                       (max(0, value - 1), value + 1)), ("ruleset.options.target", (19, 21))]
    assert skipped == ["board.spaces: not a single number", "board.spaces[*].name: names many values"]
    assert value_at({"a": [{"id": "x", "b": 3}]}, "a[x].b") == 3
    with pytest.raises(KeyError):
        value_at({"a": []}, "a[x]")


@pytest.fixture(scope="module")
def race(tmp_path_factory) -> tuple[str, str]:
    """Sudden death (target 1), the bonus cards worth 0, one of them provisional."""
    data = json.loads(DICE_RACE.read_text(encoding="utf-8"))
    data["ruleset"]["options"] = {"target": 1, "rounds": 10_000}
    for card in data["decks"][0]["cards"]:
        card["data"]["value"] = 0
    deck = data["decks"][0]["id"]
    data["meta"]["provisional"] = [{"path": "ruleset.options.target", "note": "a guess"}]
    path = tmp_path_factory.mktemp("sweep") / "race.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path), deck


def test_a_sweep_plays_the_same_seeds_per_variant_and_ranks_what_moved_balance(race, tmp_path):
    """Target 1 is sudden death: the first player's edge (14/23 for the random bot) shows in
    Balance. A high target spreads the game over many turns and the edge shrinks; a refused
    value plays nothing and says why."""
    path, _ = race
    base = Plan(path, 2, 4, 400, ("random", "random"))
    variants = grid([("target", (1, 40, -3))])
    results = sweep(base, variants, ["Red", "Blue"], executor=None, results=tmp_path / "sweep")
    assert [r.summary is None for r in results] == [False, False, True]
    assert "ruleset.options.target" in results[2].problem
    sudden, long = results[0].summary, results[1].summary
    assert sudden.games == long.games == 400
    assert sudden.turns.mean < long.turns.mean
    ranked = influence(results, ["ruleset.options.target"])
    assert [(item.path, item.provisional) for item in ranked] == [("target", True)]
    assert ranked[0].swing == pytest.approx(abs(sudden.balance - long.balance))
    lines = table(results)
    assert "target=-3" in lines and "refused:" in lines and "Balance" in lines
    # resumed from the folder: the finished variants are read back, not played again
    again = sweep(base, variants, ["Red", "Blue"], results=tmp_path / "sweep")
    assert [r.summary for r in again] == [r.summary for r in results]
    assert sorted(p.name for p in (tmp_path / "sweep").iterdir()) == ["variant-0.jsonl", "variant-1.jsonl"]


def test_a_cancelled_sweep_keeps_the_games_played_and_starts_no_further_variant(race):
    """Cancelled while its second variant plays, the sweep keeps the first whole, the second's
    finished chunks (each game still openable), and never starts the third."""
    path, _ = race
    base = Plan(path, 2, 4, 40, ("random", "random"))
    stop = []

    def progress(variant: int, done: int, total: int) -> None:
        if variant == 1 and done >= 10:
            stop.append(True)

    results = sweep(base, grid([("target", (1, 5, 40))]), ["Red", "Blue"], chunk=5, progress=progress,
                    cancelled=lambda: bool(stop))
    assert [dict(r.overrides)["target"] for r in results] == [1, 5]
    assert results[0].summary.games == 40 == len(results[0].records)
    assert results[1].summary.games == len(results[1].records) == 10
    assert [record.seed for record in results[1].records] == [f"4:{i}" for i in range(10)]
