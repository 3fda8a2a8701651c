"""Editing a scenario through the window: undo follows the active document, the modified mark
comes from the undo stack, new scenarios, save, and a playtest of unsaved edits."""

from __future__ import annotations

from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario
from engine.scenario.model import SpaceKind
from engine.scenario.starters import shipped_scenarios
from studio.new_scenario_dialog import BLANK, COPY, FOR_RULESET
from studio.playtest.new_playtest_dialog import PlaytestSetup
from studio.questions import Answer


def setup_for(scenario, controllers=("human", "random")) -> PlaytestSetup:
    return PlaytestSetup(tuple(scenario.seats[:len(controllers)]), controllers, scenario.ruleset.options, 5)


def test_an_edit_is_undone_from_the_edit_menu_and_marks_the_window_modified(window, dice_race_path):
    assert window.open(dice_race_path)
    document = window.documents.document
    space = document.scenario.board.spaces[0]
    document.set_value(f"board.spaces[{space.id}].name", "Start line")
    assert window.isWindowModified()
    assert window.actions.undo.text() == "Undo Change name" and window.actions.undo.isEnabled()
    assert window.undo_view.model().rowCount() == 2  # the opened state and one edit
    assert window.map_mode.board.name(space.id) == "Start line"  # the item followed the edit
    window.actions.undo.trigger()
    assert space.name != "Start line" and not window.isWindowModified()
    assert window.map_mode.board.name(space.id) == space.name
    window.actions.redo.trigger()
    assert space.name == "Start line"


def test_save_writes_the_canonical_file_and_clears_the_mark(window, dice_race_path, tmp_path):
    copy = tmp_path / "race.json"
    copy.write_text(dice_race_path.read_text())
    assert window.open(copy)
    document = window.documents.document
    document.set_value("board.spaces[0].name", "Renamed")
    window.actions.save.trigger()
    assert not window.isWindowModified()
    assert copy.read_text() == document.text()
    assert load_scenario(copy, get_ruleset).board.spaces[0].name == "Renamed"


def test_closing_an_edited_scenario_asks_and_can_be_cancelled(window, dice_race_path):
    assert window.open(dice_race_path)
    window.documents.document.set_value("board.spaces[0].name", "Renamed")
    asked = []
    window.ask_unsaved = lambda name: asked.append(name) or Answer.CANCEL
    assert not window.close_document()
    assert asked == ["dice-race.json"] and window.scenario is not None
    window.ask_unsaved = lambda name: Answer.DISCARD
    assert window.close_document() and window.scenario is None


def test_new_scenarios_blank_for_a_ruleset_and_copied(window, hotw_path):
    def fill_in(start, **choices):
        window.run_dialog = lambda dialog: dialog.choose(start, **choices) or True
        window.actions.new_scenario.trigger()
        return window.scenario

    blank = fill_in(BLANK, ruleset_id="history-of-the-world", title="My world")
    assert (blank.meta.title, blank.board.spaces, blank.decks) == ("My world", [], [])
    assert window.windowTitle() == "My world[*] — Epoch Studio"
    ready = fill_in(FOR_RULESET, ruleset_id="history-of-the-world")
    shipped = load_scenario(hotw_path, get_ruleset)
    assert [seat.colour for seat in ready.seats] == [seat.colour for seat in shipped.seats]
    assert [deck.id for deck in ready.decks] == [deck.id for deck in shipped.decks]
    # The game's own cards, tracks and boxes; no map space: that is the designer's to draw.
    assert [len(deck.cards) for deck in ready.decks] == [len(deck.cards) for deck in shipped.decks]
    assert all(space.kind in (SpaceKind.BOX, SpaceKind.TRACK) for space in ready.board.spaces)
    shipped_index = [path.name for path in shipped_scenarios()].index(hotw_path.name)
    copied = fill_in(COPY, shipped_index=shipped_index, title="Variant")
    assert copied.meta.title == "Variant" and len(copied.board.spaces) == len(shipped.board.spaces)


def test_a_playtest_plays_the_unsaved_edits_and_undo_follows_the_mode(window, dice_race_path):
    assert window.open(dice_race_path)
    document = window.documents.document
    document.set_value("board.spaces[0].name", "Edited start")
    assert window.start_playtest(setup_for(document.scenario))
    assert window.mode is window.playtest_mode
    assert window.playtest.session.scenario.board.spaces[0].name == "Edited start"
    assert window.playtest.session.scenario is not document.scenario  # a snapshot, not the same object
    assert window.playtest.scenario_path is None  # embedded: the file on disk is not what is played
    window.actions.step.trigger()
    assert window.actions.undo.text().startswith("Undo ") and window.actions.undo.text() != "Undo Change name"
    window.actions.undo.trigger()
    assert window.playtest.session.current == 0
    assert document.scenario.board.spaces[0].name == "Edited start"  # the playtest's undo, not the map's
    window.actions.map_mode.trigger()
    assert window.actions.undo.text() == "Undo Change name"
    window.actions.undo.trigger()
    assert document.scenario.board.spaces[0].name != "Edited start"


def test_a_playtest_of_a_broken_scenario_does_not_start_and_says_why(window, dice_race_path):
    assert window.open(dice_race_path)
    document = window.documents.document
    document.set_value("board.connections[0].b", "nowhere")
    assert not window.start_playtest(setup_for(document.scenario))
    assert window.playtest is None
    assert any("nowhere" in line for line in window.problems_dialog.lines())
