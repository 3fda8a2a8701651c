"""Writing a file so that it is either the old one or the whole new one, never half of each.

Every file the engine and the studio write (scenarios, playtests, exports, card sheets, PDFs,
reports, images) is written beside its target and moved over it only once it is complete and
on disk. Writers that want a path of their own (Pillow, openpyxl, Qt's PDF writer) get the
temporary path from ``replacing``; text goes through ``write_atomic``.
"""

from __future__ import annotations

import errno
import glob
import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def replacing(path: str | os.PathLike[str]) -> Iterator[Path]:
    """A temporary file beside ``path`` to write by any means; when the block ends without an
    error it is flushed to disk and moved over ``path``, otherwise it is removed. The next
    write of the same target clears what a killed earlier one left behind."""
    path = Path(path)
    _refuse_what_is_no_file(path)
    _remove_leftovers(path)
    handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.close(handle)
    temporary = Path(name)
    try:
        os.chmod(temporary, _mode_for(path))
        yield temporary
        _flush_to_disk(temporary)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    with replacing(path) as temporary, temporary.open("w", encoding="utf-8", newline="\n") as file:
        file.write(text)


def _refuse_what_is_no_file(path: Path) -> None:
    """A device, pipe, socket or folder standing at ``path`` is not replaced by the new file:
    "save as /dev/full" moved a playtest over the device itself (as root, for every program
    after)."""
    try:
        mode = path.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        return
    if stat.S_ISDIR(mode):
        raise OSError(errno.EISDIR, "a folder, not a file: choose a file name", str(path))
    if not stat.S_ISREG(mode):
        raise OSError(errno.EINVAL, "a device or pipe, not a file: choose a file name", str(path))


def _flush_to_disk(path: Path) -> None:
    with path.open("rb+") as file:
        os.fsync(file.fileno())


def _mode_for(path: Path) -> int:
    """Keep an existing file's permissions; a new file gets the usual ones, not mkstemp's 0600."""
    try:
        return path.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _remove_leftovers(path: Path) -> None:
    """Delete what an earlier save of this target left when it was killed mid-write."""
    try:
        leftovers = list(path.parent.glob(f".{glob.escape(path.name)}.*.tmp"))
    except OSError:
        return
    for leftover in leftovers:
        try:
            if leftover.is_file() and not leftover.is_symlink():
                leftover.unlink()
        except OSError:
            pass  # another save of the same file is writing it, or it is not ours to remove


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable; systems that cannot open a folder (Windows) skip it."""
    try:
        descriptor = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
