"""Cards ▸ Edit Card Layout: the selected card's layout at real size (zoomed at will), its zones edited.

The canvas (layout_canvas.py) places the zones; here are the buttons that add, delete and
align them, and the selected zone's values (zone_form.py: its content, a template such as
``{armies} armies``, its font, colours, show_if). A card
type the scenario gives no layout starts from a copy of its default face, so the designer
edits what was printed until then. Every change is one step on the document's undo stack,
and the face under the zones is the selected card's, drawn again after each change, with
the deck's first cards of the type below it as a sheet would print them.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from engine.scenario.layout import default_layout, layout_for
from engine.scenario.model import Card, CardData, CardLayout
from studio.cards.layout_canvas import EDGES, LayoutCanvas
from studio.cards.output import Placed, deck_sheet
from studio.cards.zone_form import ZoneForm
from studio.document import ScenarioDocument

SHEET_CARDS, SHEET_DPI = 8, 30


def layout_id_for(document: ScenarioDocument, card: Card) -> str | None:
    """The id of the scenario's own layout for the card's type, if it has one."""
    type_name = getattr(card.data, "type_name", "")
    return next((layout.id for layout in document.scenario.layouts if layout.card_type == type_name), None)


def new_layout(document: ScenarioDocument, card_type: type[CardData]) -> CardLayout:
    """The default face of ``card_type`` as a layout of the scenario's own, with a free id."""
    taken = {layout.id for layout in document.scenario.layouts}
    base = layout_id = f"{card_type.type_name.replace('_', '-')}-face"
    number = 1
    while layout_id in taken:
        number += 1
        layout_id = f"{base}-{number}"
    return attrs.evolve(default_layout(card_type), id=layout_id)


class LayoutDialog(QDialog):
    def __init__(self, document: ScenarioDocument, card: Card, deck_id: str,
                 card_types: Mapping[str, type[CardData]], parent: QWidget | None = None,
                 per_mm: float | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("card_layout_editor")  # where its keys work, in Help ▸ Keyboard Shortcuts
        self.document = document
        self.card = card
        self.deck_id = deck_id
        self.card_types = card_types
        self.canvas = LayoutCanvas(document, card_types, per_mm, self)
        self.create_button = QPushButton("Create Layout from the Default Face")
        self.create_button.clicked.connect(self.create_layout)
        self.add_button = QPushButton("Add Zone")
        self.add_button.clicked.connect(lambda: self.canvas.add_zone())
        self.delete_button = QPushButton("Delete Zone")
        self.delete_button.clicked.connect(self.canvas.remove_selected)
        self.align_buttons = {edge: QPushButton(f"Align {edge.title()}") for edge in EDGES}
        for edge, button in self.align_buttons.items():
            button.clicked.connect(lambda _=False, edge=edge: self.canvas.align(edge))
        self.radius = QDoubleSpinBox()  # the layout's corner radius, drawn on the card's lines and its face
        self.radius.setPrefix("Corners ")
        self.radius.setSuffix(" mm")
        self.radius.setRange(0, attrs.fields(CardLayout).corner_radius.metadata["max"])
        self.radius.setSingleStep(0.5)
        self.radius.setToolTip(attrs.fields(CardLayout).corner_radius.metadata["help"])
        self.radius.editingFinished.connect(self._set_radius)
        self.zoom_label = QLabel("100%")  # the canvas's zoom over real size
        self.zoom_buttons = {}
        for text, keys, slot in (("Zoom Out", [QKeySequence.StandardKey.ZoomOut, QKeySequence("Ctrl+-")],
                                  lambda: self.canvas.zoom_by(-1)),
                                 ("Real Size", [QKeySequence("Ctrl+0")], lambda: self.canvas.set_zoom(1.0)),
                                 ("Zoom In", [QKeySequence.StandardKey.ZoomIn, QKeySequence("Ctrl+=")],
                                  lambda: self.canvas.zoom_by(1))):
            action = QAction(text, self)
            # The platform's own keys and the common ones, each once (Qt reports a key bound twice as ambiguous).
            action.setShortcuts([QKeySequence(text) for text in dict.fromkeys(QKeySequence(key).toString()
                                                                                for key in keys)])
            action.triggered.connect(slot)
            # Wherever the focus is in the editor, and only there: the board's zoom keys are the same.
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.addAction(action)
            button = QPushButton(text)
            button.setToolTip(f"{text} ({action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)}; "
                              "Ctrl+wheel zooms about the mouse)")
            button.clicked.connect(action.trigger)
            self.zoom_buttons[text] = button
        self.canvas.zoomed.connect(lambda zoom: self.zoom_label.setText(f"{zoom:.0%}"))
        self.form = ZoneForm(document)
        self.content = self.form.editors["content"]
        self.content.setPlaceholderText("e.g. {name} or {armies} armies")
        buttons = QHBoxLayout()
        for button in (self.create_button, self.add_button, self.delete_button, *self.align_buttons.values()):
            buttons.addWidget(button)
        buttons.addWidget(self.radius)
        buttons.addStretch(1)
        for button in self.zoom_buttons.values():
            buttons.addWidget(button)
        buttons.addWidget(self.zoom_label)
        self.sheet = QLabel()  # the first cards of the deck with this layout, as they print
        self.sheet.setAlignment(Qt.AlignmentFlag.AlignCenter)
        work = QHBoxLayout()
        work.addWidget(self.canvas, 1)
        work.addWidget(self.form)
        column = QVBoxLayout(self)
        column.addLayout(buttons)
        column.addLayout(work, 1)
        column.addWidget(self.sheet)
        self.canvas.selection_changed.connect(self._selection_changed)
        self.canvas.redrawn.connect(self._draw_sheet)
        self.canvas.redrawn.connect(self._show_radius)
        self.canvas.redrawn.connect(lambda: self._offer_create(self.canvas.layout() is None))
        self.resize(960, 680)
        self._show()

    def show_card(self, card: Card, deck_id: str) -> None:
        """Follow the card selected in the Cards mode: its face under the zones, its type's
        layout (or the offer to create one) and its deck's sheet."""
        self.card, self.deck_id = card, deck_id
        self._show()

    def _show(self) -> None:
        self.setWindowTitle(f"Card layout: {getattr(self.card.data, 'type_name', '')} cards ({self.card.name})")
        layout_id = layout_id_for(self.document, self.card)
        self._offer_create(layout_id is None)
        self.canvas.show_layout(layout_id, self.card, self.deck_id)

    def _offer_create(self, offered: bool) -> None:
        """The Create button while the card type has no layout (also after an undo took it
        away); the zone buttons while it has one."""
        self.create_button.setVisible(offered)
        self.add_button.setEnabled(not offered)

    def create_layout(self) -> None:
        card_type = self.card_types.get(getattr(self.card.data, "type_name", ""))
        if card_type is None or layout_id_for(self.document, self.card) is not None:
            return
        self.document.add("layouts", new_layout(self.document, card_type), text=f"Add {card_type.type_name} layout")
        self._show()

    def _show_radius(self) -> None:
        layout = self.canvas.layout()
        self.radius.setEnabled(layout is not None)
        self.radius.blockSignals(True)
        self.radius.setValue(layout.corner_radius if layout is not None else 0.0)
        self.radius.blockSignals(False)

    def _set_radius(self) -> None:
        layout = self.canvas.layout()
        if layout is not None and self.radius.value() != layout.corner_radius:
            self.document.set_value(f"layouts[{layout.id}].corner_radius", self.radius.value(),
                                    "Change corner radius", merge_key=None)

    def _draw_sheet(self) -> None:
        """Up to ``SHEET_CARDS`` cards of the deck that this layout draws, side by side."""
        scenario = self.document.scenario
        type_name = getattr(self.card.data, "type_name", "")
        deck = next((deck for deck in scenario.decks if deck.id == self.deck_id), None)
        cards = [card for card in (deck.cards if deck else []) if getattr(card.data, "type_name", "") == type_name]
        placed = [Placed(card, layout_for(card, scenario.layouts, self.card_types), self.deck_id)
                  for card in cards[:SHEET_CARDS]]
        if placed:
            image, _ = deck_sheet(scenario, placed, SHEET_DPI, self.document.base_dir)
            self.sheet.setPixmap(QPixmap.fromImage(image))

    def _selection_changed(self) -> None:
        layout = self.canvas.layout()
        indexes = self.canvas.selected_indexes()
        one = layout is not None and len(indexes) == 1
        self.form.show_zone(self.canvas.zone_path(indexes[0]) if one else None,
                            layout.zones[indexes[0]] if one else None)
        self.delete_button.setEnabled(bool(indexes))
        for button in self.align_buttons.values():
            button.setEnabled(len(indexes) > 1)
