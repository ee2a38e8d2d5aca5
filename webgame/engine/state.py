"""State as plain data: dataclasses that round-trip through JSON exactly.

Engines keep cards in their state as text codes ("As", "Td") so that a state is
nothing but strings, integers, booleans, lists, dicts and nested dataclasses.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
import operator
import pickle
import types
import typing
from collections.abc import Mapping
from typing import Any, TypeVar, Union, get_args, get_origin, get_type_hints

T = TypeVar("T")


_SCALARS = (str, int, float, bool)


def dump(obj: Any) -> dict[str, Any]:
    """The dataclass as plain data (what ``dataclasses.asdict`` gives), guided by the field
    types so that a shoe's list of card codes is copied whole rather than card by card."""
    if not dataclasses.is_dataclass(obj) or isinstance(obj, type):
        raise TypeError("dump takes a dataclass instance")
    return typing.cast(dict[str, Any], _plain(obj))


_PLAIN_TYPES = frozenset({str, int, float, bool, type(None)})


def _plain(value: Any) -> Any:
    # Exact scalars first, and lists and dicts holding only those copied whole (in C): the
    # same values as walking them, with a Python call per container instead of per item.
    kind: type = type(value)
    if kind in _PLAIN_TYPES:
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        names, flats = _names(kind), _flat(kind)
        return {name: (list(field) if flat and type(field) is list else _plain(field))
                for name, flat, field in zip(names, flats, _fields_of(value, names))}
    if isinstance(value, list | tuple):
        if _PLAIN_TYPES.issuperset(map(type, value)):
            return kind(value)
        return kind([_plain(v) for v in value])
    if isinstance(value, dict):
        if _PLAIN_TYPES.issuperset(map(type, value.values())):
            return dict(value)
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, _SCALARS) or value is None:
        return value
    return copy.deepcopy(value)


def _fields_of(value: Any, names: tuple[str, ...]) -> tuple[Any, ...]:
    got = _getter(names)(value)
    return (got,) if len(names) == 1 else tuple(got)


@functools.cache
def _getter(names: tuple[str, ...]) -> operator.attrgetter[Any]:
    return operator.attrgetter(*names)


@functools.cache
def _names(tp: type) -> tuple[str, ...]:
    return tuple(name for name, _ in _hints(tp))


@functools.cache
def _flat(tp: type) -> tuple[bool, ...]:
    """Per field of a dataclass: is it a list of plain values (copied whole both ways)?"""
    return tuple(get_origin(hint) is list and (get_args(hint) or (Any,))[0] in _SCALARS
                 for _, hint in _hints(tp))


@functools.cache
def _hints(tp: type) -> tuple[tuple[str, Any], ...]:
    """Field names and types of a dataclass, resolved once per class (loads are hot)."""
    hints = get_type_hints(tp)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(tp))


def plain_copy(value: T) -> T:
    """A deep copy of plain data (a round's rules: dicts, lists, strings, numbers), made by
    pickle in C rather than by ``copy.deepcopy`` walking it in Python; equal, with the same
    types, to what ``deepcopy`` gives."""
    return typing.cast(T, pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL)))


def load(cls: type[T], data: Mapping[str, Any]) -> T:
    return typing.cast(T, _build(cls, data))


def _build(tp: Any, value: Any) -> Any:
    if tp in _SCALARS or tp is Any:
        return value  # nothing to build: the JSON value is the field's
    origin, args = _shape(tp)
    if origin is Union or origin is types.UnionType:
        members = [a for a in args if a is not type(None)]
        if value is None:
            return None
        if len(members) == 1:
            return _build(members[0], value)
        return value  # a plain-data union (int | str): JSON already holds the right type
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        kwargs = {name: _build(hint, value[name]) for name, hint in _hints(tp) if name in value}
        return tp(**kwargs)
    if origin is list:
        item = (args or (Any,))[0]
        if item in _SCALARS:
            return list(value)  # a list of card codes or counts: nothing inside to build
        return [_build(item, v) for v in value]
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple([_build(args[0], v) for v in value])
        return tuple([_build(a, v) for a, v in zip(args, value)])
    if origin is dict:
        k_tp, v_tp = args or (Any, Any)
        if v_tp in _SCALARS or v_tp is Any:
            return {_key(k_tp, k): v for k, v in value.items()}
        return {_key(k_tp, k): _build(v_tp, v) for k, v in value.items()}
    return value


@functools.cache
def _shape(tp: Any) -> tuple[Any, tuple[Any, ...]]:
    """A field type's origin and arguments, worked out once per type (loads are hot)."""
    return get_origin(tp), tuple(get_args(tp))


def _key(tp: Any, key: Any) -> Any:
    return int(key) if tp is int else key


def round_trips(obj: object) -> bool:
    """True if the state survives JSON unchanged: the invariant the database relies on."""
    data = dump(obj)
    return load(type(obj), json.loads(json.dumps(data))) == obj
