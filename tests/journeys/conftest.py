"""Journeys: the real main window driven through its menus' actions, its dialogs filled in
through their widgets and the board clicked with the mouse, ending in files that are closed
and opened again. Nothing of the window is replaced: its file dialogs are Qt's own (offscreen
there is no desktop dialog), answered by ``Person``."""

from __future__ import annotations

import pytest
from person import Person
from studio_window import isolated_settings, settings, settings_file, shown_window  # noqa: F401

from studio.main_window import MainWindow
from studio.questions import Answer


@pytest.fixture
def person() -> Person:
    driver = Person()
    yield driver
    driver.timer.stop()


@pytest.fixture
def window(qtbot, settings) -> MainWindow:  # noqa: F811  (the imported fixture, asked for)
    """The real window with nothing of it replaced: its questions are the person's to answer."""
    window = shown_window(qtbot, settings)
    yield window
    window.ask_unsaved = lambda name: Answer.DISCARD  # closing after the test asks no one
    if window.playtest is not None:
        window.playtest.pause()


