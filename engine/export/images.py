"""The board and the cards as images, drawn from the scenario alone.

These are plain faces: the board's regions, spaces and names, and a card's name, kind,
values and text. They need no display and no Qt, so an export runs in any worker.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import attrs
from PIL import Image, ImageDraw, ImageFont

from engine.scenario.model import Board, Card, SpaceKind
from engine.scenario.naming import Names, printed

WATER = {SpaceKind.SEA: "#8db8d9", SpaceKind.OCEAN: "#6f9fc8"}
BACKGROUND = "#dbe8f2"
CARD_SIZE = (250, 350)  # pixels of one card face: 63.5 x 88.9 mm at 100 dpi
SHEET_COLUMNS, SHEET_ROWS = 10, 7  # the largest deck sheet Tabletop Simulator reads
MAX_BOARD_PIXELS = 8192  # the longest side of a board image: 192 MB of RGB at most
MAX_LABEL_PIXELS = 96  # space names stay legible, not a glyph the size of the board


FONTS = Path(__file__).resolve().parents[2] / "assets" / "fonts"


@cache
def _font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans from assets/ (every Latin, Greek and Cyrillic glyph); Pillow's own font
    if the assets were not installed."""
    path = FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    return ImageFont.truetype(str(path), size) if path.exists() else ImageFont.load_default(size)


def board_scale(board: Board, width: int) -> float:
    """Image pixels per board unit for a board ``width`` pixels across, less when its height
    in proportion would pass ``MAX_BOARD_PIXELS`` (a 1 x 1,000,000 board is a strip, not 2
    billion rows)."""
    return min(width / board.width, MAX_BOARD_PIXELS / board.height)


def board_image(board: Board, width: int = 2048) -> Image.Image:
    """The board at ``width`` pixels across, its height in proportion; both sides at most
    ``MAX_BOARD_PIXELS``."""
    scale = board_scale(board, min(width, MAX_BOARD_PIXELS))
    size = (max(1, round(board.width * scale)), max(1, round(board.height * scale)))
    image = Image.new("RGB", size, BACKGROUND)
    draw = ImageDraw.Draw(image)
    colours = {region.id: region.colour for region in board.regions}
    for space in board.spaces:
        if len(space.polygon) < 3:
            continue
        fill = WATER.get(space.kind) or colours.get(space.region or "", "#d8cfb0")
        draw.polygon([(x * scale, y * scale) for x, y in space.polygon], fill=fill, outline="#4a4a4a")
    font = _font(min(MAX_LABEL_PIXELS, max(9, round(11 * scale * 1.5))))
    for space in board.spaces:
        x, y = label_point(space.polygon, space.label)
        draw.text((x * scale, y * scale), space.name, fill="#1e1e1e", font=font, anchor="mm")
    return image


def label_point(polygon: Sequence[Sequence[float]], label: Sequence[float] | None) -> tuple[float, float]:
    """Where a space's name and snap point go: its label point, else its corners' mean."""
    if label is not None:
        return float(label[0]), float(label[1])
    if not polygon:
        return 0.0, 0.0
    return sum(p[0] for p in polygon) / len(polygon), sum(p[1] for p in polygon) / len(polygon)


def _values(card: Card, names: Names) -> list[str]:
    """Each filled field as "Label: value", a reference by its name (naming.py)."""
    data = card.data
    if not attrs.has(type(data)):
        return []
    shown = []
    for field in attrs.fields(type(data)):
        value: Any = getattr(data, field.name)
        if value in (None, "", [], (), {}):
            continue
        label = field.metadata.get("label", field.name)
        value = printed(value, field.metadata, names)
        if isinstance(value, bool):
            value = "yes" if value else "no"
        shown.append(f"{label}: {', '.join(map(str, value)) if isinstance(value, (list, tuple)) else value}")
    return shown


def card_face(card: Card, deck_name: str, names: Names | None = None) -> Image.Image:
    """A legible plain face: the deck and card type on top, the name, the values, the text."""
    image = Image.new("RGB", CARD_SIZE, "white")
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((4, 4, CARD_SIZE[0] - 5, CARD_SIZE[1] - 5), radius=12, outline="#333", width=3)
    kind = getattr(card.data, "type_name", "") or getattr(card.data, "type", "")
    draw.text((14, 14), f"{deck_name} · {kind}", fill="#555", font=_font(13))
    y = 34
    for line in textwrap.wrap(card.name, 20)[:3]:
        draw.text((14, y), line, fill="#111", font=_font(21, bold=True))
        y += 26
    y += 6
    draw.line((14, y, CARD_SIZE[0] - 14, y), fill="#999", width=1)
    y += 8
    for value in _values(card, names or Names())[:8]:
        for line in textwrap.wrap(value, 32)[:2]:
            draw.text((14, y), line, fill="#222", font=_font(13))
            y += 16
    for line in textwrap.wrap(card.text, 34):
        if y > CARD_SIZE[1] - 24:
            break
        draw.text((14, y + 4), line, fill="#333", font=_font(12))
        y += 15
    return image


def card_back(title: str) -> Image.Image:
    image = Image.new("RGB", CARD_SIZE, "#3b4a63")
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((10, 10, CARD_SIZE[0] - 11, CARD_SIZE[1] - 11), radius=12, outline="#d8c690", width=4)
    for index, line in enumerate(textwrap.wrap(title, 14)[:4]):
        draw.text((CARD_SIZE[0] / 2, 140 + index * 30), line, fill="#f1e6c0", font=_font(24), anchor="mm")
    return image


def deck_sheets(faces: Sequence[Image.Image]) -> list[tuple[Image.Image, int, int]]:
    """The faces laid out on sheets of at most 10 x 7, each with its columns and rows."""
    per_sheet = SHEET_COLUMNS * SHEET_ROWS
    sheets = []
    for start in range(0, len(faces), per_sheet):
        chunk = faces[start:start + per_sheet]
        columns = min(SHEET_COLUMNS, len(chunk))
        rows = -(-len(chunk) // columns)
        sheet = Image.new("RGB", (columns * CARD_SIZE[0], rows * CARD_SIZE[1]), "white")
        for index, face in enumerate(chunk):
            sheet.paste(face, ((index % columns) * CARD_SIZE[0], (index // columns) * CARD_SIZE[1]))
        sheets.append((sheet, columns, rows))
    return sheets
