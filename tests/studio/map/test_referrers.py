"""Merging or deleting a space follows the cards and placements that name it, in one undo step:
a merge points them at the kept space, a delete asks first and then clears them."""

from __future__ import annotations

from pathlib import Path

import pytest

SCENARIOS = Path(__file__).parents[3] / "scenarios"


@pytest.fixture
def opened(window, tmp_path):
    def open_copy(name: str):
        copy = tmp_path / name
        copy.write_text((SCENARIOS / name).read_text())
        assert window.open(copy)
        return window.map_mode

    return open_copy


def start_provinces(mode, card_id: str) -> list[str]:
    return mode.document.value(f"decks[empires].cards[{card_id}].data.start_provinces")


def dangling(mode) -> list[str]:
    return [str(problem) for problem in mode.document.problems() if "unknown space" in problem.message]


def test_merging_points_the_absorbed_spaces_cards_at_the_kept_one_in_one_step(opened):
    mode = opened("history-of-the-world.json")
    before = mode.document.text()
    assert start_provinces(mode, "e5-dutch") == ["rhineland"] and start_provinces(mode, "e5-french") == ["gaul"]
    mode.select(["gaul", "rhineland"])
    mode.merge_action.trigger()
    assert mode.selection == ["gaul"]
    assert start_provinces(mode, "e5-dutch") == ["gaul"] and start_provinces(mode, "e5-french") == ["gaul"]
    assert dangling(mode) == []
    assert mode.document.undo_stack.count() == 1
    mode.window.actions.undo.trigger()
    assert mode.document.text() == before
    mode.window.actions.redo.trigger()
    assert start_provinces(mode, "e5-dutch") == ["gaul"]


def test_a_list_naming_both_merged_spaces_names_the_kept_one_once(opened):
    mode = opened("history-of-the-world.json")
    mode.editor.document.set_value("decks[empires].cards[e4-mesoamericans].data.start_provinces",
                                   ["valley-of-mexico", "yucatan"])
    mode.select(["yucatan", "valley-of-mexico"])
    mode.merge_action.trigger()
    assert start_provinces(mode, "e4-mesoamericans") == ["yucatan"]
    assert mode.document.value("decks[events].cards[ev1-olmecs].data.start_provinces") == ["yucatan"]


def test_deleting_a_named_space_asks_and_cancel_changes_nothing(opened):
    mode = opened("history-of-the-world.json")
    before = mode.document.text()
    asked = []
    mode.ask_delete_referenced = lambda ids, found: asked.append((ids, [r.path for r in found])) or False
    mode.select(["nile"])
    mode.delete_action.trigger()
    assert asked == [(["nile"], ["decks[empires].cards[e1-egyptians].data.start_provinces"])]
    assert mode.document.text() == before and mode.document.undo_stack.count() == 0


def test_deleting_a_named_space_clears_the_cards_naming_it_in_one_step(opened):
    mode = opened("history-of-the-world.json")
    before = mode.document.text()
    mode.ask_delete_referenced = lambda ids, found: True
    mode.select(["nile", "levant"])
    mode.delete_action.trigger()
    assert start_provinces(mode, "e1-egyptians") == []
    assert mode.document.value("decks[events].cards[ev1-phoenicians].data.start_provinces") == []
    assert dangling(mode) == []
    assert mode.document.undo_stack.count() == 1
    mode.window.actions.undo.trigger()
    assert mode.document.text() == before


def test_deleting_a_space_removes_its_setup_placements(opened):
    mode = opened("antike-duellum-greece-persia.json")
    before = mode.document.text()
    setup = list(mode.document.scenario.setup)
    on_athens = [placement for placement in setup if placement.space == "athenae"]
    assert on_athens
    mode.ask_delete_referenced = lambda ids, found: True
    mode.select(["athenae"])
    mode.delete_action.trigger()
    assert mode.document.scenario.setup == [placement for placement in setup if placement.space != "athenae"]
    assert dangling(mode) == []
    mode.window.actions.undo.trigger()
    assert mode.document.text() == before


def test_the_question_names_each_card_and_what_happens_to_it(opened, qtbot, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from studio.map.referrers import fate, who_refers

    mode = opened("history-of-the-world.json")
    found = mode.editor.referrers(["nile"])
    assert [f"{who_refers(mode.document, r)}: {fate(r)}" for r in found] == [
        "Card Egyptians (empires), start provinces: nile taken off the list"]
    shown = []

    def answer(box):
        shown.append((box.text(), box.informativeText()))
        return QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(QMessageBox, "exec", answer)
    assert not type(mode).ask_delete_referenced(mode, ["nile"], found)  # the real question, not the fixture's
    assert shown == [("Nile is named by 1 card field or placement:",
                      "Card Egyptians (empires), start provinces: nile taken off the list")]


def test_a_required_start_is_left_for_the_designer_and_said_so(opened):
    mode = opened("a-brief-history-of-the-world.json")
    mode.ask_delete_referenced = lambda ids, found: True
    mode.select(["lower-tigris"])
    mode.delete_action.trigger()
    assert mode.document.value("decks[empires].cards[e1-sumerians].data.start") == "lower-tigris"
    assert dangling(mode) == ["decks[empires].cards[e1-sumerians].data.start: unknown space 'lower-tigris'"]
    assert "1 required reference still names a deleted space" in mode.window.statusBar().currentMessage()


def test_a_space_names_no_other_space_so_the_walk_may_leave_the_boards_spaces_out():
    """MapEditor.referrers skips the board's spaces and connections to stay quick on a large
    board; that is only sound while no field of a space refers to a space."""
    import attrs

    from engine.scenario.model import Space

    assert [field.name for field in attrs.fields(Space) if field.metadata.get("ref") == "space"] == []
