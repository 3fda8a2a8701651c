"""The Balance window: simulate or sweep a scenario in the background and read its figures.

The games run in worker processes (a process pool) while the window stays responsive; a
progress bar counts finished games and Cancel stops after the chunks under way. The figures
are the engine's (``engine.balance``), the same as ``epoch simulate`` and ``epoch sweep``
print and the report draws. A sweep plays the same seeds under every variant of the paths
it varies and ranks the paths by how far they moved Balance; choosing a variant shows its
figures, plots and games. Every listed game can be opened as a playtest at its seed.
"""

from __future__ import annotations

import importlib
import multiprocessing
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

import attrs
from PySide6.QtCore import QObject, Qt, QThread, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QCheckBox,
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

from engine.balance import MAX_TURNS, MOST_GAMES, MOST_WORKERS
from engine.balance.figures import GameRecord
from engine.balance.run import Plan, run
from engine.balance.summary import Summary, summarise, text
from engine.balance.sweep import (
    MOST_VARIANTS,
    VariantResult,
    grid,
    influence,
    one_at_a_time,
    sweep,
)
from engine.core.randomness import SEED_MAX
from engine.rulesets.registry import get_ruleset
from engine.scenario.model import Scenario
from studio.balance.sweep_panel import SweepResults, VaryPanel

BOTS = ("random", "greedy", "search:32")


Job = Callable[[Executor, Callable[[int], None], Callable[[], bool]], Any]


class _Runner(QObject):
    """Runs a job (a simulation or a sweep) on a process pool in a thread of its own and
    reports the games played as chunks finish."""

    progressed = Signal(int)
    finished = Signal(object)
    failed = Signal(str)

    def __init__(self, job: Job, workers: int, ruleset_module: str) -> None:
        super().__init__()
        self.job = job
        self.workers = workers
        self.ruleset_module = ruleset_module
        self.stop = threading.Event()

    def work(self) -> None:
        # Workers start from a clean server process, never forked from this one: a fork of a
        # process running Qt threads may inherit a lock held by another thread. A clean
        # process knows the shipped rulesets only, so each first imports the module of the
        # scenario's ruleset, which registers one that is not shipped (a plugin's, a test's).
        context = multiprocessing.get_context("forkserver" if sys.platform != "win32" else "spawn")
        try:
            with ProcessPoolExecutor(self.workers, mp_context=context, initializer=importlib.import_module,
                                     initargs=(self.ruleset_module,)) as pool:
                result = self.job(pool, self.progressed.emit, self.stop.is_set)
        except Exception as error:  # noqa: BLE001  (shown to the designer, never a crash)
            self.failed.emit(f"{type(error).__name__}: {error}")
            return
        self.finished.emit(result)


CHUNK_SECONDS = 5.0  # of play per chunk, so Cancel comes soon whatever the game's length


def _chunk(plan: Plan, workers: int) -> int:
    """The most games in a chunk: enough chunks for progress and a fair split, few enough to be cheap."""
    return max(1, min(50, plan.total // (4 * workers)))


class BalanceWindow(QDialog):
    """Settings and the sweep's paths on top, then progress, then the figures, plots, games
    and sweep in tabs."""

    open_game = Signal(object, int)  # the plan and the game's index, to open as a playtest
    runner_done = Signal()  # a run ended: finished, cancelled or failed

    def __init__(self, scenario: Scenario, scenario_path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # Each Play > Balance opens a new window: a closed one goes, with its plots' figures.
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.setWindowTitle(f"Balance: {scenario.meta.title}")
        self.resize(1100, 800)
        self.scenario = scenario
        self.scenario_path = scenario_path
        self.ruleset = get_ruleset(scenario.ruleset.id)
        self.thread: QThread | None = None
        self.runner: _Runner | None = None
        self.records: list[GameRecord] = []
        self.plan: Plan | None = None  # the plan of the games listed (a sweep's: the chosen variant's)
        self.total = 0  # games the job under way plays in all
        self.sweep_results: list[VariantResult] = []

        self.games = QSpinBox(minimum=1, maximum=MOST_GAMES, value=200)
        self.players = QSpinBox(minimum=self.ruleset.min_players,
                                maximum=min(self.ruleset.max_players, len(scenario.seats)))
        self.players.setValue(self.ruleset.min_players)
        self.seed = QSpinBox(minimum=0, maximum=SEED_MAX, value=1)  # a game opened as a playtest keeps it
        self.workers = QSpinBox(minimum=1, maximum=MOST_WORKERS, value=2)
        self.max_turns = QSpinBox(minimum=0, maximum=1_000_000, value=MAX_TURNS)
        self.max_turns.setSpecialValueText("no cap")
        self.seat_bots: list[QComboBox] = []  # one bot per seat, rebuilt when the players change
        self.bots_form = QFormLayout()
        bots = QWidget()
        bots.setLayout(self.bots_form)
        self._seat_boxes(self.players.value())
        self.players.valueChanged.connect(self._seat_boxes)
        self.rotate = QCheckBox("Rotate the bots over the seats")
        self.rotate.setToolTip("Play each seed once per rotation, so every bot sits in every seat; the figures "
                               "add each bot's win rate pooled over its seats")
        form = QFormLayout()
        form.addRow("Games (per variant)", self.games)
        form.addRow("Players", self.players)
        form.addRow("Bots", bots)
        form.addRow("", self.rotate)
        form.addRow("Seed", self.seed)
        form.addRow("Worker processes", self.workers)
        form.addRow("Cap in turns", self.max_turns)
        self.vary = VaryPanel(scenario)
        settings = QHBoxLayout()
        settings.addLayout(form)
        settings.addWidget(self.vary, 1)

        self.start_button = QPushButton("Run")
        self.start_button.setToolTip("Play the games on the scenario as it is")
        self.start_button.clicked.connect(self.start)
        self.sweep_button = QPushButton("Sweep")
        self.sweep_button.setToolTip("Play the same games under every variant of the paths to vary")
        self.sweep_button.clicked.connect(self.start_sweep)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.progress = QProgressBar()
        self.status = QLabel("Choose the games to simulate and press Run, or the paths to vary and press Sweep.")
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.sweep_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.progress, 1)

        self.figures = QPlainTextEdit(readOnly=True)
        self.figures.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.figures.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.plots = QTabWidget()
        self.list = QTableWidget(0, 5)
        self.list.setHorizontalHeaderLabels(["game", "seed", "winners", "turns", "ended"])
        self.list.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.list.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.list.verticalHeader().setVisible(False)  # row numbers from 1 beside games numbered from 0 misled
        self.list.setToolTip("Double-click a game to open it as a playtest, at its end, every step undoable")
        self.list.cellDoubleClicked.connect(self._open_row)
        self.sweep_view = SweepResults()
        self.sweep_view.variant_chosen.connect(self.show_variant)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.figures, "Figures")
        self.tabs.addTab(self.plots, "Plots")
        self.tabs.addTab(self.list, "Games")
        self.tabs.addTab(self.sweep_view, "Sweep")

        layout = QVBoxLayout(self)
        layout.addLayout(settings)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        layout.addWidget(self.tabs, 1)

    def _seat_boxes(self, players: int) -> None:
        """A bot box per seat playing, each keeping its choice when the count changes."""
        while len(self.seat_bots) > players:
            self.bots_form.removeRow(len(self.seat_bots) - 1)
            self.seat_bots.pop()
        for seat in range(len(self.seat_bots), players):
            box = QComboBox()
            box.addItems(BOTS)
            self.seat_bots.append(box)
            self.bots_form.addRow(self.scenario.seats[seat].name, box)

    # -- running --------------------------------------------------------------------

    def plan_from_form(self) -> Plan:
        players = self.players.value()
        return Plan(str(self.scenario_path), players, self.seed.value(), self.games.value(),
                    tuple(box.currentText() for box in self.seat_bots), self.max_turns.value() or None,
                    rotate=self.rotate.isChecked())

    def start(self) -> None:
        """Simulate the scenario as it is."""
        plan = self.plan_from_form()
        self.plan = plan
        workers = self.workers.value()

        def job(pool: Executor, played: Callable[[int], None], cancelled: Callable[[], bool]) -> list[GameRecord]:
            return run(plan, executor=pool, chunk=_chunk(plan, workers), seconds=CHUNK_SECONDS,
                       in_flight=2 * workers, progress=lambda done, total: played(done), cancelled=cancelled)

        self._launch(job, plan.total, self._finished, f"Playing {plan.total} games...")

    def start_sweep(self) -> None:
        """Play the form's games under every variant of the paths to vary."""
        try:
            varies = self.vary.varies()
        except ValueError as error:
            self.status.setText(f"The sweep cannot start: {error}")
            return
        base = self.plan_from_form()
        variants = one_at_a_time(varies) if self.vary.one_at_a_time.isChecked() else grid(varies)
        if len(variants) > MOST_VARIANTS:
            self.status.setText(f"The sweep cannot start: {len(variants):,} variants, more than the {MOST_VARIANTS} a "
                                "sweep plays; vary fewer values at once, or one path at a time")
            return
        workers = self.workers.value()
        seats = self.seat_names()

        def job(pool: Executor, played: Callable[[int], None], cancelled: Callable[[], bool]) -> list[VariantResult]:
            return sweep(base, variants, seats, executor=pool, chunk=_chunk(base, workers),
                         progress=lambda variant, done, total: played(variant * base.total + done),
                         cancelled=cancelled, seconds=CHUNK_SECONDS, in_flight=2 * workers)

        self.plan = base
        self._launch(job, len(variants) * base.total, self._swept,
                     f"Playing {len(variants)} variants of {base.total} games...")

    def _launch(self, job: Job, total: int, done: Callable[[Any], None], message: str) -> None:
        self.total = total
        self.runner = _Runner(job, self.workers.value(), type(self.ruleset).__module__)
        self.thread = QThread(self)
        self.runner.moveToThread(self.thread)
        self.thread.started.connect(self.runner.work)
        self.runner.progressed.connect(self._progressed)
        self.runner.finished.connect(done)
        self.runner.failed.connect(self._failed)
        self.progress.setRange(0, total)
        self.progress.setValue(0)
        self.start_button.setEnabled(False)
        self.sweep_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.status.setText(message)
        self.thread.start()

    def cancel(self) -> None:
        """Stop the job under way after its chunks under way; nothing when none is."""
        running = self.thread is not None and self.thread.isRunning()
        if running and self.runner is not None and not self.runner.stop.is_set():
            self.runner.stop.set()
            self.status.setText("Cancelling after the games under way...")
            self.cancel_button.setEnabled(False)

    def wait(self) -> None:
        """Block until the run has ended (for tests and for closing the window)."""
        if self.thread is not None:
            self.thread.wait()

    def _progressed(self, done: int) -> None:
        self.progress.setValue(done)
        self.status.setText(f"{done} of {self.total} games played")

    def _failed(self, message: str) -> None:
        self._stopped()
        self.status.setText(f"The simulation stopped: {message}")

    def _finished(self, records: list[GameRecord]) -> None:
        cancelled = self.runner is not None and self.runner.stop.is_set()
        self.show_records(records)
        self.status.setText(f"{len(records)} games played" + (" (cancelled)" if cancelled else ""))
        self._stopped()

    def _swept(self, results: list[VariantResult]) -> None:
        cancelled = self.runner is not None and self.runner.stop.is_set()
        self.show_sweep(results)
        played = sum(len(result.records) for result in results)
        self.status.setText(f"{len(results)} variants, {played} games played" + (" (cancelled)" if cancelled else ""))
        self._stopped()

    def _stopped(self) -> None:
        if self.thread is not None:
            self.thread.quit()
            self.thread.wait()
        self.start_button.setEnabled(True)
        self.sweep_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.runner_done.emit()

    # -- showing -----------------------------------------------------------------------

    def seat_names(self) -> list[str]:
        return [seat.name for seat in self.scenario.seats[: self.players.value()]]

    def show_records(self, records: list[GameRecord]) -> Summary:
        summary = summarise(records, self.seat_names())
        self._show(summary, records)
        return summary

    def show_sweep(self, results: list[VariantResult]) -> None:
        """The variants and the ranking in the Sweep tab; the first variant's figures, plots
        and games in the others."""
        self.sweep_results = results
        ranked = influence(results, [entry.path for entry in self.scenario.meta.provisional])
        self.sweep_view.show_sweep(results, ranked, self.seat_names())
        self.tabs.setCurrentWidget(self.sweep_view)

    def show_variant(self, number: int) -> None:
        """A variant of the sweep: its figures, plots and games, each game openable at its seed."""
        result = self.sweep_results[number]
        if self.plan is not None:
            self.plan = attrs.evolve(self.plan, overrides=result.overrides)
        self._show(result.summary, list(result.records), f"Variant {number}: {result.label()}\n\n")

    def _show(self, summary: Summary, records: list[GameRecord], heading: str = "") -> None:
        self.records = records
        names = list(summary.seats)
        settings = "" if self.plan is None else "".join(
            f"{name}: {value}\n" for name, value in self.plan.settings(summary.seats, len(summary.capped), summary.games))
        self.figures.setPlainText(heading + settings + ("\n" if settings else "") + text(summary))
        self._plots(summary)
        self.list.setRowCount(len(records))
        for row, record in enumerate(records):
            winners = ", ".join(names[s] for s in record.winners)
            for column, value in enumerate((row, record.seed, winners, record.turns,
                                            "capped" if record.capped else "finished")):
                self.list.setItem(row, column, QTableWidgetItem(str(value)))

    def _plots(self, summary: Summary) -> None:
        from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg

        from engine.balance.report import plots

        self._drop_plots()
        for name, figure in plots(summary).items():
            self.plots.addTab(FigureCanvasQTAgg(figure), name.replace("-", " "))

    def _drop_plots(self) -> None:
        """Delete the shown plots' canvases, and with them their figures: a tab widget's
        ``clear`` only hides its pages, and a long session would keep every plot ever shown."""
        while self.plots.count():
            canvas = self.plots.widget(0)
            self.plots.removeTab(0)
            canvas.deleteLater()

    def _open_row(self, row: int, column: int) -> None:
        if self.plan is not None and 0 <= row < len(self.records):
            self.open_game.emit(self.plan, self.records[row].index)

    def closeEvent(self, event) -> None:
        self.cancel()
        self.wait()
        super().closeEvent(event)
