"""What a mode needs of the window it sits in (``Window``), and what the window knows of a
mode (``Mode``), after Tiled's ``Editor`` interface: the window knows its modes only through
``Mode``, and a mode (and its panels) only through ``Window``, so a mode never imports the
window. The window is a ``QMainWindow``: a mode also parents its docks, menus and dialogs to
it. The questions (``ask_*``, ``run_dialog``, ``choose_action``) are methods so a test can
answer them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtWidgets import (
        QDialog,
        QDockWidget,
        QLabel,
        QStatusBar,
        QToolBar,
        QWidget,
    )

    from engine.core.moves import Action
    from engine.scenario.problems import Problem
    from studio.actions import ActionCatalogue
    from studio.settings import StudioSettings


class Window(Protocol):
    """The window as a mode sees it: the shared actions and settings, where its toolbar and
    docks go, the status bar and hover line, and the questions it may ask."""

    actions: ActionCatalogue
    settings: StudioSettings
    hover_info: QLabel  # what the mouse is over, under the status bar's messages

    def refresh(self, *_: object) -> None:
        """Title, enabled actions and status follow the documents again."""

    def statusBar(self) -> QStatusBar: ...

    def addToolBar(self, toolbar: QToolBar) -> None: ...

    def addDockWidget(self, area: Qt.DockWidgetArea, dock: QDockWidget) -> None: ...

    def tabifyDockWidget(self, first: QDockWidget, second: QDockWidget) -> None: ...

    def activateWindow(self) -> None: ...

    def ask_path(self, title: str, start: Path, file_filter: str, saving: bool,
                 extra: QWidget | None = None) -> Path | None: ...

    def ask_replace(self, title: str, paths: list[Path]) -> bool: ...

    def run_dialog(self, dialog: QDialog) -> bool: ...

    def choose_action(self, actions: list[Action], where: QPoint) -> Action | None: ...

    def show_problems(self, title: str, summary: str, problems: list[Problem], warning_only: bool = False,
                      go_there: tuple[str, Callable[[], object]] | None = None) -> None: ...


class Mode(Protocol):
    """A mode as the window sees it: its name, its page, its docks by name and its toolbar;
    ``refresh`` follows the documents and answers the position text for the status bar."""

    name: str
    widget: QWidget
    docks: dict[str, QDockWidget]
    toolbar: QToolBar | None

    def refresh(self, showing: bool) -> str: ...
