"""One seeded game between random bots as fast as the engine plays it: the bare engine
the speed benchmarks measure against (``benchmarks/simulate_speed.py``). ``epoch simulate``
and the balance figures play through ``engine/balance/run.py``, which records what the
figures read.

A game ends by its rules alone, or stops as turn ``max_turns + 1`` begins (then unfinished).
"""

from __future__ import annotations

import random
from typing import Any

from attrs import frozen

from engine.bots import BOTS
from engine.core.decision import Choice
from engine.core.ruleset import Ruleset
from engine.play.drive import Endless, drive
from engine.scenario.model import Scenario

MAX_STEPS = 1_000_000


@frozen
class GameResult:
    scores: tuple[float, ...]  # the final scores; empty for a capped game
    winners: tuple[int, ...]  # empty for a capped game
    actions: int  # decisions taken by seats
    steps: int  # actions plus chance steps
    turns: int = 0  # runs of choices by one seat
    capped: bool = False  # stopped at the run's turn cap before the rules ended it


def opening(ruleset: Ruleset, scenario: Scenario, players: int) -> Any:
    """The state before the first decision: the same for every game, as ``start`` takes no seed,
    so it is made once and cloned for each game."""
    return ruleset.start(scenario, scenario.seats[:players], scenario.ruleset.options)


def play_game(
    ruleset: Ruleset, initial: Any, seed: str, bot: str = "random", max_turns: int | None = None
) -> GameResult:
    """One game to its end, or stopped as turn ``max_turns + 1`` begins (then unfinished)."""
    state = ruleset.clone(initial)
    actions = steps = turns = 0
    actor: int | None = None
    try:
        for taken in drive(ruleset, state, [BOTS[bot]] * ruleset.max_players, random.Random(seed), MAX_STEPS):
            steps += 1
            if isinstance(taken.decision, Choice):
                actions += 1
                if taken.decision.seat != actor:
                    actor = taken.decision.seat
                    turns += 1
                    if max_turns is not None and turns > max_turns:
                        return GameResult((), (), actions, steps, max_turns, capped=True)
    except Endless:
        raise RuntimeError(f"game {seed} did not end within {MAX_STEPS} steps") from None
    end = ruleset.decision(state)
    return GameResult(tuple(end.scores), tuple(end.winners), actions, steps, turns)
