"""The Cards dock (issue 28): the cards the viewing seat holds and the cards on the table (a
market, a face-up deck, a battle's fronts), each with its face; the designer sees every hand.

A hand shows "Leader, Weaponry" in Seats; here each is a small face, and resting the mouse
on one shows it full size with its text. Entries that name no card (a region tile's values,
a battle front) are listed as written.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont, QPixmap
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from engine.core.picture import Picture
from studio.playtest.card_tips import CardTips
from studio.playtest.controller import PlaytestController

THUMB = QSize(44, 62)  # a face's icon: big enough to tell cards apart, a line of text beside it


class CardsPanel(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller: PlaytestController | None = None
        self.card_tips: CardTips | None = None
        self._thumbs: dict[str, QPixmap] = {}
        self.list = QListWidget()
        self.list.setIconSize(THUMB)
        self.list.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.list)

    def set_controller(self, controller: PlaytestController | None) -> None:
        self.controller = controller
        self._thumbs = {}
        self.list.clear()
        if controller is not None:
            controller.changed.connect(self.refresh)
            controller.viewer_changed.connect(self.refresh)
            self.refresh()

    def refresh(self) -> None:
        controller = self.controller
        if controller is None:
            return
        self.list.clear()
        for title, cards in groups(controller.picture(), controller.viewer, controller.seat_name):
            self._header(title)
            for card in cards:
                self._card(card)
            if not cards:
                self._header("none", muted=True)

    def _header(self, text: str, muted: bool = False) -> None:
        item = QListWidgetItem(text)
        item.setFlags(Qt.ItemFlag.NoItemFlags)
        font = QFont(self.list.font())
        font.setBold(not muted)
        font.setItalic(muted)
        item.setFont(font)
        self.list.addItem(item)

    def _card(self, text: str) -> None:
        item = QListWidgetItem(text)
        tips = self.card_tips
        names = tips.names_in(text) if tips else []
        if tips and names:
            if names[0] not in self._thumbs:
                self._thumbs[names[0]] = QPixmap.fromImage(tips.face(names[0])).scaled(
                    THUMB, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation)
            item.setIcon(self._thumbs[names[0]])
            item.setToolTip(tips.tip(text))
        self.list.addItem(item)

    def texts(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]


def groups(picture: Picture, viewer: int | None, seat_name) -> list[tuple[str, tuple[str, ...]]]:
    """(heading, cards): the viewer's hand (every seat's for the designer), then each card
    area with cards face up."""
    found = []
    for panel in picture.panels:
        if panel.hand is not None and (viewer is None or panel.seat == viewer):
            found.append((f"{seat_name(panel.seat)}'s hand", panel.hand))
    found += [(area.name[:1].upper() + area.name[1:], area.cards) for area in picture.areas if area.cards]
    return found
