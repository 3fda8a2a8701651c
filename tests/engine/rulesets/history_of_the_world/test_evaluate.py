"""History of the World's evaluation for bots: holdings are worth what they will score."""

from __future__ import annotations

import random
from pathlib import Path

from engine.core.decision import Chance
from engine.core.randomness import sample
from engine.rulesets.history_of_the_world import actions as a
from engine.rulesets.history_of_the_world import scoring
from engine.rulesets.history_of_the_world.ruleset import turns_left
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario

ROOT = Path(__file__).resolve().parents[4]


def _first_conquest(seed: int):
    scenario = load_scenario(ROOT / "scenarios" / "history-of-the-world.json", get_ruleset)
    ruleset = get_ruleset(scenario.ruleset.id)
    state = ruleset.start(scenario, scenario.seats[:4], scenario.ruleset.options)
    rng = random.Random(seed)
    while True:
        decision = ruleset.decision(state)
        if isinstance(decision, Chance):
            ruleset.apply(state, sample(decision, rng))
        elif any(isinstance(action, a.EndConquest) for action in decision.actions):
            return ruleset, state, decision, rng
        else:
            ruleset.apply(state, decision.actions[int(rng.random() * len(decision.actions))])


def test_taking_a_free_province_raises_the_worth_and_never_lowers_it():
    """§6 step 7 scores a seat's provinces at each of its turns: a province taken now is
    worth its points at every turn still to come."""
    raised = 0
    for seed in range(6):
        ruleset, state, decision, _ = _first_conquest(seed)
        seat = decision.seat
        before = ruleset.evaluate(state, seat)
        for action in decision.actions:
            if isinstance(action, a.Conquer) and action.target not in state.armies:
                trial = ruleset.clone(state)
                ruleset.apply(trial, action)
                if isinstance(ruleset.decision(trial), Chance):
                    continue
                assert ruleset.evaluate(trial, seat) >= before
                raised += ruleset.evaluate(trial, seat) > before
    assert raised >= 5


def test_scoring_a_turn_moves_points_from_holdings_to_the_track_without_changing_the_worth():
    checked = 0
    for seed in range(10):
        ruleset, state, decision, _ = _first_conquest(seed)
        seat = decision.seat
        trial = ruleset.clone(state)
        ruleset.apply(trial, next(action for action in decision.actions if isinstance(action, a.EndConquest)))
        if trial.turn is not None and trial.turn.seat == seat:
            continue  # monuments or forts still to place: the turn has not scored yet
        held = sum(scoring.turn_points(trial, seat))  # what it holds once its monuments are built
        assert trial.score[seat] == state.score[seat] + held
        assert turns_left(trial, seat) == turns_left(state, seat) - 1
        checked += 1
    assert checked >= 2
