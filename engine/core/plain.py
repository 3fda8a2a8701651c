"""A deep copy of plain game data, for checkpoint clones.

``copy.deepcopy`` keeps a memo and asks every object how to copy itself (``__reduce_ex__``,
attrs' ``__setstate__`` for slotted classes); game states hold only attrs instances and
lists, dicts and sets of ids and counts, so walking them directly is several times faster.
"""

from __future__ import annotations

import copy
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
    fields = _fields.get(kind)
    if fields is None:
        if not hasattr(kind, "__attrs_attrs__"):
            return copy.deepcopy(value)
        fields = _fields[kind] = tuple((field.name, field.eq) for field in kind.__attrs_attrs__)
    twin = object.__new__(kind)
    for name, eq in fields:
        item = getattr(value, name)
        if eq and type(item) not in _SHARED:
            item = copy_plain(item)
        object.__setattr__(twin, name, item)
    return twin


def _flat(item: Any) -> bool:
    """Whether ``item`` is a non-empty list or dict of immutable values, so that it and its
    siblings in a container (game data is homogeneous) copy with one C call each."""
    if type(item) is list:
        return bool(item) and type(item[0]) in _PLAIN_ITEMS
    if type(item) is dict:
        return bool(item) and type(next(iter(item.values()))) in _PLAIN_ITEMS
    return False


_fields: dict[type, tuple[tuple[str, bool], ...]] = {}  # per attrs class: (name, copied)
