"""How chance is drawn: reproducibly from a seed, never stored, so replays need no generator."""

from __future__ import annotations

import random

from engine.core.decision import Chance
from engine.core.moves import Outcome


def chance_rng(seed: int, step_id: int | str) -> random.Random:
    """The generator for the chance step after ``step_id`` (with ":n" for its n-th fresh draw):
    reproducible without saved state."""
    return random.Random(f"{seed}:chance:{step_id}")


def uniform_index(rng: random.Random, count: int) -> int:
    """A uniform index below ``count``: one C call, where ``randrange`` runs Python code on
    every step of a simulation; the bias of a 53-bit float is far below anything measurable."""
    return int(rng.random() * count)


def sample(chance: Chance, rng: random.Random) -> Outcome:
    if chance.weights is None:
        return chance.outcomes[uniform_index(rng, len(chance.outcomes))]
    return rng.choices(chance.outcomes, weights=chance.weights)[0]
