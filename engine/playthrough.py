"""Golden playthroughs: a seeded game written as text, step by step, so that any change to
a ruleset shows up as a readable diff of a checked-in file (after OpenSpiel's playthroughs)."""

from __future__ import annotations

import random
from itertools import islice

from engine.bots import BOTS
from engine.core.decision import Choice, End
from engine.play.drive import drive
from engine.rulesets.registry import get_ruleset
from engine.scenario.model import Scenario


def playthrough(scenario: Scenario, players: int, seed: int, steps: int) -> str:
    """Each decision with every legal move, the move taken by the random bot or chance, and
    the log; the designer's view, so hidden cards are written too."""
    ruleset = get_ruleset(scenario.ruleset.id)
    seats = scenario.seats[:players]
    state = ruleset.start(scenario, seats, scenario.ruleset.options)
    bots = [BOTS["random"]] * players
    lines = [f"# {scenario.meta.title}: {players} players, seed {seed}, first {steps} steps", ""]
    taken = 0
    for number, step in enumerate(islice(drive(ruleset, state, bots, random.Random(f"{seed}:playthrough")), steps), 1):
        decision = step.decision
        if isinstance(decision, Choice):
            lines.append(f"{number}. {seats[decision.seat].name}: {decision.prompt}")
            lines += [f"   - {action.id}  {action.label}" for action in decision.actions]
        else:
            outcomes = " ".join(str(outcome.value) for outcome in decision.outcomes)
            lines.append(f"{number}. chance: {decision.prompt} [{outcomes}]")
        lines.append(f"   > {step.move.id}")
        lines += [f"   | {event.text}" for event in step.log]
        taken = number
    end = ruleset.decision(state)
    if taken < steps and isinstance(end, End):
        lines.append("end: " + ", ".join(f"{seats[s].name} {end.scores[s]:g}" for s in end.ranking))
    return "\n".join(lines) + "\n"
