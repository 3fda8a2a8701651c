"""The one folder a server reads and writes in (``epoch serve --root``).

A client names files, and a client may be any page in the user's browser, so every name is
resolved inside the folder (no absolute path, no ``..``, no symbolic link leading out), only
``.json`` files are read, a file that is not recognisably a scenario or a playtest is refused
without a word of its contents, and a save replaces only what this server wrote unless the
client says ``overwrite``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any

from engine.play.playtest import KIND
from engine.scenario.io import parse_json, read_text
from engine.scenario.problems import ScenarioError
from engine.service.jsonrpc import (
    BAD_FILE,
    INVALID_PARAMS,
    NOT_ALLOWED,
    RpcError,
    excerpt,
)


def is_scenario(data: Any) -> bool:
    return (isinstance(data, dict) and isinstance(data.get("format_version"), int)
            and isinstance(data.get("ruleset"), dict) and "board" in data)


def is_playtest(data: Any) -> bool:
    return isinstance(data, dict) and data.get("kind") == KIND


class Folder:
    """The root, and the files this server has written in it (which a save may replace)."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self.written: set[Path] = set()

    def path(self, text: str, param: str) -> Path:
        """The file a client names, relative to the root, resolved inside it."""
        if not text or "\0" in text or PurePosixPath(text).is_absolute() or PureWindowsPath(text).anchor:
            raise RpcError(INVALID_PARAMS, f"params.{param}: {excerpt(text)} is not a path relative to the "
                                           "server's folder")
        if ".." in PurePosixPath(text.replace("\\", "/")).parts:
            raise RpcError(INVALID_PARAMS, f"params.{param}: {excerpt(text)} may not climb out with '..'")
        return self._inside(self.root / text, f"params.{param}: {excerpt(text)}")

    def _inside(self, path: Path, label: str) -> Path:
        try:
            resolved = path.resolve()
        except (OSError, RuntimeError, ValueError):  # a loop of links, a name too long
            raise RpcError(INVALID_PARAMS, f"{label} cannot be resolved") from None
        if not resolved.is_relative_to(self.root):
            raise RpcError(NOT_ALLOWED, f"{label} leads out of the server's folder")
        if resolved.suffix.lower() != ".json":
            raise RpcError(NOT_ALLOWED, f"{label}: only .json files are read and written")
        return resolved

    def shown(self, path: Path) -> str:
        """A path as the client sees it: relative to the root."""
        return path.relative_to(self.root).as_posix()

    def read(self, path: Path, recognised: Callable[[Any], bool], what: str) -> Any:
        """The parsed file, if it is ``what`` it should be; a foreign file's contents (a
        value, a key) never reach the client, only where reading it failed."""
        try:
            data, problems = parse_json(read_text(path))
        except ScenarioError as error:  # not found, not a regular file, too large, not UTF-8
            raise RpcError(BAD_FILE, f"{self.shown(path)}: {error.problems[0]}",
                           {"problems": [f"{self.shown(path)}: {p}" for p in error.problems]}) from None
        if problems or not recognised(data):
            message = f"{self.shown(path)}: not {what}"
            raise RpcError(BAD_FILE, message, {"problems": [message]})
        return data

    def reference(self, playtest: Path, data: dict[str, Any]) -> None:
        """A playtest names its scenario relative to itself: that file too must lie inside
        the root and be a scenario, or the playtest could read any file for the client."""
        scenario = data.get("scenario")
        name = scenario.get("path") if isinstance(scenario, dict) else None
        if not isinstance(name, str):
            return
        if not name or os.path.isabs(name) or PureWindowsPath(name).anchor:
            raise RpcError(NOT_ALLOWED, f"{self.shown(playtest)}: scenario.path must be relative to the playtest")
        path = self._inside(playtest.parent / name, f"{self.shown(playtest)}: scenario.path {excerpt(name)}")
        if path.exists():
            self.read(path, is_scenario, "an Epoch Studio scenario")

    def may_write(self, path: Path, overwrite: bool, param: str) -> None:
        """A save never replaces a file the server did not write, unless asked."""
        if os.path.lexists(path) and path not in self.written and not overwrite:
            raise RpcError(NOT_ALLOWED, f"params.{param}: {self.shown(path)} exists and this server did not write "
                                        "it; send overwrite: true to replace it")
        if path.exists() and not path.is_file():
            raise RpcError(NOT_ALLOWED, f"params.{param}: {self.shown(path)} is not a file")
