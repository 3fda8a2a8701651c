"""Moves: what a seat chooses (an action) and what chance decides (an outcome).

Both are small frozen values. The log keeps the outcome of every chance step, never the
random generator, so a replay needs no random state and a designer can force a die.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs
from attrs import field

from engine.core.text import Words, words
from engine.core.value import value


def _id_part(item: Any) -> str:
    if isinstance(item, (tuple, list)):
        return "+".join(_id_part(part) for part in item)
    return str(item)


@value
class Action:
    """Base of every ruleset's actions. The label is for people and takes no part in equality;
    it may be given as words made when read (``engine/core/text.py``)."""

    tag: ClassVar[str] = ""
    space_fields: ClassVar[tuple[str, ...]] = ()  # fields naming a board space: clickable targets
    _label: Words = field(default="", eq=False, kw_only=True)

    @property
    def label(self) -> str:
        return words(self._label)

    @property
    def spaces(self) -> tuple[str, ...]:
        """The board spaces this action targets, so a frontend can offer it as a click."""
        return tuple(getattr(self, name) for name in self.space_fields)

    @classmethod
    def type_tag(cls) -> str:
        return cls.tag or cls.__name__

    @property
    def id(self) -> str:
        """Stable across runs and versions of the label: built from the type and its values."""
        parts = [
            f"{a.name}={_id_part(getattr(self, a.name))}"
            for a in attrs.fields(type(self))
            if a.name != "_label"
        ]
        return f"{self.type_tag()}({','.join(parts)})"

    def __str__(self) -> str:
        return self.label or self.id


@value
class Outcome:
    """One possible result of a chance step: a die face, a card drawn."""

    value: int | str
    _label: Words = field(default="", eq=False)

    @property
    def label(self) -> str:
        return words(self._label)

    @property
    def id(self) -> str:
        return f"outcome({self.value})"

    def __str__(self) -> str:
        return self.label or str(self.value)


Move = Action | Outcome
