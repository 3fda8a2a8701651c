"""Studio fixtures: every test gets its own settings file, never the user's configuration."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from studio.main_window import MainWindow
from studio.questions import Answer
from studio.settings import StudioSettings

HISTORY_OF_THE_WORLD = Path(__file__).parents[2] / "scenarios" / "history-of-the-world.json"


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Even a QSettings() made with no arguments lands in a temporary folder."""
    folder = str(tmp_path_factory.mktemp("qsettings"))
    for settings_format in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
            QSettings.setPath(settings_format, scope, folder)


@pytest.fixture
def settings_file(tmp_path: Path) -> Path:
    return tmp_path / "studio.ini"


@pytest.fixture
def settings(settings_file: Path) -> StudioSettings:
    return StudioSettings(QSettings(str(settings_file), QSettings.Format.IniFormat))


@pytest.fixture
def window(qtbot, settings: StudioSettings) -> MainWindow:
    """The real main window, shown (offscreen) so that clicks land where the board is drawn.

    pytest-qt closes it after the test, when an unsaved playtest would ask a modal question
    that no one answers; so unless a test says otherwise, the answer is "discard".
    """
    window = MainWindow(settings)
    window.ask_unsaved = lambda name: Answer.DISCARD
    window.map_mode.ask_delete_referenced = unasked  # a modal question would hang the test
    qtbot.addWidget(window)
    window.resize(1360, 860)
    window.show()
    qtbot.waitExposed(window)
    return window


def unasked(*question: object) -> bool:
    pytest.fail(f"the window asked a question the test did not expect: {question}")


@pytest.fixture
def hotw_path() -> Path:
    return HISTORY_OF_THE_WORLD
