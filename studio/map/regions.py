"""The board's regions: create, rename, recolour, delete, and paint spaces into one.

Each region is a row with its colour (its tooltip says how many spaces it holds); its name is edited in
place. Painting is a switch: while it is on, a click on a space puts it in the current
region (each click one undo step); Assign puts every selected space in it at once. A region
deleted takes its spaces out of it in the same undo step.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QColorDialog,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from engine.scenario.model import Region
from studio.document import ScenarioDocument

# Distinct, light colours for new regions (a board's regions are pastel under the names).
PALETTE = ("#e6b8a2", "#b5d3a7", "#a9c7e0", "#e8d08e", "#d3b3d9", "#9fd6cf", "#f0a9a9", "#c9c29b",
           "#b7b7e8", "#e3c1a0", "#a7d8a5", "#d9a7c7")


def swatch(colour: str) -> QIcon:
    pixmap = QPixmap(14, 14)
    pixmap.fill(QColor(colour) if QColor.isValidColorName(colour) else QColor("#808080"))
    return QIcon(pixmap)


def new_region_id(name: str, taken: set[str]) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "region"
    candidate, number = base, 2
    while candidate in taken:
        candidate, number = f"{base}-{number}", number + 1
    return candidate


class RegionList(QListWidget):
    """The regions' rows; a row's tooltip counts the region's spaces when it shows, because
    counting at every edit would cost a large board's undo more than the rest of it."""

    def __init__(self, members: Callable[[str], int]) -> None:
        super().__init__()
        self.members = members

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            item = self.itemAt(event.pos())
            if item is not None:
                region_id = item.data(Qt.ItemDataRole.UserRole)
                count = self.members(region_id)
                item.setToolTip(f"{region_id}: {count} space{'s' * (count != 1)}")
        return super().viewportEvent(event)


class RegionsPanel(QWidget):
    message = Signal(str)

    def __init__(self, selection: Callable[[], list[str]], parent: QWidget | None = None) -> None:
        """``selection`` tells which spaces are selected on the board (for Assign)."""
        super().__init__(parent)
        self.selection = selection
        self.document: ScenarioDocument | None = None
        self.list = RegionList(self.members)
        self.list.setObjectName("regions")
        self.list.itemChanged.connect(self._renamed)
        self.list.currentRowChanged.connect(lambda _: self._enable())
        self.add_button = QPushButton("Add")
        self.add_button.setToolTip("A new region, named in place")
        self.add_button.clicked.connect(self.add_region)
        self.colour_button = QPushButton("Colour…")
        self.colour_button.setToolTip("Choose the region's colour")
        self.colour_button.clicked.connect(lambda: self.choose_colour())  # not clicked(bool) as a colour
        self.delete_button = QPushButton("Delete")
        self.delete_button.setToolTip("Delete the region; its spaces belong to none")
        self.delete_button.clicked.connect(self.delete_region)
        self.assign_button = QPushButton("Assign Selected")
        self.assign_button.setToolTip("Put the selected spaces in this region")
        self.assign_button.clicked.connect(self.assign_selected)
        self.paint_button = QPushButton("Paint")
        self.paint_button.setCheckable(True)
        self.paint_button.setToolTip("While on, a click on a space puts it in this region")
        buttons = QHBoxLayout()
        for button in (self.add_button, self.colour_button, self.delete_button):
            buttons.addWidget(button)
        painting = QHBoxLayout()
        painting.addWidget(self.assign_button)
        painting.addWidget(self.paint_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)
        layout.addLayout(painting)
        self._enable()

    def set_document(self, document: ScenarioDocument | None) -> None:
        if self.document is not None:
            self.document.changed.disconnect(self._changed)
        self.document = document
        if document is not None:
            document.changed.connect(self._changed)
        self.refresh()

    def _changed(self, path: str) -> None:
        if path.startswith("board.regions"):
            self.refresh()

    def members(self, region_id: str) -> int:
        """How many spaces the region holds."""
        if self.document is None:
            return 0
        return sum(space.region == region_id for space in self.document.scenario.board.spaces)

    def current(self) -> str | None:
        item = self.list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    def refresh(self) -> None:
        current = self.current()
        self.list.blockSignals(True)
        self.list.clear()
        if self.document is not None:
            for region in self.document.scenario.board.regions:
                item = QListWidgetItem(swatch(region.colour), region.name)
                item.setData(Qt.ItemDataRole.UserRole, region.id)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
                self.list.addItem(item)
                if region.id == current:
                    self.list.setCurrentItem(item)
        self.list.blockSignals(False)
        self._enable()

    def _enable(self) -> None:
        chosen = self.current() is not None
        self.add_button.setEnabled(self.document is not None)
        for button in (self.colour_button, self.delete_button, self.assign_button, self.paint_button):
            button.setEnabled(chosen)
        if not chosen:
            self.paint_button.setChecked(False)

    # -- edits -----------------------------------------------------------------------------

    def add_region(self) -> None:
        if self.document is None:
            return
        regions = self.document.scenario.board.regions
        region = Region(new_region_id("region", {r.id for r in regions}), f"Region {len(regions) + 1}",
                        PALETTE[len(regions) % len(PALETTE)])
        self.document.add("board.regions", region, text=f"Add region {region.name}")
        self.list.setCurrentRow(self.list.count() - 1)
        self.list.editItem(self.list.currentItem())

    def _renamed(self, item: QListWidgetItem) -> None:
        region_id = item.data(Qt.ItemDataRole.UserRole)
        name = item.text().strip()
        if self.document is None or region_id is None:
            return
        if not name:
            self.message.emit("A region needs a name")
            self.refresh()
            return
        self.document.set_value(f"board.regions[{region_id}].name", name, f"Rename region to {name}", None)

    def choose_colour(self, colour: QColor | None = None) -> None:
        region_id = self.current()
        if self.document is None or region_id is None:
            return
        old = self.document.value(f"board.regions[{region_id}].colour")
        if colour is None:
            colour = QColorDialog.getColor(QColor(old), self, "Region colour")
        if colour.isValid():
            self.document.set_value(f"board.regions[{region_id}].colour", colour.name(), "Recolour region", None)

    def delete_region(self) -> None:
        region_id = self.current()
        if self.document is None or region_id is None:
            return
        board = self.document.scenario.board
        with self.document.group(f"Delete region {region_id}"):
            members = {f"board.spaces[{s.id}].region": None for s in board.spaces if s.region == region_id}
            if members:
                self.document.set_values(members, "Take spaces out of the region")
            self.document.remove("board.regions", region_id)

    def assign_selected(self) -> None:
        self.paint(self.selection())

    def paint(self, space_ids: list[str]) -> None:
        """Put these spaces in the current region (one undo step)."""
        region_id = self.current()
        if self.document is None or region_id is None or not space_ids:
            return
        name = self.document.value(f"board.regions[{region_id}].name")
        self.document.set_values({f"board.spaces[{space_id}].region": region_id for space_id in space_ids},
                                 f"Paint {len(space_ids)} space{'s' * (len(space_ids) > 1)} into {name}")

    def clicked(self, space_id: str) -> None:
        """A click on the board: painted into the current region while Paint is on."""
        if self.paint_button.isChecked() and space_id:
            self.paint([space_id])
