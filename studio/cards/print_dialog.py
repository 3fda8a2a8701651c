"""What is asked before a deck is printed: the print sheet's settings for a print-and-play
PDF, the folder and resolution for a PNG per card."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
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


class PngDialog(QDialog):
    """The folder images go into and their resolution, with the size each card will be: for a
    PNG per card, or for deck sheets (what says which, e.g. "40 images")."""

    def __init__(self, title: str, folder: Path, what: str, size_mm: tuple[float, float],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.what = what
        self.size_mm = size_mm
        form = QFormLayout(self)
        self.folder = QLineEdit(str(folder))
        browse = QPushButton("Choose…")
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.folder, 1)
        row.addWidget(browse)
        form.addRow("Folder", row)
        self.dpi = QSpinBox()
        self.dpi.setRange(72, 1200)
        self.dpi.setValue(300)
        self.dpi.setSuffix(" dpi")
        form.addRow("Resolution", self.dpi)
        self.summary = QLabel()
        form.addRow("", self.summary)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        self.dpi.valueChanged.connect(self._update)
        self.folder.textChanged.connect(self._update)
        self._update()

    def pixels(self) -> tuple[int, int]:
        """One image's size at the chosen resolution (the first card's layout's trim size)."""
        return tuple(round(mm / 25.4 * self.dpi.value()) for mm in self.size_mm)  # type: ignore[return-value]

    def chosen_folder(self) -> Path:
        return Path(self.folder.text().strip()).expanduser()

    def _update(self) -> None:
        width, height = self.pixels()
        self.summary.setText(f"{self.what}; each card {width} x {height} pixels")
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(self.folder.text().strip()))

    def _browse(self) -> None:
        chosen = QFileDialog.getExistingDirectory(self, self.windowTitle(), self.folder.text())
        if chosen:
            self.folder.setText(chosen)
