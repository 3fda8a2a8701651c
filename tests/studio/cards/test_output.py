"""Card faces printed: the PDF's pages and size, copies, backs, PNGs, deck sheets, and the
problems a face reports (text overflowing its zone or crossing the safe line)."""

from __future__ import annotations

import re
import shutil
import subprocess
from importlib.metadata import EntryPoint
from pathlib import Path

import attrs
import pytest
from PySide6.QtGui import QImage

from engine.rulesets.registry import get_ruleset
from engine.scenario.io import load_scenario
from engine.scenario.model import CardLayout, Zone, ZoneKind
from studio.cards.output import (
    PrintSheet,
    cards_of,
    deck_sheet,
    write_deck_sheets,
    write_pdf,
    write_pngs,
)

ROOT = Path(__file__).resolve().parents[3]
HISTORY = ROOT / "scenarios" / "history-of-the-world.json"
A4_POINTS = (595, 842)
LETTER_POINTS = (612, 792)


def _history():
    scenario = load_scenario(HISTORY, get_ruleset)
    return scenario, get_ruleset(scenario.ruleset.id).card_type_map()


def _pages(pdf: Path) -> list[tuple[int, int]]:
    """Each page's MediaBox in points, read from the PDF's page objects."""
    text = pdf.read_bytes().decode("latin-1")
    return [(round(float(w)), round(float(h))) for w, h in
            re.findall(r"/Type /Page\b.*?/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", text, re.DOTALL)]


def test_all_112_cards_of_history_of_the_world_print_nine_to_an_a4_page(qapp, tmp_path):
    scenario, types = _history()
    placed = [item for deck in scenario.decks for item in cards_of(scenario, deck.id, types)]
    assert len(placed) == 112
    pdf = tmp_path / "cards.pdf"
    pages, problems = write_pdf(scenario, placed, pdf, PrintSheet(), HISTORY.parent)
    assert pages == 13 == len(_pages(pdf))
    assert set(_pages(pdf)) == {A4_POINTS}
    assert all("overflows" in p.message or "safe line" in p.message for p in problems)


def test_letter_paper_backs_mirrored_and_copies(qapp, tmp_path):
    scenario, types = _history()
    deck = scenario.deck("region-tiles")
    deck.cards[0] = attrs.evolve(deck.cards[0], copies=4)
    placed = cards_of(scenario, "region-tiles", types)
    assert len(placed) == len(deck.cards) + 3
    pdf = tmp_path / "tiles.pdf"
    pages, _ = write_pdf(scenario, placed, pdf, PrintSheet(paper="letter", backs=True), HISTORY.parent)
    fronts = -(-len(placed) // 9)
    assert pages == 2 * fronts == len(_pages(pdf))
    assert set(_pages(pdf)) == {LETTER_POINTS}


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
def test_a_page_renders_to_png_with_cards_and_crop_marks(qapp, tmp_path):
    scenario, types = _history()
    pdf = tmp_path / "empires.pdf"
    write_pdf(scenario, cards_of(scenario, "empires", types), pdf, PrintSheet(), HISTORY.parent)
    subprocess.run(["pdftoppm", "-r", "50", "-png", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "page")],
                   check=True, timeout=60)
    image = QImage(str(next(tmp_path.glob("page*.png"))))
    assert abs(image.width() - 210 / 25.4 * 50) <= 1 and abs(image.height() - 297 / 25.4 * 50) <= 1

    def pixel(x_mm: float, y_mm: float):
        return image.pixelColor(round(x_mm / 25.4 * 50), round(y_mm / 25.4 * 50))

    # Nine poker cards centred on A4: the grid starts 9.75 mm from the left, 15.15 mm from the top.
    assert pixel(20, 20).name() != "#ffffff"  # the first card's name band, drawn from its layout
    marks = [x for x in range(image.width()) if image.pixelColor(x, round(12 / 25.4 * 50)).lightness() < 160]
    assert len(marks) >= 4  # crop marks along the trim lines, in the top margin


def test_a_png_per_card_at_the_chosen_dpi(qapp, tmp_path):
    scenario, types = _history()
    written, _ = write_pngs(scenario, cards_of(scenario, "events", types), tmp_path, 150, HISTORY.parent)
    assert len(written) == len(scenario.deck("events").cards)
    image = QImage(str(written[0]))
    assert (image.width(), image.height()) == (round(63.5 / 25.4 * 150), round(88.9 / 25.4 * 150))


def test_a_deck_sheet_holds_at_most_ten_by_seven(qapp):
    scenario, types = _history()
    placed = cards_of(scenario, "empires", types)
    sheet, _ = deck_sheet(scenario, placed, 40, HISTORY.parent)
    face = (round(63.5 / 25.4 * 40), round(88.9 / 25.4 * 40))
    assert (sheet.width(), sheet.height()) == (10 * face[0], 4 * face[1])
    with pytest.raises(ValueError, match="1 to 70 cards"):
        deck_sheet(scenario, placed * 2, 40, HISTORY.parent)


def test_text_that_overflows_or_crosses_the_safe_line_is_a_located_problem(qapp, tmp_path):
    scenario, types = _history()
    cramped = CardLayout(id="cramped", card_type="empire", zones=[
        Zone(x=4, y=4, width=20, height=3, content="{name} of {ruler}", size=9),
        Zone(x=0.5, y=80, width=30, height=8, content="{armies} armies", size=7),
    ])
    scenario = attrs.evolve(scenario, layouts=[cramped])
    placed = cards_of(scenario, "empires", types)[:1]
    _, problems = write_pdf(scenario, placed, tmp_path / "x.pdf", PrintSheet(), HISTORY.parent)
    assert [str(p) for p in problems] == [
        ("decks[empires].cards[e1-sumerians]: layouts[cramped].zones[0]: text overflows its zone: "
         "'Sumerians of Ur-Nammu (2112–2095 BCE)'"),
        "decks[empires].cards[e1-sumerians]: layouts[cramped].zones[1]: text crosses the safe line",
    ]


def test_epoch_cards_pdf_and_sheets_come_from_the_studio_through_an_entry_point(qapp, tmp_path, monkeypatch, capsys):
    import tomllib

    import engine.cli

    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    target = declared["project"]["entry-points"]["epoch.commands"]["cards"]
    monkeypatch.setattr("importlib.metadata.entry_points",
                        lambda group: [EntryPoint("cards", target, group)] if group == "epoch.commands" else [])
    out = tmp_path / "events.pdf"
    code = engine.cli.main(["cards", "pdf", str(HISTORY), "--deck", "events", "--out", str(out), "--paper", "letter"])
    assert code == 0
    assert "wrote" in capsys.readouterr().out
    assert set(_pages(out)) == {LETTER_POINTS}
    assert not list(tmp_path.glob(".*.tmp"))
    sheets = tmp_path / "sheets"
    code = engine.cli.main(["cards", "sheets", str(HISTORY), "--deck", "empires", "--out", str(sheets),
                            "--dpi", "40"])
    assert code == 0 and "wrote 1 deck sheet of at most 10 x 7 cards (40 cards)" in capsys.readouterr().out
    image = QImage(str(sheets / "empires-sheet-1.png"))
    assert (image.width(), image.height()) == (10 * round(63.5 / 25.4 * 40), 4 * round(88.9 / 25.4 * 40))


def test_a_face_prints_names_and_repeats_an_icon_as_often_as_a_number_says(qapp, monkeypatch):
    from studio.cards import face
    from studio.cards.output import card_image

    scenario, types = _history()
    printed, icons = [], []
    monkeypatch.setattr(face.FacePainter, "_text", lambda self, painter, zone, text, rect, per_mm: printed.append(text))
    monkeypatch.setattr(face, "draw_image", lambda painter, path, rect: icons.append((path.name, rect.x())))
    layout = CardLayout(id="army-row", card_type="empire", zones=[
        Zone(x=4, y=4, width=50, height=8, content="Start: {start_provinces}"),
        Zone(kind=ZoneKind.ICONS, x=4, y=20, width=50, height=5, content="{armies}", icon_prefix="builtin:card/army"),
    ])
    scenario = attrs.evolve(scenario, layouts=[layout])
    sumerians = cards_of(scenario, "empires", types)[0]
    card_image(scenario, sumerians, 60, HISTORY.parent)
    assert printed == ["Start: Tigris"]
    assert sumerians.card.data.armies == 3 and [name for name, _ in icons] == ["army.svg"] * 3
    assert len({x for _, x in icons}) == 3  # side by side


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").glob("*.json")), ids=lambda path: path.stem)
def test_every_shipped_card_face_fits_its_zones_and_the_safe_line(qapp, path):
    """Issue 31: the shipped faces print every card's text whole, inside the safe area."""
    from studio.cards.output import card_image

    scenario = load_scenario(path, get_ruleset)
    types = get_ruleset(scenario.ruleset.id).card_type_map()
    problems = []
    for deck in scenario.decks:
        for item in {placed.card.id: placed for placed in cards_of(scenario, deck.id, types)}.values():
            problems += card_image(scenario, item, 100, path.parent)[1]
    assert [str(problem) for problem in problems] == []


def test_each_writer_tells_its_progress_card_by_card_up_to_all_of_them(qapp, tmp_path):
    scenario, types = _history()
    placed = cards_of(scenario, "empires", types)
    told: dict[str, list[tuple[int, int]]] = {"pdf": [], "png": [], "sheets": []}
    write_pdf(scenario, placed, tmp_path / "cards.pdf", PrintSheet(), HISTORY.parent,
              progress=lambda *step: told["pdf"].append(step))
    write_pngs(scenario, placed, tmp_path / "png", 30, HISTORY.parent, progress=lambda *step: told["png"].append(step))
    write_deck_sheets(scenario, placed, tmp_path / "sheets", 30, HISTORY.parent,
                      progress=lambda *step: told["sheets"].append(step))
    unique = len({item.card.id for item in placed})
    assert told["pdf"][-1] == (len(placed), len(placed)) and len(told["pdf"]) == -(-len(placed) // 9)
    assert told["png"] == [(done, unique) for done in range(1, unique + 1)]
    assert told["sheets"] == [(done, len(placed)) for done in range(1, len(placed) + 1)]
