"""Scores and each seat's panel, the cards on the table, the marker legend, and "view as".

Everything comes from the ruleset's Picture for the chosen seat, so switching "view as"
hides a hand that seat may not see just as the ruleset decides; the studio adds nothing.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from engine.core.decision import Choice
from engine.core.picture import CardArea, Picture, SeatPanel
from engine.core.text import plural
from studio.board import style
from studio.board.badges import Badge, badge_font, layout_badges, paint_badge
from studio.board.legend import Legend
from studio.playtest.card_tips import CardTips
from studio.playtest.controller import PlaytestController
from studio.playtest.new_playtest_dialog import controller_label

TO_PLAY = "to play"  # its turn, and its choice
TO_ANSWER = "to choose"  # another seat's turn, but this seat's choice (an answer to an offer)
THEIR_TURN = "their turn"  # its turn, while another seat chooses


def seat_mark(seat: int, turn: int | None, chooser: int | None) -> str:
    """What the Seats dock says beside ``seat``: whose turn it is (the picture's active seat)
    and who must choose now (the decision's seat) are two marks when they differ, so the dock
    and the Decision dock never seem to disagree (Civilization's trade: Blue answers Red's
    offer in Red's turn)."""
    if chooser is None or chooser == turn:
        return TO_PLAY if seat == turn else ""
    if seat == chooser:
        return TO_ANSWER
    return THEIR_TURN if seat == turn else ""


class SeatCard(QFrame):
    """One seat: its colour, name, who plays it, score, and whatever its panel lists."""

    def __init__(self, colour: QColor) -> None:
        super().__init__()
        self.colour = colour
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 8, 6)
        layout.addWidget(self.label)

    def show_panel(self, panel: SeatPanel, who: str, mark: str) -> None:
        """``mark`` says what the seat is doing now (``seat_mark``); a seat that must choose
        is lit."""
        self.setStyleSheet(
            f"SeatCard {{ border-left: 6px solid {self.colour.name()}; "
            f"background: {'rgba(245,183,0,0.16)' if mark in (TO_PLAY, TO_ANSWER) else 'palette(base)'}; }}"
        )
        title = (f"<span style='font-size:large'><b>{html.escape(panel.name)}</b></span>"
                 f" <span style='color:gray'>{html.escape(who)}</span>"
                 f"{f' &nbsp;◀ {mark}' if mark else ''}")
        lines = [title, f"Score <b>{panel.score:g}</b>"]
        lines += [f"{html.escape(name)}: {amount}" for name, amount in panel.resources.items()]
        if panel.hand:
            lines.append("Hand: " + html.escape(", ".join(panel.hand)))
        elif panel.hand is not None:
            lines.append("Hand: empty")
        elif panel.hand_size is not None:
            lines.append(f"Hand: {plural(panel.hand_size, 'card')}, hidden")
        lines += [html.escape(line) for line in panel.lines]
        self.label.setText("<br>".join(lines))


def legend_pixmap(badge: Badge) -> QPixmap:
    """The same badge as on the board, for the legend."""
    font = badge_font()
    rect, _ = layout_badges([badge])[0]
    pixmap = QPixmap(int(rect.width()) + 2, int(rect.height()) + 2)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setFont(font)
    paint_badge(painter, QRectF(0.5, 0.5, rect.width(), rect.height()), badge)
    painter.end()
    return pixmap


class SeatsPanel(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller: PlaytestController | None = None
        self.legend: Legend | None = None
        self.card_tips: CardTips | None = None
        self.view_as = QComboBox()
        self.view_as.setToolTip("Show the game as one seat sees it: hidden hands, draws and choices stay hidden")
        self.view_as.activated.connect(self._view_as)
        self.round = QLabel()
        self.round.setWordWrap(True)
        self.cards: list[SeatCard] = []
        self.seats_box = QVBoxLayout()
        self.table = QLabel()
        self.table.setWordWrap(True)
        self.table.setTextFormat(Qt.TextFormat.RichText)
        self.legend_form = QFormLayout()
        inner = QWidget()
        inner_layout = QVBoxLayout(inner)
        inner_layout.addLayout(self.seats_box)
        inner_layout.addWidget(self.table)
        inner_layout.addLayout(self.legend_form)
        inner_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidget(inner)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        form = QFormLayout()
        form.addRow("View as:", self.view_as)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.round)
        layout.addWidget(scroll, 1)

    def set_controller(self, controller: PlaytestController | None, legend: Legend | None = None) -> None:
        self.controller = controller
        self.legend = legend
        for card in self.cards:  # gone from the panel now, not at the next turn of the event loop
            self.seats_box.removeWidget(card)
            card.hide()
            card.deleteLater()
        self.cards = []
        self.view_as.clear()
        if controller is None:
            return
        self.view_as.addItem("Designer (sees everything)", None)
        for seat_number, seat in enumerate(controller.session.seats):
            self.view_as.addItem(seat.name, seat_number)
            card = SeatCard(style.colour(seat.colour, QColor("#808080")))
            self.cards.append(card)
            self.seats_box.addWidget(card)
        controller.changed.connect(self.refresh)
        controller.viewer_changed.connect(self.refresh)
        self.refresh()

    def _view_as(self, index: int) -> None:
        if self.controller is not None:
            self.controller.set_viewer(self.view_as.itemData(index))

    def refresh(self) -> None:
        controller = self.controller
        if controller is None:
            return
        self.view_as.setCurrentIndex(max(self.view_as.findData(controller.viewer), 0))
        picture = controller.picture()
        header = " · ".join(part for part in (picture.round, f"step {controller.session.step.depth}") if part)
        self.round.setText(f"<b>{html.escape(header)}</b>")
        panels = {panel.seat: panel for panel in picture.panels}
        decision = controller.decision()
        chooser = decision.seat if isinstance(decision, Choice) else None
        for seat_number, card in enumerate(self.cards):
            panel = panels.get(seat_number)
            card.setVisible(panel is not None)
            if panel is not None:
                who = controller_label(controller.session.controllers[seat_number])
                card.show_panel(panel, who, seat_mark(seat_number, picture.active_seat, chooser))
                card.label.setToolTip(self._tip(panel.hand or ()))
        self.table.setText(_areas(picture))
        self.table.setToolTip(self._tip([card for area in picture.areas for card in area.cards]))
        self._legend(picture)

    def _tip(self, cards) -> str:
        """The faces of the cards named, for hovering a hand or the table."""
        return self.card_tips.tip("; ".join(cards)) if self.card_tips and cards else ""

    def _legend(self, picture: Picture) -> None:
        """One row per piece kind drawn so far, so a badge's letters can be looked up."""
        while self.legend_form.rowCount():
            self.legend_form.removeRow(0)
        if self.legend is None:
            return
        kinds = {piece.kind for piece in picture.pieces}
        entries = [(short, kind) for short, kind in self.legend.entries() if kind in kinds]
        if entries:
            self.legend_form.addRow(QLabel("<b>Markers</b>"))
        for short, kind in entries:
            icon = QLabel()
            icon.setPixmap(legend_pixmap(Badge(short, style.NEUTRAL_PIECE, style.NAME)))
            self.legend_form.addRow(icon, QLabel(kind))


def _areas(picture: Picture) -> str:
    if not picture.areas:
        return ""
    return "<b>On the table</b><br>" + "<br>".join(_area(area) for area in picture.areas)


def _area(area: CardArea) -> str:
    parts = list(area.cards)
    if area.hidden:
        parts.append(f"{area.hidden} face down")
    shown = html.escape(", ".join(parts)) if parts else "none"
    return f"<i>{html.escape(area.name)}</i>: {shown}"
