"""The Cards mode's fixture: a copy of History of the World open in the real window."""

from __future__ import annotations

import shutil

import pytest


@pytest.fixture
def cards(window, hotw_path, tmp_path):
    """History of the World opened from a copy, in Cards mode."""
    copy = tmp_path / "hotw.json"
    shutil.copy(hotw_path, copy)
    assert window.open(copy)
    window.show_mode("cards")
    return window.cards_mode
