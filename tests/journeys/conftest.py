"""Journeys: the real main window driven through its menus' actions, its dialogs filled in
through their widgets and the board clicked with the mouse, ending in files that are closed
and opened again. Nothing of the window is replaced: its file dialogs are Qt's own (offscreen
there is no desktop dialog), answered by ``Person``."""

from __future__ import annotations

from pathlib import Path

import pytest
from person import Person
from PySide6.QtCore import QSettings

from studio.main_window import MainWindow
from studio.questions import Answer
from studio.settings import StudioSettings


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path_factory: pytest.TempPathFactory) -> None:
    folder = str(tmp_path_factory.mktemp("qsettings"))
    for settings_format in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
            QSettings.setPath(settings_format, scope, folder)


@pytest.fixture
def person() -> Person:
    driver = Person()
    yield driver
    driver.timer.stop()


@pytest.fixture
def window(qtbot, tmp_path: Path) -> MainWindow:
    store = QSettings(str(tmp_path / "studio.ini"), QSettings.Format.IniFormat)
    window = MainWindow(StudioSettings(store))
    qtbot.addWidget(window)
    window.resize(1360, 860)
    window.show()
    qtbot.waitExposed(window)
    yield window
    window.ask_unsaved = lambda name: Answer.DISCARD  # closing after the test asks no one
    if window.playtest is not None:
        window.playtest.pause()


