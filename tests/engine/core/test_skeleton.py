"""The ruleset skeleton: a game built from phases and handlers gets the frame's checks."""

from __future__ import annotations

from typing import ClassVar

import pytest
from attrs import frozen
from tiny_ruleset import DiceRace, Hold, Roll

from engine.core.errors import IllegalAction
from engine.core.moves import Action, Outcome
from engine.core.skeleton import Handler


@frozen
class Pass(Action):
    pass


def test_a_move_type_without_handler_is_refused_when_the_ruleset_is_built():
    class Incomplete(DiceRace):
        action_types = (Roll, Hold, Pass)

    with pytest.raises(TypeError, match="no handler for Pass"):
        Incomplete()


def test_a_handler_for_an_undeclared_move_type_is_refused():
    class Stray(DiceRace):
        handlers: ClassVar[dict[type, Handler]] = {**DiceRace.handlers, Pass: lambda state, move, log: None}

    with pytest.raises(TypeError, match="undeclared move types Pass"):
        Stray()


def test_the_decision_is_worked_out_once_per_state(ruleset, dice_race):
    state = ruleset.start(dice_race, dice_race.seats[:2], dice_race.ruleset.options)
    assert ruleset.decision(state) is ruleset.decision(state)


def test_a_move_not_offered_changes_nothing(ruleset, dice_race):
    state = ruleset.start(dice_race, dice_race.seats[:2], dice_race.ruleset.options)
    before = ruleset.digest(state)
    with pytest.raises(IllegalAction, match="not a possible outcome"):
        ruleset.apply(state, Outcome("no-such-card"))
    with pytest.raises(IllegalAction):
        ruleset.apply(state, Roll())
    assert ruleset.digest(state) == before


def test_automatic_steps_run_until_a_decision_is_due(ruleset, dice_race):
    """After both bonus cards are drawn the draw phase ends by itself and a seat is asked."""
    state = ruleset.start(dice_race, dice_race.seats[:2], dice_race.ruleset.options)
    for _ in range(2):
        ruleset.apply(state, ruleset.decision(state).outcomes[0])
    assert state.phase == "play"
    assert ruleset.decision(state).seat == 0



def test_a_move_said_to_be_told_by_its_handler_must_be_a_declared_move_type():
    class Boastful(DiceRace):
        tells_its_moves: ClassVar[frozenset[type]] = frozenset({Hold, Pass})

    with pytest.raises(TypeError, match="tells_its_moves names undeclared move types Pass"):
        Boastful()
