"""The names of exported files: built from ids, kept inside their folder, never silently replaced.

A scenario's ids are the designer's text, and every export (card images, deck sheets, the
Tabletop Simulator save, the VASSAL module's images) names files after them. Every such name
is made here, once: characters some file systems refuse become ``_``, and an id that would
put the file anywhere but directly in the output folder (a ``/`` or ``\\``, a leading dot as
in ``..``) is refused with the id's location, before anything is written. An export whose
files already exist is refused as a whole unless the caller forces it (``--force``; the
studio asks first), so a second export never overwrites work unnoticed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

SEPARATORS = ("/", "\\")
FORCE_HELP = "replace files already there (without it an existing output is refused and nothing is written)"
REPLACED = set('<>:"|?*;')  # refused by Windows, and ; which ends a field of a VASSAL piece; control
# characters are replaced as well


class UnsafeName(ValueError):
    """An id that would name a file outside the output folder, or the file another id names."""


class OutputExists(ValueError):
    """Files an export would replace; nothing has been written."""

    def __init__(self, paths: list[Path]) -> None:
        self.paths = paths
        shown = ", ".join(str(path) for path in paths[:3]) + (f" and {len(paths) - 3} more" if len(paths) > 3 else "")
        super().__init__(f"{shown} already exist{'s' if len(paths) == 1 else ''}; add --force to replace "
                         f"{'it' if len(paths) == 1 else 'them'}")


def file_name(where: str, *parts: str, suffix: str) -> str:
    """``parts`` joined by ``-`` with ``suffix``: a plain name directly in the output folder.

    ``where`` locates the ids (``decks[empires].cards[e12]``) in the refusal's message."""
    name = "-".join(parts) + suffix
    if any(separator in part for part in parts for separator in SEPARATORS) or name.startswith("."):
        raise UnsafeName(f"{where}: the file name {name!r} made from its id would leave the output folder; "
                         "an id used in a file name cannot hold / or \\ or begin with a dot")
    return "".join("_" if c in REPLACED or ord(c) < 32 else c for c in name)


def file_names(named: Iterable[tuple[str, Sequence[str]]], suffix: str) -> list[str]:
    """``file_name`` of each (where, parts), refusing two that would be the same file: ids that
    differ only in a replaced character or in case (Windows and macOS ignore case)."""
    names: list[str] = []
    seen: dict[str, str] = {}
    for where, parts in named:
        name = file_name(where, *parts, suffix=suffix)
        other = seen.setdefault(name.casefold(), where)
        if other != where:
            raise UnsafeName(f"{where}: makes the file name {name!r}, as {other} does; one would overwrite the other")
        names.append(name)
    return names


def refuse_existing(paths: Iterable[Path], force: bool) -> None:
    """Raise ``OutputExists`` naming the files among ``paths`` that exist, unless ``force``."""
    if force:
        return
    existing = [path for path in dict.fromkeys(paths) if path.exists()]
    if existing:
        raise OutputExists(existing)
