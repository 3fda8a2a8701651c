"""A deep copy of plain game data, for checkpoint clones.

``copy.deepcopy`` keeps a memo and asks every object how to copy itself (``__reduce_ex__``,
attrs' ``__setstate__`` for slotted classes); game states hold only attrs instances and
lists, dicts and sets of ids and counts, so walking them directly is several times faster.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from operator import attrgetter
from typing import Any

# Shared, not copied: immutable all the way down as game states use them (a tuple or
# frozenset of ids and counts).
_SHARED = frozenset({str, int, float, bool, type(None), tuple, frozenset})
_PLAIN_ITEMS = _SHARED - {type(None)}  # a first item of None says nothing of the others


def copy_plain(value: Any) -> Any:
    """A copy of ``value`` sharing nothing mutable with it.

    Lists, dicts and sets are copied with their contents; a list or dict whose first item is
    immutable is taken to hold only immutable items (game data is homogeneous), so it is
    copied in one C call. An attrs instance is copied field by field, except the fields that
    take no part in equality (``eq=False``: the scenario's tables, caches), which are shared,
    as the digest leaves them out. Anything else goes to ``copy.deepcopy``."""
    kind = type(value)
    if kind in _SHARED:
        return value
    if kind is list:
        if not value or type(value[0]) in _PLAIN_ITEMS:
            return list(value)
        if _flat(value[0]):  # per seat: a list or dict of ids and counts
            return [type(item)(item) for item in value]
        return [copy_plain(item) for item in value]
    if kind is dict:
        if not value:
            return {}
        first = next(iter(value.values()))
        if type(first) in _PLAIN_ITEMS:
            return dict(value)
        if _flat(first):
            return {key: type(item)(item) for key, item in value.items()}
        return {key: copy_plain(item) for key, item in value.items()}
    if kind is set:
        return set(value)
    copier = _copiers.get(kind)
    if copier is None:
        if not hasattr(kind, "__attrs_attrs__"):
            return copy.deepcopy(value)
        copier = _copiers[kind] = _attrs_copier(kind)
    return copier(value)


def _attrs_copier(kind: type) -> Callable[[Any], Any]:
    """How to copy an instance of the attrs class ``kind``: read every field at once and, where
    the class's ``__init__`` takes them all in order and does nothing else with them (the game
    states and their parts), build the twin with it, which costs far less than setting slot
    after slot from Python; otherwise field by field."""
    fields = kind.__attrs_attrs__
    names = tuple(field.name for field in fields)
    copied = tuple(field.eq for field in fields)
    read = attrgetter(*names)
    positional = len(fields) > 1 and not hasattr(kind, "__attrs_post_init__") and all(
        field.init and not field.kw_only and field.validator is None and field.converter is None
        for field in fields)
    if positional:
        def copy_attrs(value: Any) -> Any:
            return kind(*[copy_plain(item) if eq and type(item) not in _SHARED else item
                          for item, eq in zip(read(value), copied)])
        return copy_attrs

    def copy_fields(value: Any) -> Any:
        twin = object.__new__(kind)
        for name, eq in zip(names, copied):
            item = getattr(value, name)
            if eq and type(item) not in _SHARED:
                item = copy_plain(item)
            object.__setattr__(twin, name, item)
        return twin
    return copy_fields


def _flat(item: Any) -> bool:
    """Whether ``item`` is a non-empty list or dict of immutable values, so that it and its
    siblings in a container (game data is homogeneous) copy with one C call each."""
    if type(item) is list:
        return bool(item) and type(item[0]) in _PLAIN_ITEMS
    if type(item) is dict:
        return bool(item) and type(next(iter(item.values()))) in _PLAIN_ITEMS
    return False


_copiers: dict[type, Callable[[Any], Any]] = {}  # per attrs class
