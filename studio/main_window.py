"""The main window: opens a scenario and shows its board. Playtesting and editing come next."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QPainter
from PySide6.QtWidgets import (
    QFileDialog,
    QGraphicsView,
    QLabel,
    QMainWindow,
    QMessageBox,
)

from engine.core.ruleset import get_ruleset
from engine.scenario.io import load_scenario
from engine.scenario.model import Scenario
from engine.scenario.problems import ScenarioError
from studio.board_scene import board_scene


class BoardView(QGraphicsView):
    """Wheel zooms around the cursor, dragging pans."""

    def __init__(self) -> None:
        super().__init__()
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)

    def wheelEvent(self, event) -> None:
        factor = 1.0015 ** event.angleDelta().y()
        self.scale(factor, factor)

    def fit(self) -> None:
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)


class MainWindow(QMainWindow):
    def __init__(self) -> None:
        super().__init__()
        self.scenario: Scenario | None = None
        self.path: Path | None = None
        self.view = BoardView()
        self.placeholder = QLabel("Open a scenario with File ▸ Open (Ctrl+O).")
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setCentralWidget(self.placeholder)
        self.resize(1280, 800)
        self._menus()
        self._title()

    def _menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        open_action = QAction("&Open…", self, shortcut=QKeySequence.StandardKey.Open)
        open_action.triggered.connect(self._ask_open)
        quit_action = QAction("&Quit", self, shortcut=QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addActions([open_action, quit_action])
        view_menu = self.menuBar().addMenu("&View")
        fit_action = QAction("&Fit to Window", self, shortcut=QKeySequence("Ctrl+0"))
        fit_action.triggered.connect(self.view.fit)
        view_menu.addAction(fit_action)

    def _title(self) -> None:
        name = self.path.name if self.path else "no scenario"
        self.setWindowTitle(f"{name} — Epoch Studio")

    def _ask_open(self) -> None:
        file, _ = QFileDialog.getOpenFileName(self, "Open scenario", "", "Scenarios (*.json)")
        if file:
            self.open(Path(file))

    def open(self, path: Path) -> bool:
        """Open a scenario; a broken file shows its problems and leaves the window as it was."""
        try:
            scenario = load_scenario(path)
        except ScenarioError as error:
            box = QMessageBox(QMessageBox.Icon.Warning, "Cannot open scenario",
                              f"{path.name} has {len(error.problems)} problem(s).", parent=self)
            box.setDetailedText("\n".join(str(problem) for problem in error.problems))
            box.open()
            self.problems_box = box
            return False
        self.scenario, self.path = scenario, path
        self.view.setScene(board_scene(scenario))
        self.setCentralWidget(self.view)
        self.placeholder = None
        self.view.fit()
        ruleset = get_ruleset(scenario.ruleset.id)
        self.statusBar().showMessage(
            f"{scenario.meta.title} · {ruleset.title} · {len(scenario.board.spaces)} spaces · "
            f"{sum(len(d.cards) for d in scenario.decks)} cards · "
            f"{len(scenario.meta.provisional)} provisional values"
        )
        self._title()
        return True

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self.scenario is not None:
            self.view.fit()
