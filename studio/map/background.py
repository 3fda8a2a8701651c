"""The board's background image: chosen, copied beside the scenario, shown at an opacity, locked.

The image is copied into the scenario's ``assets`` folder (the file refers to it by that
relative path, which may not leave the folder), so the scenario and its picture travel
together; the picture is fitted into the board as the board view draws it. Opacity and the lock are the designer's way
of working, not part of the game: they are kept in the studio's settings per scenario file.
While locked the background cannot be replaced or removed. Trace proposes spaces from it.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QImageReader
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from engine.scenario.image_limits import too_large
from engine.scenario.problems import Problem, ScenarioError
from studio.document import ScenarioDocument

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings

ASSETS = "assets"


def copy_beside(document: ScenarioDocument, image: Path) -> str:
    """Copy ``image`` into the scenario's assets folder; the path the file will refer to.
    ScenarioError when the scenario has no folder yet, the image cannot be read or its header
    declares more pixels than MAX_IMAGE_PIXELS (nothing is decoded or copied then)."""
    if document.base_dir is None:
        raise ScenarioError([Problem("", "save the scenario first: its background is copied beside it")],
                            str(image))
    reader = QImageReader(str(image))
    if not reader.canRead():
        reason = "no such file" if not image.exists() else f"not a readable image ({reader.errorString()})"
        raise ScenarioError([Problem("", reason)], str(image))
    size = reader.size()
    message = too_large(size.width(), size.height())
    if message:
        raise ScenarioError([Problem("", message)], str(image))
    folder = document.base_dir / ASSETS
    if image.resolve().parent == folder.resolve():
        return f"{ASSETS}/{image.name}"
    folder.mkdir(exist_ok=True)
    target, number = folder / image.name, 2
    while target.exists():
        target, number = folder / f"{image.stem}-{number}{image.suffix}", number + 1
    shutil.copyfile(image, target)
    return f"{ASSETS}/{target.name}"


class BackgroundPanel(QWidget):
    message = Signal(str)
    refused = Signal(object)  # the ScenarioError of an image that cannot be the background, for a dialog
    opacity_changed = Signal(float)
    trace_requested = Signal()

    def __init__(self, store: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.document: ScenarioDocument | None = None
        self.image_label = QLabel("No background image")
        self.image_label.setWordWrap(True)
        self.choose_button = QPushButton("Choose Image…")
        self.choose_button.setToolTip("Pick a scan or picture of the board; it is copied beside the scenario")
        self.remove_button = QPushButton("Remove")
        self.remove_button.clicked.connect(self.remove)
        self.opacity = QSlider(Qt.Orientation.Horizontal)
        self.opacity.setRange(0, 100)
        self.opacity.setValue(100)
        self.opacity.setToolTip("How strongly the picture shows under the spaces")
        self.opacity.valueChanged.connect(self._opacity)
        self.locked = QCheckBox("Locked")
        self.locked.setToolTip("A locked background cannot be replaced or removed")
        self.locked.toggled.connect(self._locked)
        self.trace_button = QPushButton("Trace…")
        self.trace_button.setToolTip("Propose spaces from the picture's colour areas and lines")
        self.trace_button.clicked.connect(self.trace_requested)
        buttons = QHBoxLayout()
        buttons.addWidget(self.choose_button)
        buttons.addWidget(self.remove_button)
        form = QFormLayout()
        form.addRow("Opacity", self.opacity)
        form.addRow("", self.locked)
        layout = QVBoxLayout(self)
        layout.addWidget(self.image_label)
        layout.addLayout(buttons)
        layout.addLayout(form)
        layout.addWidget(self.trace_button)
        layout.addStretch(1)
        self.refresh()

    def _key(self, name: str) -> str | None:
        if self.document is None or self.document.path is None:
            return None
        return f"background/{str(self.document.path.resolve()).replace('/', '|')}/{name}"

    def set_document(self, document: ScenarioDocument | None) -> None:
        if self.document is not None:
            self.document.board_changed.disconnect(self.refresh)
        self.document = document
        if document is not None:
            document.board_changed.connect(self.refresh)
        for widget, name, default in ((self.opacity, "opacity", 100), (self.locked, "locked", False)):
            key = self._key(name)
            value = self.store.value(key, default) if key else default
            widget.blockSignals(True)
            if name == "opacity":
                widget.setValue(int(value))
            else:
                widget.setChecked(value in (True, "true"))
            widget.blockSignals(False)
        self.refresh()
        self.opacity_changed.emit(self.opacity.value() / 100)

    def refresh(self) -> None:
        background = self.document.scenario.board.background if self.document is not None else None
        self.image_label.setText(background or "No background image")
        locked = self.locked.isChecked()
        self.choose_button.setEnabled(self.document is not None and not locked)
        self.remove_button.setEnabled(background is not None and not locked)
        self.trace_button.setEnabled(background is not None)
        self.opacity.setEnabled(background is not None)

    def choose(self, image: Path) -> bool:
        """Make ``image`` the background (one undo step); False with a message when it cannot be."""
        if self.document is None or self.locked.isChecked():
            return False
        try:
            relative = copy_beside(self.document, image)
        except ScenarioError as error:
            self.message.emit(error.lines()[0])
            self.refused.emit(error)
            return False
        except OSError as error:
            self.message.emit(f"{image}: cannot copy the image ({error.strerror or error})")
            return False
        self.document.set_value("board.background", relative, f"Set background {image.name}", merge_key=None)
        return True

    def remove(self) -> None:
        if self.document is not None and not self.locked.isChecked():
            self.document.set_value("board.background", None, "Remove background", merge_key=None)

    def _opacity(self, value: int) -> None:
        key = self._key("opacity")
        if key:
            self.store.setValue(key, value)
        self.opacity_changed.emit(value / 100)

    def _locked(self, on: bool) -> None:
        key = self._key("locked")
        if key:
            self.store.setValue(key, on)
        self.refresh()
