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
        self.seed_hash(hashlib.blake2b(str(a).encode(), digest_size=8))

    def seed_hash(self, text_hash: hashlib.blake2b) -> None:
        """Seed from the BLAKE2 hash of the text, fed whole or in parts (the same digest)."""
        self._state = int.from_bytes(text_hash.digest(), "little")
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


def chance_rng(seed: int, step_id: int | str) -> random.Random:
    """The generator for the chance step after ``step_id`` (with ":n" for its n-th fresh draw):
    reproducible without saved state."""
    return StepRandom(f"{seed}:chance:{step_id}")


def bot_rng(seed: int, step_id: int | str) -> random.Random:
    """The generator a bot chooses with at the step after ``step_id``, like ``chance_rng``."""
    return StepRandom(f"{seed}:bot:{step_id}")


class StepGenerators:
    """``chance_rng`` and ``bot_rng`` of one seed for a caller that takes step after step (the
    session): one generator, seeded afresh at each step, and the hash of the text's common part
    ("{seed}:chance:") worked out once and copied, so a step hashes only its own number. The
    hash is the same as of the whole text, so are the draws."""

    def __init__(self, seed: int) -> None:
        self._chance = hashlib.blake2b(f"{seed}:chance:".encode(), digest_size=8)
        self._bot = hashlib.blake2b(f"{seed}:bot:".encode(), digest_size=8)
        self._rng = StepRandom(0)

    def chance(self, step_id: int) -> StepRandom:
        return self._seeded(self._chance.copy(), step_id)

    def bot(self, step_id: int) -> StepRandom:
        return self._seeded(self._bot.copy(), step_id)

    def _seeded(self, text_hash: hashlib.blake2b, step_id: int) -> StepRandom:
        text_hash.update(b"%d" % step_id)  # the bytes of str(step_id)
        self._rng.seed_hash(text_hash)
        return self._rng


def uniform_index(rng: random.Random, count: int) -> int:
    """A uniform index below ``count``: one C call, where ``randrange`` runs Python code on
    every step of a simulation; the bias of a 53-bit float is far below anything measurable."""
    return int(rng.random() * count)


def sample(chance: Chance, rng: random.Random) -> Outcome:
    if chance.weights is None:
        return chance.outcomes[uniform_index(rng, len(chance.outcomes))]
    return rng.choices(chance.outcomes, weights=chance.weights)[0]
