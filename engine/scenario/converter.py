"""The cattrs converter that reads and writes scenarios, strict about types.

cattrs would quietly turn "5" into 5, 5.7 into 5 and the text "mountain" into a list of
letters; a hand-edited scenario deserves to hear about such mistakes instead, so scalars
and containers are checked, not coerced. Numbers must be finite and of a sane size (a
field's own bounds are checked by ``bounds.py``), and text must be valid Unicode without
control characters, so that whatever loads can also be saved and drawn.
"""

from __future__ import annotations

import functools
import math
import re
import typing
from collections.abc import Mapping
from enum import Enum
from typing import Any

import attrs
import cattrs
from cattrs.cols import list_structure_factory, mapping_structure_factory
from cattrs.errors import IterableValidationError, IterableValidationNote
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from engine.scenario.locate import quoted
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


# Any number beyond this is a typo (or an attack), whatever the field; fields declare tighter
# bounds in their metadata.
LARGEST_NUMBER = 2**31 - 1  # a seed's bound too (engine.core.randomness.SEED_MAX)
# Lone surrogates cannot be written as UTF-8; control characters other than a line break or a
# tab cannot be seen, and NUL ends strings in many a frontend; U+FFFE and U+FFFF are no
# characters at all and XML forbids them, so a name holding one made an SVG or VASSAL export
# its own importer refused. What is left can be written to JSON, XML, CSV and XLSX alike.
# Written as regular-expression escapes, so the JSON Schema carries the same rule as a pattern.
# Far past any name, rule text or note a scenario holds (the shipped ones stay under 500
# characters); a longer text is a pasted file or an attack, and every message would quote it.
LONGEST_TEXT = 10_000
_BAD_CHARACTERS = r"\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff"
_BAD_TEXT = re.compile(f"[{_BAD_CHARACTERS}]")
TEXT_PATTERN = f"^[^{_BAD_CHARACTERS}]*$"


def value_problem(value: Any) -> str | None:
    """What is wrong with a scalar read from a file, whatever field it is in; None if fine."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        if isinstance(value, float) and not math.isfinite(value):
            return f"expected a finite number, found {quoted(value)}"
        if abs(value) > LARGEST_NUMBER:
            return f"number {quoted(value)} is out of range (at most {LARGEST_NUMBER:,} either way)"
    elif isinstance(value, str):
        if len(value) > LONGEST_TEXT:
            return f"text of {len(value):,} characters (at most {LONGEST_TEXT:,}): {quoted(value)}"
        bad = _BAD_TEXT.search(value)
        if bad:
            what = ("a lone surrogate" if "\ud800" <= bad.group() <= "\udfff" else
                    "a noncharacter" if bad.group() in "\ufffe\uffff" else "a control character")
            return f"text holds {what} (U+{ord(bad.group()):04X}) at position {bad.start()}"
    return None


def plain_problem(value: Any, depth: int = 0) -> str | None:
    """The first problem of any scalar inside free JSON (card data of an unknown ruleset)."""
    if isinstance(value, dict):
        items = list(value.keys()) + list(value.values())
    elif isinstance(value, list):
        items = value
    else:
        return value_problem(value)
    for item in items:
        problem = plain_problem(item, depth + 1)
        if problem:
            return problem
    return None


def _expect(kind: type | tuple[type, ...], what: str):
    def structure(value: Any, _: type) -> Any:
        if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
            raise TypeError(f"expected {what}, found {_describe(value)}")
        if not isinstance(value, kind):
            raise TypeError(f"expected {what}, found {_describe(value)}")
        problem = value_problem(value)
        if problem:
            raise ValueError(problem)
        return float(value) if what == "a number" else value

    return structure


def _is_list(t: Any) -> bool:
    return typing.get_origin(t) is list


def _is_dict(t: Any) -> bool:
    return typing.get_origin(t) is dict


def _is_fixed_tuple(t: Any) -> bool:
    args = typing.get_args(t)
    return typing.get_origin(t) is tuple and bool(args) and args[-1] is not Ellipsis


def _checked(kind: type, what: str, make: Any) -> Any:
    """A container hook that first checks the value is that container: cattrs would take any
    iterable for a list (a text's letters) and report a missing method for a dict."""

    def factory(t: Any, converter: cattrs.Converter) -> Any:
        inner = make(t, converter)

        def structure(value: Any, _: Any) -> Any:
            if not isinstance(value, kind):
                raise TypeError(f"expected {what}, found {_describe(value)}")
            return inner(value, t)

        return structure

    return factory


def _tuple_factory(t: Any, converter: cattrs.Converter) -> Any:
    """A point and its like: a list of exactly as many values as the tuple has places."""
    args = typing.get_args(t)
    hooks = [converter.get_structure_hook(arg) for arg in args]
    what = f"a list of {len(args)} {'numbers' if all(arg is float for arg in args) else 'values'}"

    def structure(value: Any, _: Any) -> tuple:
        if not isinstance(value, (list, tuple)):  # a tuple: unstructured data read back directly
            raise TypeError(f"expected {what}, found {_describe(value)}")
        if len(value) != len(args):
            raise ValueError(f"expected {what}, found {len(value)}")
        items, errors = [], []
        for index, (hook, arg, item) in enumerate(zip(hooks, args, value)):
            try:
                items.append(hook(item, arg))
            except STRUCTURE_ERRORS as error:
                error.__notes__ = [*getattr(error, "__notes__", []),
                                   IterableValidationNote(f"Structuring index {index}", index, arg)]
                errors.append(error)
        if errors:
            raise IterableValidationError(f"While structuring {t!r}", errors, t)
        return tuple(items)

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
        return f"text {quoted(value)}"
    if isinstance(value, (int, float)):
        return f"number {quoted(value)}"
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


def _has_quiet_fields(cls: Any) -> bool:
    return attrs.has(cls) and any(field.metadata.get("quiet") for field in attrs.fields(cls))


def _quiet_unstructure_factory(cls: type, converter: cattrs.Converter) -> Any:
    """Quiet fields (``model.described``) are left out of the file while they hold their default."""
    return make_dict_unstructure_fn(cls, converter, **{field.name: override(omit_if_default=True)
                                                       for field in attrs.fields(cls) if field.metadata.get("quiet")})


def make_converter(
    card_types: Mapping[str, type[CardData]] | None = None,
    options_type: type[RulesetOptions] | None = None,
) -> cattrs.Converter:
    """A converter for one ruleset's card types and options; ``None`` keeps them raw. One is
    kept per game: cattrs generates its code on first use, which costs more than the reading."""
    return _converter(None if card_types is None else tuple(sorted(card_types.items())), options_type)


@functools.cache
def _converter(
    card_types_items: tuple[tuple[str, type[CardData]], ...] | None, options_type: type[RulesetOptions] | None
) -> cattrs.Converter:
    card_types = None if card_types_items is None else dict(card_types_items)
    converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    converter.register_structure_hook(str, _expect(str, "text"))
    converter.register_structure_hook(int, _expect(int, "a whole number"))
    converter.register_structure_hook(float, _expect((int, float), "a number"))
    converter.register_structure_hook(bool, _expect(bool, "true or false"))
    converter.register_unstructure_hook(float, _compact_float)
    converter.register_structure_hook(Scalar, _expect((str, int, float, bool), "text, number or true/false"))
    converter.register_structure_hook_factory(_is_list, _checked(list, "a list", list_structure_factory))
    converter.register_structure_hook_factory(_is_dict, _checked(dict, "an object", mapping_structure_factory))
    converter.register_structure_hook_factory(_is_fixed_tuple, _tuple_factory)
    converter.register_structure_hook_factory(attrs.has, _checked(dict, "an object", make_dict_structure_fn))
    converter.register_unstructure_hook_factory(_has_quiet_fields, _quiet_unstructure_factory)
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
            problem = plain_problem(value)
            if problem:
                raise ValueError(problem)
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
            problem = plain_problem(value)
            if problem:
                raise ValueError(problem)
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
