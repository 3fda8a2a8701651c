"""New playtest: how many seats, who plays each (a person or a bot), the seed, and the options.

The options form is generated from the ruleset's options class: each attrs field carries a
label and a help text in its metadata, and its type picks the editor (a checkbox for a bool,
a spin box within the field's bounds for a number, a line edit for text, a list for an enum or
the field's choices), so a new ruleset needs no studio code to be playtested and no widget
offers a value the loader would refuse.
"""

from __future__ import annotations

import enum
import html
import random
from typing import Any

import attrs
from attrs import frozen
from PySide6.QtGui import QColor, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from engine.bots import BOTS
from engine.core.randomness import SEED_MAX, SEED_MIN
from engine.core.ruleset import Ruleset
from engine.play.session import HUMAN
from engine.scenario.bounds import bound_problem
from engine.scenario.converter import LARGEST_NUMBER
from engine.scenario.model import RulesetOptions, Scenario, Seat
from studio.board.style import colour
from studio.plain import plain_label


@frozen
class PlaytestSetup:
    """What the dialog returns: everything a Session needs besides the scenario and ruleset."""

    seats: tuple[Seat, ...]
    controllers: tuple[str, ...]
    options: RulesetOptions
    seed: int


def controller_label(name: str) -> str:
    return "Person" if name == HUMAN else f"Bot ({name})"


class OptionEditor:
    """One options field and the widget that edits it."""

    def __init__(self, field: attrs.Attribute, value: Any) -> None:
        self.field = field
        kind = field.type
        meta = field.metadata
        low, high = meta.get("min", -LARGEST_NUMBER), meta.get("max", LARGEST_NUMBER)  # the field's own bounds
        self.widget: QWidget
        if "choices" in meta:
            self.widget = QComboBox()
            for choice in meta["choices"]:
                self.widget.addItem(str(choice), choice)
        elif kind is bool:
            self.widget = QCheckBox(meta.get("label", field.name))
        elif kind is int:
            self.widget = QSpinBox()
            self.widget.setRange(int(low), int(high))
        elif kind is float:
            self.widget = QDoubleSpinBox()
            self.widget.setRange(low, high)
            self.widget.setDecimals(3)
        elif kind is str:
            self.widget = QLineEdit()
        elif isinstance(kind, type) and issubclass(kind, enum.Enum):
            self.widget = QComboBox()
            for member in kind:
                self.widget.addItem(str(member.value), member)
        else:  # lists, tables: edited in the scenario (the editors), played as they are here
            self.widget = plain_label(f"{value!r} (as in the scenario)")
        self.widget.setToolTip(self.help_text)
        self.set(value)

    @property
    def help_text(self) -> str:
        """What the option does, then the rules digest's tag for it, kept short: the reasoning
        behind a reading is in the digest, not in the dialog."""
        help_text = self.field.metadata.get("help", "")
        rule = self.field.metadata.get("rule", "")
        return f"{help_text} [rules: {rule}]" if rule else help_text

    @property
    def label(self) -> str:
        return "" if isinstance(self.widget, QCheckBox) else field_label(self.field)

    def set(self, value: Any) -> None:
        widget = self.widget
        if isinstance(widget, QCheckBox):
            widget.setChecked(bool(value))
        elif isinstance(widget, (QSpinBox, QDoubleSpinBox)):
            widget.setValue(value)
        elif isinstance(widget, QLineEdit):
            widget.setText(value)
        elif isinstance(widget, QComboBox):
            widget.setCurrentIndex(max(widget.findData(value), 0))
        self._fixed = value

    def value(self) -> Any:
        widget = self.widget
        if isinstance(widget, QCheckBox):
            return widget.isChecked()
        if isinstance(widget, (QSpinBox, QDoubleSpinBox)):
            return widget.value()
        if isinstance(widget, QLineEdit):
            return widget.text()
        if isinstance(widget, QComboBox):
            return widget.currentData()
        return self._fixed


def field_label(field: attrs.Attribute) -> str:
    return field.metadata.get("label") or field.name.replace("_", " ").capitalize()


def swatch(text: str) -> QPixmap:
    pixmap = QPixmap(14, 14)
    pixmap.fill(colour(text, QColor("#808080")))
    return pixmap


class NewPlaytestDialog(QDialog):
    def __init__(self, scenario: Scenario, ruleset: Ruleset, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New Playtest")
        self.scenario = scenario
        self.ruleset = ruleset
        self.resize(620, 720)
        most = min(ruleset.max_players, len(scenario.seats))
        intro = QLabel(f"<b>{html.escape(scenario.meta.title)}</b><br>{ruleset.title}, "
                       f"{ruleset.min_players} to {ruleset.max_players} players")
        self.players = QSpinBox()
        self.players.setRange(ruleset.min_players, max(most, ruleset.min_players))
        self.players.setValue(ruleset.min_players)
        self.players.valueChanged.connect(self._show_seats)
        self.seed = QSpinBox()
        self.seed.setRange(SEED_MIN, SEED_MAX)  # the engine's bound: every seed shown here saves and reopens
        self.seed.setValue(random.randint(0, SEED_MAX))
        self.seed.setToolTip("The same seed, seats and moves give the same dice and draws")
        new_seed = QPushButton("New Seed")
        new_seed.clicked.connect(lambda: self.seed.setValue(random.randint(0, SEED_MAX)))

        seats_box = QGroupBox("Seats")
        grid = QGridLayout(seats_box)
        grid.addWidget(QLabel("Players:"), 0, 0)
        grid.addWidget(self.players, 0, 1, 1, 2)
        self.controllers: list[QComboBox] = []
        self._seat_rows: list[list[QWidget]] = []
        for row, seat in enumerate(scenario.seats[:most], start=1):
            mark = QLabel()
            mark.setPixmap(swatch(seat.colour))
            name = plain_label(seat.name)
            choice = QComboBox()
            for controller in (HUMAN, *BOTS):
                choice.addItem(controller_label(controller), controller)
            choice.setCurrentIndex(0 if row == 1 else 1)  # a person against bots, to begin with
            grid.addWidget(mark, row, 0)
            grid.addWidget(name, row, 1)
            grid.addWidget(choice, row, 2)
            self.controllers.append(choice)
            self._seat_rows.append([mark, name, choice])
        grid.setColumnStretch(2, 1)
        seed_row = QHBoxLayout()
        seed_row.addWidget(QLabel("Seed:"))
        seed_row.addWidget(self.seed, 1)
        seed_row.addWidget(new_seed)
        grid.addLayout(seed_row, len(self._seat_rows) + 1, 0, 1, 3)

        options_box = QGroupBox(f"{ruleset.title} options")
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        defaults = scenario.ruleset.options
        attrs.resolve_types(type(defaults))
        self.editors = [OptionEditor(field, getattr(defaults, field.name)) for field in attrs.fields(type(defaults))]
        for editor in self.editors:
            column = QVBoxLayout()
            column.setSpacing(1)
            column.addWidget(editor.widget)
            if editor.help_text:
                help_label = QLabel(editor.help_text)
                help_label.setWordWrap(True)
                help_label.setStyleSheet("color: palette(dark);")
                column.addWidget(help_label)
            form.addRow(editor.label, column)
        inner = QWidget()
        inner.setLayout(form)
        scroll = QScrollArea()
        scroll.setWidget(inner)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        options_layout = QVBoxLayout(options_box)
        options_layout.addWidget(scroll)
        if not self.editors:
            options_layout.addWidget(QLabel("This ruleset has no options."))

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
                                   | QDialogButtonBox.StandardButton.RestoreDefaults)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start Playtest")
        buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).setToolTip("The scenario's options")
        buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).clicked.connect(self.restore_defaults)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(seats_box)
        layout.addWidget(options_box, 1)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b00020;")
        self.problem.hide()
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self._show_seats()

    def _show_seats(self) -> None:
        for number, widgets in enumerate(self._seat_rows):
            for widget in widgets:
                widget.setEnabled(number < self.players.value())

    def restore_defaults(self) -> None:
        for editor in self.editors:
            editor.set(getattr(self.scenario.ruleset.options, editor.field.name))

    def problems(self) -> list[str]:
        """Each option whose value its field's declared bounds refuse (a text not of its form):
        what the loader would refuse when the playtest is saved and reopened."""
        found = (bound_problem(field_label(editor.field), editor.field.metadata, editor.value())
                 for editor in self.editors)
        return [f"{problem.path}: {problem.message}" for problem in found if problem]

    def accept(self) -> None:
        problems = self.problems()
        self.problem.setText("\n".join(problems))
        self.problem.setVisible(bool(problems))
        if not problems:
            super().accept()

    def setup(self) -> PlaytestSetup:
        count = self.players.value()
        values = {editor.field.name: editor.value() for editor in self.editors}
        return PlaytestSetup(
            seats=tuple(self.scenario.seats[:count]),
            controllers=tuple(choice.currentData() for choice in self.controllers[:count]),
            options=attrs.evolve(self.scenario.ruleset.options, **values),
            seed=self.seed.value(),
        )
