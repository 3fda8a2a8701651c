"""Cards ▸ Print to PDF and Export Deck Sheets off the UI thread (issue 27): the window keeps
answering while the cards are drawn on a worker, with a progress dialog whose Cancel leaves
no file and changes nothing; what is written is what the synchronous writer writes."""

from __future__ import annotations

import threading
import time

from PySide6.QtCore import QTimer
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QProgressDialog, QPushButton

from studio.cards.output import cards_of, write_deck_sheets
from studio.modes import cards_output


def _slowed(monkeypatch, name: str, threads: list[int]) -> None:
    """The mode's writer ``name``, noting the thread it runs on and pausing at each progress
    call, so the UI thread has time to answer (and a test to press Cancel)."""
    real = getattr(cards_output, name)

    def writer(*args, progress, **kwargs):
        threads.append(threading.get_ident())

        def slow(done: int, total: int) -> None:
            time.sleep(0.05)
            progress(done, total)

        return real(*args, progress=slow, **kwargs)

    monkeypatch.setattr(cards_output, name, writer)


def _pdf_run(window, pdf) -> None:
    window.run_dialog = lambda dialog: True
    window.ask_path = lambda *args, **kwargs: pdf


def test_printing_runs_on_a_worker_while_the_window_answers(cards, tmp_path, monkeypatch):
    threads: list[int] = []
    _slowed(monkeypatch, "write_pdf", threads)
    pdf = tmp_path / "empires.pdf"
    _pdf_run(cards.window, pdf)
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(10)
    cards.print_pdf()
    timer.stop()
    assert threads and threads[0] != threading.get_ident()
    assert len(ticks) >= 5  # the UI thread's events ran while the 40 cards were printed
    assert pdf.stat().st_size > 0 and "Printed 40 cards" in cards.window.statusBar().currentMessage()


def _cancel_soon(window) -> None:
    def cancel() -> None:
        (dialog,) = window.findChildren(QProgressDialog)
        dialog.findChild(QPushButton).click()  # its Cancel button

    QTimer.singleShot(20, cancel)


def test_cancelling_the_print_leaves_no_file_and_changes_nothing(cards, tmp_path, monkeypatch):
    _slowed(monkeypatch, "write_pdf", [])
    pdf = tmp_path / "empires.pdf"
    _pdf_run(cards.window, pdf)
    before, files = cards.document.scenario, sorted(tmp_path.iterdir())
    _cancel_soon(cards.window)
    cards.print_pdf()
    assert not pdf.exists() and sorted(tmp_path.iterdir()) == files  # no PDF, no temporary
    assert cards.document.scenario is before and not cards.document.undo_stack.canUndo()
    assert "cancelled" in cards.window.statusBar().currentMessage()


def _sheets_into(cards, folder) -> None:
    """Export Deck Sheets' dialog answered: into ``folder``, at 72 dpi."""
    def choose(dialog):
        dialog.folder.setText(str(folder))
        dialog.dpi.setValue(72)
        return True

    cards.window.run_dialog = choose


def test_cancelling_deck_sheets_leaves_none(cards, tmp_path, monkeypatch):
    _slowed(monkeypatch, "write_deck_sheets", [])
    folder = tmp_path / "sheets"

    _sheets_into(cards, folder)
    _cancel_soon(cards.window)
    cards.export_sheets()
    assert not list(folder.glob("*"))
    assert "Cancelled" in cards.window.statusBar().currentMessage()


def test_the_sheets_drawn_on_a_worker_are_those_the_writer_draws(cards, tmp_path, monkeypatch):
    folder = tmp_path / "sheets"

    _sheets_into(cards, folder)
    cards.export_sheets()
    scenario = cards.document.scenario
    direct, _ = write_deck_sheets(scenario, cards_of(scenario, "empires", cards.card_types), tmp_path / "direct", 72,
                                  cards.document.base_dir)
    drawn = sorted(folder.glob("*.png"))
    assert [path.name for path in drawn] == [path.name for path in direct]
    assert all(QImage(str(a)) == QImage(str(b)) for a, b in zip(drawn, direct, strict=True))
