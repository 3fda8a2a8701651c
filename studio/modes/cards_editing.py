"""The Cards mode's edits of a deck: add, duplicate, delete and move cards, paste a block of cells,
a new deck. Each is one undo step on the document."""

from __future__ import annotations

import copy

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QInputDialog

from engine.scenario.model import Card, Deck
from studio.cards.blanks import blank_data, fresh_id


class CardEditing:
    """Mixed into ``CardsMode``, whose document, table and selection they use."""

    def _cards_path(self) -> str:
        assert self.model is not None
        return f"decks[{self.model.deck_id}].cards"

    def _taken(self) -> set[str]:
        assert self.document is not None
        return {card.id for deck in self.document.scenario.decks for card in deck.cards}

    def _new_card(self, like: Card | None) -> Card:
        """A blank card of ``like``'s type (the deck's last card's, or the ruleset's first)."""
        assert self.model is not None
        deck = self.model.deck
        known = set(self.card_types.values())
        like = like or (deck.cards[-1] if deck.cards else None)
        kind = type(like.data) if like is not None and type(like.data) in known else next(iter(known))
        return Card(fresh_id(self._taken(), deck.id), "New card", blank_data(kind))

    def add_card(self) -> None:
        if self.model is None or self.document is None:
            return
        card = self._new_card(self.selected_card())
        rows = self.selected_rows()
        where = rows[-1] + 1 if rows else len(self.model.deck.cards)
        self.document.add(self._cards_path(), card, where, f"Add card {card.id}")
        self._select_card(card.id)

    def duplicate_cards(self) -> None:
        if self.model is None or self.document is None:
            return
        rows = self.selected_rows()
        made = []
        with self.document.group(f"Duplicate {len(rows)} cards" if len(rows) > 1 else "Duplicate card"):
            for offset, row in enumerate(rows):
                card = copy.deepcopy(self.model.card(row + offset))
                card.id = fresh_id(self._taken(), card.id.rstrip("0123456789").rstrip("-") or self.model.deck_id)
                self.document.add(self._cards_path(), card, row + offset + 1, f"Duplicate {card.id}")
                made.append(card.id)
        if made:
            self._select_card(made[-1])

    def delete_cards(self) -> None:
        if self.model is None or self.document is None:
            return
        ids = [self.model.card(row).id for row in self.selected_rows()]
        with self.document.group(f"Delete {len(ids)} cards" if len(ids) > 1 else f"Delete {ids[0] if ids else ''}"):
            for card_id in ids:
                self.document.remove(self._cards_path(), card_id)

    def sorted_by(self) -> str | None:
        """The label of the column the table is sorted by, or None in the deck's own order."""
        column = self.proxy.sortColumn()
        if self.model is None or not 0 <= column < len(self.model.columns):
            return None
        return self.model.columns[column].label

    def show_deck_order(self) -> None:
        """Back from a sort by a column to the deck's own order (the order cards are dealt
        and printed in, which moving changes)."""
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)

    def _sorting_changed(self) -> None:
        label = self.sorted_by()
        why = (f"The table is sorted by {label}: moving a card changes the deck's order, which the sort "
               "hides. Cards ▸ Show Deck Order first.") if label else ""
        for action, text in ((self.up_action, "Move the card up in the deck"),
                             (self.down_action, "Move the card down in the deck")):
            action.setEnabled(self.model is not None and not label)
            action.setToolTip(why or text)
            action.setStatusTip(why or text)
        self.deck_order_action.setEnabled(bool(label))

    def move_card(self, step: int) -> None:
        """Move the selected card past the card shown above or below it: with a search on,
        that is the next card found, so the move is seen (hidden cards it passes keep
        their order)."""
        card = self.selected_card()
        if self.model is None or self.document is None or card is None:
            return
        if self.sorted_by():
            self.window.statusBar().showMessage(self.up_action.toolTip(), 8000)
            return
        neighbour = self.table.currentIndex().row() + step
        if 0 <= neighbour < self.proxy.rowCount():
            target = self.proxy.mapToSource(self.proxy.index(neighbour, 0)).row()
            self.document.move(self._cards_path(), self.model.row_of(card.id), target, f"Move {card.id}")
            self._select_card(card.id)

    def paste(self) -> None:
        """A block of cells copied from a spreadsheet (tabs between cells, a line per row),
        from the current cell rightwards and down, as one undo step."""
        text = QGuiApplication.clipboard().text()
        self.paste_text(text)

    def paste_text(self, text: str) -> int:
        """Rows go to the cards shown from the current row down; rows beyond the last card
        shown become new cards of the same type at the end of the deck, all one undo step."""
        start = self.table.currentIndex()
        if self.model is None or self.document is None or not start.isValid() or not text:
            return 0
        lines = [line.rstrip("\r").split("\t") for line in text.rstrip("\n").split("\n")]
        shown = range(start.row(), min(start.row() + len(lines), self.proxy.rowCount()))
        cards = [self.model.card(self.proxy.mapToSource(self.proxy.index(row, 0)).row()) for row in shown]
        first_column = self.proxy.mapToSource(start).column()
        added = len(lines) - len(cards)
        written = 0
        text = f"Paste {len(lines)} rows" + (f" ({added} new cards)" if added > 0 else "")
        with self.document.group(text):
            for _ in range(added):
                card = self._new_card(cards[-1] if cards else None)
                self.document.add(self._cards_path(), card, text=f"Add card {card.id}")
                cards.append(card)
            for card, cells in zip(cards, lines, strict=True):
                for offset, cell in enumerate(cells):
                    index = self.model.index(self.model.row_of(card.id), first_column + offset)
                    if index.isValid() and self.model.setData(index, cell):
                        written += 1
        return written

    def new_deck(self) -> None:
        """A deck for one of the ruleset's card types, with a first card of that type."""
        if self.document is None:
            return
        chosen = self.ask_card_type(sorted(self.card_types))
        if chosen is None:
            return
        taken = {deck.id for deck in self.document.scenario.decks}
        deck_id = chosen if chosen not in taken else fresh_id(taken, chosen)
        name = chosen.replace("_", " ").title() + " cards"
        card = Card(fresh_id(self._taken(), deck_id), "New card", blank_data(self.card_types[chosen]))
        self.document.add("decks", Deck(deck_id, name, [card]), text=f"New deck {deck_id}")
        ids = [self.tabs.tabData(index) for index in range(self.tabs.count())]
        if deck_id in ids:
            self.tabs.setCurrentIndex(ids.index(deck_id))

    def ask_card_type(self, names: list[str]) -> str | None:
        """Which card type the new deck holds (tests replace this question)."""
        chosen, ok = QInputDialog.getItem(self.window, "New Deck", "Card type of the new deck:", names, 0, False)
        return chosen if ok else None
