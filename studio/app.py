"""``epoch-studio [FILE]`` and ``epoch-studio --screenshot OUT.png [FILE]``.

PySide6 is imported only after the arguments are read, so ``--help`` is instant and
``--screenshot`` can choose the offscreen platform before Qt starts.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from studio.main_window import MainWindow


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="epoch-studio", description="Design and playtest history board games.")
    parser.add_argument("file", nargs="?", type=Path, help="a scenario or a saved playtest to open")
    parser.add_argument("--screenshot", type=Path, metavar="OUT.png",
                        help="render the window offscreen to a PNG and exit")
    parser.add_argument("--mode", choices=["map", "cards", "playtest"],
                        help="the mode the window shows (with --screenshot: the mode pictured); by default "
                             "the file's own: Playtest for a saved playtest, Map for a scenario")
    args = parser.parse_args(argv)
    if args.screenshot:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    else:
        from studio.platform_check import platform_problem

        problem = platform_problem()
        if problem:  # Qt would abort in QApplication's constructor
            print(problem, file=sys.stderr)
            return 1

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from studio.main_window import MainWindow
    from studio.settings import StudioSettings

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Epoch Studio")
    app.setOrganizationName("Epoch Studio")
    app.setStyle("Fusion")  # the same look on every desktop, and in screenshots
    if args.screenshot:
        # A screenshot shows the default layout and must not touch the user's recent files.
        with tempfile.TemporaryDirectory() as folder:
            store = QSettings(str(Path(folder) / "screenshot.ini"), QSettings.Format.IniFormat)
            return _screenshot(MainWindow(StudioSettings(store)), args.file, args.screenshot, args.mode)
    window = MainWindow()
    if args.file:
        window.open(args.file)
    if args.mode:
        _show_mode(window, args.mode)
    window.show()
    return app.exec()


def _show_mode(window: MainWindow, mode: str) -> bool:
    """``--mode`` honoured, or refused with its reason on the terminal and in the window."""
    reason = window.show_mode(mode)
    if reason:
        print(f"epoch-studio: --mode {mode}: {reason}", file=sys.stderr)
        window.statusBar().showMessage(reason, 15000)
    return not reason


def _settle(window: MainWindow, patience: float = 60.0) -> None:
    """Let the checks that run off the UI thread answer (the Problems dock, the cards' marks),
    so the picture shows the scenario's problems rather than "Checking…"."""
    import time

    from PySide6.QtWidgets import QApplication

    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        QApplication.processEvents()
        if window.map_mode.panels.problems.idle() and window.cards_mode.idle():
            return
        time.sleep(0.01)


def _screenshot(window: MainWindow, file: Path | None, out: Path, mode: str | None = None) -> int:
    """Exit status 1 when the file could not be opened, its located problems on stderr as
    ``epoch validate`` prints them; the picture is written all the same."""
    from PySide6.QtWidgets import QApplication

    opened = window.open(file) if file else True
    if mode and not _show_mode(window, mode):
        opened = False
    window.show()
    QApplication.processEvents()
    window.view.fit()
    _settle(window)
    saved = window.grab().save(str(out))
    problems = window.problems_dialog.lines() if window.problems_dialog is not None else []
    window.close()  # closes the problems dialog too: nothing is left on screen for a caller
    window.deleteLater()
    if not opened and problems:
        # The problems dialog is in the picture, but a caller reads the terminal.
        print("\n".join(f"{file}: {line}" for line in problems), file=sys.stderr)
    if not saved:
        print(f"epoch-studio: cannot write {out}", file=sys.stderr)
        return 1
    return 0 if opened else 1


if __name__ == "__main__":
    sys.exit(main())
