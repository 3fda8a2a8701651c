"""Cards a person can read while choosing (issue 28): the card names in a move, a log line, a
hand or a market, each with its face (laid out as the Cards mode and the printed deck lay it
out) and its text, as a tooltip.

Moves and log lines name cards by the scenario's card names, so a name found in a text is the
card meant; a face is drawn once, on the first hover that shows it.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QEvent, QIODevice, QObject, QPointF, Qt
from PySide6.QtGui import QHelpEvent, QImage, QTextDocumentFragment
from PySide6.QtWidgets import QAbstractItemView, QGraphicsView, QToolTip

from engine.rulesets.registry import get_ruleset
from engine.scenario.layout import layout_for
from engine.scenario.model import Card, Scenario

FACE_DPI = 80  # a poker-sized face is then about 200 x 280 pixels: readable, and fits a tooltip
MOST = 3  # cards shown in one tooltip; a move naming more lists the rest by name
SHORTEST = 3  # letters: shorter card names ("I") would be found inside ordinary words


class CardTips:
    def __init__(self, scenario: Scenario, scenario_dir: Path | None) -> None:
        self.scenario = scenario
        self.scenario_dir = scenario_dir
        ruleset = get_ruleset(scenario.ruleset.id)
        self.card_types = ruleset.card_type_map() if ruleset else {}
        self.cards: dict[str, tuple[Card, str]] = {}  # name -> (first card of that name, its deck)
        for deck in scenario.decks:
            for card in deck.cards:
                if len(card.name) >= SHORTEST:
                    self.cards.setdefault(card.name, (card, deck.id))
        names = sorted(self.cards, key=len, reverse=True)  # "Great Library" before "Library"
        self._pattern = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, names)) + r")(?!\w)") if names else None
        self._faces: dict[str, str] = {}

    def names_in(self, text: str) -> list[str]:
        """The card names ``text`` mentions, each once, in the order read."""
        if self._pattern is None:
            return []
        return list(dict.fromkeys(match.group(1) for match in self._pattern.finditer(text)))

    def tip(self, text: str) -> str:
        """Rich text showing the faces and texts of the cards ``text`` names; "" when none."""
        names = self.names_in(text)
        if not names:
            return ""
        parts = [self._card(name) for name in names[:MOST]]
        if len(names) > MOST:
            parts.append("also " + html.escape(", ".join(names[MOST:])))
        return "<table><tr>" + "".join(f"<td valign='top'>{part}</td>" for part in parts) + "</tr></table>"

    def _card(self, name: str) -> str:
        card = self.cards[name][0]
        face = self._faces.get(name)
        if face is None:
            face = self._faces[name] = _data_image(self.face(name))
        text = f"<br>{html.escape(card.text)}" if card.text else ""
        return f"{face}<br><b>{html.escape(card.name)}</b>{text}"

    def face(self, name: str) -> QImage:
        """The face of the card named ``name`` (a name ``names_in`` found)."""
        from studio.cards.output import (  # with the printing code: only on a hover
            Placed,
            card_image,
        )

        card, deck = self.cards[name]
        placed = Placed(card, layout_for(card, self.scenario.layouts, self.card_types), deck)
        return card_image(self.scenario, placed, FACE_DPI, self.scenario_dir)[0]


def _data_image(image: QImage) -> str:
    """An image inside rich text: tooltips load no files."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return f"<img src='data:image/png;base64,{bytes(data.toBase64()).decode()}'>"


class CardTipFilter(QObject):
    """Shows the cards a row names when the mouse rests on it, in a list or a tree, under the
    row's own tooltip: only on that hover are the faces drawn (a list of fifty moves costs
    nothing until someone points at one)."""

    def __init__(self, view: QAbstractItemView, tips: Callable[[], CardTips | None], column: int = 0) -> None:
        super().__init__(view)
        self.view, self.tips, self.column = view, tips, column
        view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.ToolTip or not isinstance(event, QHelpEvent):
            return super().eventFilter(watched, event)  # first: the view may be going away
        tips = self.tips()
        if tips is None:
            return super().eventFilter(watched, event)
        index = self.view.indexAt(event.pos())
        tip = tips.tip(str(index.siblingAtColumn(self.column).data() or "")) if index.isValid() else ""
        if not tip:
            return super().eventFilter(watched, event)
        own = index.data(Qt.ItemDataRole.ToolTipRole)
        QToolTip.showText(event.globalPos(), (f"{own}<br>" if own else "") + tip, self.view.viewport())
        return True


class BoardCardTips(QObject):
    """Hovering a space on the board whose markers name a card (a wonder, a great person)
    shows the card under the space's own tooltip."""

    def __init__(self, view: QGraphicsView, tips: Callable[[], CardTips | None]) -> None:
        super().__init__(view)
        self.view, self.tips = view, tips
        view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.ToolTip or not isinstance(event, QHelpEvent):
            return super().eventFilter(watched, event)  # first: the view may be going away
        tips, board = self.tips(), self.view.scene()
        if tips is None or not hasattr(board, "tooltip"):
            return super().eventFilter(watched, event)
        space = board.space_at(QPointF(self.view.mapToScene(event.pos()))) or ""
        own = board.tooltip(space) if space else ""
        tip = tips.tip(QTextDocumentFragment.fromHtml(own).toPlainText()) if own else ""
        if not tip:
            return super().eventFilter(watched, event)
        QToolTip.showText(event.globalPos(), f"{own}<hr>{tip}", self.view.viewport())
        return True
