"""JSON Schema (2020-12) of the scenario format, generated from the attrs classes.

Another frontend, in any language, can check a file before it reaches the engine and read
the editors' labels and help. The schema is derived, never written by hand, so it cannot
drift from the model: the same field metadata that drives the editors and the validator
(``label``, ``help``, ``ref``, bounds, choices, patterns) becomes titles, descriptions,
``x-ref`` annotations, ``minimum``/``maximum``, ``enum`` and ``pattern``. Card data is a union
tagged by ``type``; which union applies depends on the scenario's ruleset, expressed with
``if``/``then`` per ruleset id, as are the props its spaces declare.
"""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Iterable
from enum import Enum
from typing import Any

import attrs

from engine.scenario.converter import (
    CARD_TYPE_KEY,
    LARGEST_NUMBER,
    LONGEST_TEXT,
    TEXT_PATTERN,
)
from engine.scenario.migrations import FORMAT_VERSION
from engine.scenario.model import CardData, RulesetOptions, Scalar, Scenario

DIALECT = "https://json-schema.org/draft/2020-12/schema"
# What the converter takes of any number and any text, whatever the field: a field's own bounds
# and form (``minimum``, ``pattern``) are tighter and stand beside or in place of these.
NUMBER = {"minimum": -LARGEST_NUMBER, "maximum": LARGEST_NUMBER}
TEXT = {"pattern": TEXT_PATTERN, "maxLength": LONGEST_TEXT}
BOUNDS = {"min": "minimum", "max": "maximum", "min_length": "minLength", "max_length": "maxLength",
          "max_items": "maxItems"}


class RulesetTypes(typing.Protocol):
    """What the schema needs of a ruleset: its id, title, card types, options type and the
    props its spaces declare (None: none)."""

    id: str
    title: str
    card_types: tuple[type[CardData], ...]
    options_type: type[RulesetOptions]
    space_props: type | None


def _def_name(cls: type) -> str:
    module = cls.__module__.removeprefix("engine.")
    return cls.__qualname__ if module == "scenario.model" else f"{module}.{cls.__qualname__}"


class Builder:
    """Turns Python types into schema fragments, collecting each attrs class once in ``defs``."""

    def __init__(self) -> None:
        self.defs: dict[str, Any] = {}

    def ref(self, cls: type) -> dict[str, Any]:
        name = _def_name(cls)
        if name not in self.defs:
            self.defs[name] = {}  # reserve first: a class may refer to itself
            self.defs[name] = self.attrs_class(cls)
        return {"$ref": f"#/$defs/{name}"}

    def attrs_class(self, cls: type, extra: dict[str, Any] | None = None) -> dict[str, Any]:
        hints = typing.get_type_hints(cls)
        properties: dict[str, Any] = dict(extra or {})
        required = list(extra or {})
        for field in attrs.fields(cls):
            properties[field.name] = self.field(field, hints[field.name])
            if field.default is attrs.NOTHING:
                required.append(field.name)
        schema: dict[str, Any] = {"type": "object", "properties": properties, "additionalProperties": False}
        if required:
            schema["required"] = required
        if cls.__doc__:
            schema["description"] = " ".join(cls.__doc__.split())
        return schema

    def field(self, field: attrs.Attribute, hint: Any) -> dict[str, Any]:
        schema = self.type(hint)
        meta = field.metadata
        annotations = {"title": meta.get("label"), "description": meta.get("help") or None,
                       "x-ref": meta.get("ref")}
        for key, keyword in BOUNDS.items():
            if key in meta:
                annotations[keyword] = meta[key]
        if "choices" in meta:
            annotations["enum"] = list(meta["choices"])
        if "pattern" in meta:
            annotations["pattern"] = meta["pattern"]
        if meta.get("ref") == "colour":
            annotations["pattern"] = "^#[0-9a-fA-F]{6}$"
        default = field.default
        if isinstance(default, (str, int, float, bool)) or default is None:
            annotations["default"] = default
        elif isinstance(default, Enum):
            annotations["default"] = default.value
        annotations = {k: v for k, v in annotations.items() if v is not None or k == "default"}
        if "default" in annotations and default is attrs.NOTHING:
            del annotations["default"]
        if "$ref" in schema:
            return {"allOf": [schema], **annotations}
        return {**schema, **annotations}

    def type(self, hint: Any) -> dict[str, Any]:
        if hint is Scalar:
            return {"type": ["string", "number", "boolean"], **NUMBER, **TEXT}
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if origin in (typing.Union, types.UnionType):
            options = [self.type(arg) for arg in args]
            return options[0] if len(options) == 1 else {"anyOf": options}
        if origin is list:
            return {"type": "array", "items": self.type(args[0])}
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.type(args[0])}
            return {"type": "array", "prefixItems": [self.type(a) for a in args],
                    "minItems": len(args), "maxItems": len(args)}
        if origin is dict:
            return {"type": "object", "propertyNames": TEXT, "additionalProperties": self.type(args[1])}
        if hint is type(None):
            return {"type": "null"}
        if hint is bool:
            return {"type": "boolean"}
        if hint is int:
            return {"type": "integer", **NUMBER}
        if hint is float:
            return {"type": "number", **NUMBER}
        if hint is str:
            return {"type": "string", **TEXT}
        if hint is Any:
            return {}
        if isinstance(hint, type) and issubclass(hint, Enum):
            return {"enum": [member.value for member in hint]}
        if hint is CardData:
            return {"type": "object", "required": [CARD_TYPE_KEY],
                    "properties": {CARD_TYPE_KEY: {"type": "string", "title": "Card type"}}}
        if hint is RulesetOptions:
            return {"type": "object"}
        if attrs.has(hint):
            return self.ref(hint)
        raise TypeError(f"no schema for {hint!r}")

    def card_union(self, ruleset: RulesetTypes) -> dict[str, Any]:
        variants = []
        for card_type in ruleset.card_types:
            name = _def_name(card_type)
            if name not in self.defs:
                tag = {CARD_TYPE_KEY: {"const": card_type.type_name, "title": "Card type"}}
                self.defs[name] = self.attrs_class(card_type, tag)
            variants.append({"$ref": f"#/$defs/{name}"})
        return {"oneOf": variants} if variants else {"not": {}}


def _props(builder: Builder, props_type: type | None) -> dict[str, Any]:
    """The declared props of a space, each with its kind and bounds; others stay free (notes)."""
    if props_type is None:
        return {}
    hints = typing.get_type_hints(props_type)
    return {field.name: builder.field(field, hints[field.name]) for field in attrs.fields(props_type)}


def _for_ruleset(builder: Builder, ruleset: RulesetTypes) -> dict[str, Any]:
    """The constraints a scenario of ``ruleset`` adds to the common shape."""
    then: dict[str, Any] = {
        "ruleset": {"properties": {"options": builder.ref(ruleset.options_type)}},
        "decks": {"items": {"properties": {"cards": {"items": {"properties": {
            "data": builder.card_union(ruleset)}}}}}},
    }
    props = _props(builder, ruleset.space_props)
    if props:
        then["board"] = {"properties": {"spaces": {"items": {"properties": {"props": {"properties": props}}}}}}
    return {
        "if": {"properties": {"ruleset": {"properties": {"id": {"const": ruleset.id}}}}},
        "then": {"properties": then},
    }


def scenario_schema(rulesets: Iterable[RulesetTypes]) -> dict[str, Any]:
    """The schema of a scenario file played with one of ``rulesets``."""
    rulesets = sorted(rulesets, key=lambda r: r.id)
    builder = Builder()
    body = builder.attrs_class(Scenario, {"format_version": {"const": FORMAT_VERSION,
                                                             "title": "Format version"}})
    body["properties"]["ruleset"] = {
        "allOf": [builder.ref(typing.get_type_hints(Scenario)["ruleset"])],
        "title": "Ruleset",
        "properties": {"id": {"enum": [r.id for r in rulesets]}},
    }
    conditions = [_for_ruleset(builder, ruleset) for ruleset in rulesets]
    title = rulesets[0].title if len(rulesets) == 1 else "any shipped ruleset"
    return {
        "$schema": DIALECT,
        "title": f"Epoch Studio scenario ({title})",
        **body,
        "allOf": conditions,
        "$defs": builder.defs,
    }


def schema_files(rulesets: Iterable[RulesetTypes]) -> dict[str, dict[str, Any]]:
    """File name to schema: one for any of ``rulesets`` and one per ruleset."""
    rulesets = list(rulesets)
    files = {"scenario.schema.json": scenario_schema(rulesets)}
    for ruleset in rulesets:
        files[f"scenario.{ruleset.id}.schema.json"] = scenario_schema([ruleset])
    return files


def schema_text(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
