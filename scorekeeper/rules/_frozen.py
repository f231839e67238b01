"""Frozen dataclasses made with one generated method each instead of six, for a quicker start-up.

On Python 3.11 ``dataclasses.dataclass`` compiles every method it adds with ``exec``; a frozen class
with equality gets six (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``,
``__delattr__``), and the rule set's 17 classes cost 21 ms at import that way, the largest part of
a command's own start-up. Here only ``__init__`` is generated; the other five are the shared
functions below, which read the class's fields: 7 ms. The classes stay real dataclasses (``fields``,
``replace``, ``asdict`` and pydantic read them as before), equal by value and immutable; mypy is
shown the standard decorator (see ``ruleset``), whose behaviour this one keeps.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import FrozenInstanceError
from typing import Any, TypeVar

T = TypeVar("T", bound=type)

#: Per class: the names compared (and hashed) and the names shown by repr, in field order.
_NAMES: dict[type, tuple[tuple[str, ...], tuple[str, ...]]] = {}


def _names(cls: type) -> tuple[tuple[str, ...], tuple[str, ...]]:
    names = _NAMES.get(cls)
    if names is None:
        found = dataclasses.fields(cls)
        names = _NAMES[cls] = (tuple(f.name for f in found if f.compare), tuple(f.name for f in found if f.repr))
    return names


def _values(self: Any) -> tuple[Any, ...]:
    return tuple(getattr(self, name) for name in _names(type(self))[0])


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is not self.__class__:
        return NotImplemented
    return _values(self) == _values(other)


def _hash(self: Any) -> int:
    return hash(_values(self))


def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in _names(type(self))[1])
    return f"{type(self).__qualname__}({shown})"


def _setattr(self: Any, name: str, value: Any) -> None:
    # The generated __init__ sets each field once; after that every field is in the instance's
    # __dict__ and nothing more may be set, as in a frozen dataclass.
    if name in self.__dict__ or name not in type(self).__dataclass_fields__:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")  # not for players: the dataclass's own words
    object.__setattr__(self, name, value)


def _delattr(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")  # not for players: the dataclass's own words


def dataclass(*, frozen: bool, kw_only: bool) -> Callable[[T], T]:
    """``dataclasses.dataclass(frozen=True, kw_only=...)`` as it behaves, with only ``__init__`` compiled."""
    if not frozen:
        raise ValueError("only frozen classes are made here")  # not for players: a bug, never bad input

    def make(cls: T) -> T:
        dataclasses.dataclass(cls, kw_only=kw_only, eq=False, repr=False)  # without slots: cls itself, completed
        for name, method in (("__eq__", _eq), ("__hash__", _hash), ("__repr__", _repr),
                             ("__setattr__", _setattr), ("__delattr__", _delattr)):
            setattr(cls, name, method)
        return cls

    return make
