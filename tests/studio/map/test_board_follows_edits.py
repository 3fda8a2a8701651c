"""The board follows the document item by item: after a merge, a split, a deletion, a strait
drawn and a space renamed, and after undoing and redoing each, the board shows exactly the
spaces and connections the document holds, and the spaces an edit did not touch keep their
very items (the board is patched, never rebuilt or compared whole)."""

from __future__ import annotations

import pytest

from engine.scenario.model import (
    Board,
    Connection,
    ConnectionKind,
    Meta,
    RulesetRef,
    Scenario,
    Space,
)
from studio.board.spaces import SpaceItem

SIDE = 4  # a 4 x 4 block of 10 x 10 squares, neighbours joined by land connections


def block() -> Scenario:
    spaces, connections = [], []
    for row in range(SIDE):
        for column in range(SIDE):
            x, y = column * 10.0, row * 10.0
            spaces.append(Space(f"c{row}{column}", f"Cell {row}{column}",
                                polygon=[(x, y), (x + 10, y), (x + 10, y + 10), (x, y + 10)], label=(x + 5, y + 5)))
            if column + 1 < SIDE:
                connections.append(Connection(f"c{row}{column}", f"c{row}{column + 1}"))
            if row + 1 < SIDE:
                connections.append(Connection(f"c{row}{column}", f"c{row + 1}{column}"))
    return Scenario(Meta("Block"), RulesetRef("dice-race"), Board(SIDE * 10.0, SIDE * 10.0, None, [], spaces,
                                                                  connections))


@pytest.fixture
def mode(window, tmp_path):
    window._edit(block(), None, tmp_path)  # a new scenario being drawn (no seats yet)
    return window.map_mode


def items(mode) -> dict[str, SpaceItem]:
    return dict(mode.board.spaces)


def assert_board_matches(mode) -> None:
    """What the board shows is what the document holds: one item per space with its outline,
    the index finding each space at its name, each connection drawn once."""
    board, scene = mode.document.scenario.board, mode.board
    assert list(scene.spaces) and set(scene.spaces) == {space.id for space in board.spaces}
    shown = [item for item in scene.items() if isinstance(item, SpaceItem)]
    assert sorted(item.space_id for item in shown) == sorted(scene.spaces)
    for space in board.spaces:
        item = scene.spaces[space.id]
        assert item.space_id == space.id
        assert [(point.x(), point.y()) for point in item.polygon()] == [tuple(point) for point in space.polygon]
        assert scene.space_at(scene.centres[space.id]) == space.id
    assert scene.drawn_connections() == sorted((c.a, c.b, c.kind) for c in board.connections)


def assert_untouched_kept(mode, before: dict[str, SpaceItem], touched: set[str]) -> None:
    after = items(mode)
    for space_id, item in before.items():
        if space_id not in touched and space_id in after:
            assert after[space_id] is item, space_id


def undo_and_redo(mode, before: dict[str, SpaceItem], touched: set[str]) -> None:
    """Undo, then redo, the last step, the board matching the document after each."""
    stack = mode.document.undo_stack
    for step in (stack.undo, stack.redo, stack.undo, stack.redo):
        step()
        assert_board_matches(mode)
        assert_untouched_kept(mode, before, touched)


def test_a_merge_and_its_undo_and_redo_patch_only_the_merged_spaces(mode):
    before = items(mode)
    text = mode.document.text()
    mode.editor.merge(["c11", "c12"])
    assert "c12" not in mode.board.spaces
    assert_board_matches(mode)
    assert_untouched_kept(mode, before, {"c11", "c12"})
    assert ("c02", "c11", ConnectionKind.LAND) in mode.board.drawn_connections()  # c12's neighbour, moved over
    undo_and_redo(mode, before, {"c11", "c12"})
    mode.document.undo_stack.undo()
    assert mode.document.text() == text
    assert_board_matches(mode)


def test_a_split_and_its_undo_and_redo_add_and_drop_only_the_new_piece(mode):
    before = items(mode)
    new = mode.editor.split("c22", [(24.0, 18.0), (24.0, 32.0)])
    assert new in mode.board.spaces
    assert_board_matches(mode)
    assert_untouched_kept(mode, before, {"c22", "c12", "c32"})  # the cut's ends are corners of both neighbours
    undo_and_redo(mode, before, {"c22", "c12", "c32", new})


def test_deleting_spaces_and_undoing_it_drop_and_bring_back_their_items_and_lines(mode):
    before = items(mode)
    mode.editor.delete(["c00", "c33"])
    assert {"c00", "c33"}.isdisjoint(mode.board.spaces)
    assert_board_matches(mode)
    assert_untouched_kept(mode, before, {"c00", "c33"})
    undo_and_redo(mode, before, {"c00", "c33"})
    mode.document.undo_stack.undo()
    assert mode.board.spaces["c00"] is not before["c00"]  # a new item for the space brought back
    assert_board_matches(mode)


def test_a_strait_drawn_and_a_connection_changed_in_place_are_drawn_where_they_are(mode):
    before = items(mode)
    mode.editor.connect("c00", "c33", ConnectionKind.STRAIT)
    assert_board_matches(mode)
    undo_and_redo(mode, before, set())
    mode.document.set_value("board.connections[0].kind", ConnectionKind.SEA, "Make it a sea lane")
    assert ("c00", "c01", ConnectionKind.SEA) in mode.board.drawn_connections()
    undo_and_redo(mode, before, set())


def test_a_renamed_space_keeps_its_item_and_its_connections(mode):
    before = items(mode)
    ends = {f"board.connections[{index}].{end}": "middle"
            for index, connection in enumerate(mode.document.scenario.board.connections)
            for end in ("a", "b") if getattr(connection, end) == "c11"}
    mode.document.set_values({"board.spaces[c11].id": "middle", **ends}, "Rename")  # as the Space panel does
    assert mode.board.spaces["middle"] is before["c11"]
    assert_board_matches(mode)
    undo_and_redo(mode, {("middle" if k == "c11" else k): v for k, v in before.items()}, set())


def test_the_signal_names_the_spaces_and_connections_a_merge_added_and_removed(mode, qtbot):
    board = mode.document.scenario.board
    gone = board.space("c12")
    told: list[tuple[str, list, list]] = []
    mode.document.spaces_changed.connect(lambda added, removed: told.append(("spaces", added, removed)))
    mode.document.connections_changed.connect(lambda added, removed: told.append(("connections", added, removed)))
    mode.editor.merge(["c11", "c12"])
    spaces = [(added, removed) for what, added, removed in told if what == "spaces"]
    assert spaces == [([], [gone])]
    (added, removed), = [(added, removed) for what, added, removed in told if what == "connections"]
    assert {(c.a, c.b) for c in removed} == {("c11", "c12"), ("c02", "c12"), ("c12", "c13"), ("c12", "c22")}
    assert {(c.a, c.b) for c in added} == {("c02", "c11"), ("c11", "c13"), ("c11", "c22")}
    told.clear()
    mode.document.undo_stack.undo()
    assert [(what, len(added), len(removed)) for what, added, removed in told] == [
        ("spaces", 1, 0), ("connections", 4, 3)]
    assert told[0][1] == [gone]
