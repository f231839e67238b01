"""Reading a JSON object whose one big member is an array, an item at a time: a history file of a
million hands is read in the memory of one match.

The text is read in pieces; each value is decoded by the C decoder (``raw_decode``) from where it
starts, and a value that runs past the end of what has been read is decoded again once more has
been read (the pieces grow, so a huge value costs linear time). Each value gets the bounds every
JSON file gets (``documents.load_json``): lone surrogates, NaN and Infinity are refused, and so is
nesting the decoder cannot follow; integers go up to Python's own limit, for a caller that checks
each number's range and says where it was. How deep the values nest is the caller's to check
(``too_deep``), on the parts whose shape its models leave open: checking the text of every value
cost more than decoding it.

Why not ijson, tried in its C backend (yajl2_c) on a history file of 10^4 hands: it turns an
escaped lone surrogate into ``?`` without a word, refuses an integer past 2^63 as "integer
overflow" with no field or line, gives no line or column in any error, and a file nested 10^5
deep exhausted the memory (its prefixes grow with the depth). Reading the matches alone, it was
no faster than this reader with every bound kept; the guards that would restore the bounds (a
pass over the bytes outside strings for nesting, UTF-8 and surrogates) cost two thirds as much
again, and seeing the file's other members in the same pass (a ``map_type`` for the top level)
more than doubled its time. json-stream builds every value in Python: over ten times as slow.
The figures are in tests/benchmarks/README.md.
"""

from __future__ import annotations

import codecs
import json
import os
import re
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

from scorekeeper._marks import MAX_DEPTH, DocumentError
from scorekeeper.documents import open_bytes
from scorekeeper.errors import unreadable
from scorekeeper.i18n import _, translated

_PIECE = 1 << 20
_SPACE = re.compile(r"[ \t\n\r]*")
_HIGH, _LOW = r"\\u[dD][89abAB][0-9a-fA-F]{2}", r"\\u[dD][c-fC-F][0-9a-fA-F]{2}"  # not for players: regexes
_SURROGATE = re.compile(f"{_HIGH}(?:{_LOW})?|{_LOW}")  # a pair, or half of one
# How close to the end of what has been read an error may be and still be a value cut short
# ('tru' of 'true', half of a \uXXXX escape) rather than a real error.
_NEAR_END = 16


def _no_constant(text: str) -> Any:
    raise ValueError(_("{text} is not a number").format(text=text))


_DECODER = json.JSONDecoder(parse_constant=_no_constant)


def too_deep(value: Any, limit: int) -> bool:
    """Whether lists and mappings nest more than ``limit`` deep in a decoded value."""
    level, depth = [value], 0
    while level:
        depth += 1
        if depth > limit:
            return True
        level = [item for inner in level if isinstance(inner, (list, dict))
                 for item in (inner.values() if isinstance(inner, dict) else inner)
                 if isinstance(item, (list, dict))]
    return False


def _lone_surrogate(text: str) -> str | None:
    for found in _SURROGATE.finditer(text):
        if len(found.group()) == 6:  # a pair is twelve characters
            return found.group()
    return None


class _Text:
    """The text of a file read so far, from the start of the value being read (``what`` is what the
    file is, marked with ``N_`` where it is named)."""

    def __init__(self, stream: BinaryIO, name: str, limit: int, what: str, item_limit: int) -> None:
        self.stream, self.name, self.limit, self.what, self.item_limit = stream, name, limit, what, item_limit
        self.decoder = codecs.getincrementaldecoder("utf-8")()
        self.buf, self.pos, self.eof, self.size, self.piece = "", 0, False, 0, _PIECE
        self.line, self.col = 1, 0  # where buf[0] stands in the file

    def more(self) -> bool:
        """Read another piece (dropping what has been used); False at the end of the file."""
        if self.eof:
            return False
        try:
            data = self.stream.read(self.piece)
            self.size += len(data)
            if self.size > self.limit:
                raise DocumentError(_("{name}: the {what} is larger than {size} KiB; refused").format(
                    name=self.name, what=translated(self.what), size=self.limit // 1024))
            self.eof = not data
            text = self.decoder.decode(data, final=self.eof)
        except (OSError, UnicodeDecodeError) as exc:
            raise DocumentError(_("{name}: cannot read the {what}: {why}").format(
                name=self.name, what=translated(self.what), why=unreadable(exc))) from None
        used = self.buf[:self.pos]
        lines = used.count("\n")
        self.line += lines
        self.col = len(used) - used.rfind("\n") - 1 if lines else self.col + len(used)
        self.buf, self.pos = self.buf[self.pos:] + text, 0
        return True

    def error(self, pos: int, message: str) -> DocumentError:
        lines = self.buf.count("\n", 0, pos)
        col = pos - self.buf.rfind("\n", 0, pos) if lines else self.col + pos + 1
        return DocumentError(_("{where}: not valid JSON: {why}").format(
            where=f"{self.name}:{self.line + lines}:{col}", why=message))

    def peek(self) -> str:
        """The next character that is not white space ('' at the end of the file)."""
        while True:
            self.pos = _SPACE.match(self.buf, self.pos).end()  # type: ignore[union-attr]
            if self.pos < len(self.buf) or not self.more():
                return self.buf[self.pos:self.pos + 1]

    def expect(self, chars: str, message: str) -> str:
        char = self.peek()
        if not char or char not in chars:
            raise self.error(self.pos, message)
        self.pos += 1
        return char

    def value(self) -> Any:
        """Decode the value that starts here."""
        self.peek()
        while True:
            try:
                value, end = _DECODER.raw_decode(self.buf, self.pos)
            except json.JSONDecodeError as exc:
                cut = exc.pos >= len(self.buf) - _NEAR_END or exc.msg.startswith(
                    "Unterminated string")  # not for players: the decoder's words, matched
                if cut and self._grow():
                    continue
                raise self.error(exc.pos, exc.msg) from None
            except RecursionError:
                raise DocumentError(_("{name}: nested more than {depth} deep; refused").format(
                    name=self.name, depth=MAX_DEPTH)) from None
            except ValueError as exc:
                raise DocumentError(_("{where}: not valid JSON: {why}").format(where=self.name, why=exc)) from None
            if end == len(self.buf) and self._grow():
                continue  # a number may go on in the next piece
            text = self.buf[self.pos:end]
            self.pos = end
            if "\\u" in text:
                lone = _lone_surrogate(text)
                if lone is not None:
                    raise DocumentError(_("{name}: {text} is half of a character (a lone surrogate); refused").format(
                        name=self.name, text=lone))
            return value

    def _grow(self) -> bool:
        held = len(self.buf) - self.pos
        if held > self.item_limit:
            raise DocumentError(_("{name}: one value in the {what} is larger than {size} MiB; refused").format(
                name=self.name, what=translated(self.what), size=self.item_limit >> 20))
        self.piece = max(self.piece, 2 * held)  # a big value: read it in fewer passes
        return self.more()


def _open(path: str | Path, name: str, limit: int, what: str) -> BinaryIO:
    if str(path) == "-":
        return sys.stdin.buffer
    try:
        stream = open_bytes(path)
        info = os.fstat(stream.fileno())
    except OSError as exc:
        raise DocumentError(_("{name}: cannot read the {what}: {why}").format(
            name=name, what=translated(what), why=unreadable(exc))) from None
    if stat.S_ISREG(info.st_mode) and info.st_size > limit:
        stream.close()
        raise DocumentError(_("{name}: the {what} is larger than {size} KiB; refused").format(
            name=name, what=translated(what), size=limit // 1024))
    return stream


def stream_object(path: str | Path, what: str, limit: int, array: str,
                  item_limit: int) -> Iterator[tuple[str, Any, Any]]:
    """The members of the JSON object in a file, in the order written: ``("member", key, value)``,
    except that the items of the array under the key ``array`` come one by one as
    ``("item", index, value)``. Anything that is not such an object, or not JSON, is refused, and
    so is a file larger than ``limit`` bytes or a value longer than ``item_limit`` characters (the
    memory it takes is the memory of the largest value). ``what``, what the file is, is a text
    marked with ``N_``.
    """
    name = "<stdin>" if str(path) == "-" else str(path)
    stream = _open(path, name, limit, what)
    try:
        text = _Text(stream, name, limit, what, item_limit)
        # The "Expecting ..." reasons are the JSON decoder's own words, shown as documents.load_json shows them.
        if text.peek():
            text.expect("{", _("the {what} must be a JSON object").format(what=translated(what)))
        else:
            text.expect("{", "Expecting value")  # not for players: the decoder's words
        seen: set[str] = set()
        if text.peek() == "}":
            text.pos += 1
        else:
            while True:
                if text.peek() != '"':
                    raise text.error(text.pos,
                                     "Expecting property name enclosed in double quotes")  # not for players: as above
                key = text.value()
                if key in seen:
                    raise DocumentError(_("{name}: the key {key} is given twice").format(name=name, key=repr(key)))
                seen.add(key)
                text.expect(":", "Expecting ':' delimiter")  # not for players: the decoder's words
                if key == array and text.peek() == "[":
                    text.pos += 1
                    yield from _items(text)
                else:
                    yield "member", key, text.value()
                if text.expect(",}", "Expecting ',' delimiter") == "}":  # not for players: the decoder's words
                    break
        if text.peek():
            raise text.error(text.pos, "Extra data")  # not for players: the decoder's words
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()


def _items(text: _Text) -> Iterator[tuple[str, Any, Any]]:
    if text.peek() == "]":
        text.pos += 1
        return
    index = 0
    while True:
        yield "item", index, text.value()
        index += 1
        if text.expect(",]", "Expecting ',' delimiter") == "]":  # not for players: the decoder's words
            return
