"""The cattrs converter that reads and writes scenarios, strict about types.

cattrs would quietly turn "5" into 5 and 5.7 into 5; a hand-edited scenario deserves to
hear about such mistakes instead, so scalars are checked, not coerced.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

import cattrs

from engine.scenario.model import (
    CardData,
    RawCardData,
    RawOptions,
    RulesetOptions,
    Scalar,
)

CARD_TYPE_KEY = "type"

# What structuring bad data can raise: cattrs' grouped errors, or one of our hooks' own.
STRUCTURE_ERRORS = (cattrs.BaseValidationError, TypeError, ValueError, KeyError)


def _expect(kind: type | tuple[type, ...], what: str):
    def structure(value: Any, _: type) -> Any:
        if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
            raise TypeError(f"expected {what}, found {_describe(value)}")
        if not isinstance(value, kind):
            raise TypeError(f"expected {what}, found {_describe(value)}")
        return float(value) if what == "a number" else value

    return structure


def _compact_float(value: float) -> float | int:
    """Write 120.0 as 120: board coordinates stay readable and read back equal."""
    return int(value) if float(value).is_integer() and abs(value) < 2**53 else value


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"text {value!r}"
    if isinstance(value, (int, float)):
        return f"number {value!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _structure_enum(value: Any, enum_type: type[Enum]) -> Enum:
    try:
        return enum_type(value)
    except ValueError:
        allowed = ", ".join(repr(member.value) for member in enum_type)
        raise ValueError(f"{_describe(value)} is not one of {allowed}") from None


def make_converter(
    card_types: Mapping[str, type[CardData]] | None = None,
    options_type: type[RulesetOptions] | None = None,
) -> cattrs.Converter:
    """A converter for one ruleset's card types and options; ``None`` keeps them raw."""
    converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    converter.register_structure_hook(str, _expect(str, "text"))
    converter.register_structure_hook(int, _expect(int, "a whole number"))
    converter.register_structure_hook(float, _expect((int, float), "a number"))
    converter.register_structure_hook(bool, _expect(bool, "true or false"))
    converter.register_unstructure_hook(float, _compact_float)
    converter.register_structure_hook(Scalar, _expect((str, int, float, bool), "text, number or true/false"))
    converter.register_unstructure_hook(Scalar, lambda value: value)
    converter.register_structure_hook_func(
        lambda t: isinstance(t, type) and issubclass(t, Enum), _structure_enum
    )

    def structure_card_data(value: Any, _: type) -> CardData:
        if not isinstance(value, dict):
            raise TypeError(f"expected an object, found {_describe(value)}")
        fields = dict(value)
        type_name = fields.pop(CARD_TYPE_KEY, None)
        if not isinstance(type_name, str):
            raise TypeError(f"card data needs a {CARD_TYPE_KEY!r} naming its card type")
        if card_types is None:
            return RawCardData(type=type_name, fields=fields)
        if type_name not in card_types:
            known = ", ".join(sorted(card_types)) or "none"
            raise ValueError(f"unknown card type {type_name!r} (this ruleset knows: {known})")
        return converter.structure(fields, card_types[type_name])

    def unstructure_card_data(data: CardData) -> dict[str, Any]:
        if isinstance(data, RawCardData):
            return {CARD_TYPE_KEY: data.type, **data.fields}
        return {CARD_TYPE_KEY: data.type_name, **converter.unstructure(data, type(data))}

    def structure_options(value: Any, _: type) -> RulesetOptions:
        if not isinstance(value, dict):
            raise TypeError(f"expected an object, found {_describe(value)}")
        if options_type is None:
            return RawOptions(fields=dict(value))
        return converter.structure(value, options_type)

    def unstructure_options(options: RulesetOptions) -> dict[str, Any]:
        if isinstance(options, RawOptions):
            return dict(options.fields)
        return converter.unstructure(options, type(options))

    # Predicates match the base classes exactly: a plain hook would also catch every
    # subclass, and the hooks below call the converter again on those.
    converter.register_structure_hook_func(lambda t: t is CardData, structure_card_data)
    converter.register_unstructure_hook_func(lambda t: t is CardData, unstructure_card_data)
    converter.register_structure_hook_func(lambda t: t is RulesetOptions, structure_options)
    converter.register_unstructure_hook_func(lambda t: t is RulesetOptions, unstructure_options)
    return converter
