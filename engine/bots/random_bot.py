"""The random bot: a uniformly random legal action. The baseline every other bot must beat."""

from __future__ import annotations

import random

from engine.core.decision import Choice
from engine.core.moves import Action


class RandomBot:
    name = "random"

    def choose(self, choice: Choice, rng: random.Random) -> Action:
        actions = choice.actions
        return actions[int(rng.random() * len(actions))]  # uniform_index, without a call per step
