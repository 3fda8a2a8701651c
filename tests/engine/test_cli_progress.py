"""Progress where a person waits (issue 27): a bar on stderr when it is a terminal, nothing
anywhere else, and stdout the same either way."""

from __future__ import annotations

import fcntl
import io
import os
import pty
import select
import struct
import subprocess
import sys
import termios
from pathlib import Path

from engine.cli.progress import progress_bar, updater

ROOT = Path(__file__).parents[2]


def test_a_bar_is_drawn_on_a_terminal_and_not_on_a_pipe():
    primary, secondary = pty.openpty()
    with os.fdopen(secondary, "w") as terminal:
        assert not progress_bar(3, "cards", "card", terminal).disable
    os.close(primary)
    assert progress_bar(3, "cards", "card", io.StringIO()).disable is True


def test_the_updater_moves_the_bar_to_what_the_writer_has_done():
    primary, secondary = pty.openpty()
    with os.fdopen(secondary, "w") as terminal, progress_bar(4, "cards", "card", terminal) as bar:
        update = updater(bar)
        update(1, 5)
        update(3, 5)
        assert (bar.n, bar.total) == (3, 5)
    os.close(primary)


def _read_all(descriptor: int) -> bytes:
    read = b""
    while select.select([descriptor], [], [], 0.5)[0]:
        try:
            chunk = os.read(descriptor, 65536)
        except OSError:
            break
        if not chunk:
            break
        read += chunk
    return read


def test_validate_of_many_files_draws_a_bar_on_a_terminal_and_prints_the_same():
    files = [ROOT / "scenarios" / "antike-duellum-greece-persia.json", ROOT / "scenarios" / "after-the-flood.json"]
    command = [sys.executable, "-m", "engine.cli", "validate", *map(str, files)]
    piped = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    primary, secondary = pty.openpty()
    fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))  # a terminal 80 wide
    try:
        on_terminal = subprocess.run(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=secondary, text=True,
                                     timeout=120, check=False)
        os.close(secondary)
        drawn = _read_all(primary).decode(errors="replace")
    finally:
        os.close(primary)
    assert piped.returncode == on_terminal.returncode == 0
    assert piped.stderr == ""
    assert on_terminal.stdout == piped.stdout == "".join(f"{file}: ok\n" for file in files)
    assert "validate" in drawn and "file" in drawn
