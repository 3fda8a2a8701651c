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

from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QItemSelectionModel,
    QMargins,
    QObject,
    Qt,
    QTimer,
)
from PySide6.QtGui import QAction, QKeySequence, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDockWidget,
    QHBoxLayout,
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
from engine.rulesets.registry import get_ruleset
from engine.scenario.layout import layout_for
from engine.scenario.model import Card, CardData
from engine.scenario.naming import names_of
from engine.scenario.problems import Problem
from studio.cards.columns import problem_cell
from studio.cards.face import FACE_PATHS
from studio.cards.form import CardForm
from studio.cards.layout_dialog import LayoutDialog
from studio.cards.output import Placed, card_image
from studio.cards.table import CardDelegate, CardFilter, CardTableModel
from studio.checking import BackgroundCheck
from studio.document import ScenarioDocument
from studio.modes.cards_editing import CardEditing
from studio.modes.cards_output import CardOutputs

if TYPE_CHECKING:
    from studio.host import Window

PREVIEW_DPI = 150


class CardsMode(CardEditing, CardOutputs, QObject):
    name = "cards"

    def __init__(self, window: Window) -> None:
        super().__init__(window)
        self.window = window
        self.document: ScenarioDocument | None = None
        self.models: dict[str, CardTableModel] = {}
        self.model: CardTableModel | None = None
        self.validation: list[Problem] = []
        self.face_problems: list[Problem] = []
        self.layout_dialog: LayoutDialog | None = None
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
        card = self.selected_card()
        self.form.show_card(card)
        self.render_preview()
        if card is not None and self.model is not None and self.layout_dialog is not None \
                and self.layout_dialog.isVisible():  # the open layout editor follows the table
            self.layout_dialog.show_card(card, self.model.deck_id)

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
        preview at once, and so do the colours a face takes from the seats and epochs."""
        self._check.edited()
        if path.startswith("board") and not self._showing:
            self._stale = True
        else:
            self._validate_soon.start()
        if path.startswith(FACE_PATHS):
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

    # -- the rest (edits of a deck: ``cards_editing.py``; sheets and outputs: ``cards_output.py``)

    def _rename(self) -> None:
        """References in every table by the names the scenario gives them now."""
        if self.document is not None:
            names = names_of(self.document.scenario)
            for model in self.models.values():
                model.set_names(names)

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

