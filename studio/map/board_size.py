"""Map ▸ Board Size…: the board's width and height, refused while the file would refuse them."""

from __future__ import annotations

import attrs
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QWidget,
)

from engine.scenario.model import Board
from studio.map.editing import MapEditor
from studio.map.geometry import GeometryError
from studio.plain import plain_label


class BoardSizeDialog(QDialog):
    """Width and height in board units, with where the spaces reach; OK applies the size as
    one undo step, or says why it cannot and stays open."""

    def __init__(self, editor: MapEditor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Board Size")
        self.editor = editor
        board = editor.board
        form = QFormLayout(self)
        self.width_box, self.height_box = self._box("width", board.width), self._box("height", board.height)
        form.addRow("&Width:", self.width_box)
        form.addRow("&Height:", self.height_box)
        corners = [point for space in board.spaces for point in space.polygon]
        reach = "The board has no spaces yet."
        if corners:
            xs, ys = [x for x, _ in corners], [y for _, y in corners]
            reach = f"The spaces reach from ({min(xs):g}, {min(ys):g}) to ({max(xs):g}, {max(ys):g})."
        self.reach = plain_label(reach)
        form.addRow(self.reach)
        self.refusal = QLabel()
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet("color: #b00020")
        form.addRow(self.refusal)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    @staticmethod
    def _box(name: str, value: float) -> QDoubleSpinBox:
        field = attrs.fields_dict(Board)[name]
        box = QDoubleSpinBox()
        box.setDecimals(2)
        box.setRange(field.metadata["min"], field.metadata["max"])
        box.setValue(value)
        box.setToolTip(field.metadata["help"] or f"The board's {name} in board units")
        return box

    def accept(self) -> None:
        try:
            self.editor.resize_board(self.width_box.value(), self.height_box.value())
        except GeometryError as error:
            text = str(error)
            self.refusal.setText(text[:1].upper() + text[1:])
            return
        super().accept()
