"""A progress bar for a command a person waits on: on stderr, and only when stderr is a terminal.

Piped or captured output never sees it, so what a command prints on stdout stays the same
wherever it runs. tqdm is imported when a bar is made, not with the command line.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import IO


def progress_bar(total: int, title: str, unit: str, stream: IO[str] | None = None):
    """A tqdm bar on ``stream`` (stderr), disabled (drawing nothing) unless it is a terminal."""
    from tqdm import tqdm

    return tqdm(total=total, desc=title, unit=unit, leave=False, file=stream or sys.stderr, disable=None)


def updater(bar) -> Callable[[int, int], None]:
    """A writer's ``progress(done, total)`` moving ``bar`` to ``done`` of ``total``."""

    def update(done: int, total: int) -> None:
        bar.total = total
        bar.update(done - bar.n)

    return update
