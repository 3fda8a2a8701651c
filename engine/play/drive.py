"""The one game-driving loop: ask the ruleset for its decision, let the acting seat's bot
choose or chance draw, apply. The session's bot step, the headless simulation and the golden
playthroughs all take their steps here, so how a step is taken is written once."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

from engine.core.bot import Bot
from engine.core.decision import Chance, Choice, End
from engine.core.events import Event
from engine.core.moves import Move
from engine.core.randomness import sample
from engine.core.ruleset import Ruleset

MAX_STEPS = 1_000_000


def next_move(decision: Choice | Chance, bot: Bot | None, rng: random.Random) -> Move:
    """Chance draws from ``rng``; a choice is made by ``bot``, the acting seat's. For a caller
    taking one step at a time (the session); ``drive`` writes the same out in its loop."""
    if isinstance(decision, Chance):
        return sample(decision, rng)
    if bot is None:
        raise ValueError(f"no bot to play seat {decision.seat + 1}")
    return bot.choose(decision, rng)


class Endless(RuntimeError):
    """A driven game did not reach its end within the steps allowed."""


class Taken(NamedTuple):
    """One step of a driven game: what was asked, what was done, what happened. A tuple, as
    a simulation makes one per step and reads it at once."""

    decision: Choice | Chance
    move: Move
    log: list[Event]


def drive(
    ruleset: Ruleset, state: Any, bots: Sequence[Bot], rng: random.Random, max_steps: int = MAX_STEPS
) -> Iterator[Taken]:
    """Play ``state`` (changed in place) to its end, ``bots[seat]`` choosing for each seat and
    ``rng`` deciding both bots and chance; yields every step. The end is then
    ``ruleset.decision(state)``. Raises Endless when ``max_steps`` are not enough."""
    decide, apply = ruleset.decision, ruleset.apply
    taken = tuple.__new__  # Taken(...) runs a Python-level __new__; this is the same tuple, made in C
    for _ in range(max_steps):  # next_move written out: a call less per step
        decision = decide(state)
        kind = decision.__class__
        if kind is Choice:
            move = bots[decision.seat].choose(decision, rng)
        elif kind is End:
            return
        else:
            move = sample(decision, rng)
        yield taken(Taken, (decision, move, apply(state, move)))
    raise Endless(f"the game did not end within {max_steps} steps")
