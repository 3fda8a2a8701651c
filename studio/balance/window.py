"""The Balance window: simulate a scenario in the background and read its figures and plots.

The games run in worker processes (a process pool) while the window stays responsive; a
progress bar counts finished games and Cancel stops after the chunks under way. The figures
are the engine's (``engine.balance``), the same as ``epoch simulate`` prints and its report
draws. Every listed game can be opened as a playtest at its seed, to see how it went.
"""

from __future__ import annotations

import multiprocessing
import sys
import threading
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QThread, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from engine.balance.figures import GameRecord
from engine.balance.run import Plan, run
from engine.balance.summary import Summary, summarise, text
from engine.rulesets.registry import get_ruleset
from engine.scenario.model import Scenario

BOTS = ("random", "greedy", "search:32")


class _Runner(QObject):
    """Runs a plan on a process pool in a thread of its own and reports as chunks finish."""

    progressed = Signal(int, int)
    finished = Signal(list)
    failed = Signal(str)

    def __init__(self, plan: Plan, workers: int) -> None:
        super().__init__()
        self.plan = plan
        self.workers = workers
        self.stop = threading.Event()

    def work(self) -> None:
        # Workers start from a clean server process, never forked from this one: a fork of a
        # process running Qt threads may inherit a lock held by another thread.
        context = multiprocessing.get_context("forkserver" if sys.platform != "win32" else "spawn")
        try:
            with ProcessPoolExecutor(self.workers, mp_context=context) as pool:
                records = run(self.plan, executor=pool, chunk=max(1, min(50, self.plan.games // (4 * self.workers))),
                              progress=lambda done, total: self.progressed.emit(done, total),
                              cancelled=self.stop.is_set)
        except Exception as error:  # noqa: BLE001  (shown to the designer, never a crash)
            self.failed.emit(f"{type(error).__name__}: {error}")
            return
        self.finished.emit(records)


class BalanceWindow(QDialog):
    """Settings on top, then progress, then the figures, plots and games in tabs."""

    open_game = Signal(object, int)  # the plan and the game's index, to open as a playtest
    runner_done = Signal()  # a run ended: finished, cancelled or failed

    def __init__(self, scenario: Scenario, scenario_path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Balance: {scenario.meta.title}")
        self.resize(980, 720)
        self.scenario = scenario
        self.scenario_path = scenario_path
        self.ruleset = get_ruleset(scenario.ruleset.id)
        self.thread: QThread | None = None
        self.runner: _Runner | None = None
        self.records: list[GameRecord] = []
        self.plan: Plan | None = None

        self.games = QSpinBox(minimum=1, maximum=1_000_000, value=200)
        self.players = QSpinBox(minimum=self.ruleset.min_players,
                                maximum=min(self.ruleset.max_players, len(scenario.seats)))
        self.players.setValue(self.ruleset.min_players)
        self.seed = QSpinBox(minimum=0, maximum=2**31 - 1, value=1)
        self.workers = QSpinBox(minimum=1, maximum=64, value=2)
        self.max_turns = QSpinBox(minimum=0, maximum=1_000_000, value=0)
        self.max_turns.setSpecialValueText("no cap")
        self.bot = QComboBox()
        self.bot.addItems(BOTS)
        form = QFormLayout()
        form.addRow("Games", self.games)
        form.addRow("Players", self.players)
        form.addRow("Bots (every seat)", self.bot)
        form.addRow("Seed", self.seed)
        form.addRow("Worker processes", self.workers)
        form.addRow("Cap in turns", self.max_turns)

        self.start_button = QPushButton("Run")
        self.start_button.clicked.connect(self.start)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.progress = QProgressBar()
        self.status = QLabel("Choose the games to simulate and press Run.")
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.progress, 1)

        self.figures = QPlainTextEdit(readOnly=True)
        self.figures.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.figures.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.plots = QTabWidget()
        self.list = QTableWidget(0, 5)
        self.list.setHorizontalHeaderLabels(["game", "seed", "winners", "turns", "ended"])
        self.list.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.list.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.list.cellDoubleClicked.connect(self._open_row)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.figures, "Figures")
        self.tabs.addTab(self.plots, "Plots")
        self.tabs.addTab(self.list, "Games")

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        layout.addWidget(self.tabs, 1)

    # -- running --------------------------------------------------------------------

    def plan_from_form(self) -> Plan:
        players = self.players.value()
        return Plan(str(self.scenario_path), players, self.seed.value(), self.games.value(),
                    (self.bot.currentText(),) * players, self.max_turns.value() or None)

    def start(self) -> None:
        self.plan = self.plan_from_form()
        self.runner = _Runner(self.plan, self.workers.value())
        self.thread = QThread(self)
        self.runner.moveToThread(self.thread)
        self.thread.started.connect(self.runner.work)
        self.runner.progressed.connect(self._progressed)
        self.runner.finished.connect(self._finished)
        self.runner.failed.connect(self._failed)
        self.progress.setRange(0, self.plan.games)
        self.progress.setValue(0)
        self.start_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.status.setText(f"Playing {self.plan.games} games...")
        self.thread.start()

    def cancel(self) -> None:
        if self.runner is not None:
            self.runner.stop.set()
            self.status.setText("Cancelling after the games under way...")
            self.cancel_button.setEnabled(False)

    def wait(self) -> None:
        """Block until the run has ended (for tests and for closing the window)."""
        if self.thread is not None:
            self.thread.wait()

    def _progressed(self, done: int, total: int) -> None:
        self.progress.setValue(done)
        self.status.setText(f"{done} of {total} games played")

    def _failed(self, message: str) -> None:
        self._stopped()
        self.status.setText(f"The simulation stopped: {message}")

    def _finished(self, records: list[GameRecord]) -> None:
        self.show_records(records)
        self._stopped()

    def _stopped(self) -> None:
        if self.thread is not None:
            self.thread.quit()
            self.thread.wait()
        self.start_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.runner_done.emit()

    # -- showing -----------------------------------------------------------------------

    def show_records(self, records: list[GameRecord]) -> Summary:
        self.records = records
        names = [seat.name for seat in self.scenario.seats[: self.players.value()]]
        summary = summarise(records, names)
        cancelled = len(records) < (self.plan.games if self.plan else len(records))
        self.status.setText(f"{len(records)} games played" + (" (cancelled)" if cancelled else ""))
        self.figures.setPlainText(text(summary))
        self._plots(summary)
        self.list.setRowCount(len(records))
        for row, record in enumerate(records):
            winners = ", ".join(names[s] for s in record.winners)
            for column, value in enumerate((row, record.seed, winners, record.turns,
                                            "capped" if record.capped else "finished")):
                self.list.setItem(row, column, QTableWidgetItem(str(value)))
        return summary

    def _plots(self, summary: Summary) -> None:
        from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg

        from engine.balance.report import plots

        self.plots.clear()
        for name, figure in plots(summary).items():
            self.plots.addTab(FigureCanvasQTAgg(figure), name.replace("-", " "))

    def _open_row(self, row: int, column: int) -> None:
        if self.plan is not None and 0 <= row < len(self.records):
            index = int(self.records[row].seed.rsplit(":", 1)[1])
            self.open_game.emit(self.plan, index)

    def closeEvent(self, event) -> None:
        self.cancel()
        self.wait()
        super().closeEvent(event)
