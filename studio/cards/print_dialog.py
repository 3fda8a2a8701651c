"""The print sheet's settings, asked before a deck becomes a print-and-play PDF."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QWidget,
)

from studio.cards.output import PrintSheet


def _millimetres(value: float, top: float) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setRange(0.0, top)
    box.setDecimals(1)
    box.setSuffix(" mm")
    box.setValue(value)
    return box


class PrintDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, sheet: PrintSheet | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Print Cards to PDF")
        sheet = sheet or PrintSheet()
        form = QFormLayout(self)
        self.paper = QComboBox()
        self.paper.addItems(["a4", "letter"])
        self.paper.setCurrentText(sheet.paper)
        self.margin = _millimetres(sheet.margin, 50)
        self.gap = _millimetres(sheet.gap, 20)
        self.bleed = _millimetres(sheet.bleed, 10)
        self.crop = _millimetres(sheet.crop_length, 20)
        self.backs = QCheckBox("Print backs (duplex)")
        self.backs.setChecked(sheet.backs)
        self.edge = QComboBox()
        self.edge.addItems(["long", "short"])
        self.edge.setCurrentText(sheet.duplex_edge)
        self.edge.setEnabled(sheet.backs)
        self.backs.toggled.connect(self.edge.setEnabled)
        for label, widget in (("Paper", self.paper), ("Margin", self.margin), ("Gap", self.gap),
                              ("Bleed", self.bleed), ("Crop marks", self.crop), ("", self.backs),
                              ("Duplex edge", self.edge)):
            form.addRow(label, widget)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def sheet(self) -> PrintSheet:
        return PrintSheet(paper=self.paper.currentText(), margin=self.margin.value(), gap=self.gap.value(),
                          bleed=self.bleed.value(), crop_length=self.crop.value(), backs=self.backs.isChecked(),
                          duplex_edge=self.edge.currentText())
