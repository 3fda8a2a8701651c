"""Restricted play (Jaffe et al., 2012): a bot that never takes a given action type or card.

Comparing a seat's results with and without a move shows what that move is worth: a card
that never changes the win rate when it is forbidden never matters.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Collection
from typing import Any

import attrs

from engine.core.bot import Table, seated
from engine.core.decision import Choice
from engine.core.moves import Action


def named(move: Any) -> list[str]:
    """Every text value of a move's fields, list items included: the ids it names. Not its
    label: words for people, which may be a tuple whose parts name anything. A list, not a
    generator: a simulation asks at every choice, and this is cheaper."""
    found = []
    for name in text_fields(type(move)):
        value = getattr(move, name)
        if value.__class__ is str:
            found.append(value)
        elif isinstance(value, (tuple, list)):
            found += [item for item in value if isinstance(item, str)]
    return found


_NOT_TEXT = frozenset({"int", "bool", "float", int, bool, float})


@functools.cache
def text_fields(kind: type) -> tuple[str, ...]:
    """The fields of a move type that may hold an id: all but its label and those declared a
    number or a truth value. Looked up once per type: a simulation asks at every choice."""
    return tuple(field.name for field in attrs.fields(kind) if field.name != "_label" and field.type not in _NOT_TEXT)


def forbidden(action: Action, action_types: Collection[str], cards: Collection[str]) -> bool:
    """The action is of a forbidden type, or one of its values names a forbidden card."""
    return action.type_tag() in action_types or any(value in cards for value in named(action))


class RestrictedBot:
    """Wraps another bot, hiding the forbidden actions from it; when every legal action is
    forbidden the rules leave no choice, and the inner bot chooses among them all."""

    def __init__(self, inner: Any, action_types: Collection[str] = (), cards: Collection[str] = ()) -> None:
        self.inner = inner
        self.action_types = frozenset(action_types)
        self.cards = frozenset(cards)
        parts = [*sorted(self.action_types), *sorted(self.cards)]
        self.name = f"{inner.name}-without-{'+'.join(parts)}"

    def at(self, table: Table) -> RestrictedBot:
        """Seat the inner bot too, when it is one that looks ahead."""
        return RestrictedBot(seated(self.inner, table), self.action_types, self.cards)

    def choose(self, decision: Choice, rng: random.Random) -> Action:
        allowed = tuple(a for a in decision.actions if not forbidden(a, self.action_types, self.cards))
        if allowed and len(allowed) < len(decision.actions):
            decision = attrs.evolve(decision, actions=allowed)  # the prompt stays words made when read
        return self.inner.choose(decision, rng)
