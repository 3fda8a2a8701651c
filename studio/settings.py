"""What the studio remembers between runs: recent files and the window's layout.

A thin layer over QSettings so that the keys live in one place and tests can hand the window
a QSettings of their own (an ini file in a temporary folder) instead of the user's.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

RECENT_LIMIT = 10


class StudioSettings:
    def __init__(self, store: QSettings | None = None) -> None:
        self.store = store if store is not None else QSettings()

    # -- recent files --------------------------------------------------------------------

    def recent_files(self) -> list[Path]:
        value = self.store.value("recent_files", [])
        if isinstance(value, str):  # QSettings returns a lone string for a one-item list
            value = [value]
        return [Path(item) for item in value or [] if item]

    def add_recent(self, path: Path) -> None:
        path = path.resolve()
        files = [path] + [p for p in self.recent_files() if p != path]
        self._set_recent(files[:RECENT_LIMIT])

    def remove_recent(self, path: Path) -> None:
        self._set_recent([p for p in self.recent_files() if p != path.resolve()])

    def clear_recent(self) -> None:
        self._set_recent([])

    def _set_recent(self, files: list[Path]) -> None:
        self.store.setValue("recent_files", [str(p) for p in files])
        self.store.sync()

    # -- layout ----------------------------------------------------------------------------

    def layout(self, key: str) -> QByteArray | None:
        """A saved geometry or dock state ("geometry", "playtest_state")."""
        value = self.store.value(f"window/{key}")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def set_layout(self, key: str, value: QByteArray) -> None:
        self.store.setValue(f"window/{key}", value)
        self.store.sync()
