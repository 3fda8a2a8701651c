"""The history tree: every step of the playtest, grouped by turn, with branches, bookmarks and notes.

A line of play reads top to bottom as turns; a turn is a run of choices by one seat, as
``epoch simulate --max-turns`` counts them, and chance steps belong to the turn they fall in.
Past turns fold away so a long game stays a short list; the current step's turn is open.
A step's later alternatives (played after an undo) hang under it as numbered branches, each
again a line of turns. Clicking a step goes there. Items are added as steps are played
rather than rebuilt, so a long playtest stays quick to extend.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QMenu,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.play.session import Step
from studio.icons import icon
from studio.plain import tooltip
from studio.playtest.controller import PlaytestController

STEP_ROLE = Qt.ItemDataRole.UserRole
SEAT_ROLE = Qt.ItemDataRole.UserRole + 1  # on a turn: the seat choosing in it (None: only chance yet)
NUMBER_ROLE = Qt.ItemDataRole.UserRole + 2  # on a turn: its number along its line
CURRENT = QBrush(QColor(245, 183, 0, 90))


class HistoryPanel(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller: PlaytestController | None = None
        self._items: list[QTreeWidgetItem] = []  # by step id
        self._turns: list[QTreeWidgetItem | None] = []  # by step id: the turn holding it (None: the start)
        self._current: int | None = None
        self.bookmarks = QComboBox()
        self.bookmarks.setToolTip("Go to a bookmarked step")
        self.bookmarks.activated.connect(self._go_to_bookmark)
        add_bookmark = QPushButton("Bookmark…")
        add_bookmark.setToolTip("Name the current step to come back to it")
        add_bookmark.clicked.connect(lambda: self.ask_bookmark(self._current_step()))
        edit_note = QPushButton("Note…")
        edit_note.setToolTip("Write a note on the current step")
        edit_note.clicked.connect(lambda: self.ask_note(self._current_step()))
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Step", "Bookmarks and notes"])
        self.tree.header().setStretchLastSection(False)
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tree.header().setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)
        self.tree.header().resizeSection(1, 80)  # a narrow dock column: the steps need the room; notes have tooltips
        self.tree.setUniformRowHeights(True)
        self.tree.setIndentation(14)
        self.tree.itemClicked.connect(self._clicked)
        self.tree.itemActivated.connect(self._clicked)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._menu)
        row = QHBoxLayout()
        row.addWidget(self.bookmarks, 1)
        row.addWidget(add_bookmark)
        row.addWidget(edit_note)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.tree, 1)

    def set_controller(self, controller: PlaytestController | None) -> None:
        self.controller = controller
        if controller is not None:
            controller.changed.connect(self.sync)
            controller.viewer_changed.connect(self.rebuild)
            controller.annotated.connect(self._annotations)
            self.rebuild()

    # -- building --------------------------------------------------------------------------

    def rebuild(self) -> None:
        self.tree.clear()
        self._items = []
        self._turns = []
        self._current = None
        self.sync()
        self._annotations()

    def sync(self) -> None:
        """Add the steps played since the last call and mark the current one."""
        controller = self.controller
        if controller is None:
            return
        steps = controller.session.steps
        for step in steps[len(self._items):]:
            self._add(step)
        current = controller.session.current
        if current != self._current:
            if self._current is not None and self._current < len(self._items):
                self._style(self._items[self._current], False)
            self._current = current
            item = self._items[current]
            self._style(item, True)
            self._reveal(item)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._current is not None and self._current < len(self._items):
            self._reveal(self._items[self._current])

    def _reveal(self, item: QTreeWidgetItem) -> None:
        """Open the turns and branches above ``item`` and scroll to it."""
        above = item.parent()
        while above is not None:
            above.setExpanded(True)
            above = above.parent()
        self.tree.scrollToItem(item)

    def _add(self, step: Step) -> None:
        controller = self.controller
        assert controller is not None
        item = QTreeWidgetItem([self._label(step)])
        item.setData(0, STEP_ROLE, step.id)
        turn = None
        if step.parent is None:
            self.tree.addTopLevelItem(item)
        else:
            parent = controller.session.steps[step.parent]
            before = self._turns[step.parent]
            if parent.children[0] == step.id:
                # The first continuation goes on the parent's line, right after it (the parent
                # was the line's last step when it was played).
                turn = self._turn_for(step, before, before.parent() if before else None)
            else:
                branch = QTreeWidgetItem([f"branch {len(parent.children)} from step {parent.depth}"])
                branch.setIcon(0, icon("branch"))  # a drawn mark: a glyph would need a font that has it
                branch.setData(0, STEP_ROLE, step.id)
                branch.setForeground(0, QBrush(QColor("#7a5a20")))
                self._items[step.parent].addChild(branch)
                branch.setExpanded(True)
                turn = self._new_turn(step, branch, before)
            turn.addChild(item)
        self._items.append(item)
        self._turns.append(turn)

    def _turn_for(self, step: Step, last: QTreeWidgetItem | None,
                  container: QTreeWidgetItem | None) -> QTreeWidgetItem:
        """The turn ``step`` belongs to: the line's last one, unless another seat chooses now."""
        if last is not None:
            seat = last.data(0, SEAT_ROLE)
            if step.seat is None or seat is None or step.seat == seat:
                if seat is None and step.seat is not None:
                    self._name_turn(last, step.seat)
                return last
            last.setExpanded(False)  # a finished turn folds away
        return self._new_turn(step, container, last)

    def _new_turn(self, step: Step, container: QTreeWidgetItem | None,
                  before: QTreeWidgetItem | None) -> QTreeWidgetItem:
        turn = QTreeWidgetItem()
        number = 1
        if before is not None:  # a branch may go on with the same seat's turn
            seat = before.data(0, SEAT_ROLE)
            same = step.seat is None or seat is None or step.seat == seat
            number = before.data(0, NUMBER_ROLE) + (0 if same and container is not before.parent() else 1)
        turn.setData(0, NUMBER_ROLE, number)
        turn.setForeground(0, QBrush(QColor("#3d4f6b")))
        if container is None:
            self.tree.addTopLevelItem(turn)
        else:
            container.addChild(turn)
        self._name_turn(turn, step.seat)
        turn.setExpanded(True)
        return turn

    def _name_turn(self, turn: QTreeWidgetItem, seat: int | None) -> None:
        assert self.controller is not None
        turn.setData(0, SEAT_ROLE, seat)
        who = self.controller.session.seats[seat].name if seat is not None else "chance"
        turn.setText(0, f"Turn {turn.data(0, NUMBER_ROLE)} · {who}")

    def _label(self, step: Step) -> str:
        assert self.controller is not None
        return f"{step.depth:>4}  {self.controller.describe(step)}"

    def _style(self, item: QTreeWidgetItem, current: bool) -> None:
        font = QFont(item.font(0))
        font.setBold(current)
        for column in range(2):
            item.setFont(column, font)
            item.setBackground(column, CURRENT if current else QBrush())

    def _annotations(self) -> None:
        controller = self.controller
        if controller is None:
            return
        marks: dict[int, list[str]] = {}
        for name, step_id in sorted(controller.session.bookmarks.items()):
            marks.setdefault(step_id, []).append(f"★ {name}")
        for step in controller.session.steps:
            text = "  ".join(marks.get(step.id, []) + ([f"✎ {step.note}"] if step.note else []))
            item = self._items[step.id]
            if item.text(1) != text:
                item.setText(1, text)
                item.setToolTip(1, tooltip(text))
        self.bookmarks.clear()
        self.bookmarks.addItem(f"Bookmarks ({len(controller.session.bookmarks)})", None)
        for name, step_id in sorted(controller.session.bookmarks.items()):
            self.bookmarks.addItem(f"★ {name} — step {controller.session.steps[step_id].depth}", step_id)

    # -- acting ------------------------------------------------------------------------------

    def _current_step(self) -> int:
        return self.controller.session.current if self.controller else 0

    def _clicked(self, item: QTreeWidgetItem) -> None:
        step_id = item.data(0, STEP_ROLE)
        if self.controller is not None and step_id is not None:
            self.controller.goto(step_id)

    def _go_to_bookmark(self, index: int) -> None:
        step_id = self.bookmarks.itemData(index)
        if self.controller is not None and step_id is not None:
            self.controller.goto(step_id)
        self.bookmarks.setCurrentIndex(0)

    def item_of(self, step_id: int) -> QTreeWidgetItem:
        return self._items[step_id]

    def ask_text(self, title: str, label: str, text: str, multiline: bool) -> str | None:
        """Ask the designer for a line or a note; None when cancelled (tests replace this)."""
        if multiline:
            answer, ok = QInputDialog.getMultiLineText(self, title, label, text)
        else:
            answer, ok = QInputDialog.getText(self, title, label, text=text)
        return answer if ok else None

    def ask_bookmark(self, step_id: int) -> None:
        if self.controller is None:
            return
        depth = self.controller.session.steps[step_id].depth
        name = self.ask_text("Bookmark", f"Name for step {depth}:", f"step {depth}", multiline=False)
        if name and name.strip():
            self.controller.bookmark(name.strip(), step_id)

    def ask_note(self, step_id: int) -> None:
        if self.controller is None:
            return
        step = self.controller.session.steps[step_id]
        note = self.ask_text("Note", f"Note on step {step.depth}:", step.note, multiline=True)
        if note is not None:
            self.controller.set_note(step_id, note.strip())

    def _menu(self, point: QPoint) -> None:
        item = self.tree.itemAt(point)
        step_id = item.data(0, STEP_ROLE) if item is not None else None
        if step_id is None or self.controller is None:  # a turn's heading names no one step
            return
        menu = QMenu(self)
        menu.addAction("Go to This Step", lambda: self.controller and self.controller.goto(step_id))
        menu.addAction("Bookmark…", lambda: self.ask_bookmark(step_id))
        menu.addAction("Edit Note…", lambda: self.ask_note(step_id))
        for name, marked in sorted(self.controller.session.bookmarks.items()):
            if marked == step_id:
                menu.addAction(f"Remove Bookmark “{name}”",
                               lambda name=name: self.controller and self.controller.remove_bookmark(name))
        menu.exec(self.tree.viewport().mapToGlobal(point))
