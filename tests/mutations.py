"""Hostile edits of a parsed JSON file, for the fuzz tests of scenarios and playtests.

A mutation picks a place in the tree (an object's key or a list's item, at any depth) and
does one thing a careless or hostile editor might: delete it, swap its type, make a number
non-finite, huge or negative, put control characters or lone surrogates in text, exchange
a list and a scalar, or bury the value in deep nesting. Several mutations are applied to one
file. How each input ended is counted, so a long run from the command line can report it:

    EPOCH_FUZZ_EXAMPLES=2000 EPOCH_FUZZ_REPORT=fuzz.json pytest -n 0 tests/engine/scenario/test_scenario_fuzz.py tests/engine/play/test_playtest_fuzz.py

(``-n 0``: in one process, whose counts are the report; test workers would each count their own.)
"""

from __future__ import annotations

import copy
import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

import runs
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

# 150 in the long run (tests/runs.py), a share of them in the everyday suite, unless named.
EXAMPLES = int(os.environ.get("EPOCH_FUZZ_EXAMPLES") or runs.examples(150))
# Derandomised: the everyday suite tries the same inputs every run, in bounded time.
FUZZ = settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

ENDINGS: Counter[str] = Counter()

NASTY_TEXT = ["", "\x00", "Gaul\x1b[31m", "\ud800", "a\udfffb", "\u202egninrom", "x" * 10_000, "<b>bold</b>",
              "../../etc/passwd", "/dev/zero", "ＧＡＵＬ", "\n\t"]
NASTY_NUMBERS = [float("nan"), float("inf"), float("-inf"), 10**30, -(10**30), 10**400, -(10**400), -1, 0, 2**63, 1e308, -0.0, 0.5]


def places(value: Any, path: tuple = ()) -> list[tuple]:
    """Every place in the tree: a path of keys and indexes, the root excluded."""
    found = []
    if isinstance(value, dict):
        for key, item in value.items():
            found.append((*path, key))
            found += places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.append((*path, index))
            found += places(item, (*path, index))
    return found


def _replacement(draw: Any, old: Any) -> Any:
    kind = draw(st.sampled_from(["number", "text", "swap", "list-scalar", "nest", "null", "bool", "object"]))
    if kind == "number":
        return draw(st.sampled_from(NASTY_NUMBERS) | st.integers(-10**12, 10**12) | st.floats())
    if kind == "text":
        return draw(st.sampled_from(NASTY_TEXT) | st.text(max_size=8))
    if kind == "swap":  # the same content in another type
        if isinstance(old, str):
            return [old]
        if isinstance(old, (int, float)) and not isinstance(old, bool):
            return str(old)
        if isinstance(old, list):
            return {str(i): item for i, item in enumerate(old)}
        if isinstance(old, dict):
            return list(old.values())
        return "true" if isinstance(old, bool) else 0
    if kind == "list-scalar":
        if isinstance(old, list):
            return old[0] if old else 0
        return [old, old]
    if kind == "nest":
        depth = draw(st.sampled_from([3, 40, 70, 200]))
        for _ in range(depth):
            old = [old]
        return old
    if kind == "null":
        return None
    if kind == "bool":
        return draw(st.booleans())
    return {"id": draw(st.sampled_from(NASTY_TEXT)), "extra": 1}


@st.composite
def mutated(draw: Any, original: Any, mutations: int = 4) -> Any:
    """``original`` (not changed) with 1 to ``mutations`` hostile edits."""
    data = copy.deepcopy(original)
    all_places = places(data)
    for _ in range(draw(st.integers(1, mutations))):
        if not all_places:
            break
        path = draw(st.sampled_from(all_places))
        parent = data
        try:
            for key in path[:-1]:
                parent = parent[key]
            old = parent[path[-1]]
        except (KeyError, IndexError, TypeError):
            continue  # an earlier edit removed or reshaped this place
        if not isinstance(parent, dict | list):
            continue  # an earlier edit made it text: indexable, not editable
        if draw(st.booleans()) and draw(st.booleans()):  # a quarter of the edits delete
            del parent[path[-1]]
        else:
            parent[path[-1]] = _replacement(draw, old)
    return data


def as_text(data: Any) -> str:
    """JSON as a hostile editor could write it: NaN and Infinity, escapes for surrogates."""
    try:
        return json.dumps(data, allow_nan=True)
    except RecursionError:
        return "[" * 100_000


def report() -> None:
    """Write the endings counted so far where EPOCH_FUZZ_REPORT says (a long run's figures)."""
    target = os.environ.get("EPOCH_FUZZ_REPORT")
    if target:
        Path(target).write_text(json.dumps(dict(sorted(ENDINGS.items())), indent=2))
