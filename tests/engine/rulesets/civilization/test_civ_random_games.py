"""Seeded random games for 2, 3 and 4 players end, keeping every component count at every turn
(the issue's 200 games per count are run with `epoch simulate`; a few are played here)."""

from __future__ import annotations

import random

import pytest
from civ import RULESET, new_game

from engine.bots import BOTS
from engine.core.decision import Chance, End
from engine.core.randomness import sample
from engine.rulesets.civilization.abilities import abilities, coins, working_wonders
from engine.rulesets.civilization.board import coin_squares, enemy_squares
from engine.rulesets.civilization.cities import sites
from engine.rulesets.civilization.kept import layout, occupancy
from engine.rulesets.civilization.state import CivState

UNITS, EVENTS, GREATS = 53, 47, 18


def check(state: CivState) -> None:
    t = state.tables
    for seat, player in enumerate(state.players):
        mine = [f for f in state.figures if f.owner == seat]
        armies = 6 + ("white_army" in t.civs[player.civ].extras)
        assert player.armies + sum(f.kind == "army" for f in mine) == armies
        assert player.scouts + sum(f.kind == "scout" for f in mine) == 2
        assert 0 <= player.trade <= 27 and player.culture >= 0
        assert min(player.resources.values(), default=0) >= 0
        assert len([c for c in state.cities if c.owner == seat]) <= 3
    assert all(f.square in state.squares for f in state.figures)  # never on a face-down tile
    for a in state.cities:
        for b in state.cities:
            xa, ya = t.coords[a.square]
            xb, yb = t.coords[b.square]
            assert a is b or max(abs(xa - xb), abs(ya - yb)) >= 3
    units = [u for pool in (state.unit_pool, state.unit_bottom) for cards in pool.values() for u in cards]
    units += [u for p in state.players for u in p.forces]
    if state.battle and state.battle.stage == "play":  # once settled, survivors are back in the forces
        units += [u for hand in state.battle.hands for u in hand]
        units += [u for front in state.battle.fronts for u in front.units if u]
    assert sorted(units) == sorted(t.units)
    events = [e for pool in (state.event_pool, state.event_bottom) for cards in pool.values() for e in cards]
    assert sorted(events + [e for p in state.players for e in p.events]) == sorted(t.events)
    greats = state.great_pool + [g for p in state.players for g in p.greats] + [g for _, g in state.greats.values()]
    assert len(greats) == len(set(greats)) <= GREATS
    assert all(0 <= n <= t.seats for n in state.market.values())


def check_kept_facts(state: CivState) -> None:
    """What ``state.board`` and ``state.layout`` keep equals what the state gives when worked out
    afresh: no change to the figures, the board or a seat's cards went unannounced (``kept.py``)."""
    board, kept = state.board, state.layout
    state.board = state.layout = None
    if board is not None:
        fresh = occupancy(state)
        assert {sq: [id(f) for f in fs] for sq, fs in board.figures.items()} == \
            {sq: [id(f) for f in fs] for sq, fs in fresh.figures.items()}
        for seat, squares in board.enemies.items():
            assert enemy_squares(state, seat) == squares
        for seat, found in board.coins.items():
            assert coins(state, seat) == found
        for seat, found in board.abilities.items():
            assert abilities(state, seat) == found
        for square, found in board.sites.items():
            city = layout(state).cities.get(square)
            assert city is not None and sites(state, city) == found
    if kept is not None:
        fresh = layout(state)
        assert {sq: id(c) for sq, c in kept.cities.items()} == {sq: id(c) for sq, c in fresh.cities.items()}
        assert {s: [id(c) for c in cs] for s, cs in kept.owned.items()} == \
            {s: [id(c) for c in cs] for s, cs in fresh.owned.items()}
        for seat, squares in kept.coin_squares.items():
            assert coin_squares(state, seat) == squares
        for (seat, wonders), found in kept.abilities.items():
            if working_wonders(state, seat) == wonders:
                assert abilities(state, seat) == found
    state.board, state.layout = board, kept


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_seeded_random_game_ends_in_a_valid_state(players, seed):
    state = new_game(players)
    rng = random.Random(f"{seed}:civ")
    turn = 1  # checked from the second turn on, once the sheets are dealt
    while not isinstance(decision := RULESET.decision(state), End):
        move = sample(decision, rng) if isinstance(decision, Chance) else BOTS["random"].choose(decision, rng)
        RULESET.apply(state, move)
        check_kept_facts(state)
        if state.turn != turn:
            turn = state.turn
            check(state)
    check(state)
    assert state.winner is not None or state.turn > state.tables.options.turn_limit
