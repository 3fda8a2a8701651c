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
