"""Card outputs: all 112 History of the World cards to a print-and-play PDF.

Target (issue 17): at most 3 s, median of the runs. Drawn offscreen with Qt, as
`epoch cards pdf` does.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from _support import ROOT, report, timings

TARGET = 3.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    arguments = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    from engine.rulesets.registry import get_ruleset
    from engine.scenario.io import load_scenario
    from studio.cards.output import PrintSheet, cards_of, write_pdf

    application = QGuiApplication(sys.argv[:1])
    path = ROOT / "scenarios" / "history-of-the-world.json"
    scenario = load_scenario(path, get_ruleset)
    types = get_ruleset(scenario.ruleset.id).card_type_map()
    placed = [item for deck in scenario.decks for item in cards_of(scenario, deck.id, types)]
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "cards.pdf"
        figures = timings(lambda: write_pdf(scenario, placed, out, PrintSheet(), path.parent), arguments.repeat)
        print(f"History of the World: {len(placed)} cards, {out.stat().st_size / 1024:.0f} KiB PDF")
    report("  all cards to a PDF", figures, TARGET)
    del application


if __name__ == "__main__":
    main()
