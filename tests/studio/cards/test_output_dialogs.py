"""Cards ▸ Print to PDF and Export PNGs as a designer uses them: the dialog's choices reach
the files written (paper, backs, gap; folder, resolution), a refused path leaves nothing
behind and says why, and Cancel writes nothing."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtGui import QImage

from studio.cards.output import PrintSheet
from studio.cards.print_dialog import PngDialog, PrintDialog

LETTER_POINTS = (612, 792)


def page_sizes(pdf: Path) -> list[tuple[int, int]]:
    """Each page's MediaBox in points, read from the PDF's page objects."""
    text = pdf.read_bytes().decode("latin-1")
    return [(round(float(w)), round(float(h))) for w, h in
            re.findall(r"/Type /Page\b.*?/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", text, re.DOTALL)]


def reported(window) -> str:
    """What the window said when the output was written: the status bar, or the summary of
    the face problems it lists (a face whose text overflows is a warning, not a failure)."""
    dialog = window.problems_dialog
    return window.statusBar().currentMessage() + (dialog.summary.text() if dialog is not None else "")


def test_the_print_dialogs_choices_make_the_pdf(cards, tmp_path):
    window = cards.window
    pdf = tmp_path / "empires.pdf"
    asked = []

    def choose(dialog):
        assert isinstance(dialog, PrintDialog)
        assert not dialog.edge.isEnabled()  # the duplex edge matters only with backs
        dialog.paper.setCurrentText("letter")
        dialog.backs.setChecked(True)
        assert dialog.edge.isEnabled()
        dialog.edge.setCurrentText("short")
        dialog.gap.setValue(3)
        asked.append(dialog.sheet())
        return True

    window.run_dialog = choose
    window.ask_path = lambda *args, **kwargs: pdf
    cards.print_pdf()
    assert asked == [PrintSheet(paper="letter", gap=3.0, backs=True, duplex_edge="short")]
    sizes = page_sizes(pdf)
    assert set(sizes) == {LETTER_POINTS}
    assert len(sizes) % 2 == 0 and len(sizes) >= 2 * -(-40 // 9)  # a back after each front; 40 cards
    assert f"on {len(sizes)} pages" in reported(window)
    assert not list(tmp_path.glob(".*.tmp"))  # written beside, then moved into place


def test_a_refused_pdf_path_says_why_and_leaves_nothing(cards, tmp_path):
    window = cards.window
    window.run_dialog = lambda dialog: True
    target = tmp_path / "no-such-folder" / "empires.pdf"
    window.ask_path = lambda *args, **kwargs: target
    shown = []
    window.show_problems = lambda title, summary, problems, warning_only=False: shown.append((summary, problems))
    cards.print_pdf()
    assert shown and str(target) in shown[0][0]
    assert not target.parent.exists()


def test_cancel_in_the_print_dialog_asks_no_path_and_writes_nothing(cards, tmp_path):
    window = cards.window
    window.run_dialog = lambda dialog: False
    window.ask_path = lambda *args, **kwargs: (_ for _ in ()).throw(AssertionError("no path is asked"))
    before = sorted(tmp_path.iterdir())
    cards.print_pdf()
    assert sorted(tmp_path.iterdir()) == before


def test_the_png_dialog_writes_an_image_per_card_at_its_resolution(cards, tmp_path):
    window = cards.window
    folder = tmp_path / "faces"
    seen = []

    def choose(dialog):
        assert isinstance(dialog, PngDialog)
        assert dialog.chosen_folder() == tmp_path  # beside the scenario
        dialog.folder.setText(str(folder))
        dialog.dpi.setValue(100)
        seen.append((dialog.summary.text(), dialog.pixels()))
        return True

    window.run_dialog = choose
    cards.tabs.setCurrentIndex(1)  # the event cards
    cards.export_pngs()
    summary, pixels = seen[0]
    assert pixels == (round(63.5 / 25.4 * 100), round(88.9 / 25.4 * 100))
    assert summary == f"40 images; each card {pixels[0]} x {pixels[1]} pixels"
    images = sorted(folder.glob("*.png"))
    assert len(images) == 40 and images[0].name.startswith("events-")
    image = QImage(str(images[0]))
    assert (image.width(), image.height()) == pixels
    assert f"Wrote 40 images to {folder}" in reported(window)


def test_the_png_dialog_needs_a_folder(qtbot, tmp_path):
    dialog = PngDialog("Export PNGs", tmp_path, "3 images", (63.5, 88.9))
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert ok.isEnabled()
    dialog.folder.setText("  ")
    assert not ok.isEnabled()
    dialog.dpi.setValue(72)
    assert dialog.summary.text() == "3 images; each card 180 x 252 pixels"


def test_deck_sheets_hold_at_most_ten_by_seven_cards_each(cards, tmp_path):
    window = cards.window
    folder = tmp_path / "sheets"
    seen = []

    def choose(dialog):
        assert dialog.dpi.value() == 100  # a sheet of 70 poker cards stays near 2,500 pixels square
        dialog.folder.setText(str(folder))
        dialog.dpi.setValue(72)  # the least it allows
        seen.append(dialog.summary.text())
        return True

    window.run_dialog = choose
    deck = cards.document.scenario.deck("empires")
    cards.table.setCurrentIndex(cards.proxy.mapFromSource(cards.model.index(0, cards.model.column_named("copies"))))
    cards.paste_text("31\n")  # 31 copies of the first card and one of the 39 others: 70, one full sheet
    assert sum(card.copies for card in deck.cards) == 70
    cards.export_sheets()
    face = (round(63.5 / 25.4 * 72), round(88.9 / 25.4 * 72))
    assert seen == [f"1 sheet of at most 10 x 7 (70 cards); each card {face[0]} x {face[1]} pixels"]
    (sheet,) = sorted(folder.glob("*.png"))
    image = QImage(str(sheet))
    assert sheet.name == "empires-sheet-1.png" and (image.width(), image.height()) == (10 * face[0], 7 * face[1])
    cards.paste_text("32\n")  # one copy more: a second sheet with the one card left over
    asked = []
    window.ask_replace = lambda title, paths: asked.append([path.name for path in paths]) or True
    cards.export_sheets()
    assert asked == [["empires-sheet-1.png"]]  # the first export's sheet is replaced only once agreed
    assert "2 sheets of at most 10 x 7 (70 + 1 cards)" in seen[-1]
    second = QImage(str(folder / "empires-sheet-2.png"))
    assert (second.width(), second.height()) == face


def test_images_already_in_the_folder_are_kept_when_the_designer_says_no(cards, tmp_path):
    window = cards.window
    folder = tmp_path / "faces"
    folder.mkdir()
    kept = folder / "empires-e1-sumerians.png"
    kept.write_bytes(b"the designer's own image")

    def choose(dialog):
        dialog.folder.setText(str(folder))
        return True

    asked = []
    window.run_dialog = choose
    window.ask_replace = lambda title, paths: asked.append((title, [path.name for path in paths])) or False
    cards.export_pngs()
    assert asked == [("Export PNGs", ["empires-e1-sumerians.png"])]
    assert kept.read_bytes() == b"the designer's own image"
    assert [path.name for path in folder.iterdir()] == ["empires-e1-sumerians.png"]  # nothing else was drawn
