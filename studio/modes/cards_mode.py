"""Cards mode: the scenario's decks and their cards, kept current with the document.

A tree of decks with their cards (id, name, card type, text); it follows every card and deck
change of the shared document, so an edit made anywhere shows here at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDockWidget, QTreeWidget, QTreeWidgetItem

from engine.scenario.model import RawCardData
from studio.document import ScenarioDocument

if TYPE_CHECKING:
    from studio.main_window import MainWindow

COLUMNS = ("Card", "Id", "Type", "Text")


class CardsMode(QObject):
    name = "cards"

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.document: ScenarioDocument | None = None
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(COLUMNS)
        self.tree.setUniformRowHeights(True)
        self.widget = self.tree
        self.docks: dict[str, QDockWidget] = {}
        self.toolbar = None

    def install(self, document: ScenarioDocument | None) -> None:
        self.document = document
        if document is not None:
            for signal in (document.card_changed, document.deck_changed, document.decks_changed):
                signal.connect(self._fill)
        self._fill()

    def _fill(self, *_: object) -> None:
        self.tree.clear()
        if self.document is None:
            return
        for deck in self.document.scenario.decks:
            deck_item = QTreeWidgetItem([f"{deck.name} ({len(deck.cards)})", deck.id])
            for card in deck.cards:
                kind = card.data.type if isinstance(card.data, RawCardData) else type(card.data).type_name
                deck_item.addChild(QTreeWidgetItem([card.name, card.id, kind, card.text]))
            self.tree.addTopLevelItem(deck_item)
        self.tree.expandAll()
        for column in range(3):
            self.tree.resizeColumnToContents(column)

    def refresh(self, showing: bool) -> str:
        if self.document is None:
            return ""
        decks = self.document.scenario.decks
        return f"{len(decks)} decks · {sum(len(deck.cards) for deck in decks)} cards"
