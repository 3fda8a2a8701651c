"""The one game-driving loop, on Dice Race: bots choose, chance draws, the game reaches its end."""

from __future__ import annotations

import random

import pytest

from engine.bots import BOTS
from engine.core.decision import Choice, End
from engine.play.drive import Endless, drive, next_move


def test_a_driven_game_reaches_its_end_and_reports_every_step(dice_race, ruleset):
    state = ruleset.start(dice_race, dice_race.seats[:2], dice_race.ruleset.options)
    taken = list(drive(ruleset, state, [BOTS["random"]] * 2, random.Random(4)))
    assert isinstance(ruleset.decision(state), End)
    assert taken and all(step.move in (step.decision.actions if isinstance(step.decision, Choice)
                                       else step.decision.outcomes) for step in taken)


def test_the_same_seed_drives_the_same_game(dice_race, ruleset):
    def moves(seed):
        state = ruleset.start(dice_race, dice_race.seats[:2], dice_race.ruleset.options)
        return [step.move for step in drive(ruleset, state, [BOTS["random"]] * 2, random.Random(seed))]

    assert moves(9) == moves(9)


def test_a_game_longer_than_allowed_is_reported(dice_race, ruleset):
    state = ruleset.start(dice_race, dice_race.seats[:2], dice_race.ruleset.options)
    with pytest.raises(Endless):
        list(drive(ruleset, state, [BOTS["random"]] * 2, random.Random(4), max_steps=1))


def test_a_choice_without_a_bot_is_refused(dice_race, ruleset):
    state = ruleset.start(dice_race, dice_race.seats[:2], dice_race.ruleset.options)
    decision = ruleset.decision(state)
    while not isinstance(decision, Choice):
        ruleset.apply(state, decision.outcomes[0])
        decision = ruleset.decision(state)
    with pytest.raises(ValueError, match="no bot"):
        next_move(decision, None, random.Random(1))
