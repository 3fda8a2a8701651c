"""Studio fixtures: the window (``tests/studio_window.py``) and the shipped board most tests open."""

from __future__ import annotations

from pathlib import Path

import pytest
from studio_window import (  # noqa: F401
    blank_saved,
    isolated_settings,
    settings,
    settings_file,
    window,
)

HISTORY_OF_THE_WORLD = Path(__file__).parents[2] / "scenarios" / "history-of-the-world.json"


@pytest.fixture
def hotw_path() -> Path:
    return HISTORY_OF_THE_WORLD
