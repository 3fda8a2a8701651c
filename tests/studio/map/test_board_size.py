"""Map ▸ Board Size… and Fit Board to Spaces: the board's width and height, one undo step,
refused while the file would refuse them."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QRectF
from shapely.geometry import Point, Polygon

from studio.map.board_size import BoardSizeDialog


@pytest.fixture
def mode(window, dice_race_path, tmp_path):
    copy = tmp_path / "race.json"
    copy.write_text(dice_race_path.read_text())
    assert window.open(copy)
    return window.map_mode


def board(mode):
    return mode.document.scenario.board


def answer(mode, width: float, height: float, dialogs: list) -> None:
    def fill_in(dialog: BoardSizeDialog) -> bool:
        dialogs.append(dialog)
        dialog.width_box.setValue(width)
        dialog.height_box.setValue(height)
        dialog.accept()
        return dialog.result() == BoardSizeDialog.DialogCode.Accepted

    mode.window.run_dialog = fill_in


def test_the_board_size_dialog_resizes_the_board_and_its_paper_in_one_undo_step(mode):
    before, (width, height) = mode.document.text(), (board(mode).width, board(mode).height)
    dialogs: list = []
    answer(mode, 1200, 450.5, dialogs)
    mode.board_size_action.trigger()
    assert "The spaces reach from (0, 0) to" in dialogs[0].reach.text()
    assert (board(mode).width, board(mode).height) == (1200, 450.5)
    assert mode.board.paper.rect() == QRectF(0, 0, 1200, 450.5)
    assert mode.board.sceneRect().contains(QRectF(0, 0, 1200, 450.5))
    assert mode.document.undo_stack.count() == 1
    mode.window.actions.undo.trigger()
    assert mode.document.text() == before and mode.board.paper.rect() == QRectF(0, 0, width, height)


def test_a_size_that_leaves_spaces_far_off_the_board_is_refused_and_changes_nothing(mode):
    before = mode.document.text()
    dialogs: list = []
    answer(mode, 10, 10, dialogs)  # the track runs to x = 840: far beyond a 10-unit board
    mode.board_size_action.trigger()
    assert dialogs[0].result() != BoardSizeDialog.DialogCode.Accepted
    assert "would lie far outside a 10 x 10 board" in dialogs[0].refusal.text()
    assert mode.document.text() == before and mode.document.undo_stack.count() == 0


def test_bad_numbers_are_refused_by_the_editor_too(mode):
    from studio.map.geometry import GeometryError

    for width, height, said in ((0, 100, "width must be at least 1, found 0"),
                                (1000, 2e6, "height must be at most 1000000, found 2000000"),
                                (float("nan"), 100, "must be numbers")):
        with pytest.raises(GeometryError, match=re.escape(said)):
            mode.editor.resize_board(width, height)
    assert mode.document.undo_stack.count() == 0


def test_fit_board_to_spaces_leaves_the_same_margin_all_round_in_one_step(mode):
    before = mode.document.text()
    mode.editor.move([space.id for space in board(mode).spaces], 150, 80)  # off the top-left corner
    moved = mode.document.text()
    mode.fit_board_action.trigger()
    corners = [point for space in board(mode).spaces for point in space.polygon]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    margin = min(xs)
    assert margin > 0 and min(ys) == pytest.approx(margin)
    assert board(mode).width == pytest.approx(max(xs) + margin)
    assert board(mode).height == pytest.approx(max(ys) + margin)
    assert all(space.label is None or Polygon(space.polygon).contains(Point(space.label))
               for space in board(mode).spaces)
    assert mode.document.undo_stack.count() == 2
    mode.window.actions.undo.trigger()
    assert mode.document.text() == moved
    mode.window.actions.undo.trigger()
    assert mode.document.text() == before
