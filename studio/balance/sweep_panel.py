"""The Balance window's sweep: which paths to vary and their values, then what each variant
gave and which paths moved Balance most, as ``epoch sweep`` prints them.

A path is what ``--set`` takes: a ruleset option by its bare name (``target``) or a scenario
value by path (``decks[empires].cards[e1].data.armies``). The list offers the ruleset's
options and the scenario's single ``meta.provisional`` values, the guesses a designer most
wants to test; any other path can be typed.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import attrs
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.balance.sweep import Influence, VariantResult, parse_vary, value_at, verdict
from engine.rulesets.registry import get_ruleset
from engine.scenario.io import scenario_to_data
from engine.scenario.model import Scenario


def known_paths(scenario: Scenario, data: dict[str, Any]) -> list[str]:
    """The ruleset's options by name, then every ``meta.provisional`` path naming one number
    or flag (``data``: the scenario as JSON data): the guesses a sweep can move. A wildcard,
    a whole card or space, a name, are left to be typed as paths to the values inside."""
    options = [field.name for field in attrs.fields(type(scenario.ruleset.options))]
    provisional = []
    for entry in scenario.meta.provisional:
        try:
            value = current_value(data, entry.path)
        except KeyError:
            continue
        if "[*]" not in entry.path and isinstance(value, int | float):  # a bool is an int too
            provisional.append(entry.path)
    return list(dict.fromkeys(options + provisional))


def current_value(data: dict[str, Any], path: str) -> Any:
    """The value ``path`` has in the scenario (a bare name is a ruleset option); KeyError if none."""
    return value_at(data, path if "." in path or "[" in path else f"ruleset.options.{path}")


def proposed_values(value: Any) -> str:
    """Values to start a sweep from: a number one step each way (none below 0), a flag both
    ways, anything else as it is, for the designer to add to."""
    if isinstance(value, bool):
        return "false, true"
    if isinstance(value, int):
        return ", ".join(str(v) for v in dict.fromkeys((max(0, value - 1), value, value + 1)))
    if isinstance(value, float):
        return ", ".join(f"{v:g}" for v in (value * 0.9, value, value * 1.1))
    return json.dumps(value)


class VaryPanel(QGroupBox):
    """The paths a sweep varies, one row each: the path and its values, both editable."""

    def __init__(self, scenario: Scenario, parent: QWidget | None = None) -> None:
        super().__init__("Sweep: vary", parent)
        self.data = scenario_to_data(scenario, get_ruleset)
        self.path = QComboBox(editable=True)
        self.path.addItems(known_paths(scenario, self.data))
        self.path.setMinimumContentsLength(28)
        self.path.setToolTip("A ruleset option, a meta.provisional value, or any scenario path --set takes")
        add = QPushButton("Add")
        add.clicked.connect(lambda: self.add(self.path.currentText()))
        remove = QPushButton("Remove")
        remove.clicked.connect(self.remove_selected)
        self.rows = QTableWidget(0, 2)
        self.rows.setHorizontalHeaderLabels(["Path", "Values (comma-separated)"])
        self.rows.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.rows.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.rows.verticalHeader().setVisible(False)
        self.one_at_a_time = QCheckBox("One path at a time (else every combination)")
        picker = QHBoxLayout()
        picker.addWidget(self.path, 1)
        picker.addWidget(add)
        picker.addWidget(remove)
        layout = QVBoxLayout(self)
        layout.addLayout(picker)
        layout.addWidget(self.rows, 1)
        layout.addWidget(self.one_at_a_time)

    def add(self, path: str) -> None:
        """A row for ``path``, its values proposed around the scenario's own value."""
        path = path.strip()
        if not path:
            return
        try:
            values = proposed_values(current_value(self.data, path))
        except KeyError:
            values = ""
        row = self.rows.rowCount()
        self.rows.insertRow(row)
        self.rows.setItem(row, 0, QTableWidgetItem(path))
        self.rows.setItem(row, 1, QTableWidgetItem(values))

    def remove_selected(self) -> None:
        for row in sorted({index.row() for index in self.rows.selectedIndexes()}, reverse=True):
            self.rows.removeRow(row)

    def varies(self) -> list[tuple[str, tuple[Any, ...]]]:
        """Each row as a path and its values; ValueError naming the row that does not read."""
        out = []
        for row in range(self.rows.rowCount()):
            path = (self.rows.item(row, 0).text() if self.rows.item(row, 0) else "").strip()
            values = (self.rows.item(row, 1).text() if self.rows.item(row, 1) else "").strip()
            try:
                out.append(parse_vary(f"{path}={values}"))
            except ValueError as error:
                raise ValueError(f"row {row + 1}: {str(error).removeprefix('--vary ')}") from None
        if not out:
            raise ValueError("add a path to vary and its values")
        return out


class SweepResults(QWidget):
    """Every variant's figures in a row, and the paths ranked by how far they moved Balance.
    Choosing a variant shows its figures, plots and games in the window's other tabs."""

    variant_chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.results: list[VariantResult] = []
        self.variants = QTableWidget(0, 0)
        self.variants.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.variants.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.variants.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.variants.verticalHeader().setVisible(False)
        self.variants.itemSelectionChanged.connect(self._chosen)
        self.ranking = QTableWidget(0, 5)
        self.ranking.setHorizontalHeaderLabels(["Path", "Provisional", "Balance spread", "Paired by seed",
                                                "Mean Balance by value"])
        self.ranking.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.ranking.verticalHeader().setVisible(False)
        self.ranking.horizontalHeader().setStretchLastSection(True)
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addWidget(QLabel("Variants (choose one to see its figures, plots and games):"))
        top_layout.addWidget(self.variants)
        bottom = QWidget()
        bottom_layout = QVBoxLayout(bottom)
        bottom_layout.setContentsMargins(0, 0, 0, 0)
        bottom_layout.addWidget(QLabel("What moved Balance most (spread of the mean Balance over a path's values):"))
        bottom_layout.addWidget(self.ranking)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(top)
        splitter.addWidget(bottom)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)

    def show_sweep(self, results: Sequence[VariantResult], ranked: Sequence[Influence], seats: Sequence[str]) -> None:
        self.results = list(results)
        headers = ["Variant", "Balance [95%]", "First player", *seats, "Turns: mean [95%] (sd; 5%/50%/95%)", "Games",
                   "Capped"]
        self.variants.blockSignals(True)
        self.variants.clear()
        self.variants.setColumnCount(len(headers))
        self.variants.setHorizontalHeaderLabels(headers)
        self.variants.setRowCount(len(results))
        for row, result in enumerate(results):
            s = result.summary
            cells = [result.label()]
            if s is None:
                cells += [f"refused: {result.problem}"]
            else:
                cells += [f"{s.balance:.3f} {s.balance_interval}", s.position_win[0].short(),
                          *(rate.short() for rate in s.seat_win), str(s.turns), str(s.games), str(len(s.capped))]
            for column, value in enumerate(cells):
                item = QTableWidgetItem(value)
                item.setToolTip(value)
                self.variants.setItem(row, column, item)
            if s is None:
                self.variants.setSpan(row, 1, 1, len(headers) - 1)
        self.variants.resizeColumnsToContents()
        self.variants.blockSignals(False)
        self.ranking.setRowCount(len(ranked))
        for row, item in enumerate(ranked):
            values = ", ".join(f"{json.dumps(value)}: {mean:.3f}" for value, mean in item.balance_by_value)
            cells = (item.path, "yes" if item.provisional else "", f"{item.swing:.3f}", verdict(item), values)
            for column, value in enumerate(cells):
                self.ranking.setItem(row, column, QTableWidgetItem(value))
        self.ranking.resizeColumnsToContents()
        played = [row for row, result in enumerate(results) if result.summary is not None]
        if played:
            self.variants.selectRow(played[0])

    def _chosen(self) -> None:
        rows = {index.row() for index in self.variants.selectedIndexes()}
        if len(rows) == 1:
            row = rows.pop()
            if self.results[row].summary is not None:
                self.variant_chosen.emit(row)
