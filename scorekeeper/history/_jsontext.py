"""Indented JSON text, byte for byte as ``json.dumps(value, indent=2, ensure_ascii=False)`` writes it,
made mostly by the C encoder.

Python 3.11 encodes indented JSON in pure Python: building the history file of 30,000 hands spent
two thirds of its time there. The C encoder takes any item separator, so a list or mapping that
holds only numbers, strings, booleans and nulls is encoded in one call with ``",\\n" + indent`` as
its separator; only the containers around them are put together here.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from json.encoder import encode_basestring
from typing import Any

_SCALARS = frozenset({str, int, float, bool, type(None)})


class Prerendered:
    """Text already indented for where it goes (a rule set repeated in every match is rendered once)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


def _refuse(value: Any) -> Any:
    raise TypeError(f"{type(value).__name__} is not JSON")  # not for players: a bug, never bad input


@cache
def _flat(depth: int) -> Callable[[Any], str]:
    """The C encoder, with the item separator of one level of indentation, called directly: going
    through ``JSONEncoder.encode`` costs more than the encoding itself for such small values."""
    from json.encoder import c_make_encoder  # type: ignore[attr-defined]

    if c_make_encoder is None:  # a Python without the C accelerator: still the same text
        encoder = json.JSONEncoder(ensure_ascii=False, separators=(",\n" + "  " * depth, ": "))
        return encoder.encode
    encode = c_make_encoder(None, _refuse, encode_basestring, None, ": ", ",\n" + "  " * depth, False, False, True)
    return lambda value: "".join(encode(value, 0))


def _scalar(value: Any) -> str:
    if type(value) is str:
        return encode_basestring(value)
    return _flat(0)(value)


@cache
def _pad(depth: int) -> str:
    return "\n" + "  " * depth


def indented(value: Any, depth: int = 0) -> str:
    """``value`` as ``json.dumps(value, indent=2, ensure_ascii=False)`` writes it when it stands
    ``depth`` levels deep in a larger document (its lines after the first are indented to match).

    >>> print(indented({"a": [1, 2], "b": {}}))
    {
      "a": [
        1,
        2
      ],
      "b": {}
    }
    """
    kind = type(value)
    if kind is str:
        return encode_basestring(value)
    if kind in _SCALARS:
        return _scalar(value)
    if kind is Prerendered:
        return str(value.text)
    if kind is dict:
        if not value:
            return "{}"
        if not all(type(k) is str for k in value):  # JSON turns other keys into text: leave that to json
            return json.dumps(value, indent=2, ensure_ascii=False).replace("\n", _pad(depth))
        inner = _pad(depth + 1)
        if all(type(v) in _SCALARS for v in value.values()):
            return "{" + inner + _flat(depth + 1)(value)[1:-1] + _pad(depth) + "}"
        items = [f"{encode_basestring(k)}: {indented(v, depth + 1)}" for k, v in value.items()]
        return "{" + inner + ("," + inner).join(items) + _pad(depth) + "}"
    if kind is list or kind is tuple:
        if not value:
            return "[]"
        inner = _pad(depth + 1)
        if all(type(v) in _SCALARS for v in value):
            return "[" + inner + _flat(depth + 1)(value)[1:-1] + _pad(depth) + "]"
        return "[" + inner + ("," + inner).join(indented(v, depth + 1) for v in value) + _pad(depth) + "]"
    return json.dumps(value, indent=2, ensure_ascii=False).replace("\n", _pad(depth))  # raises for what JSON lacks
