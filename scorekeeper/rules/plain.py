"""A rule set as plain data (what JSON holds) and back, without pydantic.

``to_plain`` gives ``dataclasses.asdict``; ``from_plain`` rebuilds the dataclasses field by field
from their type hints, refusing anything of the wrong shape. It is for data scorekeeper wrote
itself (the cache, the history's own copy of a match's rules): a user's file is validated with
pydantic instead (``validation``), whose messages say where a mistake is. Rebuilding this way takes
no pydantic import, which costs a command more than all of its other work.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any, Literal, Union, get_args, get_origin

from scorekeeper.errors import RuleSetError
from scorekeeper.rules.ruleset import CATEGORY_KINDS, RuleSet


def to_plain(rules: RuleSet) -> dict[str, Any]:
    """The rule set as plain data: dicts, lists, strings, numbers, booleans and None."""
    return dataclasses.asdict(rules)


def from_plain(data: Any) -> RuleSet:
    """The RuleSet that ``to_plain`` gave ``data`` for; RuleSetError if the data has another shape."""
    try:
        built = _build(RuleSet, data)
    except (KeyError, TypeError, ValueError) as exc:
        raise RuleSetError(f"not the data of a rule set: {exc}") from None
    assert isinstance(built, RuleSet)
    return built


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _build(kind: Any, value: Any) -> Any:
    origin = get_origin(kind)
    if origin is typing.Annotated:
        return _build(get_args(kind)[0], value)
    if dataclasses.is_dataclass(kind) and isinstance(kind, type):
        return _dataclass(kind, value)
    if origin in (Union, types.UnionType):
        return _union(get_args(kind), value)
    if origin is Literal:
        if value not in get_args(kind):
            raise ValueError(f"{value!r} is not one of {get_args(kind)}")
        return value
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise TypeError(f"expected a list, got {value!r}")
        return tuple(_build(get_args(kind)[0], item) for item in value)
    if origin is dict:
        if not isinstance(value, dict):
            raise TypeError(f"expected a mapping, got {value!r}")
        key_kind, value_kind = get_args(kind)
        return {_build(key_kind, k): _build(value_kind, v) for k, v in value.items()}
    if kind in (str, int, bool) and type(value) is kind:
        return value
    if kind is type(None) and value is None:
        return None
    raise TypeError(f"expected {getattr(kind, '__name__', kind)}, got {value!r}")


def _dataclass(cls: type, value: Any) -> Any:
    if not isinstance(value, dict):
        raise TypeError(f"expected a mapping for {cls.__name__}, got {value!r}")
    hints = _hints(cls)
    names = {f.name for f in dataclasses.fields(cls)}
    unknown = set(value) - names
    if unknown:
        raise KeyError(f"{cls.__name__} has no field {sorted(unknown)[0]!r}")
    return cls(**{name: _build(hints[name], item) for name, item in value.items()})


def _union(options: tuple[Any, ...], value: Any) -> Any:
    if value is None and type(None) in options:
        return None
    if isinstance(value, dict) and "kind" in value and all(o in CATEGORY_KINDS.values() for o in options):
        return _dataclass(CATEGORY_KINDS[value["kind"]], value)
    for option in options:
        if option is type(None):
            continue
        try:
            return _build(option, value)
        except (KeyError, TypeError, ValueError):
            continue
    raise TypeError(f"{value!r} fits none of {options}")
