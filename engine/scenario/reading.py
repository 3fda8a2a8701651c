"""Reading a file a stranger may have named: a regular file of bounded size, or a located refusal.

A pipe, a device or a folder is refused before any byte is read, so nothing waits on a writer
that never comes (a FIFO) or reads an endless stream (``/dev/zero``); a file larger than its
kind may be is refused by its size, and one that grows while it is read by what was read.
Every reader of scenarios, playtests, sheets, drawings, images, records and results goes
through here, so the check is made once.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class Unreadable(OSError):
    """Why the file cannot be read, as one sentence for the reader's own error."""


class FileMissing(Unreadable):
    """No file by that name: a reader may say so in its own words ("no such image")."""


def _what_it_is(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a pipe (FIFO)"),
                       (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def _open_regular(path: Path, limit: int, what: str) -> int:
    """A descriptor of ``path`` once it is known to be a regular file within ``limit`` bytes."""
    try:
        # O_NONBLOCK: opening a FIFO with no writer would otherwise wait for ever.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise FileMissing("file not found") from None
    except (OSError, ValueError) as error:  # a folder on Windows, a name too long, a NUL in it
        raise Unreadable(f"cannot read the file: {getattr(error, 'strerror', None) or error}") from None
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise Unreadable(f"cannot read the file: it is {_what_it_is(info.st_mode)}")
        if info.st_size > limit:
            raise Unreadable(f"cannot read the file: {info.st_size:,} bytes is more than the {limit:,} {what} may have")
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor


def check_regular(path: Path, limit: int, what: str) -> None:
    """Unreadable unless ``path`` is a regular file within ``limit`` bytes: for a reader (a
    workbook, a picture) that opens the file itself."""
    os.close(_open_regular(path, limit, what))


def read_regular(path: Path, limit: int, what: str) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; ``what`` names its kind in the
    refusal ("a scenario or playtest", "a sheet")."""
    descriptor = _open_regular(path, limit, what)
    try:
        with os.fdopen(descriptor, "rb", closefd=False) as file:
            data = file.read(limit + 1)
    except OSError as error:
        raise Unreadable(f"cannot read the file: {error.strerror or error}") from None
    finally:
        os.close(descriptor)
    if len(data) > limit:  # it grew while we read it
        raise Unreadable(f"cannot read the file: more than {limit:,} bytes")
    return data


def read_utf8(path: Path, limit: int, what: str) -> str:
    """The text of a regular file of at most ``limit`` bytes, UTF-8 with or without the byte
    order mark Windows editors write; text in another encoding is refused by where it fails."""
    data = read_regular(path, limit, what)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise Unreadable(f"cannot read the file: not UTF-8 text (byte {error.start})") from None
