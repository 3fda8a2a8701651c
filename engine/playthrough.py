"""Golden playthroughs: a seeded game written as text, step by step, so that any change to
a ruleset shows up as a readable diff of a checked-in file (after OpenSpiel's playthroughs)."""

from __future__ import annotations

import random

from engine.bots import BOTS
from engine.core.decision import Chance, Choice, End
from engine.core.randomness import sample
from engine.rulesets.registry import get_ruleset
from engine.scenario.model import Scenario


def playthrough(scenario: Scenario, players: int, seed: int, steps: int) -> str:
    """Each decision with every legal move, the move taken by the random bot or chance, and
    the log; the designer's view, so hidden cards are written too."""
    ruleset = get_ruleset(scenario.ruleset.id)
    seats = scenario.seats[:players]
    state = ruleset.start(scenario, seats, scenario.ruleset.options)
    rng = random.Random(f"{seed}:playthrough")
    lines = [f"# {scenario.meta.title}: {players} players, seed {seed}, first {steps} steps", ""]
    for number in range(1, steps + 1):
        decision = ruleset.decision(state)
        if isinstance(decision, End):
            scores = ", ".join(f"{seats[s].name} {decision.scores[s]:g}" for s in decision.ranking)
            lines.append(f"end: {scores}")
            break
        if isinstance(decision, Choice):
            lines.append(f"{number}. {seats[decision.seat].name}: {decision.prompt}")
            lines += [f"   - {action.id}  {action.label}" for action in decision.actions]
            move = BOTS["random"].choose(decision, rng)
        else:
            assert isinstance(decision, Chance)
            outcomes = " ".join(str(outcome.value) for outcome in decision.outcomes)
            lines.append(f"{number}. chance: {decision.prompt} [{outcomes}]")
            move = sample(decision, rng)
        lines.append(f"   > {move.id}")
        lines += [f"   | {event.text}" for event in ruleset.apply(state, move)]
    return "\n".join(lines) + "\n"
