"""How chance is drawn: reproducibly from a seed, never stored, so replays need no generator."""

from __future__ import annotations

import hashlib
import random

from engine.core.decision import Chance
from engine.core.moves import Outcome

_MASK = (1 << 64) - 1


class StepRandom(random.Random):
    """A generator made for one step and thrown away: SplitMix64 seeded from a hash of a text.

    Seeding Mersenne Twister fills 2.5 kB of state, which costs more than a whole engine step;
    a session makes a generator per bot or chance step, so it uses this one. SplitMix64 passes
    the usual statistical batteries and every ``random.Random`` method works on top of it."""

    def seed(self, a: object = None, version: int = 2) -> None:
        text = str(a).encode()
        self._state = int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "little")
        self.gauss_next = None

    def random(self) -> float:
        self._state = x = (self._state + 0x9E3779B97F4A7C15) & _MASK
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((x ^ (x >> 31)) >> 11) * (1.0 / (1 << 53))

    def getstate(self) -> int:
        return self._state

    def setstate(self, state: int) -> None:
        self._state = state


def chance_rng(seed: int, step_id: int | str, reuse: StepRandom | None = None) -> random.Random:
    """The generator for the chance step after ``step_id`` (with ":n" for its n-th fresh draw):
    reproducible without saved state. ``reuse`` is seeded afresh and returned instead of a new
    generator, for a caller that makes one per step: making a ``random.Random`` seeds a Mersenne
    Twister underneath, which costs more than the step's own seeding."""
    return _seeded(f"{seed}:chance:{step_id}", reuse)


def bot_rng(seed: int, step_id: int | str, reuse: StepRandom | None = None) -> random.Random:
    """The generator a bot chooses with at the step after ``step_id``, like ``chance_rng``."""
    return _seeded(f"{seed}:bot:{step_id}", reuse)


def _seeded(text: str, reuse: StepRandom | None) -> StepRandom:
    if reuse is None:
        return StepRandom(text)
    reuse.seed(text)
    return reuse


def uniform_index(rng: random.Random, count: int) -> int:
    """A uniform index below ``count``: one C call, where ``randrange`` runs Python code on
    every step of a simulation; the bias of a 53-bit float is far below anything measurable."""
    return int(rng.random() * count)


def sample(chance: Chance, rng: random.Random) -> Outcome:
    if chance.weights is None:
        return chance.outcomes[uniform_index(rng, len(chance.outcomes))]
    return rng.choices(chance.outcomes, weights=chance.weights)[0]
