"""What a bot is to the engine: something that picks one of a choice's actions. The bots
themselves live on their own floor (``engine/bots``) and are handed to whoever plays."""

from __future__ import annotations

import random
from typing import Protocol

from engine.core.decision import Choice
from engine.core.moves import Action


class Bot(Protocol):
    name: str

    def choose(self, choice: Choice, rng: random.Random) -> Action: ...
