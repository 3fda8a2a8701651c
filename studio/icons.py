"""The studio's own icons: SVG files in the top-level ``assets/icons`` folder (see its LICENSE)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PySide6.QtGui import QIcon

ICONS = Path(__file__).resolve().parents[1] / "assets" / "icons"


@cache
def icon(name: str) -> QIcon:
    """The icon ``assets/icons/<name>.svg``; an empty icon (text only) if it is missing."""
    path = ICONS / f"{name}.svg"
    return QIcon(str(path)) if path.is_file() else QIcon()
