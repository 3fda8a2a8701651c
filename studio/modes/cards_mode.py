"""Cards mode: one table per deck, a form and a live face of the selected card, problems.

The decks are tabs over one table view; each deck has its own model over the document's
cards (no widget per cell). Every change — a cell, a pasted block, a new, duplicated,
deleted or moved card, a new deck, an imported sheet — is a command on the document's
undo stack, and the views follow the document's signals. The validator runs after each
change (coalesced by a zero timer) and marks the cells it objects to; the face of the
selected card is drawn again at once, and its overflow and safe-line problems are listed
with the deck's.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QItemSelectionModel,
    QMargins,
    QObject,
    Qt,
    QTimer,
)
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QTabBar,
    QTableView,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from engine.core.text import plural
from engine.export.names import OutputExists, UnsafeName
from engine.rulesets.registry import get_ruleset
from engine.scenario.atomic import replacing
from engine.scenario.card_sheet import (
    SheetError,
    card_types_of,
    deck_table,
    write_sheet,
)
from engine.scenario.io import scenario_to_data
from engine.scenario.layout import layout_for
from engine.scenario.model import Card, CardData, Deck
from engine.scenario.naming import names_of
from engine.scenario.problems import Problem
from studio.cards.blanks import blank_data, fresh_id
from studio.cards.columns import problem_cell
from studio.cards.form import CardForm
from studio.cards.import_dialog import ImportDialog, apply_import, read_import
from studio.cards.layout_dialog import LayoutDialog
from studio.cards.output import (
    Placed,
    card_image,
    cards_of,
    sheet_counts,
    write_deck_sheets,
    write_pdf,
    write_pngs,
)
from studio.cards.print_dialog import PngDialog, PrintDialog
from studio.cards.table import CardDelegate, CardFilter, CardTableModel
from studio.checking import BackgroundCheck
from studio.document import ScenarioDocument

if TYPE_CHECKING:
    from studio.host import Window

PREVIEW_DPI = 150
SHEETS = "Spreadsheets (*.csv *.xlsx)"


class CardsMode(QObject):
    name = "cards"

    def __init__(self, window: Window) -> None:
        super().__init__(window)
        self.window = window
        self.document: ScenarioDocument | None = None
        self.models: dict[str, CardTableModel] = {}
        self.model: CardTableModel | None = None
        self.validation: list[Problem] = []
        self.face_problems: list[Problem] = []
        # After an edit the whole file is checked again on a worker thread (half a second for a
        # 1,000-card deck): the table stays live, and the marks follow when the answer comes.
        self._check = BackgroundCheck(self._problems, "cards-check", self)
        self._check.answered.connect(self._show_problems)
        self._validate_soon = QTimer(self)
        self._validate_soon.setSingleShot(True)
        self._validate_soon.setInterval(0)
        self._validate_soon.timeout.connect(self._check.start)
        self._showing = False
        self._stale = False  # the map changed since the last check, while the mode was hidden
        self._build_page()
        self._build_actions()
        self.docks: dict[str, QDockWidget] = {}
        self.toolbar = QToolBar("Cards")
        self.toolbar.setObjectName("cards_toolbar")
        self.toolbar.addActions([window.actions.undo, window.actions.redo])
        self.toolbar.addSeparator()
        self.toolbar.addActions([self.new_deck_action, self.add_action, self.duplicate_action, self.delete_action,
                                 self.up_action, self.down_action, self.deck_order_action])
        window.addToolBar(self.toolbar)
        self.menu = QMenu("&Cards", window)
        self.menu.addActions([self.new_deck_action, self.add_action, self.duplicate_action, self.delete_action,
                              self.up_action, self.down_action, self.deck_order_action, self.paste_action])
        self.menu.addSeparator()
        self.menu.addActions([self.import_action, self.export_action, self.pdf_action, self.png_action,
                              self.sheets_action])
        self.menu.addSeparator()
        self.menu.addAction(self.layout_action)

    # -- the page --------------------------------------------------------------------------

    def _build_page(self) -> None:
        self.tabs = QTabBar()
        self.tabs.setExpanding(False)
        self.tabs.setDocumentMode(True)
        self.tabs.currentChanged.connect(self._show_deck)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search cards…")
        self.search.setClearButtonEnabled(True)
        self.proxy = CardFilter(self)
        self.search.textChanged.connect(self.proxy.setFilterFixedString)
        self.search_column = QComboBox()
        self.search_column.setToolTip("The column the search looks in")
        self.search_column.currentIndexChanged.connect(lambda index: self.proxy.setFilterKeyColumn(index - 1))
        self.problems_only = QCheckBox("Problems only")
        self.problems_only.setToolTip("Show only the cards the validator objects to")
        self.problems_only.toggled.connect(self.proxy.show_problems_only)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # the deck's own order until a header is clicked
        self.table.horizontalHeader().sortIndicatorChanged.connect(lambda *_: self._sorting_changed())
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                   | QAbstractItemView.EditTrigger.EditKeyPressed
                                   | QAbstractItemView.EditTrigger.AnyKeyPressed)
        self.delegate = CardDelegate(None, self)
        self.table.setItemDelegate(self.delegate)
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._selected())
        self.form = CardForm(self._form_edit)
        form_scroll = QScrollArea()
        form_scroll.setWidgetResizable(True)
        form_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # fields narrow instead
        form_scroll.setWidget(self.form)
        self.preview = QLabel()
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.preview.setMinimumSize(200, 280)
        self.preview.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        self.problems = QListWidget()
        self.problems.setWordWrap(True)
        self.problems.itemActivated.connect(self._go_to_problem)
        side = QSplitter(Qt.Orientation.Vertical)
        side.addWidget(self.preview)
        side.addWidget(form_scroll)
        side.addWidget(self.problems)
        side.setSizes([360, 300, 120])
        side.setMinimumWidth(340)  # the form's labels and editors side by side, unclipped
        filters = QHBoxLayout()  # under the tabs, which keep the whole width for many decks
        filters.addWidget(self.search, 1)
        filters.addWidget(self.search_column)
        filters.addWidget(self.problems_only)
        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.tabs)
        column.addLayout(filters)
        column.addWidget(self.table)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(left)
        self.splitter.addWidget(side)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 1)
        self.widget = self.splitter

    def _build_actions(self) -> None:
        def action(text: str, slot: object, shortcut: QKeySequence | str | None = None) -> QAction:
            made = QAction(text, self)
            made.triggered.connect(slot)
            if shortcut is not None:
                made.setShortcut(shortcut)
                made.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
                self.table.addAction(made)
            return made

        self.new_deck_action = action("New Deck…", self.new_deck)
        self.add_action = action("Add Card", self.add_card, "Ctrl+Return")
        self.duplicate_action = action("Duplicate Card", self.duplicate_cards, "Ctrl+D")
        self.delete_action = action("Delete Cards", self.delete_cards, QKeySequence.StandardKey.Delete)
        self.up_action = action("Move Up", lambda: self.move_card(-1), "Ctrl+Up")
        self.down_action = action("Move Down", lambda: self.move_card(1), "Ctrl+Down")
        self.deck_order_action = action("Show Deck Order", self.show_deck_order)
        self.deck_order_action.setToolTip("Undo the sort by a column: rows in the deck's own order, "
                                          "where cards can be moved")
        self.paste_action = action("Paste Cells", self.paste, QKeySequence.StandardKey.Paste)
        self.import_action = action("Import Cards from CSV/XLSX…", self.import_cards)
        self.export_action = action("Export Cards…", self.export_cards)
        self.pdf_action = action("Print to PDF…", self.print_pdf)
        self.png_action = action("Export PNGs…", self.export_pngs)
        self.sheets_action = action("Export Deck Sheets…", self.export_sheets)
        self.layout_action = action("Edit Card Layout…", self.edit_layout)
        self.sheets_action.setToolTip("The deck on images of at most 10 x 7 cards, for tabletop simulators")

    # -- the document ----------------------------------------------------------------------

    def install(self, document: ScenarioDocument | None) -> None:
        self.document = document
        self.delegate.document = document
        self.models.clear()
        self.model = None
        if document is not None:
            document.card_changed.connect(self._card_changed)
            document.deck_changed.connect(self._deck_changed)
            document.decks_changed.connect(self._fill_tabs)
            document.changed.connect(self._changed)
        self._fill_tabs()
        self._check.edited()
        self.validation = []
        self._show_problems([])
        if document is not None:
            self._check.start()  # opening a file does not wait for it

    @property
    def card_types(self) -> dict[str, type[CardData]]:
        assert self.document is not None
        return get_ruleset(self.document.scenario.ruleset.id).card_type_map()

    def _fill_tabs(self) -> None:
        current = self.model.deck_id if self.model else None
        self.tabs.blockSignals(True)
        while self.tabs.count():
            self.tabs.removeTab(0)
        decks = self.document.scenario.decks if self.document else []
        for deck in decks:
            self.tabs.addTab(f"{deck.name} ({len(deck.cards)})")
            self.tabs.setTabData(self.tabs.count() - 1, deck.id)
        self.models = {key: model for key, model in self.models.items() if any(d.id == key for d in decks)}
        ids = [deck.id for deck in decks]
        self.tabs.setCurrentIndex(ids.index(current) if current in ids else 0)
        self.tabs.blockSignals(False)
        self._show_deck(self.tabs.currentIndex())

    def _show_deck(self, index: int) -> None:
        if self.document is None or index < 0:
            self.model = None
            self.proxy.setSourceModel(None)
            self._build_form()
            self._selected()
            return
        deck_id = self.tabs.tabData(index)
        if deck_id not in self.models:
            self.models[deck_id] = model = CardTableModel(self.document, deck_id, self.card_types, self)
            model.set_problems(self.validation)
        self.model = self.models[deck_id]
        self.proxy.setSourceModel(self.model)
        self.search_column.blockSignals(True)
        self.search_column.clear()
        self.search_column.addItems(["In all columns"] + [f"In {column.label}" for column in self.model.columns])
        self.search_column.blockSignals(False)
        self.proxy.setFilterKeyColumn(-1)
        self.table.resizeColumnsToContents()
        for column in range(self.model.columnCount()):
            self.table.setColumnWidth(column, min(self.table.columnWidth(column), 220))
        self._build_form()
        if self.model.rowCount():
            self.table.setCurrentIndex(self.proxy.index(0, 1))
        self._selected()

    def _build_form(self) -> None:
        self.form.build(self.model.columns if self.model else [], self.document)

    def _form_edit(self, column: int, value: object) -> None:
        """One field of the form, written like the table's cell (only what the designer touched)."""
        card = self.selected_card()
        if card is not None and self.model is not None:
            self.model.setData(self.model.index(self.model.row_of(card.id), column), value)

    def _deck_changed(self, deck_id: str) -> None:
        model = self.models.get(deck_id)
        if model is not None:
            chosen = self.selected_card()
            model.reload()
            if model is self.model:
                self._build_form()
                self._select_card(chosen.id if chosen else None)
        self._retitle_tabs()

    def _retitle_tabs(self) -> None:
        if self.document is None:
            return
        for index in range(self.tabs.count()):
            deck = self.document.scenario.deck(self.tabs.tabData(index))
            self.tabs.setTabText(index, f"{deck.name} ({len(deck.cards)})")

    def _card_changed(self, deck_id: str, card_id: str) -> None:
        model = self.models.get(deck_id)
        if model is not None:
            model.card_changed(card_id)
        self._rename()  # a card's new name, where other cards refer to it
        if model is self.model:
            self._selected()

    # -- selection, preview, problems ------------------------------------------------------

    def selected_card(self) -> Card | None:
        index = self.table.currentIndex()
        if self.model is None or not index.isValid():
            return None
        return self.model.card(self.proxy.mapToSource(index).row())

    def selected_rows(self) -> list[int]:
        """Source rows of the selected cells, in the deck's order."""
        rows = {self.proxy.mapToSource(index).row() for index in self.table.selectionModel().selectedIndexes()}
        current = self.table.currentIndex()
        if not rows and current.isValid():
            rows.add(self.proxy.mapToSource(current).row())
        return sorted(rows)

    def _select_card(self, card_id: str | None, column: int = 1) -> None:
        if self.model is None or card_id is None:
            return
        row = self.model.row_of(card_id)
        if row >= 0:
            index = self.proxy.mapFromSource(self.model.index(row, column))
            self.table.setCurrentIndex(index)
            self.table.selectionModel().select(index, QItemSelectionModel.SelectionFlag.ClearAndSelect)

    def _selected(self) -> None:
        self.form.show_card(self.selected_card())
        self.render_preview()

    def edit_layout(self) -> None:
        """The selected card's layout at real size, its zones placed with the mouse (a window
        beside the table, so the table and the preview stay at hand)."""
        card = self.selected_card()
        if card is None or self.document is None or self.model is None:
            return
        self.layout_dialog = LayoutDialog(self.document, card, self.model.deck_id, self.card_types, self.window)
        self.layout_dialog.show()

    def render_preview(self) -> None:
        """Draw the selected card's face again; its face problems join the list."""
        card = self.selected_card()
        if card is None or self.document is None:
            self.preview.setPixmap(QPixmap())
            self.preview.setText("No card selected")
            self.face_problems = []
        else:
            scenario = self.document.scenario
            layout = layout_for(card, scenario.layouts, self.card_types)
            image, self.face_problems = card_image(scenario, Placed(card, layout, self.model.deck_id), PREVIEW_DPI,
                                                   self.document.base_dir)
            room = self.preview.size().shrunkBy(QMargins(4, 4, 4, 4)).boundedTo(image.size())
            self.preview.setPixmap(QPixmap.fromImage(image).scaled(
                room, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation))
        self._list_problems()

    def _changed(self, path: str) -> None:
        """Check again after an edit; a map edit made while the Cards mode is hidden is only
        noted, and checked when the mode shows: a drag on the map would otherwise check the
        whole file at every mouse move. A layout edited (Edit Card Layout) shows on the
        preview at once."""
        self._check.edited()
        if path.startswith("board") and not self._showing:
            self._stale = True
        else:
            self._validate_soon.start()
        if path.startswith("layouts"):
            self.render_preview()

    def validate(self) -> None:
        """Check the scenario as a file would be and mark every deck's cells, now (edits check
        it again on their own, off the UI thread)."""
        self._show_problems(self._problems())

    def _problems(self) -> list[Problem]:
        document = self.document
        return document.problems() if document is not None else []

    def idle(self) -> bool:
        """Whether the marks are those of the scenario as it stands (tests wait on it)."""
        return self._check.idle() and not self._validate_soon.isActive()

    def _show_problems(self, problems: list[Problem]) -> None:
        self._stale = False
        self.validation = problems
        for model in self.models.values():
            model.set_problems(self.validation)
        self.proxy.problems_changed()
        self._list_problems()

    def _list_problems(self) -> None:
        self.problems.clear()
        deck = self.model.deck_id if self.model else None
        shown = [p for p in self.validation if deck and p.path.startswith(f"decks[{deck}]")] + self.face_problems
        for problem in shown:
            self.problems.addItem(str(problem))
            self.problems.item(self.problems.count() - 1).setData(Qt.ItemDataRole.UserRole, problem.path)
        if not shown:
            self.problems.addItem("No problems in this deck.")

    def _go_to_problem(self, item: object) -> None:
        path = item.data(Qt.ItemDataRole.UserRole)  # type: ignore[attr-defined]
        if self.model is None or not path:
            return
        cell = problem_cell(path.split(":")[0], self.model.deck_id)
        if cell is not None:
            card_id, name = cell
            columns = [c.name for c in self.model.columns]
            self._select_card(card_id, columns.index(name) if name in columns else 1)

    # -- editing cards (each an undo step) -------------------------------------------------

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

    # -- sheets and outputs ----------------------------------------------------------------

    def _start(self, suffix: str) -> Path:
        assert self.document is not None and self.model is not None
        folder = self.document.path.parent if self.document.path else Path.home()  # not an untitled one's scratch
        return folder / f"{self.model.deck_id}{suffix}"

    def import_cards(self) -> None:
        if self.model is None or self.document is None:
            return
        path = self.window.ask_path("Import Cards", self._start(".csv"), SHEETS, saving=False)
        if path is None:
            return
        result = read_import(self.document, self.model.deck_id, path)
        if self.window.run_dialog(ImportDialog(path, self.model.deck_id, result, self.window)) and not result.problems:
            apply_import(self.document, self.model.deck_id, result, path.name)

    def export_cards(self) -> None:
        if self.model is None or self.document is None:
            return
        path = self.window.ask_path("Export Cards", self._start(".csv"), SHEETS, saving=True)
        if path is None:
            return
        raw = next(d for d in scenario_to_data(self.document.scenario, get_ruleset)["decks"]
                   if d["id"] == self.model.deck_id)
        header, rows = deck_table(raw, card_types_of(self.card_types, raw))
        try:
            write_sheet(path, header, rows)
        except (OSError, SheetError) as error:
            self.window.show_problems("Export Cards", f"{path} was not written.", [Problem("", str(error))])
            return
        self.window.statusBar().showMessage(f"Exported {plural(len(rows), 'card')} to {path}", 5000)

    def print_pdf(self) -> None:
        if self.model is None or self.document is None:
            return
        dialog = PrintDialog(self.window)
        if not self.window.run_dialog(dialog):
            return
        path = self.window.ask_path("Print to PDF", self._start(".pdf"), "PDF (*.pdf)", saving=True)
        if path is None:
            return
        placed = cards_of(self.document.scenario, self.model.deck_id, self.card_types)
        try:
            with replacing(path) as temporary:
                pages, problems = write_pdf(self.document.scenario, placed, temporary, dialog.sheet(),
                                            self.document.base_dir)
        except OSError as error:
            self.window.show_problems("Print to PDF", f"{path} was not written.", [Problem("", str(error))])
            return
        self._report_output(f"Printed {plural(len(placed), 'card')} on {plural(pages, 'page')} to {path}", problems)

    def export_pngs(self) -> None:
        self._export_images("Export PNGs", lambda placed: f"{len({item.card.id for item in placed})} images",
                            write_pngs, "images")

    def export_sheets(self) -> None:
        def what(placed: list[Placed]) -> str:
            counts = sheet_counts(len(placed))
            sheets = f"{len(counts)} sheet" + ("s" if len(counts) > 1 else "")
            return f"{sheets} of at most 10 x 7 ({' + '.join(map(str, counts))} cards)"

        self._export_images("Export Deck Sheets", what, write_deck_sheets, "deck sheets", dpi=100)

    def _export_images(self, title: str, what: Callable[[list[Placed]], str],
                       write: Callable[..., tuple[list[Path], list[Problem]]], noun: str, dpi: int = 300) -> None:
        """Ask the folder and resolution, draw the current deck's images there, report."""
        if self.model is None or self.document is None:
            return
        placed = cards_of(self.document.scenario, self.model.deck_id, self.card_types)
        if not placed:
            self.window.statusBar().showMessage("This deck has no cards to draw", 5000)
            return
        size = (placed[0].layout.width, placed[0].layout.height)
        dialog = PngDialog(title, self.document.base_dir or Path.home(), what(placed), size, self.window)
        dialog.dpi.setValue(dpi)
        if not self.window.run_dialog(dialog):
            return
        folder = dialog.chosen_folder()
        arguments = (self.document.scenario, placed, folder, dialog.dpi.value(), self.document.base_dir)
        try:
            try:
                written, problems = write(*arguments)
            except OutputExists as existing:  # nothing is written yet: the designer decides
                if not self.window.ask_replace(title, existing.paths):
                    return
                written, problems = write(*arguments, force=True)
        except (OSError, UnsafeName) as error:
            self.window.show_problems(title, f"The {noun} were not all written.", [Problem("", str(error))])
            return
        self._report_output(f"Wrote {len(written)} {noun} to {folder}", problems)

    def _rename(self) -> None:
        """References in every table by the names the scenario gives them now."""
        if self.document is not None:
            names = names_of(self.document.scenario)
            for model in self.models.values():
                model.set_names(names)

    def _report_output(self, summary: str, problems: list[Problem]) -> None:
        if problems:
            self.window.show_problems("Card faces", summary, problems, warning_only=True)
        else:
            self.window.statusBar().showMessage(summary, 5000)

    def refresh(self, showing: bool) -> str:
        self._showing = showing
        if showing and self._stale:
            self._stale = False
            self._validate_soon.start()
            self._rename()
        for action in (self.add_action, self.duplicate_action, self.delete_action, self.paste_action,
                       self.import_action, self.export_action, self.pdf_action, self.png_action,
                       self.sheets_action):
            action.setEnabled(self.model is not None)
        self._sorting_changed()
        self.new_deck_action.setEnabled(self.document is not None)
        if self.document is None:
            return ""
        decks = self.document.scenario.decks
        return f"{plural(len(decks), 'deck')} · {plural(sum(len(deck.cards) for deck in decks), 'card')}"

