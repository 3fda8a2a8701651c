"""What a bot is to the engine: something that picks one of a choice's actions. The bots
themselves live on their own floor (``engine/bots``) and are handed to whoever plays."""

from __future__ import annotations

import random
from typing import Any, Protocol

from attrs import field, frozen

from engine.core.decision import Choice
from engine.core.moves import Action, Move


class Bot(Protocol):
    name: str

    def choose(self, choice: Choice, rng: random.Random) -> Action: ...


@frozen
class Played:
    """One step of the game so far, as a bot may know it: the move and who saw it (a chance
    outcome's ``seen_by``; None for a public step)."""

    move: Move
    seen_by: tuple[int, ...] | None = None


@frozen
class Table:
    """What a bot that looks ahead sits at: the rules, the live state (the very object the
    game changes), the game's opening and its history so far (appended as the game goes).
    Such a bot has ``at(table)``, giving the bot seated there. Without an opening it searches
    the state as it is, seeing what its seat may not."""

    ruleset: Any
    state: Any
    history: list[Played] = field(factory=list)
    initial: Any = None


def seated(bot: Bot, table: Table) -> Bot:
    """The bot ready to play at ``table``: seated if it looks ahead, as it is otherwise."""
    at = getattr(bot, "at", None)
    return at(table) if at is not None else bot
