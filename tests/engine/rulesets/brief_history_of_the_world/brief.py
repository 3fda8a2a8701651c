"""Shared fixtures for A Brief History's tests: the shipped scenario, the ruleset, a state
put together by hand for a rulebook situation, and a random game."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import attrs

from engine.bots import BOTS
from engine.core.decision import Chance, End
from engine.core.events import Event
from engine.core.randomness import sample
from engine.rulesets.brief_history_of_the_world.state import BriefState, Force
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario

SCENARIO_PATH = Path(__file__).parents[4] / "scenarios" / "a-brief-history-of-the-world.json"
SCENARIO = load_scenario(SCENARIO_PATH, get_ruleset)
RULESET = get_ruleset("a-brief-history-of-the-world")


def new_game(players: int = 4, **options) -> BriefState:
    chosen = attrs.evolve(SCENARIO.ruleset.options, **options)
    return RULESET.start(SCENARIO, SCENARIO.seats[:players], chosen)


def in_turn(card: str = "e3-romans", colour: int = 0, board: int = 5, players: int = 4, **options) -> BriefState:
    """A state in the middle of ``card``'s expansion: epoch 3, the empire founded elsewhere
    by hand so a test can lay out the map as its rulebook example does."""
    state = new_game(players, **options)
    data = state.tables.empires[card]
    state.epoch, state.phase, state.current = data.epoch, "turn", colour
    state.gold = [20] * len(state.colours)
    state.held = {card: colour}
    state.announced = [card]
    state.force = Force(colour, card, "empire", board, barbarian=not data.capital,
                        characteristic=data.characteristic)
    state.decision = None
    return state


def stand(state: BriefState, colour: int, *territories: str) -> None:
    """Armies of ``colour`` on the map; the running force's colour stands them up."""
    for territory in territories:
        state.armies[territory] = colour
        state.stock[colour] -= 1
        if state.force is not None and colour == state.force.colour:
            state.force.active.add(territory)
    state.decision = state.placements = None


def play(state: BriefState, move) -> list:
    return RULESET.apply(state, move)


def find(state: BriefState, action_id: str):
    decision = RULESET.decision(state)
    move = decision.find(action_id)
    assert move is not None, f"{action_id} not offered; offered: {[m.id for m in decision.actions]}"
    return move


def outcome(state: BriefState, value):
    decision = RULESET.decision(state)
    assert isinstance(decision, Chance), decision
    return next(o for o in decision.outcomes if str(o.value) == str(value))


def random_steps(state: BriefState, seed: int | str) -> Iterator[list[Event]]:
    """Play ``state`` to its end with random seats and chance, yielding each step's log, so a
    test can look at the state after every step."""
    rng = random.Random(seed)
    while not isinstance(decision := RULESET.decision(state), End):
        move = sample(decision, rng) if isinstance(decision, Chance) else BOTS["random"].choose(decision, rng)
        yield RULESET.apply(state, move)


def random_game(players: int, seed: int, **options):
    state = new_game(players, **options)
    log = []
    for events in random_steps(state, seed):
        log += events
    return state, RULESET.decision(state), log
