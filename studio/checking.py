"""A check of the document run on a worker thread, its answer posted back to the UI thread.

Checking a large scenario (its map's geometry, the whole file's types and references) takes
up to a second; run on the UI thread it would freeze the window after opening a file or at
every pause in editing. Here the check runs on a thread of its own, one at a time, and its
answer arrives as a queued signal. The owner counts the document's versions (``edited``):
an answer worked out for a version that has changed since is dropped, never shown, and the
check runs again if it was asked for meanwhile.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal


class _Relay(QObject):
    """Lives on the UI thread; the worker emits through it, so the slot runs on the UI thread."""

    finished = Signal(int, object)  # the version checked; the answer, or the error raised


class BackgroundCheck(QObject):
    answered = Signal(object)  # the answer, for the document as it stands

    def __init__(self, work: Callable[[], Any], name: str, parent: QObject | None = None) -> None:
        """``work`` reads the document and returns the answer; it must not change anything."""
        super().__init__(parent)
        self.work = work
        self.name = name
        self.version = 0
        self._running = False
        self._wanted = False  # asked again while running: run once more when it ends
        self._relay = _Relay()
        self._relay.finished.connect(self._finished)

    def edited(self) -> None:
        """The document changed: an answer on its way is stale."""
        self.version += 1

    def start(self) -> None:
        """Check the document as it stands (after the running check, if one runs)."""
        if self._running:
            self._wanted = True
            return
        self._running, self._wanted = True, False
        version, work, relay = self.version, self.work, self._relay

        def run() -> None:
            try:
                outcome = (work(), None)
            except Exception as error:  # noqa: BLE001  (raised on the UI thread if the answer is still current)
                outcome = (None, error)
            try:
                relay.finished.emit(version, outcome)
            except RuntimeError:  # the window is gone
                pass

        threading.Thread(target=run, name=self.name, daemon=True).start()

    def idle(self) -> bool:
        """Whether no check runs or waits to run (tests wait on it)."""
        return not self._running and not self._wanted

    def _finished(self, version: int, outcome: tuple[Any, Exception | None]) -> None:
        """A stale answer is dropped, even an error: the document it read changed under it."""
        self._running = False
        answer, error = outcome
        if self._wanted:
            self.start()
        elif version == self.version:
            if error is not None:
                raise error
            self.answered.emit(answer)
