"""State as plain data: dataclasses that round-trip through JSON exactly.

Engines keep cards in their state as text codes ("As", "Td") so that a state is
nothing but strings, integers, booleans, lists, dicts and nested dataclasses.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
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


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: (list(field) if flat and type(field) is list else _plain(field))
                for (name, _), flat, field in zip(_hints(type(value)), _flat(type(value)),
                                                 (getattr(value, n) for n, _ in _hints(type(value))))}
    if isinstance(value, list | tuple):
        return type(value)(_plain(v) for v in value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, _SCALARS) or value is None:
        return value
    return copy.deepcopy(value)


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
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        members = [a for a in get_args(tp) if a is not type(None)]
        if value is None:
            return None
        if len(members) == 1:
            return _build(members[0], value)
        return value  # a plain-data union (int | str): JSON already holds the right type
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        kwargs = {name: _build(hint, value[name]) for name, hint in _hints(tp) if name in value}
        return tp(**kwargs)
    if origin is list:
        item = (get_args(tp) or (Any,))[0]
        if item in _SCALARS:
            return list(value)  # a list of card codes or counts: nothing inside to build
        return [_build(item, v) for v in value]
    if origin is tuple:
        args = tuple(get_args(tp))
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_build(args[0], v) for v in value)
        return tuple(_build(a, v) for a, v in zip(args, value))
    if origin is dict:
        k_tp, v_tp = get_args(tp) or (Any, Any)
        return {_key(k_tp, k): _build(v_tp, v) for k, v in value.items()}
    return value


def _key(tp: Any, key: Any) -> Any:
    return int(key) if tp is int else key


def round_trips(obj: object) -> bool:
    """True if the state survives JSON unchanged: the invariant the database relies on."""
    data = dump(obj)
    return load(type(obj), json.loads(json.dumps(data))) == obj
