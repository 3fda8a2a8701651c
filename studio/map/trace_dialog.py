"""Trace: spaces proposed from the background image, each accepted or discarded.

The picture shows in the dialog; dragging on it picks the part to trace (or all of it). The
mode (areas split by colour and lines, or by dark lines only), the colour tolerance or the
line threshold, the line width the areas grow over, the smallest area and the simplification
are set beside it; Trace shows the proposals over the picture and lists them, each ticked,
with its colour group. The trace runs on a thread of its own, so the dialog stays live and
shows its progress; Stop Tracing, or closing the dialog, ends it at its next step. Add
Ticked puts the ticked ones on the board as new spaces (and, if asked, a region per colour
group holding them), one undo step, which the designer then edits like any other.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPen, QPixmap, QPolygonF, QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGraphicsPixmapItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from engine.scenario.model import Region, Space
from engine.scenario.tracing import (
    COLOUR,
    LINES,
    Cancelled,
    Proposal,
    TraceSettings,
    read_image,
    trace,
)
from studio.document import ScenarioDocument
from studio.map.regions import swatch


class _Picture(QGraphicsView):
    """The background, where a drag picks the part to trace."""

    def __init__(self, pixmap: QPixmap) -> None:
        super().__init__()
        self.setScene(QGraphicsScene(self))
        self.scene().addItem(QGraphicsPixmapItem(pixmap))
        self.bounds = QRectF(pixmap.rect())
        self.part = QGraphicsRectItem()
        self.part.setPen(QPen(QColor("#d81b60"), 0, Qt.PenStyle.DashLine))
        self.part.setZValue(10)
        self.scene().addItem(self.part)
        self.outlines: list = []
        self._start: QPointF | None = None

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fitInView(self.bounds, Qt.AspectRatioMode.KeepAspectRatio)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._start = self.mapToScene(event.position().toPoint())
        self.part.setRect(QRectF())

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._start is not None:
            end = self.mapToScene(event.position().toPoint())
            self.part.setRect(QRectF(self._start, end).normalized().intersected(self.bounds))

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._start = None

    def chosen(self) -> tuple[int, int, int, int] | None:
        rect = self.part.rect().toAlignedRect()
        return (rect.x(), rect.y(), rect.width(), rect.height()) if rect.width() > 2 and rect.height() > 2 else None

    def show_proposals(self, outlines: list[tuple[QPolygonF, QColor]]) -> None:
        for item in self.outlines:
            self.scene().removeItem(item)
        self.outlines = []
        for polygon, colour in outlines:
            item = self.scene().addPolygon(polygon, QPen(QColor("#d81b60"), 0), colour)
            item.setZValue(5)
            self.outlines.append(item)


class _Relay(QObject):
    """Lives on the UI thread; the trace's thread emits through it, so the slots run on the UI thread."""

    progressed = Signal(float)  # the fraction done
    finished = Signal(object, object)  # the proposals, or None; the error raised, or None


class TraceDialog(QDialog):
    def __init__(self, document: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Trace the Background")
        self.document = document
        board = document.scenario.board
        self.path = document.base_dir / board.background
        self.pixels = read_image(self.path)  # ScenarioError when it cannot be read
        pixmap = QPixmap(str(self.path))
        self.scale = min(board.width / pixmap.width(), board.height / pixmap.height())
        self.picture = _Picture(pixmap)
        self.mode = QComboBox()
        self.mode.addItem("Colours and lines", COLOUR)
        self.mode.addItem("Dark lines only", LINES)
        self.mode.setToolTip("Colours and lines: areas of one colour, split where the colour changes or a line "
                             "runs. Dark lines only: areas between lines darker than the threshold, for a pale, "
                             "unevenly printed scan")
        self.mode.currentIndexChanged.connect(self._mode_changed)
        self.tolerance = QDoubleSpinBox()
        self.tolerance.setRange(0.5, 100.0)
        self.tolerance.setToolTip("How far apart (in CIELAB, 2.3 is just visible) two neighbouring pixels' colours "
                                  "may be and still be one area")
        self.threshold = QDoubleSpinBox()
        self.threshold.setRange(0.0, 1.0)
        self.threshold.setSingleStep(0.05)
        self.threshold.setToolTip("Pixels darker than this grey (0 black, 1 white) are drawn lines")
        self.line_width = QSpinBox()
        self.line_width.setRange(0, 50)
        self.line_width.setSuffix(" px")
        self.line_width.setToolTip("How far each area grows over the lines to meet its neighbours")
        self.min_area = QSpinBox()
        self.min_area.setRange(1, 10**7)
        self.min_area.setSuffix(" px²")
        self.min_area.setToolTip("Smaller areas are specks (letters, symbols), not spaces")
        self.simplify = QDoubleSpinBox()
        self.simplify.setRange(0.0, 50.0)
        self.simplify.setSuffix(" px")
        self.simplify.setToolTip("How far an outline may move to lose corners; neighbours keep a common border")
        defaults = TraceSettings()
        self.tolerance.setValue(defaults.tolerance)
        self.threshold.setValue(defaults.threshold)
        self.line_width.setValue(defaults.line_width)
        self.min_area.setValue(defaults.min_area)
        self.simplify.setValue(defaults.simplify)
        whole = QPushButton("Whole Image")
        whole.clicked.connect(lambda: self.picture.part.setRect(QRectF()))
        self.run_button = QPushButton("Trace")
        self.run_button.setDefault(True)
        self.run_button.clicked.connect(self.run)
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.cancel_button = QPushButton("Stop Tracing")
        self.cancel_button.clicked.connect(self.cancel)
        self.list = QListWidget()
        self.list.setObjectName("proposals")
        self.summary = QLabel("Drag on the picture to trace a part of it, or trace the whole image.")
        self.summary.setWordWrap(True)
        form = QFormLayout()
        form.addRow("Separate by", self.mode)
        form.addRow("Colour tolerance", self.tolerance)
        form.addRow("Line threshold", self.threshold)
        form.addRow("Line width", self.line_width)
        form.addRow("Smallest area", self.min_area)
        form.addRow("Simplify", self.simplify)
        side = QVBoxLayout()
        self.regions = QCheckBox("A region per colour")
        self.regions.setToolTip("Add Ticked also makes a region for each group of alike colours and puts "
                                "its spaces in it")
        side.addLayout(form)
        side.addWidget(self.regions)
        side.addWidget(whole)
        side.addWidget(self.run_button)
        side.addWidget(self.progress)
        side.addWidget(self.cancel_button)
        side.addWidget(self.list, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Add Ticked")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        top = QHBoxLayout()
        top.addWidget(self.picture, 3)
        top.addLayout(side, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top, 1)
        layout.addWidget(self.summary)
        layout.addWidget(buttons)
        self.proposals: list[Proposal] = []
        self._relay = _Relay(self)  # deleted with the dialog: a late trace's emit then fails, and is dropped
        self._relay.progressed.connect(self._progressed)
        self._relay.finished.connect(self._finished)
        self._stop = threading.Event()
        self._running = False
        self._show_running(False)
        self._mode_changed()
        self.resize(980, 640)

    def _mode_changed(self) -> None:
        colour = self.mode.currentData() == COLOUR
        self.tolerance.setEnabled(colour)
        self.threshold.setEnabled(not colour)

    def settings(self) -> TraceSettings:
        return TraceSettings(self.threshold.value(), self.line_width.value(), self.min_area.value(),
                             self.simplify.value(), self.mode.currentData(), self.tolerance.value())

    def run(self) -> None:
        """Trace on a worker thread with the settings and part as they are now; the dialog stays
        live, shows the progress, and Stop Tracing (or closing it) ends the trace early."""
        if self._running:
            return
        self._running, self._stop = True, threading.Event()  # an event of its own: a stale trace stays stopped
        pixels, settings, part, scale = self.pixels, self.settings(), self.picture.chosen(), self.scale
        stop, relay = self._stop, self._relay

        def report(done: float) -> bool:
            try:
                relay.progressed.emit(done)
            except RuntimeError:  # the dialog is gone
                return False
            return not stop.is_set()

        def work() -> None:
            try:
                outcome = (trace(pixels, settings, part, scale, report), None)
            except Exception as error:  # noqa: BLE001  (handed to the UI thread, which says or raises it)
                outcome = (None, error)
            try:
                relay.finished.emit(*outcome)
            except RuntimeError:  # the dialog is gone
                pass

        self._show_running(True)
        self.summary.setText("Tracing…")
        threading.Thread(target=work, name="trace", daemon=True).start()

    def cancel(self) -> None:
        if self._running:
            self._stop.set()
            self.summary.setText("Stopping…")

    def tracing(self) -> bool:
        """Whether a trace runs (tests wait on it)."""
        return self._running

    def done(self, result: int) -> None:
        """Closing the dialog, however, stops a running trace."""
        self._stop.set()
        super().done(result)

    def _show_running(self, running: bool) -> None:
        self.run_button.setEnabled(not running)
        self.progress.setVisible(running)
        self.cancel_button.setVisible(running)
        self.progress.setValue(0)

    def _progressed(self, done: float) -> None:
        self.progress.setValue(round(done * 100))

    def _finished(self, proposals: list[Proposal] | None, error: Exception | None) -> None:
        self._running = False
        self._show_running(False)
        if isinstance(error, Cancelled):
            self.summary.setText("Tracing stopped; the proposals listed are from before." if self.proposals
                                 else "Tracing stopped.")
            return
        if isinstance(error, MemoryError):
            self.summary.setText("Not enough memory to trace this picture: pick a part of it, or scale it down.")
            return
        if error is not None:
            raise error
        self.proposals = proposals
        self.list.clear()
        shown = []
        for number, proposal in enumerate(self.proposals, 1):
            item = QListWidgetItem(swatch(proposal.colour),
                                   f"Area {number}: colour {proposal.group}, {len(proposal.polygon)} corners")
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            self.list.addItem(item)
            fill = QColor(proposal.colour)
            fill.setAlpha(110)
            shown.append((QPolygonF([QPointF(x / self.scale, y / self.scale) for x, y in proposal.polygon]), fill))
        self.picture.show_proposals(shown)
        self.summary.setText(f"{len(self.proposals)} areas proposed; untick those that are no space "
                             "(the sea around, a title box), then Add Ticked." if self.proposals else
                             "No areas found: lower the tolerance, the threshold or the smallest area, or pick "
                             "another part.")

    def ticked(self) -> list[Proposal]:
        return [proposal for index, proposal in enumerate(self.proposals)
                if self.list.item(index).checkState() == Qt.CheckState.Checked]

    def apply(self) -> int:
        """Add the ticked proposals as spaces (and, when asked, a region per colour group), one
        undo step; how many spaces were added."""
        chosen = self.ticked()
        if not chosen:
            return 0
        board = self.document.scenario.board
        taken = {space.id for space in board.spaces}
        regions = {region.id for region in board.regions}
        made: dict[int, str] = {}  # colour group -> the region made for it
        with self.document.group(f"Trace {len(chosen)} spaces"):
            for proposal in chosen:
                region = None
                if self.regions.isChecked():
                    if proposal.group not in made:
                        made[proposal.group] = _free("colour", regions)
                        self.document.add("board.regions", Region(made[proposal.group],
                                                                  made[proposal.group].replace("colour-", "Colour "),
                                                                  proposal.colour))
                    region = made[proposal.group]
                space_id = _free("traced", taken)
                self.document.add("board.spaces", Space(space_id, space_id.replace("traced-", "Traced "),
                                                        region=region, polygon=list(proposal.polygon)))
        return len(chosen)


def _free(stem: str, taken: set[str]) -> str:
    """``stem-N`` for the lowest N from 1 that no id in ``taken`` has; it is taken."""
    number = 1
    while f"{stem}-{number}" in taken:
        number += 1
    taken.add(f"{stem}-{number}")
    return f"{stem}-{number}"


def trace_background(document: ScenarioDocument, parent: QWidget | None = None) -> str:
    """Show the dialog over the document's background; what happened, for the status bar.
    ScenarioError, before any dialog, when the background cannot be read (or is too large)."""
    dialog = TraceDialog(document, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return ""
    return f"{dialog.apply()} traced spaces added"
