"""The document layer: every edit an undo step, merged like Tiled's, signals per object."""

from __future__ import annotations

import pytest

from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario
from engine.scenario.model import Connection, ConnectionKind, Space
from studio.document import ScenarioDocument


@pytest.fixture
def document(hotw_path, qtbot):
    return ScenarioDocument(load_scenario(hotw_path, get_ruleset), hotw_path)


def space_path(document, index=0):
    return f"board.spaces[{document.scenario.board.spaces[index].id}]"


def test_consecutive_edits_of_one_field_are_one_undo_step(document):
    path = space_path(document) + ".name"
    before = document.value(path)
    for text in ("G", "Ga", "Gal"):
        document.set_value(path, text)
    assert document.undo_stack.count() == 1
    assert document.value(path) == "Gal" and document.is_modified()
    document.undo_stack.undo()
    assert document.value(path) == before and not document.is_modified()
    document.undo_stack.redo()
    assert document.value(path) == "Gal"


def test_an_edit_typed_back_to_its_start_value_leaves_no_undo_step(document):
    path = space_path(document) + ".name"
    before = document.value(path)
    document.set_value(path, "Somewhere")
    document.set_value(path, before)
    assert document.undo_stack.count() == 0
    assert not document.is_modified()


def test_edits_of_different_fields_are_separate_steps(document):
    document.set_value(space_path(document) + ".name", "One")
    document.set_value(space_path(document) + ".terrain", ["forest"])
    document.set_value(space_path(document, 1) + ".name", "Two")
    assert document.undo_stack.count() == 3


def test_signals_name_the_changed_space_and_card(document, qtbot):
    space = document.scenario.board.spaces[3]
    with qtbot.waitSignal(document.space_changed) as changed:
        document.set_value(f"board.spaces[{space.id}].terrain", ["mountain"])
    assert changed.args == [space.id]
    deck = document.scenario.decks[0]
    card = deck.cards[2]
    with qtbot.waitSignal(document.card_changed) as changed:
        document.set_value(f"decks[{deck.id}].cards[{card.id}].name", "Renamed card")
    assert changed.args == [deck.id, card.id]


def test_a_renamed_space_is_announced_and_undo_finds_it_again(document, qtbot):
    space = document.scenario.board.spaces[4]
    old = space.id
    with qtbot.waitSignal(document.space_renamed) as renamed:
        document.set_value(f"board.spaces[{old}].id", "atlantis")
    assert renamed.args == [old, "atlantis"]
    document.set_value("board.spaces[atlantis].name", "Atlantis")
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert space.id == old
    document.undo_stack.redo()
    document.undo_stack.redo()
    assert (space.id, space.name) == ("atlantis", "Atlantis")


def test_a_group_is_one_undo_step_and_undoing_everything_restores_the_text(document, qtbot):
    before = document.text()
    with qtbot.waitSignal(document.spaces_changed), document.group("Add Atlantis"):
        document.add("board.spaces", Space("atlantis", "Atlantis", polygon=[(0, 0), (10, 0), (0, 10)]))
        document.add("board.connections", Connection(document.scenario.board.spaces[0].id, "atlantis",
                                                     ConnectionKind.SEA))
    assert document.undo_stack.count() == 1
    assert document.undo_stack.undoText() == "Add Atlantis"
    document.remove("board.spaces", document.scenario.board.spaces[7].id)
    document.move("board.spaces", 0, 5)
    fertile = document.scenario.board.spaces[2]
    document.set_value(space_path(document, 2) + ".props[fertile]", 3)
    assert document.undo_stack.count() == 4
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    assert document.text() == before
    while document.undo_stack.canRedo():
        document.undo_stack.redo()
    assert document.scenario.board.space("atlantis").name == "Atlantis"
    assert fertile.props["fertile"] == 3


def test_an_error_inside_a_group_takes_back_what_it_did(document):
    before = document.text()
    with pytest.raises(RuntimeError), document.group("Broken"):
        document.set_value(space_path(document) + ".name", "Half done")
        raise RuntimeError("the tool failed")
    assert document.text() == before
    assert document.undo_stack.count() == 0


def test_saving_is_canonical_and_marks_the_stack_clean(document, tmp_path):
    document.set_value(space_path(document) + ".name", "Saved name")
    target = tmp_path / "copy.json"
    document.save(target)
    assert not document.is_modified() and document.path == target
    assert target.read_text(encoding="utf-8") == document.text()
    assert load_scenario(target, get_ruleset).board.spaces[0].name == "Saved name"
    document.undo_stack.undo()
    assert document.is_modified()
