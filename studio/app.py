"""``epoch-studio [FILE]`` and ``epoch-studio --screenshot OUT.png [FILE]``."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="epoch-studio", description="Design and playtest history board games.")
    parser.add_argument("file", nargs="?", type=Path, help="a scenario to open")
    parser.add_argument("--screenshot", type=Path, metavar="OUT.png",
                        help="render the window offscreen to a PNG and exit")
    args = parser.parse_args(argv)
    if args.screenshot:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from PySide6.QtWidgets import QApplication

    from studio.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Epoch Studio")
    app.setOrganizationName("Epoch Studio")
    window = MainWindow()
    opened = window.open(args.file) if args.file else True
    if args.screenshot:
        window.show()
        app.processEvents()
        window.view.fit()
        app.processEvents()
        if not window.grab().save(str(args.screenshot)):
            print(f"epoch-studio: cannot write {args.screenshot}", file=sys.stderr)
            return 1
        return 0 if opened else 1
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
