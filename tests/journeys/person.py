"""A person at the window: answers to its modal dialogs given through their own widgets, and
mouse clicks on the board. Used by the journeys (``conftest.py`` has their fixtures)."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLineEdit,
    QMessageBox,
    QWidget,
)

from studio.main_window import MainWindow

LEFT = Qt.MouseButton.LeftButton
Reply = Callable[[QWidget], None]


class Person:
    """Answers the modal dialogs the window opens, in the order told, as a person would:
    through the dialogs' own widgets and buttons. A dialog nobody was told about is left
    open, and ``done`` fails on answers never used."""

    def __init__(self) -> None:
        self.answers: deque[Reply] = deque()
        self.answered: list[QWidget] = []
        self.titles: list[str] = []
        self.unexpected: list[str] = []  # dialogs nobody was told about, closed so nothing hangs
        self._waiting: tuple[QWidget, float] | None = None
        self.timer = QTimer()
        self.timer.setInterval(15)
        self.timer.timeout.connect(self._look)
        self.timer.start()

    def will(self, *answers: Reply) -> Person:
        self.answers.extend(answers)
        return self

    def _look(self) -> None:
        widget = QApplication.activeModalWidget()
        if widget is None or any(widget is seen for seen in self.answered):
            return
        if not self.answers:
            self._close_unexpected(widget)
            return
        self.answered.append(widget)
        self.titles.append(widget.windowTitle())
        answer = self.answers.popleft()
        # Answered from the event loop, not inside this look: a dialog the answer opens in turn
        # (a question about replacing a file) is then seen and dealt with too.
        QTimer.singleShot(0, lambda: answer(widget))

    def _close_unexpected(self, widget: QWidget) -> None:
        """A dialog no answer was given for: after a second, noted with its text and rejected."""
        if self._waiting is None or self._waiting[0] is not widget:
            self._waiting = (widget, time.monotonic())
            return
        if time.monotonic() - self._waiting[1] > 1.0:
            text = widget.text() if isinstance(widget, QMessageBox) else ""
            self.unexpected.append(f"{widget.windowTitle()}: {text}")
            self.answered.append(widget)
            if isinstance(widget, QDialog):
                widget.reject()

    def done(self) -> None:
        assert not self.unexpected, f"dialogs nobody expected: {self.unexpected}"
        assert not self.answers, f"{len(self.answers)} dialogs never opened (answered so far: {self.titles})"


# -- answers ---------------------------------------------------------------------------------

def file_named(path: Path, embed: bool | None = None) -> Reply:
    """Type the file's path into Qt's file dialog (ticking the Embed box if asked) and accept."""
    def answer(dialog: QWidget) -> None:
        assert isinstance(dialog, QFileDialog), f"expected a file dialog, got {dialog.windowTitle()!r}"
        if embed is not None:
            dialog.findChild(QCheckBox).setChecked(embed)
        dialog.findChild(QLineEdit, "fileNameEdit").setText(str(path))
        dialog.accept()
    return answer


def press(button: QDialogButtonBox.StandardButton | str = QDialogButtonBox.StandardButton.Ok,
          fill: Callable[[QWidget], None] | None = None) -> Reply:
    """Fill the dialog in (``fill``), then press its button (a standard one, or by its text)."""
    def answer(dialog: QWidget) -> None:
        if fill is not None:
            fill(dialog)
        if isinstance(dialog, QMessageBox):
            dialog.button(button).click()
            return
        for box in dialog.findChildren(QDialogButtonBox):
            found = box.button(button) if not isinstance(button, str) else next(
                (b for b in box.buttons() if b.text().replace("&", "") == button), None)
            if found is not None:
                found.click()
                return
        raise AssertionError(f"no {button} button in {dialog.windowTitle()!r}")
    return answer


def accept() -> Reply:
    return lambda dialog: dialog.accept() if isinstance(dialog, QDialog) else None


# -- the board -------------------------------------------------------------------------------

def click_board(qtbot, window: MainWindow, x: float, y: float,
                modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    view = window.view
    qtbot.mouseClick(view.viewport(), LEFT, modifier, view.mapFromScene(QPointF(x, y)))


def draw_square(qtbot, window: MainWindow, x: float, y: float, side: float) -> None:
    """Click the four corners with the Draw tool and close the outline with Enter."""
    window.map_mode.tool_actions["draw"].trigger()
    for cx, cy in ((x, y), (x + side, y), (x + side, y + side), (x, y + side)):
        click_board(qtbot, window, cx, cy)
    qtbot.keyClick(window.view, Qt.Key.Key_Return)


def settle(qtbot, window: MainWindow) -> None:
    """Wait for the checks that answer off the UI thread (the Problems dock)."""
    qtbot.waitUntil(lambda: window.map_mode.panels.problems.idle(), timeout=30000)
