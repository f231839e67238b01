"""Hand files, play records and rule files as plain data that remembers where each value stood.

YAML (or JSON, by a ``.json``/``.jsonl`` suffix) is read into dicts and lists; those read from YAML
are ``MarkedDict``/``MarkedList`` and know the ``FILE:LINE:COL`` of each of their values, so every
later error can say where the bad value was. ``-`` reads standard input.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import stat
import sys
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any, BinaryIO

from scorekeeper._marks import MAX_BYTES, MAX_DEPTH, MAX_DIGITS, DocumentError, Mark, MarkedDict, MarkedList
from scorekeeper.errors import NotationError, unreadable
from scorekeeper.i18n import N_, _, translated

__all__ = ["MAX_DIGITS", "DocumentError", "Mark", "MarkedDict", "MarkedList",  # not for players: names
           "check_keys", "load_json", "open_bytes", "parse_text", "read_document",  # not for players: names
           "read_text", "where_of"]  # not for players: names

#: What the callers call the documents they read (``what``), said in the language in use.
KINDS = (N_("hand"), N_("hand file"), N_("record"), N_("rule set"))


def where_of(data: Any, key: Any, default: str) -> str:
    """Where a key of parsed YAML stood (``FILE:LINE:COL``), or ``default`` for plain data."""
    marks = getattr(data, "where", None)
    return str(marks[key]) if isinstance(marks, (dict, list)) and _has(marks, key) else default


def _has(marks: Any, key: Any) -> bool:
    return key in marks if isinstance(marks, dict) else isinstance(key, int) and 0 <= key < len(marks)


def check_keys(data: Any, source: str, keys: Iterable[str], what: str, needs: str) -> None:
    """Refuse data that is not a mapping, or that has a key outside ``keys``, naming where."""
    if not isinstance(data, Mapping):
        raise NotationError(_("{source}: a {what} must be a mapping with {needs}").format(
            source=source, what=translated(what), needs=translated(needs)))
    allowed = tuple(keys)
    unknown = [k for k in data if k not in allowed]
    if unknown:
        raise NotationError(_("{where}: unknown key {key} (a {what} has: {keys})").format(
            where=where_of(data, unknown[0], source), key=repr(unknown[0]), what=translated(what),
            keys=", ".join(allowed)))


# Compiled on first use: only a deeply nested text or an escaped \u needs them, and every command's
# start would pay for compiling them at import.
@cache
def _json_nesting() -> re.Pattern[str]:
    return re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')  # not for players: regex


@cache
def _lone_surrogate() -> re.Pattern[str]:
    return re.compile(  # an escaped first half of a pair without its second half, or the reverse
        r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
        r"|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}")  # not for players: regex


def _bounded_int(text: str) -> int:
    if len(text) > MAX_DIGITS and len(text.lstrip("-")) > MAX_DIGITS:  # the lstrip only for a long one
        raise ValueError(_("the number {number}... is too large").format(number=text[:20]))
    return int(text)


def _no_constant(text: str) -> Any:
    raise ValueError(_("{text} is not a number").format(text=text))


# One decoder each, made once: json.loads with hooks builds a new decoder per call, a large share
# of verify's time per line.
_DECODER = json.JSONDecoder(parse_int=_bounded_int, parse_constant=_no_constant)
_WIDE_DECODER = json.JSONDecoder(parse_constant=_no_constant)
# Their C scanners, called directly: JSONDecoder.decode's own work around the scan (a regular
# expression for the spaces at each end, two calls) made load_json slower than json.loads itself.
# Text the scan alone does not take whole goes through decode, which words every mistake as before.
# The parse_int hook stays: a regular expression looking for a run of digits too long cost more per
# line than the hook's two calls.
_SCAN: Callable[[str, int], tuple[Any, int]] = _DECODER.scan_once  # type: ignore[attr-defined]
_WIDE_SCAN: Callable[[str, int], tuple[Any, int]] = _WIDE_DECODER.scan_once  # type: ignore[attr-defined]


# From the second text on, orjson reads what keeps the bounds, sooner than json; the first is read by
# json alone, so that a command reading one hand file does not pay orjson's import for a gain of
# microseconds.
_TEXTS_READ = itertools.count()


@cache
def _plain_reader() -> Callable[[str, int], tuple[bool, Any]]:
    from scorekeeper._json import read_plain

    return read_plain


def load_json(text: str, name: str, *, long_integers: bool = False) -> Any:
    """JSON text as plain data, refusing what would crash or mislead later: nesting deeper than
    MAX_DEPTH (the parser recurses), integers longer than MAX_DIGITS (with ``long_integers``, up to
    Python's own limit, for a caller that checks each number's range and says where it was), NaN
    and Infinity, and escaped lone surrogates (text that cannot be printed or stored)."""
    if text.count("[") + text.count("{") > MAX_DEPTH:
        depth = 0
        for token in _json_nesting().finditer(text):
            mark = token.group()
            if mark in "[{":
                depth += 1
                if depth > MAX_DEPTH:
                    raise DocumentError(_("{name}: nested more than {depth} deep; refused").format(
                        name=name, depth=MAX_DEPTH))
            elif mark in "]}":
                depth -= 1
    if "\\u" in text:
        lone = _lone_surrogate().search(text)
        if lone is not None:
            raise DocumentError(_("{name}: {text} is half of a character (a lone surrogate); refused").format(
                name=name, text=lone.group()))
    if next(_TEXTS_READ):  # not the first text of the process: see _plain_reader
        read, data = _plain_reader()(text, 18 if long_integers else MAX_DIGITS)
        if read:
            return data
    try:
        data, end = (_WIDE_SCAN if long_integers else _SCAN)(text, 0)
        if end == len(text):
            return data
    except (StopIteration, ValueError):  # a space first, a mistake, a refused number: decode says which below
        pass
    try:
        return (_WIDE_DECODER if long_integers else _DECODER).decode(text)
    except json.JSONDecodeError as exc:
        raise DocumentError(_("{where}: not valid JSON: {why}").format(
            where=f"{name}:{exc.lineno}:{exc.colno}", why=exc.msg)) from None
    except ValueError as exc:
        raise DocumentError(_("{where}: not valid JSON: {why}").format(where=name, why=exc)) from None


def parse_text(text: str, name: str) -> Any:
    """The data of a document's text: JSON when ``name`` ends in ``.json`` or ``.jsonl``, else YAML."""
    if name.endswith((".json", ".jsonl")):
        return load_json(text, name)
    from scorekeeper._yaml import parse_yaml  # PyYAML only when a YAML file is read

    return parse_yaml(text, name)


_NO_WAIT = getattr(os, "O_NONBLOCK", 0)  # not on Windows, which has no named pipes in the file system


def open_bytes(path: str | Path) -> BinaryIO:
    """A file opened for reading bytes without waiting: a named pipe that nobody writes to reads as
    empty instead of blocking for ever, and one that does have a writer is read to its end."""
    fd = os.open(path, os.O_RDONLY | _NO_WAIT)
    if _NO_WAIT:
        os.set_blocking(fd, True)
    return os.fdopen(fd, "rb")


def read_text(path: str | Path, what: str, limit: int = MAX_BYTES) -> tuple[str, str]:
    """The text of a file (``-``: standard input), read no further than ``limit`` bytes, and its name.

    The size is checked before reading, and the read itself is bounded, so a huge file, a device
    such as /dev/zero or an endless pipe is refused instead of filling the memory; a named pipe
    nobody writes to is read as empty instead of waited on.
    """
    name = "<stdin>" if str(path) == "-" else str(path)
    too_big = _("{name}: the {what} is larger than {size} KiB; refused").format(
        name=name, what=translated(what), size=limit // 1024)
    try:
        if str(path) == "-":
            raw = sys.stdin.buffer.read(limit + 1)
        else:
            with open_bytes(path) as stream:
                info = os.fstat(stream.fileno())
                if stat.S_ISREG(info.st_mode) and info.st_size > limit:
                    raise DocumentError(too_big)
                raw = stream.read(limit + 1)
        if len(raw) > limit:
            raise DocumentError(too_big)
        return raw.decode("utf-8"), name
    except (OSError, UnicodeDecodeError) as exc:
        raise DocumentError(_("{name}: cannot read the {what}: {why}").format(
            name=name, what=translated(what), why=unreadable(exc))) from None


def read_document(path: str | Path, what: str) -> tuple[Any, str]:
    """The data of a file (``-``: standard input) and the name to give it in errors."""
    text, name = read_text(path, what)
    return parse_text(text, name), name
