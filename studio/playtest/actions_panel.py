"""The current decision: whose turn, what is asked, and every legal action or chance outcome.

An action is taken by double-clicking it (or Enter, or the Play button); one that targets
board spaces can also be taken by clicking the space, and pointing at it in the list lights
those spaces up. A chance step lists its outcomes with their odds: the generator rolls, or
the designer forces one. What the "view as" seat may not read is not listed.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, QObject, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QIcon, QKeyEvent, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from engine.core.decision import Chance, Choice, End
from engine.core.moves import Action, Outcome
from studio.board.style import TARGET_OUTLINE, colour
from studio.plain import plain_label, tooltip
from studio.playtest.card_tips import CardTipFilter, CardTips
from studio.playtest.controller import PlaytestController


def target_mark() -> QPixmap:
    """The ring that marks clickable spaces on the board, beside actions that can be clicked."""
    pixmap = QPixmap(14, 14)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(TARGET_OUTLINE, 2.4))
    painter.drawEllipse(QRectF(2, 2, 10, 10))
    painter.end()
    return pixmap


MIN_ROWS = 10  # the move list never shrinks below this many lines (issue 28)
LAST_LINES = 4  # log lines under "Last step"; the rest are in the Log


def odds(chance: Chance, index: int) -> float:
    """The chance of one outcome, from the weights (all equal when there are none)."""
    if chance.weights is None:
        return 1 / len(chance.outcomes)
    return chance.weights[index] / sum(chance.weights)


class ActionsPanel(QWidget):
    focus_spaces = Signal(list)  # the spaces of the action pointed at, [] when none

    def __init__(self, space_name: dict[str, str] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller: PlaytestController | None = None
        self.space_name = space_name or {}
        self._moves: list[Action | Outcome] = []
        self._target_icon = QIcon(target_mark())
        self.swatch = QLabel()
        self.title = plain_label()
        title_font = QFont(self.title.font())
        title_font.setPointSizeF(title_font.pointSizeF() * 1.25)
        title_font.setBold(True)
        self.title.setFont(title_font)
        self.status = plain_label()
        self.status.setWordWrap(True)
        self.status.setStyleSheet("color: palette(dark);")
        self.prompt = plain_label()
        self.prompt.setWordWrap(True)
        self.list = QListWidget()
        self.list.setMouseTracking(True)
        self.list.setAlternatingRowColors(True)
        self.list.itemEntered.connect(self._point_at)
        self.list.currentItemChanged.connect(lambda item, _: self._point_at(item))
        self.list.itemActivated.connect(lambda _: self.take_selected())
        self.list.installEventFilter(self)
        self.card_tips: CardTips | None = None  # the scenario's cards, shown on hovering a move naming one
        row = self.list.fontMetrics().height() + 6
        self.list.setMinimumHeight(MIN_ROWS * row + 2 * self.list.frameWidth())
        self.hidden = plain_label()
        self.hidden.setWordWrap(True)
        self.hidden.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.take = QPushButton("Play")
        self.take.setDefault(True)
        self.take.clicked.connect(self.take_selected)
        self.take.installEventFilter(self)
        self.roll = QPushButton("Roll")
        self.roll.setToolTip("Let the seeded generator decide (F9)")
        self.roll.clicked.connect(lambda: self.controller and self.controller.roll())
        self.roll_again = QPushButton("Roll Again")
        self.roll_again.setToolTip("Draw afresh: what if it came out otherwise? (Shift+F9)")
        self.roll_again.clicked.connect(lambda: self.controller and self.controller.roll(True))
        self.last = QLabel()
        self.last.setWordWrap(True)
        self.last.setTextFormat(Qt.TextFormat.RichText)

        head = QHBoxLayout()
        head.addWidget(self.swatch)
        head.addWidget(self.title, 1)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.roll)
        buttons.addWidget(self.roll_again)
        buttons.addWidget(self.take)
        layout = QVBoxLayout(self)
        layout.addLayout(head)
        layout.addWidget(self.status)
        layout.addWidget(self.prompt)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.hidden, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.last)
        CardTipFilter(self.list, lambda: self.card_tips)  # once the list's own filter can answer

    def set_controller(self, controller: PlaytestController | None) -> None:
        self.controller = controller
        if controller is not None:
            controller.changed.connect(self.refresh)
            controller.viewer_changed.connect(self.refresh)
            self.refresh()

    def _swatch(self, seat: int | None) -> QPixmap:
        pixmap = QPixmap(16, 16)
        seats = self.controller.session.seats if self.controller else []
        fill = colour(seats[seat].colour, QColor("#808080")) if seat is not None and seat < len(seats) else QColor("#ffffff")
        pixmap.fill(fill if seat is not None else QColor(0, 0, 0, 0))
        return pixmap

    def refresh(self) -> None:
        controller = self.controller
        if controller is None:
            return
        decision = controller.decision()
        picture = controller.picture()
        self.status.setText(picture.status)
        self.list.clear()
        self._moves = []
        self.hidden.hide()
        self.list.show()
        self.roll.setVisible(isinstance(decision, Chance))
        self.roll_again.setVisible(isinstance(decision, Chance))
        self.swatch.setPixmap(self._swatch(decision.seat if isinstance(decision, Choice) else None))
        if isinstance(decision, Choice):
            who = controller.seat_name(decision.seat)
            role = "" if controller.is_person(decision.seat) else " (bot)"
            self.title.setText(f"{who}{role} to choose")
            self.prompt.setText(decision.prompt)
            self.take.setText("Play")
            if controller.sees_choice(decision):
                for action in decision.actions:
                    self._add(action, str(action))
            else:
                self._hide(f"{who} is choosing among {len(decision.actions)} actions, which "
                           f"{controller.seat_name(controller.viewer)} may not see.\n\nStep lets the bot choose.")
        elif isinstance(decision, Chance):
            self.title.setText("Chance")
            self.prompt.setText(decision.prompt)
            self.take.setText("Force Outcome")
            if decision.visible_to(controller.viewer):
                for index, outcome in enumerate(decision.outcomes):
                    self._add(outcome, self._outcome_text(decision, index))
            else:
                self._hide(f"{len(decision.outcomes)} possible outcomes, which "
                           f"{controller.seat_name(controller.viewer)} may not see.\n\nRoll lets chance decide.")
        elif isinstance(decision, End):
            self.title.setText("The game is over")
            self.prompt.setText("")
            self._hide(self._ranking(decision), muted=False)
        self.status.setVisible(bool(picture.status) and picture.status.lower() != self.title.text().lower())
        self.take.setVisible(not isinstance(decision, End) and self.hidden.isHidden())
        if self.list.count():
            self.list.blockSignals(True)  # a fresh list points at nothing on the board yet
            self.list.setCurrentRow(0)
            self.list.blockSignals(False)
        self.focus_spaces.emit([])
        self.take.setEnabled(self.list.count() > 0)
        self._show_last()

    def _hide(self, text: str, muted: bool = True) -> None:
        """Show ``text`` in place of the list: why nothing is listed, or the final scores."""
        self.hidden.setText(text)
        self.hidden.setStyleSheet(f"padding: 16px; {'color: palette(dark);' if muted else 'font-size: large;'}")
        self.list.hide()
        self.hidden.show()

    def _add(self, move: Action | Outcome, text: str) -> None:
        item = QListWidgetItem(text)
        item.setData(Qt.ItemDataRole.UserRole, len(self._moves))
        if isinstance(move, Action) and move.spaces:
            names = ", ".join(self.space_name.get(space, space) for space in move.spaces)
            item.setToolTip(tooltip(f"Also by clicking {names} on the board"))
            item.setIcon(self._target_icon)
        self._moves.append(move)
        self.list.addItem(item)

    def _outcome_text(self, chance: Chance, index: int) -> str:
        outcome = chance.outcomes[index]
        text = str(outcome)
        # The designer may force a particular card, whose label alone may be "a face-down card".
        same = sum(str(other) == text for other in chance.outcomes) > 1
        if same and self.controller is not None and self.controller.viewer is None:
            text += f"  [{outcome.value}]"
        return f"{text}   {odds(chance, index):.0%}"

    def _ranking(self, end: End) -> str:
        controller = self.controller
        assert controller is not None
        lines = [f"{place}. {controller.seat_name(seat)} — {end.scores[seat]:g}"
                 for place, seat in enumerate(end.ranking, start=1)]
        names = [controller.seat_name(seat) for seat in range(len(end.scores))]
        return "Final scores\n\n" + "\n".join(lines) + f"\n\n{end.verdict(names)}"

    def _show_last(self) -> None:
        controller = self.controller
        assert controller is not None
        step = controller.session.step
        if step.move is None:
            self.last.setText("")
            return
        events = [e.text for e in step.log if e.visible_to(controller.viewer)]
        told = controller.describe(step)
        # A step told by its events (a seat's view of another's move) is not told twice.
        text = "<b>Last step:</b>" + ("" if told == "; ".join(events) else f" {html.escape(told)}")
        if len(events) > LAST_LINES:  # a long step would squeeze the move list: the Log has it all
            events = [*events[:LAST_LINES - 1], f"… and {len(events) - LAST_LINES + 1} more lines in the Log"]
        if events:
            text += "<br><span style='color:palette(dark)'>" + "<br>".join(html.escape(e) for e in events) + "</span>"
        self.last.setText(text)

    def _point_at(self, item: QListWidgetItem | None) -> None:
        move = self.move_of(item)
        self.focus_spaces.emit(list(move.spaces) if isinstance(move, Action) else [])

    def move_of(self, item: QListWidgetItem | None) -> Action | Outcome | None:
        if item is None:
            return None
        return self._moves[item.data(Qt.ItemDataRole.UserRole)]

    def moves(self) -> list[Action | Outcome]:
        """What the list offers now, in its order."""
        return list(self._moves)

    def take_selected(self) -> None:
        """Play the selected action, or force the selected chance outcome."""
        move = self.move_of(self.list.currentItem())
        if self.controller is None or move is None:
            return
        if isinstance(move, Outcome):
            self.controller.force(move)
        else:
            self.controller.play(move)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Input that would take a move nobody chose is dropped: a held-down Enter or Space
        (auto-repeat would play the first line of every list that follows) and the second click
        of a double-click on Play (it would play the next decision's first line). A double-click
        on the list that began on an earlier list is already refused by Qt: the pressed line is
        gone once the list is rebuilt."""
        kind = event.type()
        if kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) and event.isAutoRepeat():
            return event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)
        if watched is self.take and kind == QEvent.Type.MouseButtonDblClick:
            return True
        return super().eventFilter(watched, event)

    def leaveEvent(self, event: QEvent) -> None:
        self.focus_spaces.emit([])
        super().leaveEvent(event)
