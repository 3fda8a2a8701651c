"""Scenario ▸ Settings: everything in the file that is not the map or a card, so no field is
reachable only by editing JSON: the title and the rest of ``meta``, the seats, the ruleset and
its options, the board's size, the decks, the epochs and the provisional values.

The dialog edits copies; ``changes()`` is what differs, as (path, value) pairs the document
writes as one undo step. Renaming a seat or a deck follows every reference to it (setup
owners, card data), as renaming a space does, and so does renumbering an epoch (the cards'
epoch fields).
"""

from __future__ import annotations

import re
from typing import Any

import attrs
import cattrs
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QColorDialog,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from engine.rulesets.registry import get_ruleset, rulesets
from engine.scenario.converter import LONGEST_TEXT, plain_problem
from engine.scenario.epochs import epoch_fields
from engine.scenario.io import scenario_to_data
from engine.scenario.model import (
    Board,
    Card,
    Deck,
    Epoch,
    Meta,
    Provisional,
    RulesetRef,
    Scenario,
    Seat,
)
from engine.scenario.references import COLOUR, references_to
from engine.scenario.starters import DEFAULT_SEATS
from studio.cards.blanks import blank_data, fresh_id
from studio.playtest.new_playtest_dialog import OptionEditor

ORIGINAL = Qt.ItemDataRole.UserRole  # the id (an epoch's number) a row had when the dialog opened (None: added here)
CARD_TYPE = Qt.ItemDataRole.UserRole + 1  # the card type of a deck added here
_BAD_ID = re.compile(r"^\s|\s$|[\[\].]")
EPOCH_MAX = attrs.fields(Epoch).number.metadata["max"]


class ListTable(QWidget):
    """A table of rows with Add, Remove, Up and Down: the seats, the decks, the provisional values."""

    def __init__(self, headers: list[str], add: Any, extra: list[QPushButton] = ()) -> None:
        super().__init__()
        self.table = QTableWidget(0, len(headers))
        self.table.setHorizontalHeaderLabels(headers)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        buttons = QHBoxLayout()
        for text, slot in (("Add", add), ("Remove", self.remove), ("Up", lambda: self.move(-1)),
                           ("Down", lambda: self.move(1))):
            button = QPushButton(text)
            button.clicked.connect(lambda _=False, slot=slot: slot())
            buttons.addWidget(button)
        for button in extra:
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addLayout(buttons)

    def add_row(self, values: list[str], original: str | int | None = None) -> int:
        row = self.table.rowCount()
        self.table.insertRow(row)
        for column, value in enumerate(values):
            self.table.setItem(row, column, QTableWidgetItem(value))
        self.table.item(row, 0).setData(ORIGINAL, original)
        self.table.setCurrentCell(row, 0)
        return row

    def remove(self) -> None:
        row = self.table.currentRow()
        if row >= 0:
            self.table.removeRow(row)

    def move(self, step: int) -> None:
        row, column = self.table.currentRow(), self.table.currentColumn()
        target = row + step
        if row < 0 or not 0 <= target < self.table.rowCount():
            return
        taken = [self.table.takeItem(row, c) for c in range(self.table.columnCount())]
        for c, item in enumerate(taken):
            self.table.setItem(row, c, self.table.takeItem(target, c))
            self.table.setItem(target, c, item)
        self.table.setCurrentCell(target, max(column, 0))

    def rows(self) -> list[tuple[Any, list[str]]]:
        """Each row's original id and its cells' text, top to bottom."""
        table = self.table
        return [(table.item(row, 0).data(ORIGINAL),
                 [(table.item(row, c).text().strip() if table.item(row, c) else "")
                  for c in range(table.columnCount())]) for row in range(table.rowCount())]


class ScenarioSettingsDialog(QDialog):
    def __init__(self, scenario: Scenario, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Scenario Settings")
        self.scenario = scenario
        self.tabs = QTabWidget()
        self.tabs.addTab(self._about_tab(), "About")
        self.tabs.addTab(self._seats_tab(), "Seats")
        self.tabs.addTab(self._rules_tab(), "Rules")
        self.tabs.addTab(self._board_tab(), "Board")
        self.tabs.addTab(self._decks_tab(), "Decks")
        self.tabs.addTab(self._epochs_tab(), "Epochs")
        self.tabs.addTab(self._provisional_tab(), "Provisional")
        self.error = QLabel()
        self.error.setStyleSheet("color: #b00020;")
        self.error.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.resize(680, 560)

    # -- the tabs -------------------------------------------------------------------------

    def _about_tab(self) -> QWidget:
        meta = self.scenario.meta
        self.title, self.author, self.version = QLineEdit(meta.title), QLineEdit(meta.author), QLineEdit(meta.version)
        for line in (self.title, self.author, self.version):
            line.setMaxLength(LONGEST_TEXT)
        self.description = QPlainTextEdit(meta.description)
        page = QWidget()
        form = QFormLayout(page)
        form.addRow("Title", self.title)
        form.addRow("Author", self.author)
        form.addRow("Version", self.version)
        form.addRow("Description", self.description)
        return page

    def _seats_tab(self) -> QWidget:
        colour = QPushButton("Colour…")
        colour.clicked.connect(lambda: self.choose_seat_colour())
        self.seats = ListTable(["Id", "Name", "Colour"], self.add_seat, [colour])
        for seat in self.scenario.seats:
            self._seat_row(seat.id, seat.name, seat.colour, seat.id)
        return self.seats

    def _seat_row(self, seat_id: str, name: str, colour: str, original: str | None) -> None:
        row = self.seats.add_row([seat_id, name, colour], original)
        _swatch(self.seats.table.item(row, 2), colour)

    def add_seat(self) -> None:
        taken = {seat_id for _, (seat_id, *_) in self.seats.rows()}
        colours = {colour for _, (*_, colour) in self.seats.rows()}
        seat_id, name, colour = next(((i, n, c) for i, n, c in DEFAULT_SEATS if i not in taken),
                                     (fresh_id(taken, "seat"), "New seat", "#808080"))
        if colour in colours:
            colour = next((c for _, _, c in DEFAULT_SEATS if c not in colours), colour)
        self._seat_row(seat_id, name, colour, None)

    def choose_seat_colour(self, colour: QColor | None = None) -> None:
        """The selected seat's colour (``colour`` given: no dialog, for tests and scripts)."""
        _choose_colour(self.seats.table, 2, "Seat colour", colour)

    def _rules_tab(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        self.ruleset = QComboBox()
        for ruleset in rulesets():
            self.ruleset.addItem(ruleset.title, ruleset.id)
        if self.ruleset.findData(self.scenario.ruleset.id) < 0:
            self.ruleset.addItem(f"Unknown ({self.scenario.ruleset.id})", self.scenario.ruleset.id)
        self.ruleset.setCurrentIndex(self.ruleset.findData(self.scenario.ruleset.id))
        self.ruleset.currentIndexChanged.connect(lambda _: self._show_options())
        row = QFormLayout()
        row.addRow("Ruleset", self.ruleset)
        layout.addLayout(row)
        self.options_form = QFormLayout()
        layout.addLayout(self.options_form)
        layout.addStretch(1)
        self._show_options()
        return page

    def _show_options(self) -> None:
        """The chosen game's options: the scenario's own values for its game, another game's defaults."""
        while self.options_form.rowCount():
            self.options_form.removeRow(0)
        ruleset_id = self.ruleset.currentData()
        ruleset = get_ruleset(ruleset_id)
        self.option_editors: list[OptionEditor] = []
        if ruleset is None:
            return
        options = self.scenario.ruleset.options if ruleset_id == self.scenario.ruleset.id \
            else ruleset.options_type()
        self.options_type = type(options)
        attrs.resolve_types(self.options_type)
        for field in attrs.fields(self.options_type):
            editor = OptionEditor(field, getattr(options, field.name))
            self.option_editors.append(editor)
            self.options_form.addRow(editor.label, editor.widget)

    def _board_tab(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        self.width_box, self.height_box = QDoubleSpinBox(), QDoubleSpinBox()
        for box, name in ((self.width_box, "width"), (self.height_box, "height")):
            field = attrs.fields_dict(Board)[name]
            box.setRange(field.metadata["min"], field.metadata["max"])
            box.setDecimals(1)
            box.setValue(getattr(self.scenario.board, name))
            form.addRow(field.metadata.get("label", name.capitalize()), box)
        return page

    def _decks_tab(self) -> QWidget:
        self.decks = ListTable(["Id", "Name", "Cards"], self.add_deck)
        for deck in self.scenario.decks:
            row = self.decks.add_row([deck.id, deck.name, str(len(deck.cards))], deck.id)
            self.decks.table.item(row, 2).setFlags(Qt.ItemFlag.ItemIsEnabled)
        return self.decks

    def add_deck(self, card_type: str | None = None) -> None:
        """A deck of one of the ruleset's card types, with a first card (``card_type`` given: no question)."""
        ruleset = get_ruleset(self.ruleset.currentData())
        names = sorted(ruleset.card_type_map()) if ruleset else []
        if card_type is None:
            if not names:
                return
            card_type, ok = QInputDialog.getItem(self, "New Deck", "Card type of the new deck:", names, 0, False)
            if not ok:
                return
        taken = {deck_id for _, (deck_id, *_) in self.decks.rows()}
        deck_id = card_type if card_type not in taken else fresh_id(taken, card_type)
        row = self.decks.add_row([deck_id, card_type.replace("_", " ").capitalize() + " cards", "1"], None)
        self.decks.table.item(row, 0).setData(CARD_TYPE, card_type)
        self.decks.table.item(row, 2).setFlags(Qt.ItemFlag.ItemIsEnabled)

    def _epochs_tab(self) -> QWidget:
        """Each epoch's number (as the cards' epoch field writes it), name and colour: the colour a
        zone coloured from ``{epoch}`` takes."""
        colour = QPushButton("Colour…")
        colour.clicked.connect(lambda: self.choose_epoch_colour())
        self.epochs = ListTable(["Number", "Name", "Colour"], self.add_epoch, [colour])
        for epoch in self.scenario.epochs:
            self._epoch_row(str(epoch.number), epoch.name, epoch.colour, epoch.number)
        return self.epochs

    def _epoch_row(self, number: str, name: str, colour: str, original: int | None = None) -> None:
        row = self.epochs.add_row([number, name, colour], original)
        _swatch(self.epochs.table.item(row, 2), colour)

    def add_epoch(self) -> None:
        """The epoch after the last, as the game numbers them."""
        numbers = [int(number) for _, (number, *_) in self.epochs.rows() if number.isdigit()]
        number = max(numbers, default=0) + 1
        self._epoch_row(str(number), f"Epoch {number}", "#808080")

    def choose_epoch_colour(self, colour: QColor | None = None) -> None:
        """The selected epoch's colour (``colour`` given: no dialog, for tests and scripts)."""
        _choose_colour(self.epochs.table, 2, "Epoch colour", colour)

    def _provisional_tab(self) -> QWidget:
        self.provisional = ListTable(["Path", "Note"], lambda: self.provisional.add_row(["", ""]))
        for item in self.scenario.meta.provisional:
            self.provisional.add_row([item.path, item.note])
        return self.provisional

    # -- the answer -----------------------------------------------------------------------

    def accept(self) -> None:
        try:
            self.changes()
        except ValueError as error:
            self.error.setText(str(error))
            return
        super().accept()

    def changes(self) -> dict[str, Any]:
        """(path, new value) for each setting that differs; ValueError names the first bad one."""
        scenario = self.scenario
        title = self.title.text().strip()
        if not title:
            raise ValueError("About: a scenario needs a title")
        meta = Meta(title, self.author.text().strip(), self.description.toPlainText(), self.version.text().strip(),
                    [Provisional(path, note) for _, (path, note) in self.provisional.rows() if path])
        seats, renamed = self._seats()
        ruleset_id = self.ruleset.currentData()
        options = self.options_type(**{e.field.name: e.value() for e in self.option_editors}) \
            if self.option_editors else scenario.ruleset.options
        decks, deck_renames = self._decks()
        epochs, renumbered = self._epochs()
        wanted: dict[str, Any] = {
            "meta": meta, "seats": seats, "ruleset": RulesetRef(ruleset_id, options),
            "board.width": self.width_box.value(), "board.height": self.height_box.value(), "decks": decks,
            "epochs": epochs,
        }
        for path, value in wanted.items():
            problem = _unreadable(value)
            if problem:  # the file's reader would refuse it: saved, the scenario would not reopen
                section = {"meta": "About"}.get(path, path.split(".")[0].capitalize())
                raise ValueError(f"{section}: {problem}")
        # References first, written through the paths they have now: a renamed deck keeps its
        # card objects, so what is written into them stays when the decks are replaced.
        changes = {**self._follow(renamed, "seat"), **self._follow(deck_renames, "deck"),
                   **self._follow_epochs(renumbered)}
        changes.update((path, value) for path, value in wanted.items() if _current(scenario, path) != value)
        return changes

    def _seats(self) -> tuple[list[Seat], dict[str, str]]:
        seats, renamed, seen = [], {}, set()
        for original, (seat_id, name, colour) in self.seats.rows():
            _check_id(seat_id, seen, "Seats", "seat")
            if not name:
                raise ValueError(f"Seats: seat {seat_id!r} needs a name")
            if not COLOUR.fullmatch(colour):
                raise ValueError(f"Seats: seat {seat_id!r}: colour {colour!r} is not #rrggbb")
            seats.append(Seat(seat_id, name, colour))
            if original is not None and original != seat_id:
                renamed[original] = seat_id
        if not seats:
            raise ValueError("Seats: a scenario needs at least one seat")
        return seats, renamed

    def _epochs(self) -> tuple[list[Epoch], dict[int, int]]:
        epochs, renumbered, seen = [], {}, set()
        for original, (number, name, colour) in self.epochs.rows():
            if not number.isdigit() or not 1 <= int(number) <= EPOCH_MAX:
                raise ValueError(f"Epochs: {number!r} is not an epoch number (a whole number, 1 to {EPOCH_MAX})")
            if int(number) in seen:
                raise ValueError(f"Epochs: two epochs are numbered {number}")
            seen.add(int(number))
            if not COLOUR.fullmatch(colour):
                raise ValueError(f"Epochs: epoch {number}: colour {colour!r} is not #rrggbb")
            epochs.append(Epoch(int(number), name, colour))
            if original is not None and original != int(number):
                renumbered[original] = int(number)
        return epochs, renumbered

    def _decks(self) -> tuple[list[Deck], dict[str, str]]:
        kept = {deck.id: deck for deck in self.scenario.decks}
        ruleset = get_ruleset(self.ruleset.currentData())
        card_types = ruleset.card_type_map() if ruleset else {}
        decks, renamed, seen = [], {}, set()
        for row, (original, (deck_id, name, _)) in enumerate(self.decks.rows()):
            _check_id(deck_id, seen, "Decks", "deck")
            if original is not None:
                deck = kept[original]
                decks.append(Deck(deck_id, name or deck_id, deck.cards))  # the same cards: references follow
                if original != deck_id:
                    renamed[original] = deck_id
            else:
                card_type = self.decks.table.item(row, 0).data(CARD_TYPE)
                if card_type not in card_types:
                    raise ValueError(f"Decks: {deck_id!r} holds {card_type!r} cards, which "
                                     f"{self.ruleset.currentText()} does not have")
                decks.append(Deck(deck_id, name or deck_id, [Card(f"{deck_id}-1", "New card",
                                                                  blank_data(card_types[card_type]))]))
        return decks, renamed

    def _follow(self, renamed: dict[str, str], ref: str) -> dict[str, str]:
        """Every reference to a renamed seat or deck, pointed at its new id."""
        if not renamed:
            return {}
        raw, card_types = self._raw()
        return {path: new for old, new in renamed.items() for path in references_to(raw, card_types, ref, old)}

    def _follow_epochs(self, renumbered: dict[int, int]) -> dict[str, int]:
        """Every card field naming a renumbered epoch, given its new number (two swapped follow both)."""
        if not renumbered:
            return {}
        raw, card_types = self._raw()
        return {path: renumbered[number] for path, number in epoch_fields(raw, card_types) if number in renumbered}

    def _raw(self) -> tuple[dict[str, Any], dict[str, type]]:
        """The scenario as its file holds it, and its game's card types: where references are found."""
        ruleset = get_ruleset(self.scenario.ruleset.id)
        return scenario_to_data(self.scenario, get_ruleset), ruleset.card_type_map() if ruleset else {}


def _choose_colour(table: QTableWidget, column: int, title: str, colour: QColor | None) -> None:
    """The selected row's colour, asked with Qt's colour dialog unless ``colour`` is given."""
    row = table.currentRow()
    if row < 0:
        return
    item = table.item(row, column)
    if colour is None:
        colour = QColorDialog.getColor(QColor(item.text()), table.window(), title)
    if colour.isValid():
        item.setText(colour.name())
        _swatch(item, colour.name())


def _swatch(item: QTableWidgetItem, colour: str) -> None:
    """The cell painted in its colour, its text white on a dark one so it can still be read."""
    if not COLOUR.fullmatch(colour):
        item.setBackground(QColor())
        item.setForeground(QColor())
        return
    item.setBackground(QColor(colour))
    item.setForeground(QColor("#ffffff" if QColor(colour).lightnessF() < 0.5 else "#000000"))


def _current(scenario: Scenario, path: str) -> Any:
    target: Any = scenario
    for step in path.split("."):
        target = getattr(target, step)
    return target


def _check_id(value: str, seen: set[str], tab: str, what: str) -> None:
    if not value:
        raise ValueError(f"{tab}: every {what} needs an id")
    if _BAD_ID.search(value):
        raise ValueError(f"{tab}: {what} id {value!r} may not contain brackets, dots or edge spaces")
    if value in seen:
        raise ValueError(f"{tab}: two {what}s are called {value!r}")
    seen.add(value)


def _unreadable(value: Any) -> str | None:
    """The first value typed into the form that the scenario's reader refuses (text too long,
    a control character pasted in), wherever it sits in a setting's value."""
    return plain_problem(cattrs.unstructure(value))
