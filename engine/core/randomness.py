"""How chance is drawn: reproducibly from a seed, never stored, so replays need no generator."""

from __future__ import annotations

import hashlib
import random
from array import array

from engine.core.decision import Chance
from engine.core.moves import Outcome

_MASK = (1 << 64) - 1

# The bound of a seed, and the one every reader and writer of a seed reads (the playtest file and
# its schema, the CLI's --seed, the service's open, the New Playtest dialog): the largest number a
# QSpinBox holds, either sign (the CLI always took negative seeds; the dialog draws from 0). The
# studio drew seeds up to it before there was one bound, so every playtest it saved reopens.
SEED_MAX = 2**31 - 1
SEED_MIN = -SEED_MAX


class StepRandom(random.Random):
    """A generator for one step: SplitMix64 seeded from a hash of a text.

    Seeding Mersenne Twister fills 2.5 kB of state, which costs more than a whole engine step;
    a session seeds a generator afresh at every chance step, so it uses this one. SplitMix64 passes
    the usual statistical batteries and every ``random.Random`` method works on top of it.
    Its fields are slots: a session places a generator at every step, and setting a slot costs
    half what setting an attribute of a ``random.Random`` does."""

    __slots__ = ("_state", "gauss_next")

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


def bot_rng(seed: int, step_id: int, draw: int = 0) -> random.Random:
    """The generator a bot chooses with at the step after ``step_id`` (``draw`` n for its n-th
    fresh draw), reproducible without saved state like ``chance_rng``."""
    return BotDraws(seed, draw).at(step_id)


class BotDraws(StepRandom):
    """The draws of a bot at each step of a session.

    A step's first draw is read from a table that a Mersenne Twister, seeded from the text
    "{seed}:bot:{draw}:block:{block}", fills for 256 steps at a time, in C: a random bot draws
    once a step, and a hash and a mix in Python for that one number cost History of the
    World's session step about a sixth of an engine step. The later draws of a step (a bot
    that searches) are SplitMix64 seeded from the hash of "{seed}:bot:{draw}:{step}", made
    when first asked for."""

    __slots__ = ("_first", "_step", "_tables", "_text")
    BLOCK = 256

    def __init__(self, seed: int, draw: int = 0) -> None:
        self._text = f"{seed}:bot:{draw}:"
        self._tables: dict[int, array] = {}
        self._step = 0
        self._first: float | None = None
        super().__init__()

    def seed(self, a: object = None, version: int = 2) -> None:
        """Only ``at`` places the generator; ``random.Random.__init__`` calls this."""
        self._state = None
        self.gauss_next = None

    def at(self, step_id: int) -> BotDraws:
        """The generator placed at the step after ``step_id``, its first draw next."""
        block = step_id // self.BLOCK
        table = self._tables.get(block) or self._fill(block)
        self._first = table[step_id % self.BLOCK]
        self._step = step_id
        self._state = None
        self.gauss_next = None
        return self

    def random(self) -> float:
        first = self._first
        if first is not None:
            self._first = None
            return first
        if self._state is None:
            StepRandom.seed(self, f"{self._text}{self._step}")
        return StepRandom.random(self)

    def _fill(self, block: int) -> array:
        twister = random.Random(f"{self._text}block:{block}")
        self._tables[block] = table = array("d", [twister.random() for _ in range(self.BLOCK)])
        return table


class ChanceDraws(StepRandom):
    """``chance_rng`` at each step of a session, placed by ``at``: the hash of the text's common
    part ("{seed}:chance:") is worked out once and copied, so a step hashes only its own number.
    The hash is the same as of the whole text, so are the draws; a saved playtest's rolls are
    checked again with ``chance_rng``."""

    __slots__ = ("_prefix",)

    def __init__(self, seed: int) -> None:
        self._prefix = hashlib.blake2b(f"{seed}:chance:".encode(), digest_size=8)
        super().__init__(0)

    def at(self, step_id: int) -> ChanceDraws:
        text_hash = self._prefix.copy()
        text_hash.update(b"%d" % step_id)  # the bytes of str(step_id)
        self.seed_hash(text_hash)
        return self


def uniform_index(rng: random.Random, count: int) -> int:
    """A uniform index below ``count``: one C call, where ``randrange`` runs Python code on
    every step of a simulation; the bias of a 53-bit float is far below anything measurable."""
    return int(rng.random() * count)


def sample(chance: Chance, rng: random.Random) -> Outcome:
    if chance.weights is None:
        return chance.outcomes[uniform_index(rng, len(chance.outcomes))]
    return rng.choices(chance.outcomes, weights=chance.weights)[0]
