"""Drawing a card's face from its layout with QPainter, on screen, into a PNG or a PDF.

One painter routine serves the live preview, the PNGs and the print sheets, so what the
designer sees is what prints. Sizes are in millimetres; the painter is given how many of
its units make one millimetre. Drawing also measures: text that overflows its zone, or a
zone with text that crosses the safe line, is reported as a located problem.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from functools import cache
from pathlib import Path

import attrs
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QTextOption,
)
from PySide6.QtSvg import QSvgRenderer

from engine.scenario.card_colours import Colours, field_colour
from engine.scenario.layout import (
    card_values,
    colour_field,
    fill,
    has_value,
    resolved_zones,
    showing,
    shown,
)
from engine.scenario.model import Align, Card, CardLayout, Zone, ZoneKind
from engine.scenario.naming import Names
from engine.scenario.problems import Problem
from studio.pictures import read_picture

ASSETS = Path(__file__).resolve().parents[2] / "assets"
BUILTIN = "builtin:"
POINT_MM = 25.4 / 72
# What a face is drawn from beside its card and the map: its layout, and the colours seats and epochs give.
FACE_PATHS = ("layouts", "seats", "epochs")
ALIGN = {Align.LEFT: Qt.AlignmentFlag.AlignLeft, Align.CENTER: Qt.AlignmentFlag.AlignHCenter,
         Align.RIGHT: Qt.AlignmentFlag.AlignRight}


@cache
def load_fonts() -> None:
    """The fonts shipped in assets/fonts, so faces look the same on every machine."""
    for path in sorted((ASSETS / "fonts").glob("*.ttf")):
        QFontDatabase.addApplicationFont(str(path))


def image_path(reference: str, scenario_dir: Path | None) -> Path | None:
    """``builtin:resource/gold`` or an asset path relative to the scenario."""
    if reference.startswith(BUILTIN):
        builtin = (ASSETS / "icons" / "builtin").resolve()
        path = (builtin / f"{reference[len(BUILTIN):]}.svg").resolve()
        return path if path.is_file() and path.is_relative_to(builtin) else None  # no "builtin:../../.."
    if scenario_dir is None or not reference:
        return None
    path = (scenario_dir / reference).resolve()
    return path if path.is_file() and path.is_relative_to(scenario_dir.resolve()) else None


def _svg(path: str) -> QSvgRenderer:
    """A renderer per thread: a card printed on a worker never shares one with the UI's preview."""
    return _svg_on(path, threading.get_ident())


@cache
def _svg_on(path: str, _thread: int) -> QSvgRenderer:
    return QSvgRenderer(path)


@cache
def _image(path: str) -> QImage:
    return read_picture(path)


def draw_image(painter: QPainter, path: Path, rect: QRectF) -> None:
    if path.suffix.lower() == ".svg":
        _svg(str(path)).render(painter, rect)
        return
    image = _image(str(path))
    if image.isNull():
        return
    scaled = image.size().scaled(rect.size().toSize(), Qt.AspectRatioMode.KeepAspectRatio)
    target = QRectF(rect.x() + (rect.width() - scaled.width()) / 2, rect.y() + (rect.height() - scaled.height()) / 2,
                    scaled.width(), scaled.height())
    painter.drawImage(target, image)


def card_outline(rect: QRectF, radius: float) -> QPainterPath:
    """The card's shape: ``rect`` with its corners rounded by ``radius`` (painter units)."""
    path = QPainterPath()
    if radius > 0:
        path.addRoundedRect(rect, radius, radius)
    else:
        path.addRect(rect)
    return path


class FacePainter:
    """Draws cards of one scenario: its layouts, its folder for images, the names its cards'
    references print as and the colours its regions and seats have."""

    def __init__(self, layouts: Mapping[str, CardLayout], scenario_dir: Path | None,
                 names: Names | None = None, colours: Colours | None = None) -> None:
        load_fonts()
        self.layouts = layouts
        self.scenario_dir = scenario_dir
        self.names = names
        self.colours = colours or Colours()

    def paint(self, painter: QPainter, card: Card, layout: CardLayout, left: float, top: float, per_mm: float,
              bleed: float | None = None, where: str = "") -> list[Problem]:
        """Draw ``card`` with its trim box's top-left at (``left``, ``top``) in painter units;
        ``bleed`` (mm, the layout's by default) of background is drawn beyond the trim."""
        bleed = layout.bleed if bleed is None else bleed
        values = card_values(card, self.names)
        problems: list[Problem] = []
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        outer = QRectF(left - bleed * per_mm, top - bleed * per_mm, (layout.width + 2 * bleed) * per_mm,
                       (layout.height + 2 * bleed) * per_mm)
        # A band into the bleed never paints a neighbour; rounded corners round the bleed with them.
        painter.setClipPath(card_outline(outer, (layout.corner_radius + bleed) * per_mm if layout.corner_radius else 0), Qt.ClipOperation.IntersectClip)
        painter.fillRect(outer, QColor(layout.background))
        safe = QRectF(layout.safe, layout.safe, layout.width - 2 * layout.safe, layout.height - 2 * layout.safe)
        for index, zone in enumerate(resolved_zones(layout, self.layouts)):
            if not showing(zone.show_if, values):
                continue
            rect = QRectF(left + zone.x * per_mm, top + zone.y * per_mm, zone.width * per_mm, zone.height * per_mm)
            zone = self._coloured(zone, card)
            if zone.fill:
                painter.fillRect(rect, QColor(zone.fill))
            zone_at = f"{where}zones[{index}]"
            if zone.kind is ZoneKind.SHAPE:
                painter.setPen(QPen(QColor(zone.colour), 0.3 * per_mm))
                painter.drawRect(rect)
            elif zone.kind is ZoneKind.IMAGE:
                path = image_path(fill(zone.content, values), self.scenario_dir)
                if path is not None:
                    draw_image(painter, path, rect)
            elif zone.kind is ZoneKind.ICONS:
                self._icons(painter, zone, values, rect)
            else:
                text = fill(zone.content, values)
                if text and self._text(painter, zone, text, rect, per_mm):
                    problems.append(Problem(zone_at, f"text overflows its zone: {text[:40]!r}"))
                if text and not safe.contains(QRectF(zone.x, zone.y, zone.width, zone.height)):
                    problems.append(Problem(zone_at, "text crosses the safe line"))
        painter.restore()
        return problems

    def _coloured(self, zone: Zone, card: Card) -> Zone:
        """``zone`` with the fill and colour its fields stand for, where they name one."""
        changes = {}
        for key, source in (("fill", zone.fill_from), ("colour", zone.colour_from)):
            name = colour_field(source)
            colour = field_colour(card, name, self.colours) if name else None
            if colour is not None:
                changes[key] = colour
        return attrs.evolve(zone, **changes) if changes else zone

    def _text(self, painter: QPainter, zone: Zone, text: str, rect: QRectF, per_mm: float) -> bool:
        """Draw wrapped text; True when it does not fit its zone."""
        font = QFont(zone.font)
        font.setPixelSize(max(1, round(zone.size * POINT_MM * per_mm)))
        font.setBold(zone.bold)
        painter.setFont(font)
        painter.setPen(QColor(zone.colour))
        option = QTextOption(ALIGN[zone.align] | Qt.AlignmentFlag.AlignTop)
        option.setWrapMode(QTextOption.WrapMode.WordWrap)
        painter.drawText(rect, text, option)
        flags = int(ALIGN[zone.align] | Qt.AlignmentFlag.AlignTop) | int(Qt.TextFlag.TextWordWrap)
        needed = QFontMetricsF(font).boundingRect(QRectF(0, 0, rect.width(), 1e6), flags, text)
        return needed.height() > rect.height() + 0.5 or needed.width() > rect.width() + 0.5

    def _icons(self, painter: QPainter, zone: Zone, values: Mapping[str, object], rect: QRectF) -> None:
        """One icon per item of the bound list field (its ids, as written), or the prefix's icon
        as many times as the bound number says, left to right, each as tall as the zone; a row
        too long for one line wraps under itself while it fits the zone."""
        name = zone.content.strip("{}")
        items = values.get(f"data.{name}", values.get(name))
        if isinstance(items, int) and not isinstance(items, bool):
            items = [""] * max(0, min(items, 100))
        items = items if isinstance(items, (list, tuple)) else [items] if has_value(items) else []
        size = min(rect.height(), rect.width())
        per_line = max(1, int((rect.width() + size * 0.1) // (size * 1.1)))
        for index, item in enumerate(items):
            x = rect.x() + (index % per_line) * size * 1.1
            y = rect.y() + (index // per_line) * size * 1.1
            if y + size > rect.bottom() + 0.5:
                break
            path = image_path(f"{zone.icon_prefix}{shown(item)}", self.scenario_dir)
            if path is not None:
                draw_image(painter, path, QRectF(x, y, size, size))
