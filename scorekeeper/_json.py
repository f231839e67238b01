"""JSON written and read through orjson, with the options the project uses named once.

orjson encodes in compiled code, indented or not, where the standard library's encoder indents in
pure Python; it decodes faster too. Where orjson refuses what ``json`` accepts (an integer beyond
64 bits, a string holding a lone surrogate, a tuple subclass, nesting past orjson's limit), the
standard library writes the value as it always did, so no value that could be written before is
refused now. Bounds on what is *read* from a user's file stay with ``documents.load_json`` and the
history file's reader: this module reads only what the project wrote itself.

The text is ``json.dumps(value, ensure_ascii=False)``'s, with the same separators, except that a
float is written in its shortest form without a ``+`` or a leading zero in its exponent (``1e-7``,
where ``json`` writes ``1e-07``) and NaN and Infinity, which no score holds, are written ``null``.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

#: Keys that are not strings (a side's number, None) are written as ``json`` writes them; a
#: dataclass or a date is refused as ``json`` refuses it instead of being turned into an object.
_PLAIN = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
#: ``json.dumps(value, indent=2, ensure_ascii=False)``: the history file.
INDENTED = _PLAIN | orjson.OPT_INDENT_2
#: ``json.dumps(value, separators=(",", ":"), ensure_ascii=False)``: one line of JSON Lines.
COMPACT = _PLAIN
#: ``COMPACT`` with the keys of every mapping sorted: a rule set's text, a key for a dict.
SORTED = _PLAIN | orjson.OPT_SORT_KEYS

# The same options, as json.dumps takes them.
_STDLIB = {
    INDENTED: {"indent": 2, "ensure_ascii": False},  # not for players: json's options
    COMPACT: {"separators": (",", ":"), "ensure_ascii": False},  # not for players: json's options
    SORTED: {"separators": (",", ":"), "ensure_ascii": False, "sort_keys": True},  # not for players: json's options
}


def dumps(value: Any, option: int = COMPACT) -> str:
    """``value`` as JSON text written with ``option`` (``INDENTED``, ``COMPACT`` or ``SORTED``).

    >>> print(dumps({"a": [1, 2]}, INDENTED))
    {
      "a": [
        1,
        2
      ]
    }
    >>> dumps({"b": 2**70, "a": (1,)}, SORTED)  # beyond 64 bits: written by json, as before
    '{"a":[1],"b":1180591620717411303424}'
    """
    try:
        return orjson.dumps(value, option=option).decode()
    except orjson.JSONEncodeError:  # what orjson refuses: json writes it, or raises its own TypeError
        return json.dumps(value, **_STDLIB[option])  # type: ignore[arg-type]


_DIGIT_RUNS = bytes(48 if 48 <= b <= 57 else 32 for b in range(256))  # every digit a 0, the rest a space


def _longer(raw: bytes, digits: int) -> bool:
    """Whether UTF-8 text holds a run of more than ``digits`` digits."""
    return b"0" * (digits + 1) in raw.translate(_DIGIT_RUNS)


def read_plain(text: str, digits: int) -> tuple[bool, Any]:
    """``(True, data)`` when orjson reads ``text`` and it holds no run of more than ``digits`` digits
    (an integer within them is one ``json`` reads alike), else ``(False, None)``: the caller then
    reads it with ``json``, which says what is wrong and where (``documents.load_json``). The run
    is looked for in bytes mapped in C: a regular expression cost half of what reading took.

    >>> read_plain('{"sweeps": {"Anna": 1}}', 15), read_plain('[1234567890123456]', 15)
    ((True, {'sweeps': {'Anna': 1}}), (False, None))
    >>> read_plain('[NaN]', 15), read_plain(' [1] ', 15)
    ((False, None), (True, [1]))
    """
    try:
        raw = text.encode()
    except UnicodeEncodeError:  # a lone surrogate in the text itself
        return False, None
    if _longer(raw, digits):
        return False, None
    try:
        return True, orjson.loads(raw)
    except orjson.JSONDecodeError:
        return False, None


def loads(text: str) -> Any:
    """The data of JSON text the project wrote (a history column, a rule set's stored text).

    >>> loads('{"a": [1, 2.5, null]}')
    {'a': [1, 2.5, None]}
    >>> loads('[100000000000000000000]')  # beyond 64 bits: read by json, exactly
    [100000000000000000000]
    """
    # 19 digits or more may lie beyond 64 bits, which orjson reads as a float: json reads them exactly.
    try:
        raw = text.encode()
    except UnicodeEncodeError:
        return json.loads(text)
    return json.loads(text) if _longer(raw, 18) else orjson.loads(raw)
