"""The playtest controller: what a click means, what a seat may read, the modified mark."""

from __future__ import annotations

from engine.bots import BOTS
from engine.core.decision import Chance, Choice
from engine.play.session import Session
from engine.rulesets.registry import get_ruleset
from engine.scenario.converter import LONGEST_TEXT
from engine.scenario.locate import quoted
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
    controller.set_viewer(None)  # the designer's view, chosen
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


def test_one_person_plays_in_their_own_view(qtbot, dice_race):
    """Issue 28: a person playing Red against a bot never sees the bot's hand by default."""
    controller = dice_race_controller(dice_race, ("random", "human"))
    assert controller.viewer == 1 and controller.follows_play
    controller.run(Until.PERSON)
    qtbot.waitUntil(lambda: not controller.running)
    assert controller.viewer == 1


def test_a_hot_seat_table_shows_the_seat_to_play(qtbot, dice_race):
    controller = dice_race_controller(dice_race)
    assert controller.viewer == 0  # chance first: the first person's view
    seats = []
    for _ in range(40):
        decision = controller.decision()
        if isinstance(decision, Choice):
            assert controller.viewer == decision.seat  # handed over with the turn
            seats.append(decision.seat)
            controller.play(decision.actions[0])
        else:
            controller.roll()
    assert set(seats) == {0, 1}


def test_a_view_chosen_stays_and_no_person_means_the_designer(qtbot, dice_race):
    controller = dice_race_controller(dice_race)
    controller.set_viewer(None)
    for _ in range(20):
        decision = controller.decision()
        controller.play(decision.actions[0]) if isinstance(decision, Choice) else controller.roll()
    assert controller.viewer is None
    assert dice_race_controller(dice_race, ("random", "random")).viewer is None


def test_a_note_or_bookmark_the_file_could_not_hold_is_refused_and_one_it_can_reopens(qtbot, dice_race, tmp_path,
                                                                                      dice_race_path):
    """A note pasted with an escape character, or longer than the reader's LONGEST_TEXT, was kept,
    saved, and the playtest then did not reopen: it is refused with the reason; the longest note
    the file holds saves and reopens whole."""
    controller = dice_race_controller(dice_race)
    controller.scenario_path = dice_race_path
    said = []
    controller.message.connect(said.append)
    assert not controller.set_note(0, "roll\x1b[31m")
    assert not controller.bookmark("x" * (LONGEST_TEXT + 1), 0)
    assert controller.session.steps[0].note == "" and controller.session.bookmarks == {}
    too_long = f"text of 10,001 characters (at most 10,000): {quoted('x' * (LONGEST_TEXT + 1))}"
    assert said == ["A note cannot hold that: text holds a control character (U+001B) at position 4.",
                    f"A bookmark's name cannot hold that: {too_long}."]
    assert controller.set_note(0, "y" * LONGEST_TEXT)
    path = tmp_path / "noted.playtest.json"
    controller.save(path)
    reopened, problems = PlaytestController.open(path)
    assert problems == [] and reopened.session.steps[0].note == "y" * LONGEST_TEXT
