"""Shared helpers of the Civilization tests: the shipped scenario, a game played past setup,
and small ways to set up a rulebook situation on the map."""

from __future__ import annotations

import random
from pathlib import Path

import attrs

from engine.bots import BOTS
from engine.core.decision import Chance, Choice
from engine.core.randomness import sample
from engine.rulesets.civilization.kept import changed
from engine.rulesets.civilization.state import City, CivState, Figure
from engine.rulesets.civilization.tables import Icons, Square
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario

ROOT = Path(__file__).parents[4]
SCENARIO = load_scenario(ROOT / "scenarios" / "civilization.json", get_ruleset)
RULESET = get_ruleset("civilization")


def new_game(players: int = 2, seed: int = 1, **options) -> CivState:
    chosen = attrs.evolve(SCENARIO.ruleset.options, **options)
    return RULESET.start(SCENARIO, SCENARIO.seats[:players], chosen)


def play_until(state: CivState, done, seed: int = 1, limit: int = 20000) -> CivState:
    """Random moves until ``done(state)``."""
    rng = random.Random(seed)
    for _ in range(limit):
        if done(state):
            return state
        decision = RULESET.decision(state)
        move = BOTS["random"].choose(decision, rng) if isinstance(decision, Choice) else sample(decision, rng)
        RULESET.apply(state, move)
    raise AssertionError("the situation was never reached")


def past_setup(players: int = 2, seed: int = 1, **options) -> CivState:
    return play_until(new_game(players, seed, **options), lambda s: s.phase == "start", seed)


def sq(x: int, y: int) -> str:
    return f"sq-{x}-{y}"


def paint(state: CivState, square: str, terrain: str = "grassland", **icons: int) -> None:
    """Give a revealed square a known look: a rulebook example's printed icons."""
    state.squares[square] = Square(terrain, Icons(**icons))
    changed(state)


def blank_area(state: CivState, x0: int, y0: int, size: int = 5) -> None:
    for x in range(x0, x0 + size):
        for y in range(y0, y0 + size):
            paint(state, sq(x, y))
            state.minors.pop(sq(x, y), None)


def clear_map(state: CivState) -> None:
    """No figures, cities or markers: a clean board for an example."""
    state.figures.clear()
    state.cities.clear()
    state.buildings.clear()
    state.wonders.clear()
    state.greats.clear()
    changed(state)


def add_city(state: CivState, owner: int, square: str, capital: bool = False) -> City:
    city = City(owner, square, capital=capital)
    state.cities.append(city)
    changed(state)
    return city


def add_figure(state: CivState, owner: int, kind: str, square: str) -> Figure:
    figure = Figure(state.next_figure, owner, kind, square)
    state.next_figure += 1
    state.figures.append(figure)
    changed(state)
    return figure


def edited(state: CivState) -> None:
    """The test changed the state by hand: the cached decision and derived facts are stale."""
    state.decision = None
    changed(state)


def choice(state: CivState) -> Choice:
    decision = RULESET.decision(state)
    assert isinstance(decision, Choice), decision
    return decision


def force(state: CivState, value: str) -> None:
    decision = RULESET.decision(state)
    assert isinstance(decision, Chance), decision
    RULESET.apply(state, next(o for o in decision.outcomes if o.value == value))
