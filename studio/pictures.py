"""Pictures read by the studio (a board's background, a card's art) within MAX_IMAGE_PIXELS.

Qt reads a picture's size from its header without decoding it; a picture over the engine's
limit is not decoded at all and is drawn as a missing one (Choose Image and Trace say why when
asked for it), so a huge file put beside a scenario cannot make the studio ask for gigabytes.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QImage, QImageReader

from engine.scenario.image_limits import too_large


def read_picture(path: Path | str) -> QImage:
    """The picture at ``path``; a null QImage when it is missing, unreadable or too large."""
    reader = QImageReader(str(path))
    size = reader.size()
    if not size.isValid() or too_large(size.width(), size.height()):
        return QImage()
    return reader.read()
