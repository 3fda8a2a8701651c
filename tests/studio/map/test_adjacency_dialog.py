"""Map ▸ Derive Connections off the UI thread (issue 27): the borders are worked out on a
worker while the window answers, behind a progress dialog whose Cancel changes nothing."""

from __future__ import annotations

import threading
import time

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QProgressDialog, QPushButton

from studio.map import adjacency_dialog
from studio.map.adjacency_dialog import AdjacencyDialog


def _slowed(monkeypatch, seconds: float, threads: list[int]) -> None:
    real = adjacency_dialog.derive

    def derive(*args):
        threads.append(threading.get_ident())
        time.sleep(seconds)
        return real(*args)

    monkeypatch.setattr(adjacency_dialog, "derive", derive)


def test_deriving_runs_on_a_worker_while_the_window_answers(window, hotw_path, qtbot, monkeypatch):
    assert window.open(hotw_path)
    threads: list[int] = []
    _slowed(monkeypatch, 0.3, threads)
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(10)
    dialog = AdjacencyDialog(window.documents.document)
    timer.stop()
    qtbot.addWidget(dialog)
    assert threads and threads[0] != threading.get_ident()
    assert len(ticks) >= 5
    assert dialog.tree.topLevelItem(0).text(0).startswith("Added (")


def test_cancelling_the_derivation_keeps_the_diff_and_changes_nothing(window, hotw_path, qtbot, monkeypatch):
    assert window.open(hotw_path)
    document = window.documents.document
    dialog = AdjacencyDialog(document)
    qtbot.addWidget(dialog)
    shown, before = dialog.result_diff, document.text()
    _slowed(monkeypatch, 2.0, [])

    def cancel() -> None:
        (progress,) = [found for widget in QApplication.topLevelWidgets()
                       for found in widget.findChildren(QProgressDialog)]
        progress.findChild(QPushButton).click()

    QTimer.singleShot(50, cancel)
    started = time.perf_counter()
    dialog.derive()  # Work Out Again
    assert time.perf_counter() - started < 1.5  # Cancel answered at once, not when the work ended
    assert dialog.result_diff is shown and "stopped" in dialog.summary.text()
    assert document.text() == before and not document.undo_stack.canUndo()
