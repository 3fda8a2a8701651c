"""Moves to and from plain data, for playtest files and golden playthroughs."""

from __future__ import annotations

from typing import Any

import attrs
import cattrs

from engine.core.moves import Move, Outcome
from engine.core.ruleset import Ruleset
from engine.core.text import Words
from engine.scenario.converter import STRUCTURE_ERRORS
from engine.scenario.locate import quoted

_converter = cattrs.Converter(forbid_extra_keys=True)
_converter.register_structure_hook(Words, lambda value, _: str(value))  # a label read back is plain text


def move_to_data(move: Move) -> dict[str, Any]:
    if isinstance(move, Outcome):
        return {"outcome": move.value, "label": move.label}
    fields = _converter.unstructure(move, type(move))
    del fields["_label"]
    return {"action": move.type_tag(), "label": move.label, **fields}


def move_from_data(ruleset: Ruleset, data: Any) -> Move:
    """Raises ValueError or TypeError with a readable reason when the data is not a move."""
    if not isinstance(data, dict):
        raise TypeError("a move must be an object")
    if "outcome" in data:
        unknown = sorted(set(data) - {"outcome", "label"})
        if unknown:
            raise ValueError(f"a chance outcome has no field {quoted(unknown[0])}")
        value = data["outcome"]
        if not isinstance(value, (int, str)) or isinstance(value, bool):
            raise TypeError("an outcome's value must be a whole number or text")
        return Outcome(value, str(data.get("label", "")))
    fields = dict(data)
    tag = fields.pop("action", None)
    if "label" in fields:
        fields["_label"] = fields.pop("label")
    types = {action_type.type_tag(): action_type for action_type in ruleset.action_types}
    if tag not in types:
        raise ValueError(f"unknown action {quoted(tag)} for ruleset {ruleset.id!r}")
    try:
        return _converter.structure(fields, types[tag])
    except STRUCTURE_ERRORS as error:
        names = ", ".join(a.name for a in attrs.fields(types[tag]) if a.name != "_label")
        raise ValueError(f"action {tag!r} needs fields {names}: {error}") from None
