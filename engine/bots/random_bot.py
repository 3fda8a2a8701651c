"""The random bot: a uniformly random legal action. The baseline every other bot must beat."""

from __future__ import annotations

import random

from engine.core.decision import Choice
from engine.core.moves import Action
from engine.core.randomness import uniform_index


class RandomBot:
    name = "random"

    def choose(self, choice: Choice, rng: random.Random) -> Action:
        return choice.actions[uniform_index(rng, len(choice.actions))]
