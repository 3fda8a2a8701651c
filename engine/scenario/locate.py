"""Turn cattrs' nested validation errors into located, human problems.

Paths name list items by their ``id`` where they have one (``decks[empires]``), by
index otherwise (``polygon[3]``), so a designer can find the spot in the editor.
"""

from __future__ import annotations

from typing import Any

from cattrs.errors import (
    AttributeValidationNote,
    ForbiddenExtraKeysError,
    IterableValidationNote,
)

from engine.scenario.problems import Problem


def item_key(raw: Any, index: int) -> str:
    item = raw[index] if isinstance(raw, list) and 0 <= index < len(raw) else None
    if isinstance(item, dict) and isinstance(item.get("id"), str):
        return shown(item["id"])
    return str(index)


def shown(key: str) -> str:
    """A key from the file as a path may show it: control characters, lone surrogates and
    monstrous lengths escaped or cut, so a problem line cannot drive the terminal."""
    if len(key) > 60:
        key = f"{key[:40]}...{key[-10:]}"
    return key if key.isprintable() else ascii(key)[1:-1]


def quoted(value: Any) -> str:
    """A value from the file as a problem quotes it: text cut and escaped as keys are, a number
    of hundreds of digits cut to its ends, so one hostile value cannot flood the message."""
    if isinstance(value, str):
        return repr(shown(value))
    text = repr(value)
    if isinstance(value, int) and not isinstance(value, bool) and len(text) > 24:
        return f"{text[:10]}...{text[-6:]} ({len(text.lstrip('-'))} digits)"
    return text if len(text) <= 80 else f"{text[:60]}... ({len(text):,} characters)"


def join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def _child(exc: BaseException, path: str, raw: Any) -> tuple[str, Any]:
    # cattrs notes a nested error with where it happened; other notes are plain text.
    for note in getattr(exc, "__notes__", []):
        if isinstance(note, AttributeValidationNote):
            value = raw.get(note.name) if isinstance(raw, dict) else None
            return join(path, note.name), value
        if isinstance(note, IterableValidationNote):
            index = note.index
            if isinstance(raw, dict):
                return f"{path}[{shown(str(index))}]", raw.get(index)
            value = raw[index] if isinstance(raw, list) and 0 <= index < len(raw) else None
            return f"{path}[{item_key(raw, index)}]", value
    return path, raw


def problems_from(exc: BaseException, path: str = "", raw: Any = None) -> list[Problem]:
    if isinstance(exc, ForbiddenExtraKeysError):
        return [Problem(join(path, key), "unknown field") for key in sorted(exc.extra_fields)]
    if isinstance(exc, BaseExceptionGroup):  # cattrs' Class- and IterableValidationError among them
        found: list[Problem] = []
        for sub in exc.exceptions:
            sub_path, sub_raw = _child(sub, path, raw)
            found.extend(problems_from(sub, sub_path, sub_raw))
        return found
    if isinstance(exc, KeyError):
        return [Problem(path, "missing required field")]
    message = str(exc) or type(exc).__name__
    return [Problem(path, message)]
