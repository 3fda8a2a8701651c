"""The Map mode's edits of the selection: merge, delete (asking first when cards or the setup name
a space), split along a line, the board's size and kind, and nudges, turns and scalings by key,
where a run of the same key is one undo step."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QMessageBox

from engine.scenario.references import Referrer
from studio.map import geometry
from studio.map.board_size import BoardSizeDialog
from studio.map.editing import new_run
from studio.map.geometry import Point
from studio.map.referrers import fate, who_refers


class MapEdits:
    """Mixed into ``MapMode``, whose editor, selection, document and window they use."""

    def merge_selected(self) -> None:
        if self.editor is not None:
            kept = self.attempt(lambda: self.editor.merge(self.selection))
            if kept is not None:
                self.select([kept])

    def delete_selected(self) -> None:
        if self.editor is None or self.overlay is None:
            return
        if self.tool.name == "corners" and self.overlay.chosen:
            chosen = sorted(self.overlay.chosen)
            first = self.editor.space(chosen[0][0]).polygon[chosen[0][1]]
            self.attempt(lambda: self.editor.delete_corners(chosen, self.spaces_near(QPointF(*first))))
            self.choose_corners(set())
        elif self.selection:
            referrers = self.editor.referrers(self.selection)
            if referrers and not self.ask_delete_referenced(list(self.selection), referrers):
                return
            left = self.editor.delete(self.selection)
            self.select([])
            if left:
                many = len(left) != 1
                self.say(f"{len(left)} required reference{'s' if many else ''} still name{'' if many else 's'} a "
                         "deleted space: see Problems")

    def ask_delete_referenced(self, space_ids: list[str], referrers: list[Referrer]) -> bool:
        """Delete spaces that cards or the setup name? The designer sees which, and what
        deleting does to each (tests replace this question)."""
        assert self.document is not None
        names = ", ".join(self.editor.space(space_id).name for space_id in space_ids)
        lines = [f"{who_refers(self.document, referrer)}: {fate(referrer)}" for referrer in referrers]
        box = QMessageBox(QMessageBox.Icon.Question, "Delete spaces named elsewhere",
                          f"{names} {'is' if len(space_ids) == 1 else 'are'} named by {len(referrers)} "
                          f"card field{'s' if len(referrers) != 1 else ''} or placement"
                          f"{'s' if len(referrers) != 1 else ''}:", parent=self.window)
        box.setInformativeText("\n".join(lines[:12] + ([f"… and {len(lines) - 12} more"] if len(lines) > 12 else [])))
        box.setDetailedText("\n".join(lines))
        delete = box.addButton("Delete and Clear References", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is delete

    def edit_board_size(self) -> None:
        if self.editor is not None:
            self.window.run_dialog(BoardSizeDialog(self.editor, self.window))

    def _board_changed(self) -> None:
        if self.board is not None:
            self.board.resize_board()
        self.window.refresh()  # the Schematic Board check follows an undo too

    def set_schematic(self, on: bool) -> None:
        """Whether the board is a diagram of boxes, whose connected spaces need not touch: the
        map check then reports no land connection as far apart. One undo step."""
        if self.document is not None:
            self.document.set_values({"board.schematic": on}, "Schematic board" if on else "Drawn board")

    def fit_board(self) -> None:
        if self.editor is None:
            return
        size = self.attempt(self.editor.fit_board)
        if size is not None:
            self.say(f"The board is now {size[0]:g} x {size[1]:g}")
            self.view.fit()

    def split_along(self, line: list[Point]) -> None:
        """Cut the space under the line's middle (or the one selected) along ``line``, drawn a
        little longer so that a line snapped to the border still crosses it."""
        if self.editor is None:
            return
        (ax, ay), (bx, by) = line[0], line[-1]
        middle = QPointF((ax + bx) / 2, (ay + by) / 2)
        target = self.space_at(middle) or (self.selection[0] if len(self.selection) == 1 else None)
        if target is None:
            self.say("Draw the line across a space, or select the space to split first")
            return
        length = geometry.distance(line[0], line[-1])
        reach = 2 * self.pixel() + length * 0.01
        ux, uy = (bx - ax) / length, (by - ay) / length
        cut = [(ax - ux * reach, ay - uy * reach), *line[1:-1], (bx + ux * reach, by + uy * reach)]
        box = QRectF(QPointF(min(ax, bx), min(ay, by)), QPointF(max(ax, bx), max(ay, by)))
        near = self.board.index.near(box.adjusted(-reach, -reach, reach, reach)) if self.board else set()
        piece = self.attempt(lambda: self.editor.split(target, cut, near))
        if piece is not None:
            self.select([target, piece])

    def end_key_run(self) -> None:
        self._key_run = None

    def _key_step(self, kind: str, amount: float, combine: Callable[[float, float], float],
                  apply: Callable[[list[str], float, str, dict], None]) -> None:
        """Nudges, turns and scalings by key: a run of the same key on the same selection is
        one undo step, measured from where the run began."""
        if self.editor is None or self.document is None or not self.selection:
            return
        ids = tuple(self.selection)
        stack = self.document.undo_stack
        run = self._key_run
        if run is None or run[0] != kind or run[1] != ids or run[5] != stack.index():
            run = (kind, ids, new_run(), self.editor.originals(ids), None, -1)
        total = amount if run[4] is None else combine(run[4], amount)
        self.attempt(lambda: apply(list(ids), total, run[2], run[3]))
        self._key_run = (kind, ids, run[2], run[3], total, stack.index())

    def nudge(self, dx: float, dy: float) -> None:
        step = self.grid() or 0.0
        dx, dy = (dx / abs(dx) * step if dx and step else dx), (dy / abs(dy) * step if dy and step else dy)
        # One run holds both directions: the moved distance is a pair, kept as a complex number.
        self._key_step("nudge", complex(dx, dy), lambda a, b: a + b,
                       lambda ids, total, run, originals: self.editor.move(ids, total.real, total.imag, run,
                                                                          originals))

    def turn(self, degrees: float) -> None:
        self._key_step("turn", degrees, lambda a, b: a + b,
                       lambda ids, total, run, originals: self.editor.rotate(ids, total, run, originals))

    def resize(self, factor: float) -> None:
        self._key_step("scale", factor, lambda a, b: a * b,
                       lambda ids, total, run, originals: self.editor.scale(ids, total, run, originals))
