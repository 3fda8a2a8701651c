"""The Cards mode's sheets and outputs: import and export a deck as a spreadsheet, print it to
PDF, draw its cards as PNGs or deck sheets, and report what could not be drawn."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engine.core.text import plural
from engine.export.names import OutputExists, UnsafeName
from engine.rulesets.registry import get_ruleset
from engine.scenario.atomic import replacing
from engine.scenario.card_sheet import (
    SheetError,
    card_types_of,
    deck_table,
    write_sheet,
)
from engine.scenario.io import scenario_to_data
from engine.scenario.problems import Problem
from studio.cards.face import load_fonts
from studio.cards.import_dialog import ImportDialog, apply_import, read_import
from studio.cards.output import (
    Placed,
    cards_of,
    sheet_counts,
    write_deck_sheets,
    write_pdf,
    write_pngs,
)
from studio.cards.print_dialog import PngDialog, PrintDialog
from studio.working import Cancelled, Progress, with_progress

SHEETS = "Spreadsheets (*.csv *.xlsx)"


class CardOutputs:
    """Mixed into ``CardsMode``, whose document, deck and window they use."""

    def _start(self, suffix: str) -> Path:
        assert self.document is not None and self.model is not None
        folder = self.document.path.parent if self.document.path else Path.home()  # not an untitled one's scratch
        return folder / f"{self.model.deck_id}{suffix}"

    def import_cards(self) -> None:
        if self.model is None or self.document is None:
            return
        path = self.window.ask_path("Import Cards", self._start(".csv"), SHEETS, saving=False)
        if path is None:
            return
        result = read_import(self.document, self.model.deck_id, path)
        if self.window.run_dialog(ImportDialog(path, self.model.deck_id, result, self.window)) and not result.problems:
            apply_import(self.document, self.model.deck_id, result, path.name)

    def export_cards(self) -> None:
        if self.model is None or self.document is None:
            return
        path = self.window.ask_path("Export Cards", self._start(".csv"), SHEETS, saving=True)
        if path is None:
            return
        raw = next(d for d in scenario_to_data(self.document.scenario, get_ruleset)["decks"]
                   if d["id"] == self.model.deck_id)
        header, rows = deck_table(raw, card_types_of(self.card_types, raw))
        try:
            write_sheet(path, header, rows)
        except (OSError, SheetError) as error:
            self.window.show_problems("Export Cards", f"{path} was not written.", [Problem("", str(error))])
            return
        self.window.statusBar().showMessage(f"Exported {plural(len(rows), 'card')} to {path}", 5000)

    def print_pdf(self) -> None:
        if self.model is None or self.document is None:
            return
        dialog = PrintDialog(self.window)
        if not self.window.run_dialog(dialog):
            return
        path = self.window.ask_path("Print to PDF", self._start(".pdf"), "PDF (*.pdf)", saving=True)
        if path is None:
            return
        placed = cards_of(self.document.scenario, self.model.deck_id, self.card_types)
        scenario, sheet, base_dir = self.document.scenario, dialog.sheet(), self.document.base_dir

        def work(progress: Progress) -> tuple[int, list[Problem]]:
            with replacing(path) as temporary:
                return write_pdf(scenario, placed, temporary, sheet, base_dir, progress=progress)

        load_fonts()  # on the UI thread, before the worker draws with them
        try:
            pages, problems = with_progress(self.window, "Print to PDF", f"Printing {plural(len(placed), 'card')}…",
                                            work)
        except Cancelled:
            self.window.statusBar().showMessage(f"Printing cancelled; {path} was not written", 5000)
            return
        except OSError as error:
            self.window.show_problems("Print to PDF", f"{path} was not written.", [Problem("", str(error))])
            return
        self._report_output(f"Printed {plural(len(placed), 'card')} on {plural(pages, 'page')} to {path}", problems)

    def export_pngs(self) -> None:
        self._export_images("Export PNGs", lambda placed: f"{len({item.card.id for item in placed})} images",
                            write_pngs, "images")

    def export_sheets(self) -> None:
        def what(placed: list[Placed]) -> str:
            counts = sheet_counts(len(placed))
            sheets = f"{len(counts)} sheet" + ("s" if len(counts) > 1 else "")
            return f"{sheets} of at most 10 x 7 ({' + '.join(map(str, counts))} cards)"

        self._export_images("Export Deck Sheets", what, write_deck_sheets, "deck sheets", dpi=100)

    def _export_images(self, title: str, what: Callable[[list[Placed]], str],
                       write: Callable[..., tuple[list[Path], list[Problem]]], noun: str, dpi: int = 300) -> None:
        """Ask the folder and resolution, draw the current deck's images there, report."""
        if self.model is None or self.document is None:
            return
        placed = cards_of(self.document.scenario, self.model.deck_id, self.card_types)
        if not placed:
            self.window.statusBar().showMessage("This deck has no cards to draw", 5000)
            return
        size = (placed[0].layout.width, placed[0].layout.height)
        dialog = PngDialog(title, self.document.base_dir or Path.home(), what(placed), size, self.window)
        dialog.dpi.setValue(dpi)
        if not self.window.run_dialog(dialog):
            return
        folder = dialog.chosen_folder()
        arguments = (self.document.scenario, placed, folder, dialog.dpi.value(), self.document.base_dir)

        load_fonts()  # on the UI thread, before the worker draws with them

        def drawn(force: bool) -> tuple[list[Path], list[Problem]]:
            return with_progress(self.window, title, f"Drawing {what(placed)}…",
                                 lambda progress: write(*arguments, force=force, progress=progress))

        try:
            try:
                written, problems = drawn(False)
            except OutputExists as existing:  # nothing is written yet: the designer decides
                if not self.window.ask_replace(title, existing.paths):
                    return
                written, problems = drawn(True)
        except Cancelled:
            self.window.statusBar().showMessage(f"Cancelled; no {noun} were written to {folder}", 5000)
            return
        except (OSError, UnsafeName) as error:
            self.window.show_problems(title, f"The {noun} were not all written.", [Problem("", str(error))])
            return
        self._report_output(f"Wrote {len(written)} {noun} to {folder}", problems)

    def _report_output(self, summary: str, problems: list[Problem]) -> None:
        if problems:
            self.window.show_problems("Card faces", summary, problems, warning_only=True)
        else:
            self.window.statusBar().showMessage(summary, 5000)
