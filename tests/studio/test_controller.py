"""The playtest controller: what a click means, what a seat may read, the modified mark."""

from __future__ import annotations

from engine.bots import BOTS
from engine.core.decision import Chance, Choice
from engine.play.session import Session
from engine.rulesets.registry import get_ruleset
from studio.playtest.controller import PlaytestController, Until


def dice_race_controller(dice_race, controllers=("human", "human")) -> PlaytestController:
    session = Session(dice_race, get_ruleset("dice-race"), dice_race.seats[:2], dice_race.ruleset.options, 3,
                      list(controllers), BOTS)
    return PlaytestController(session, None)


def test_a_click_says_why_nothing_happens(qtbot, dice_race):
    controller = dice_race_controller(dice_race)
    assert isinstance(controller.decision(), Chance)
    actions, reason = controller.actions_at("t3", "3")
    assert actions == [] and reason.startswith("Chance decides next")
    while not isinstance(controller.decision(), Choice):
        controller.step()
    actions, reason = controller.actions_at("t3", "3")
    assert actions == [] and reason == "No legal action in 3: Red must choose (roll or hold?)."
    controller.set_viewer(1)
    assert "Red is choosing, which Blue may not see" in controller.actions_at("t3", "3")[1]


def test_a_seat_reads_only_its_own_draws_in_the_history(qtbot, dice_race):
    controller = dice_race_controller(dice_race)
    controller.step()  # Red draws a secret bonus card
    step = controller.session.step
    assert controller.describe(step).startswith("chance: ")
    controller.set_viewer(1)
    assert controller.describe(step) == "Red draws a bonus card"
    controller.set_viewer(0)
    assert controller.describe(step) == "Red draws a bonus card; Red draws " + str(step.move.value)


def test_modified_follows_steps_notes_and_saving(qtbot, dice_race, tmp_path):
    controller = dice_race_controller(dice_race)
    assert not controller.is_modified()
    controller.step()
    assert controller.is_modified()
    controller.save(tmp_path / "p.json")
    assert not controller.is_modified()
    controller.set_note(controller.session.current, "why?")
    assert controller.is_modified()


def test_a_run_stops_at_a_persons_choice(qtbot, dice_race):
    controller = dice_race_controller(dice_race, ("random", "human"))
    messages = []
    controller.message.connect(messages.append)
    controller.run(Until.PERSON)
    qtbot.waitUntil(lambda: not controller.running, timeout=10_000)
    decision = controller.decision()
    assert isinstance(decision, Choice) and decision.seat == 1
    assert messages[-1].endswith("Blue (a person) must choose.")
