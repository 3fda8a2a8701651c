"""Cards out of the studio: a print-and-play PDF, a PNG per card, a deck sheet image.

A print sheet is data (paper, margin, gap, bleed, crop marks, backs), as Squib's sprues
are, so a new paper size is a new value, not new code. All three need no display: Qt
draws them offscreen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

from attrs import frozen
from PySide6.QtCore import QMarginsF, QPointF, QRectF, QSizeF
from PySide6.QtGui import (
    QColor,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)

from engine.export.names import file_name, file_names, refuse_existing
from engine.scenario.atomic import replacing
from engine.scenario.card_colours import colours_of
from engine.scenario.layout import layout_for
from engine.scenario.model import Card, CardData, CardLayout, Scenario
from engine.scenario.naming import names_of
from engine.scenario.problems import Problem
from studio.cards.face import FacePainter

PAPERS = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}
PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
SHEET_COLUMNS, SHEET_ROWS = 10, 7

Progress = Callable[[int, int], None]
"""Told (done, total) after each card a writer draws; an exception it raises stops the writer,
and the file being written is removed (``replacing``)."""


@contextmanager
def _all_or_none(paths: Sequence[Path]) -> Iterator[None]:
    """Stopped part way (an error, or Cancel through ``progress``), the images this run made
    are removed again; one it replaced (``force``) stays replaced."""
    fresh = [path for path in paths if not path.exists()]
    try:
        yield
    except BaseException:
        for path in fresh:
            path.unlink(missing_ok=True)
        raise


def _told(progress: Progress | None, done: int, total: int) -> None:
    if progress is not None:
        progress(done, total)


@frozen
class PrintSheet:
    paper: str = "a4"
    margin: float = 6.0  # mm of paper left blank around the cards; crop marks go here
    gap: float = 0.0  # mm between neighbouring cards' bleed
    bleed: float = 0.0  # mm of background beyond each trim line (a print shop wants 3)
    crop_length: float = 5.0  # mm of each crop mark, drawn in the margin along every trim line
    backs: bool = False
    duplex_edge: str = "long"  # the edge the paper turns on: long mirrors columns, short mirrors rows


@frozen
class Placed:
    card: Card
    layout: CardLayout
    deck: str


def cards_of(scenario: Scenario, deck_id: str, card_types: Mapping[str, type[CardData]]) -> list[Placed]:
    """Every copy of every card of a deck, each with its layout."""
    deck = scenario.deck(deck_id)
    return [
        Placed(card, layout_for(card, scenario.layouts, card_types), deck.id)
        for card in deck.cards
        for _ in range(card.copies)
    ]


def _grid(sheet: PrintSheet, width: float, height: float) -> tuple[int, int]:
    paper_w, paper_h = PAPER_MM[sheet.paper]
    cell_w, cell_h = width + 2 * sheet.bleed, height + 2 * sheet.bleed
    columns = int((paper_w - 2 * sheet.margin + sheet.gap) // (cell_w + sheet.gap))
    rows = int((paper_h - 2 * sheet.margin + sheet.gap) // (cell_h + sheet.gap))
    if columns < 1 or rows < 1:
        raise ValueError(f"a {width:g} x {height:g} mm card with {sheet.bleed:g} mm bleed does not fit on "
                         f"{sheet.paper} paper with {sheet.margin:g} mm margins")
    return columns, rows


def _crop_marks(painter: QPainter, sheet: PrintSheet, xs: Sequence[float], ys: Sequence[float], per_mm: float,
                grid: QRectF) -> None:
    """Full-page crop marks: a line of ``crop_length`` in the margin along every trim line."""
    painter.setPen(QPen(QColor("#000000"), 0.15 * per_mm))
    length = min(sheet.crop_length, sheet.margin)
    for x in xs:
        painter.drawLine(QPointF(x * per_mm, (grid.top() - length - 1) * per_mm), QPointF(x * per_mm, (grid.top() - 1) * per_mm))
        painter.drawLine(QPointF(x * per_mm, (grid.bottom() + 1) * per_mm),
                         QPointF(x * per_mm, (grid.bottom() + 1 + length) * per_mm))
    for y in ys:
        painter.drawLine(QPointF((grid.left() - length - 1) * per_mm, y * per_mm), QPointF((grid.left() - 1) * per_mm, y * per_mm))
        painter.drawLine(QPointF((grid.right() + 1) * per_mm, y * per_mm),
                         QPointF((grid.right() + 1 + length) * per_mm, y * per_mm))


def write_pdf(scenario: Scenario, placed: Sequence[Placed], path: Path, sheet: PrintSheet,
              scenario_dir: Path | None, back: CardLayout | None = None,
              progress: Progress | None = None) -> tuple[int, list[Problem]]:
    """The print-and-play PDF; returns its page count and the faces' problems."""
    if not placed:
        raise ValueError("no cards to print")
    layouts = {layout.id: layout for layout in scenario.layouts}
    painter_of = FacePainter(layouts, scenario_dir, names_of(scenario), colours_of(scenario))
    width, height = placed[0].layout.width, placed[0].layout.height
    columns, rows = _grid(sheet, width, height)
    writer = QPdfWriter(str(path))
    writer.setPageSize(QPageSize(PAPERS[sheet.paper]))
    writer.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Millimeter)
    writer.setResolution(300)
    writer.setTitle(scenario.meta.title)
    writer.setCreator("Epoch Studio")
    per_mm = 300 / 25.4
    paper_w, paper_h = PAPER_MM[sheet.paper]
    cell_w, cell_h = width + 2 * sheet.bleed, height + 2 * sheet.bleed
    grid_w, grid_h = columns * cell_w + (columns - 1) * sheet.gap, rows * cell_h + (rows - 1) * sheet.gap
    grid = QRectF((paper_w - grid_w) / 2, (paper_h - grid_h) / 2, grid_w, grid_h)
    problems: list[Problem] = []
    seen: set[str] = set()
    per_page = columns * rows
    pages = 0
    painter = QPainter(writer)
    try:
        for start in range(0, len(placed), per_page):
            chunk = placed[start:start + per_page]
            for side in ("front", "back") if sheet.backs else ("front",):
                if pages:
                    writer.newPage()
                pages += 1
                xs, ys = [], []
                for index, item in enumerate(chunk):
                    column, row = index % columns, index // columns
                    if side == "back":
                        if sheet.duplex_edge == "long":
                            column = columns - 1 - column
                        else:
                            row = rows - 1 - row
                    left = grid.left() + column * (cell_w + sheet.gap) + sheet.bleed
                    top = grid.top() + row * (cell_h + sheet.gap) + sheet.bleed
                    xs += [left, left + width]
                    ys += [top, top + height]
                    layout = back if side == "back" and back is not None else item.layout
                    if side == "back" and back is None:
                        _plain_back(painter, scenario.meta.title, left, top, width, height, sheet.bleed, per_mm)
                        continue
                    where = f"decks[{item.deck}].cards[{item.card.id}]: layouts[{layout.id}]."
                    found = painter_of.paint(painter, item.card, layout, left * per_mm, top * per_mm, per_mm,
                                             sheet.bleed, where)
                    if item.card.id not in seen:
                        problems += found
                        seen.add(item.card.id)
                _crop_marks(painter, sheet, sorted(set(xs)), sorted(set(ys)), per_mm, grid)
            _told(progress, start + len(chunk), len(placed))
    finally:
        painter.end()
    return pages, problems


def _plain_back(painter: QPainter, title: str, left: float, top: float, width: float, height: float,
                bleed: float, per_mm: float) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QFont

    painter.fillRect(QRectF((left - bleed) * per_mm, (top - bleed) * per_mm, (width + 2 * bleed) * per_mm,
                            (height + 2 * bleed) * per_mm), QColor("#3b4a63"))
    painter.setPen(QPen(QColor("#d8c690"), 0.8 * per_mm))
    painter.drawRoundedRect(QRectF((left + 3) * per_mm, (top + 3) * per_mm, (width - 6) * per_mm,
                                   (height - 6) * per_mm), 3 * per_mm, 3 * per_mm)
    font = QFont("DejaVu Sans")
    font.setPixelSize(round(4 * per_mm))
    font.setBold(True)
    painter.setFont(font)
    painter.drawText(QRectF(left * per_mm, top * per_mm, width * per_mm, height * per_mm),
                     int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap), title)


def card_image(scenario: Scenario, item: Placed, dpi: int, scenario_dir: Path | None,
               bleed: bool = False) -> tuple[QImage, list[Problem]]:
    """One face as an image at ``dpi``, trimmed unless ``bleed``."""
    layouts = {layout.id: layout for layout in scenario.layouts}
    per_mm = dpi / 25.4
    margin = item.layout.bleed if bleed else 0.0
    size = QSizeF((item.layout.width + 2 * margin) * per_mm, (item.layout.height + 2 * margin) * per_mm).toSize()
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.setDotsPerMeterX(round(dpi / 0.0254))
    image.setDotsPerMeterY(round(dpi / 0.0254))
    image.fill(QColor(0, 0, 0, 0) if item.layout.corner_radius else QColor("#ffffff"))  # rounded corners cut away
    painter = QPainter(image)
    try:
        where = f"decks[{item.deck}].cards[{item.card.id}]: layouts[{item.layout.id}]."
        problems = FacePainter(layouts, scenario_dir, names_of(scenario), colours_of(scenario)).paint(
            painter, item.card, item.layout, margin * per_mm, margin * per_mm, per_mm, margin, where)
    finally:
        painter.end()
    return image, problems


def write_pngs(scenario: Scenario, placed: Sequence[Placed], out_dir: Path, dpi: int,
               scenario_dir: Path | None, force: bool = False,
               progress: Progress | None = None) -> tuple[list[Path], list[Problem]]:
    """A PNG per card (copies once each), named after the deck and the card; images already
    there are refused (``OutputExists``, nothing written) unless ``force``."""
    items = list({item.card.id: item for item in placed}.values())  # copies once each
    names = file_names(((f"decks[{item.deck}].cards[{item.card.id}]", (item.deck, item.card.id)) for item in items),
                       ".png")
    paths = [out_dir / name for name in names]
    refuse_existing(paths, force)
    out_dir.mkdir(parents=True, exist_ok=True)
    written, problems = [], []
    with _all_or_none(paths):
        for item, path in zip(items, paths):
            image, found = card_image(scenario, item, dpi, scenario_dir)
            problems += found
            with replacing(path) as temporary:
                if not image.save(str(temporary), "PNG"):
                    raise OSError(f"{path}: cannot write the image")
            written.append(path)
            _told(progress, len(written), len(items))
    return written, problems


def deck_sheet(scenario: Scenario, placed: Sequence[Placed], dpi: int,
               scenario_dir: Path | None, drawn_one: Callable[[], None] = lambda: None,
               ) -> tuple[QImage, list[Problem]]:
    """Up to 10 x 7 faces on one image, for tabletop simulators, and the faces' problems;
    ``drawn_one`` is called after each face."""
    if not 0 < len(placed) <= SHEET_COLUMNS * SHEET_ROWS:
        raise ValueError(f"a deck sheet holds 1 to {SHEET_COLUMNS * SHEET_ROWS} cards, not {len(placed)}")
    drawn = []
    for item in placed:
        drawn.append(card_image(scenario, item, dpi, scenario_dir))
        drawn_one()
    faces = [face for face, _ in drawn]
    columns = min(SHEET_COLUMNS, len(faces))
    rows = -(-len(faces) // columns)
    width, height = faces[0].width(), faces[0].height()
    sheet = QImage(columns * width, rows * height, QImage.Format.Format_RGB32)
    sheet.fill(QColor("#ffffff"))
    painter = QPainter(sheet)
    try:
        for index, face in enumerate(faces):
            painter.drawImage((index % columns) * width, (index // columns) * height, face)
    finally:
        painter.end()
    return sheet, [problem for _, found in drawn for problem in found]


def sheet_counts(cards: int) -> list[int]:
    """How many cards each deck sheet holds: full sheets of 70, then the rest."""
    size = SHEET_COLUMNS * SHEET_ROWS
    return [min(size, cards - start) for start in range(0, cards, size)]


def write_deck_sheets(scenario: Scenario, placed: Sequence[Placed], out_dir: Path, dpi: int,
                      scenario_dir: Path | None, force: bool = False,
                      progress: Progress | None = None) -> tuple[list[Path], list[Problem]]:
    """Every copy of every card on sheets of at most 10 x 7 (``DECK-sheet-1.png``, …), in the
    deck's order, as a tabletop simulator's custom deck takes them; sheets already there are
    refused (``OutputExists``, nothing written) unless ``force``."""
    counts = sheet_counts(len(placed))
    deck = placed[0].deck if placed else ""
    paths = [out_dir / file_name(f"decks[{deck}]", deck, "sheet", str(number), suffix=".png")
             for number in range(1, len(counts) + 1)]
    refuse_existing(paths, force)
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    problems: list[Problem] = []
    start = done = 0

    def drawn_one() -> None:
        nonlocal done
        done += 1
        _told(progress, done, len(placed))

    with _all_or_none(paths):
        for count, path in zip(counts, paths):
            image, found = deck_sheet(scenario, placed[start:start + count], dpi, scenario_dir, drawn_one)
            start += count
            problems += [problem for problem in found if problem not in problems]
            with replacing(path) as temporary:
                if not image.save(str(temporary), "PNG"):
                    raise OSError(f"{path}: cannot write the image")
            written.append(path)
    return written, problems
