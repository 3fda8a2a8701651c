"""Cards mode: a 1,000-card deck scrolled end to end, and a cell edit to the redrawn preview.

Targets (issue 17): the deck scrolls without a widget per cell (the table is a view over a
model: the widget count is printed before and after the scroll) at most 1.5 times as slowly
as Qt's own QStandardItemModel holding the same cells as plain text (rounds alternate, the
ratio is of the medians), and a cell edit re-renders the selected card's face in at most
50 ms (median). The validator's pass over the whole scenario, which runs after the edit on a
worker thread, and the time to build a deck's table are printed beside them.
"""

from __future__ import annotations

import argparse
import copy
import os
import statistics
import sys
import tempfile
from pathlib import Path

from _support import ROOT, report, timings

TARGET = 0.050
RATIO_TARGET = 1.5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--edits", type=int, default=21)
    parser.add_argument("--rounds", type=int, default=5, help="alternating scroll rounds of each table")
    arguments = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QStandardItem, QStandardItemModel
    from PySide6.QtWidgets import QApplication, QTableView, QWidget

    from engine.rulesets.registry import get_ruleset
    from engine.scenario.io import load_scenario, save_scenario
    from studio.cards.table import CardTableModel
    from studio.main_window import MainWindow
    from studio.settings import StudioSettings

    application = QApplication(sys.argv[:1])
    scenario = load_scenario(ROOT / "scenarios" / "history-of-the-world.json", get_ruleset)
    deck = scenario.deck("empires")
    originals = list(deck.cards)
    deck.cards = []
    for number in range(arguments.cards):
        card = copy.deepcopy(originals[number % len(originals)])
        card.id = f"{card.id}-{number}"
        deck.cards.append(card)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big-deck.json"
        save_scenario(scenario, path, get_ruleset)
        window = MainWindow(StudioSettings(QSettings(str(Path(folder) / "s.ini"), QSettings.Format.IniFormat)))
        window.resize(1360, 860)
        window.open(path)
        window.show_mode("cards")
        window.show()
        application.processEvents()
        mode = window.cards_mode
        table = mode.table
        widgets_before = len(table.findChildren(QWidget))
        bar = table.verticalScrollBar()

        def scroll() -> None:
            for value in range(bar.minimum(), bar.maximum() + bar.pageStep(), bar.pageStep()):
                bar.setValue(value)
                table.viewport().repaint()

        pages = (bar.maximum() - bar.minimum()) // bar.pageStep() + 1
        print(f"a deck of {mode.model.rowCount()} cards x {mode.model.columnCount()} columns, "
              f"{pages} pages of rows")
        peer = QTableView()  # Qt's floor: the same cells as plain text in a standard model
        peer.setModel(plain := QStandardItemModel(mode.model.rowCount(), mode.model.columnCount()))
        for row in range(plain.rowCount()):
            for column in range(plain.columnCount()):
                plain.setItem(row, column, QStandardItem(mode.model.index(row, column).data() or ""))
        peer.setAlternatingRowColors(True)
        peer.resize(table.size())
        peer.show()
        application.processEvents()
        peer_bar = peer.verticalScrollBar()

        def scroll_peer() -> None:
            for value in range(peer_bar.minimum(), peer_bar.maximum() + peer_bar.pageStep(), peer_bar.pageStep()):
                peer_bar.setValue(value)
                peer.viewport().repaint()

        ours, theirs = [], []
        for _ in range(arguments.rounds):  # alternating rounds: the machine is shared
            ours += timings(scroll, 1)
            theirs += timings(scroll_peer, 1)
        report("  full scroll, every page painted", ours)
        report("  the same in a QStandardItemModel", theirs)
        ratio = statistics.median(ours) / statistics.median(theirs)
        print(f"  ratio to the plain model: {ratio:.2f}  target <= {RATIO_TARGET}: "
              f"{'met' if ratio <= RATIO_TARGET else 'MISSED'}")
        peer.close()
        print(f"  widgets inside the table: {widgets_before} before the scroll, "
              f"{len(table.findChildren(QWidget))} after (no widget per cell)")
        mode.table.setCurrentIndex(mode.proxy.index(0, 1))
        armies = mode.model.index(0, mode.model.column_named("armies"))
        values = iter(range(10**6))
        report(f"cell edit -> preview ({arguments.edits})",
               timings(lambda: mode.model.setData(armies, str(next(values) % 9 + 1)), arguments.edits), TARGET)
        report("  then the validator's pass", timings(mode.validate, 3))
        report("a deck's table built", timings(lambda: CardTableModel(mode.document, "empires", mode.card_types), 3))
        window.documents.document.undo_stack.setClean()
        window.close()
    del application


if __name__ == "__main__":
    main()
