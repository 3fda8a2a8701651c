"""Registered upgrades of older scenario files, applied on load, one version at a time.

Each migration takes the raw JSON object of version N and returns version N + 1. They
work on plain data, never on the attrs classes, so an old file keeps loading after the
classes change again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

FORMAT_VERSION = 2

Migration = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: dict[int, Migration] = {}


def migration(from_version: int) -> Callable[[Migration], Migration]:
    def register(function: Migration) -> Migration:
        MIGRATIONS[from_version] = function
        return function

    return register


@migration(1)
def _players_became_seats(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 called seats "players" and kept provisional values as bare paths."""
    data = dict(data)
    if "players" in data:
        data["seats"] = data.pop("players")
    meta = data.get("meta")
    if isinstance(meta, dict) and isinstance(meta.get("provisional"), list):
        meta = dict(meta)
        meta["provisional"] = [
            {"path": item, "note": ""} if isinstance(item, str) else item
            for item in meta["provisional"]
        ]
        data["meta"] = meta
    return data


def migrate(data: dict[str, Any], version: int) -> dict[str, Any]:
    """Bring ``data`` written as ``version`` up to ``FORMAT_VERSION``."""
    while version < FORMAT_VERSION:
        data = MIGRATIONS[version](data)
        version += 1
    return data
