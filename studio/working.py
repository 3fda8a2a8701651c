"""Long work off the UI thread behind a progress dialog with Cancel (issue 27).

Printing a deck or drawing its images takes seconds; on the UI thread it would freeze the
window. ``with_progress`` runs the work on a thread of its own and waits in a local event
loop, so the window keeps painting and answering while a window-modal progress dialog shows
how far it got. Cancel makes the work's next progress call raise ``Cancelled``: the writers
write through ``replacing``, so a stopped file is removed, never left half-written.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEventLoop, QObject, Qt, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget

Progress = Callable[[int, int], None]


class Cancelled(Exception):
    """The person pressed Cancel; the work stopped and undid what it had begun."""


class _Relay(QObject):
    """Lives on the UI thread; the worker emits through it, so the slots run on the UI thread."""

    progressed = Signal(int, int)
    finished = Signal(object, object)  # the answer, or the error raised


def with_progress(parent: QWidget, title: str, label: str, work: Callable[[Progress], Any],
                  abandon_on_cancel: bool = False) -> Any:
    """``work(progress)`` on a worker thread, its answer returned here; its error raised here,
    ``Cancelled`` if the person cancelled. ``work`` must change nothing the UI thread reads.
    Work that only reads and cannot stop part way is ``abandon_on_cancel``: Cancel returns at
    once, and its answer, when it comes, is dropped."""
    dialog = QProgressDialog(label, "Cancel", 0, 0, parent)
    dialog.setWindowTitle(title)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(300)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    stop = threading.Event()
    dialog.canceled.connect(stop.set)
    dialog.rejected.connect(stop.set)  # Escape hides it without "canceled"
    relay, loop, outcome = _Relay(), QEventLoop(), []
    if abandon_on_cancel:
        dialog.canceled.connect(loop.quit)
        dialog.rejected.connect(loop.quit)

    def progressed(done: int, total: int) -> None:
        dialog.setMaximum(total)
        dialog.setValue(done)

    def finished(answer: Any, error: BaseException | None) -> None:
        if not stop.is_set():
            outcome.extend((answer, error))
        loop.quit()

    relay.progressed.connect(progressed)
    relay.finished.connect(finished)

    def progress(done: int, total: int) -> None:
        if stop.is_set():
            raise Cancelled
        relay.progressed.emit(done, total)

    def run() -> None:
        try:
            result = (work(progress), None)
        except Exception as error:  # noqa: BLE001  (handed to the UI thread, which raises it)
            result = (None, error)
        relay.finished.emit(*result)

    threading.Thread(target=run, name=title, daemon=True).start()
    loop.exec()
    cancelled = stop.is_set()  # before closing, which says "canceled" too
    dialog.close()
    dialog.deleteLater()
    if cancelled:
        raise Cancelled
    answer, error = outcome
    if error is not None:
        raise error
    return answer
