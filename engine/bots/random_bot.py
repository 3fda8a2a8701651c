"""The random bot: a uniformly random legal action. The baseline every other bot must beat."""

from __future__ import annotations

import random

from engine.core.decision import Choice
from engine.core.moves import Action


class RandomBot:
    name = "random"

    def choose(self, choice: Choice, rng: random.Random) -> Action:
        actions = choice.actions  # uniform_index written out: a call less at every decision of a simulation
        return actions[int(rng.random() * len(actions))]
