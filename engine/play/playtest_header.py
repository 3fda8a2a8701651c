"""The digests of a playtest's header: who sat where, who played each seat, the options.

The state digests prove that the moves replay to the same states, but a state does not say
which seat id sat at which place, nor whether a seat was a person or a bot: swapping two
seats' ids, or giving a seat an unused id, replayed as identical. So from playtest format 2
the file records a SHA-256 of each part of its header as written (``options`` and each
``seats[i]``, controller included), and a file whose header no longer matches is refused at
the part that changed. A format 1 file has no such digests; it opens as before, and is
protected once saved again. Like every digest in the file, these catch edits, not forgers: a
SHA-256 anyone can recompute is no signature.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from engine.scenario.locate import item_key, shown
from engine.scenario.problems import Problem

HEADER_FORMAT = 2  # the first playtest format that records header digests


def _digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def header_parts(data: dict[str, Any]) -> dict[str, Any]:
    """The parts of a playtest's header, as the file holds them, by the key of their digest."""
    seats = data.get("seats") if isinstance(data.get("seats"), list) else []
    return {"options": data.get("options", {}), **{f"seats[{index}]": seat for index, seat in enumerate(seats)}}


def header_digests(data: dict[str, Any]) -> dict[str, str]:
    """What a file records in ``header``: each part's digest."""
    return {key: _digest(value) for key, value in header_parts(data).items()}


def header_problems(data: dict[str, Any], recorded: dict[str, str]) -> list[Problem]:
    """Each part of the header that differs from what the playtest was saved with, located
    (``seats[blue]``, ``options``); a part added or taken away too."""
    if not recorded:
        return [Problem("header", "missing: the digests of the seats and options the playtest was saved with")]
    seats = data.get("seats")
    problems = []

    def where(key: str) -> str:
        if key.startswith("seats[") and key[6:-1].isdigit():
            return f"seats[{item_key(seats, int(key[6:-1]))}]"
        return key

    found = header_digests(data)
    for key, digest in found.items():
        if key not in recorded:
            problems.append(Problem(where(key), "was not in the playtest as saved: a seat was added"))
        elif recorded[key] != digest:
            problems.append(Problem(where(key), "differs from what the playtest was saved with "
                                                "(its digest in 'header' does not match)"))
    problems += [Problem(f"header[{shown(key)}]", "names a part of the header the file no longer has "
                                                  "(a seat was taken away)") for key in recorded if key not in found]
    return problems
