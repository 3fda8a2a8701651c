"""Values: the small records a game makes at every step (moves, decisions, log events).

They are equal and hashed by their fields and never change once made: a checkpointed session
shares them between states, and moves are kept in sets and dicts. attrs' ``frozen`` enforces
that at run time by setting every field through ``object.__setattr__``, which makes building
one cost two to three times a plain slotted class, and a game builds several per step. So a
value is a plain slotted attrs class with a hash, and its immutability is kept by:

- type checkers, which see ``@value`` classes as frozen (``dataclass_transform``);
- the check run: with ``EPOCH_CHECK_VALUES=1`` in the environment every value is built
  frozen, as before, and ``tests/engine/core/test_value.py`` plays seeded games of every
  registered ruleset, sessions with undo and redo and the codec round trip that way, so an
  assignment anywhere on those paths fails the suite (``docs/architecture.md``, Moves).
"""

from __future__ import annotations

import os
from typing import TypeVar, dataclass_transform

import attrs

CHECKED = os.environ.get("EPOCH_CHECK_VALUES") == "1"

T = TypeVar("T", bound=type)


@dataclass_transform(frozen_default=True, field_specifiers=(attrs.field,))
def value(cls: T) -> T:
    """Declare ``cls`` a value: slotted, equal and hashed by its fields, never changed."""
    return attrs.define(cls, unsafe_hash=True, frozen=CHECKED)
