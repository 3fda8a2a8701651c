"""Text from a file shown as the file spells it, never read as markup.

Qt guesses: a label, tooltip or message whose text looks like HTML is drawn as HTML, so a seat
named ``<img src=...>`` would load an image and a title with ``<b>`` would change the dialog.
Every place that shows a name, title, note or problem text from a file goes through these.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMessageBox, QWidget


def plain_label(text: str = "") -> QLabel:
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setText(text)
    return label


def tooltip(text: str) -> str:
    """A tooltip that shows ``text`` literally: tooltips have no plain-text switch, so the text
    is escaped inside markup Qt always reads as rich text, line breaks kept."""
    return f"<qt>{html.escape(text).replace(chr(10), '<br>')}</qt>" if text else ""


def message(parent: QWidget | None, icon: QMessageBox.Icon, title: str, text: str) -> None:
    """A modal message box whose text is plain (it often quotes a file or an error)."""
    box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.exec()
