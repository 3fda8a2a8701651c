"""How the board looks: fills by space kind, pens by connection kind, readable text colours.

Kept in one place so the playtest view and the map editor draw the same board.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from engine.scenario.model import ConnectionKind, SpaceKind

PAPER = QColor("#e6e0d2")  # outside the board
BOARD = QColor("#efe9dc")  # the board itself, under the spaces
OUTLINE = QColor("#3b3326")
HOVER_OUTLINE = QColor("#111111")
TARGET_OUTLINE = QColor("#f5b700")  # spaces a legal action can be taken on
FOCUS_OUTLINE = QColor("#ff5a1f")  # the spaces of the action under the mouse in the list
NAME = QColor("#1f1a12")
WATER_NAME = QColor("#163a5c")
HALO = QColor(255, 255, 255, 170)
DARK_HALO = QColor(0, 0, 0, 150)  # about light names on a dark fill
NAME_CONTRAST = 3.0  # the least contrast of a name's ink with its fill (WCAG's for large text)
NEUTRAL_PIECE = QColor("#f7f3e8")

# Kinds without a region colour of their own; land uses its region's colour.
KIND_FILLS = {
    SpaceKind.SEA: QColor("#a9cbe8"),
    SpaceKind.OCEAN: QColor("#7fa9d6"),
    SpaceKind.WASTELAND: QColor("#f2efe6"),
    SpaceKind.BOX: QColor("#ddd5c1"),
    SpaceKind.TRACK: QColor("#f4efe2"),
}
UNREGIONED_LAND = QColor("#d8d0bc")
WATER_KINDS = frozenset({SpaceKind.SEA, SpaceKind.OCEAN})
BOXED_KINDS = frozenset({SpaceKind.BOX, SpaceKind.TRACK})  # framed: a name must fit inside

# Connections are one pixel wide (``items.ConnectionsItem``), so their colours are opaque
# enough to read as lines over any fill.
CONNECTION_STYLES = {
    ConnectionKind.LAND: (QColor(90, 74, 50, 195), Qt.PenStyle.SolidLine),
    ConnectionKind.SEA: (QColor(47, 110, 165, 135), Qt.PenStyle.DashLine),
    ConnectionKind.STRAIT: (QColor(122, 90, 32, 255), Qt.PenStyle.DotLine),
    ConnectionKind.ARROW: (QColor(30, 30, 30, 255), Qt.PenStyle.SolidLine),
}


def colour(text: str | None, fallback: QColor) -> QColor:
    """A scenario colour (#rrggbb), or the fallback when it is missing or unreadable."""
    parsed = QColor(text) if text else QColor()
    return parsed if parsed.isValid() else QColor(fallback)


def ink_on(fill: QColor) -> QColor:
    """Black or white, whichever reads better on ``fill`` (perceived luminance)."""
    luminance = 0.299 * fill.redF() + 0.587 * fill.greenF() + 0.114 * fill.blueF()
    return QColor("#111111") if luminance > 0.6 else QColor("#ffffff")


def contrast(one: QColor, other: QColor) -> float:
    """WCAG's contrast ratio of two colours, 1 to 21."""
    light, dark = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _luminance(colour: QColor) -> float:
    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4
    return 0.2126 * linear(colour.redF()) + 0.7152 * linear(colour.greenF()) + 0.0722 * linear(colour.blueF())


def name_colours(fill: QColor, ink: QColor) -> tuple[QColor, QColor]:
    """A name's ink and halo on ``fill``: the given dark ink on a light halo where it reads,
    else light ink on a dark halo (Civilization's grid labels on its dark green squares)."""
    if contrast(ink, fill) >= NAME_CONTRAST:
        return ink, HALO
    light = QColor("#ffffff")
    return (light, DARK_HALO) if contrast(light, fill) > contrast(ink, fill) else (ink, HALO)
