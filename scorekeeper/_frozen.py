"""Dataclasses made without compiling their methods, for a quicker start-up.

On Python 3.11 ``dataclasses.dataclass`` compiles every method it adds with ``exec``; a frozen class
with equality gets six (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``,
``__delattr__``), and for the rule set's 17 classes that was the largest part of a command's own
start-up. Here five of them (all six with ``shared_init``) are the shared functions below, which
read the class's fields (tests/benchmarks/README.md has the figures, and what plain dataclasses
cost today). The classes stay real dataclasses (``fields``,
``replace``, ``asdict`` and pydantic read them as before), equal by value, immutable when frozen, and refuse
wrong arguments in the words of the standard ``__init__``; mypy is shown the standard decorator
(see ``ruleset``), whose behaviour this one keeps.
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


#: Per class: whether its fields are keyword-only, and each field's name, default and default factory.
_INIT: dict[type, tuple[bool, tuple[tuple[str, Any, Any], ...]]] = {}


def _listed(names: list[str]) -> str:
    """Names as Python's own messages list them: 'a', 'a' and 'b', 'a', 'b', and 'c'."""
    quoted = [repr(name) for name in names]
    if len(quoted) < 3:
        return " and ".join(quoted)
    return ", ".join(quoted[:-1]) + ", and " + quoted[-1]


def _init(self: Any, /, *args: Any, **given: Any) -> None:
    cls = type(self)
    keyword_only, spec = _INIT[cls]
    where = f"{cls.__qualname__}.__init__()"  # not for players: Python's own words, as the standard init says them
    if len(args) > (0 if keyword_only else len(spec)):
        allowed = 1 if keyword_only else len(spec) + 1
        raise TypeError(f"{where} takes {allowed} positional argument{'s' if allowed > 1 else ''} but "
                        f"{len(args) + 1} were given")  # not for players: Python's own words
    for (name, _default, _factory), value in zip(spec, args, strict=False):
        if name in given:
            raise TypeError(f"{where} got multiple values for argument {name!r}")  # not for players: as Python
        given[name] = value
    missing = []
    for name, default, factory in spec:
        if name in given:
            value = given.pop(name)
        elif default is not dataclasses.MISSING:
            value = default
        elif factory is not dataclasses.MISSING:
            value = factory()
        else:
            missing.append(name)
            continue
        object.__setattr__(self, name, value)
    if given:
        raise TypeError(f"{where} got an unexpected keyword argument {next(iter(given))!r}")  # not for players
    if missing:
        kind = "keyword-only" if keyword_only else "positional"  # not for players: Python's own words
        raise TypeError(f"{where} missing {len(missing)} required {kind} argument{'s' if len(missing) > 1 else ''}: "
                        f"{_listed(missing)}")  # not for players: Python's own words


def dataclass(*, frozen: bool = False, kw_only: bool = False, shared_init: bool = False,
              eq: bool = True) -> Callable[[T], T]:
    """``dataclasses.dataclass(frozen=..., kw_only=..., eq=...)`` as it behaves, with only ``__init__``
    compiled, or none with ``shared_init``: for classes made a few times per command (a rule set's
    parts), as the shared ``__init__`` is several times slower to call than a compiled one.

    A method the class writes itself stays (none is compiled in its place): a class made, compared
    or hashed in a hot loop (a card, a table of the capture engine, a hand's count) writes its
    ``__init__`` (a frozen one with ``object.__setattr__``, as the standard one does), and perhaps
    ``__eq__`` and ``__hash__``. With ``eq=False`` instances compare and hash by identity; a class
    that is not frozen and compares by value is not hashable, as with the standard decorator."""

    def make(cls: T) -> T:
        # (tests/test_quick_paths.py checks that each class's own __init__ takes its fields, in order.)
        own = {name for name in ("__init__", "__eq__", "__hash__", "__repr__") if cls.__dict__.get(name) is not None}
        dataclasses.dataclass(cls, init=not shared_init and "__init__" not in own, kw_only=kw_only, eq=False,
                              repr=False)  # cls, completed
        methods: list[tuple[str, Any]] = [("__repr__", _repr)]
        if frozen:
            methods += [("__setattr__", _setattr), ("__delattr__", _delattr)]
        if eq:
            methods += [("__eq__", _eq), ("__hash__", _hash if frozen else None)]
        if shared_init and "__init__" not in own:
            _INIT[cls] = (kw_only, tuple((f.name, f.default, f.default_factory) for f in dataclasses.fields(cls)))
            methods.append(("__init__", _init))
        for name, method in methods:
            if name not in own:
                setattr(cls, name, method)
        return cls

    return make


def made_once(*, frozen: bool = False, kw_only: bool = False) -> Callable[[T], T]:
    """``dataclass`` with ``shared_init``: for classes made a few times per command (a rule set's parts)."""
    return dataclass(frozen=frozen, kw_only=kw_only, shared_init=True)
