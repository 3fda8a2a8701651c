"""The studio's window fixtures, shared by the conftests of the studio's tests, the journeys and
the security tests: every test gets its own settings, never the user's configuration, and a
real main window at the default size."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from studio.main_window import MainWindow
from studio.new_scenario_dialog import BLANK
from studio.questions import Answer
from studio.settings import StudioSettings


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


def shown_window(qtbot, settings: StudioSettings) -> MainWindow:
    """The real main window at the default size, shown (offscreen) so that clicks land where
    the board is drawn."""
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.resize(1360, 860)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def window(qtbot, settings: StudioSettings) -> MainWindow:
    """pytest-qt closes the window after the test, when an unsaved playtest would ask a modal
    question that no one answers; so unless a test says otherwise, the answer is "discard"."""
    window = shown_window(qtbot, settings)
    window.ask_unsaved = lambda name: Answer.DISCARD
    window.map_mode.ask_delete_referenced = unasked  # a modal question would hang the test
    return window


def unasked(*question: object) -> bool:
    pytest.fail(f"the window asked a question the test did not expect: {question}")


@pytest.fixture
def blank_saved(window: MainWindow, tmp_path: Path) -> MainWindow:
    """A new, empty scenario saved in its own folder, open in the window."""
    window.run_dialog = lambda dialog: dialog.choose(BLANK, ruleset_id="history-of-the-world") or True
    window.actions.new_scenario.trigger()
    path = tmp_path / "game" / "map.json"
    path.parent.mkdir()
    window.documents.document.save(path)
    return window
