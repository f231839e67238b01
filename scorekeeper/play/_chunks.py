"""Files of lines read in blocks of whole lines, numbered, in flat memory: the work ``verify`` hands to its workers.

The reader only cuts blocks at line ends and counts them (both in C, whatever the size of the
lines); splitting, decoding and checking each line is left to whoever checks the block, so that
with several workers the reading process is never the one holding them up. For workers, a block
of a regular file travels as its place in the file (``Chunk.at``), and the worker reads it there
itself (``chunk_bytes``) instead of taking a megabyte pickled through a pipe, 64 KiB a turn.
"""

from __future__ import annotations

import io
import os
import stat
import sys
from collections.abc import Collection, Iterable, Iterator
from pathlib import Path
from typing import NamedTuple, cast

from scorekeeper.documents import open_bytes
from scorekeeper.errors import unreadable
from scorekeeper.i18n import _
from scorekeeper.play._text import shown

#: The longest line read, as the longest hand file: a simulated 52-card record is about 3 KiB.
MAX_LINE = 256 * 1024
#: Bytes read at a time, cut after the last whole line. The reading process spends about as much on
#: each block whatever its size (handing it over, taking its verdicts back): large blocks keep it small.
CHUNK_BYTES = 1024 * 1024


class Chunk(NamedTuple):
    """Whole lines of one file, and why the file is read no further after them, if it is not."""

    file: int  # its place among the files given: one file may be given twice
    source: str  # its name in messages
    first: int  # the number of its first line
    text: bytes  # the lines, each ended by a newline but perhaps the file's last (b"" when ``at`` says where)
    stop: str = ""
    at: tuple[str, int, int, int, int] | None = None  # the lines' place: path, device, inode, offset, size


def chunk_bytes(chunk: Chunk) -> bytes | None:
    """The chunk's lines, read from the file where ``at`` says when the reader left them there;
    None when the file is no longer the one read, or shorter (it was replaced or cut meanwhile)."""
    if chunk.at is None:
        return chunk.text
    path, device, inode, offset, size = chunk.at
    try:
        with open(path, "rb", buffering=0) as file:
            found = os.fstat(file.fileno())
            if (found.st_dev, found.st_ino) != (device, inode):
                return None
            data = os.pread(file.fileno(), size, offset)
    except OSError:
        return None
    return data if len(data) == size else None


def read_chunks(paths: Iterable[str | Path], stopped: Collection[int] = (), by_place: bool = False) -> Iterator[Chunk]:
    """Every file's lines in chunks (``-`` is standard input). A file that cannot be opened gives
    one chunk saying so; one is read no further at a line longer than MAX_LINE bytes, or once its
    place is in ``stopped`` (the checker found a line that is not text). With ``by_place``, the
    whole lines of a regular file are given by their place (``at``), for ``chunk_bytes`` to read."""
    for file, path in enumerate(paths):
        stdin = str(path) == "-"
        name = "<stdin>" if stdin else shown(str(path))
        try:
            stream = cast(io.BufferedIOBase, _stdin() if stdin else open_bytes(path))  # closed in finally
        except OSError as exc:
            yield Chunk(file, name, 1, b"", _("{source}: cannot read: {why}").format(source=name, why=unreadable(exc)))
            continue
        first, tail, offset = 1, b"", 0  # offset: where ``tail`` starts in the file
        place = None
        try:
            if by_place and not stdin:
                found = os.fstat(stream.fileno())
                if stat.S_ISREG(found.st_mode):
                    place = (os.fsdecode(os.fspath(path)), found.st_dev, found.st_ino)
            while file not in stopped and (block := stream.read1(CHUNK_BYTES)):
                data = tail + block
                end = data.rfind(b"\n") + 1
                if len(data) - end > MAX_LINE:  # a line this long is not a hand: do not wait for its end
                    number = first + data.count(b"\n", 0, end)
                    yield Chunk(file, name, first, data[:end], _(
                        "{source} line {number}: longer than {size} KiB; refused, and the rest of the file is not "
                        "read").format(source=name, number=number, size=MAX_LINE // 1024))
                    tail = b""
                    break
                if end:
                    if place is None:
                        yield Chunk(file, name, first, data[:end])
                    else:
                        yield Chunk(file, name, first, b"", at=(*place, offset, end))
                    first += data.count(b"\n", 0, end)
                tail, offset = data[end:], offset + end
        except OSError as exc:
            yield Chunk(file, name, first, tail, _("{source}: cannot read: {why}").format(
                source=name, why=unreadable(exc)))
            continue
        finally:
            if not stdin:
                stream.close()
        if tail:
            yield Chunk(file, name, first, tail)


def _stdin() -> io.BufferedIOBase:
    buffer = getattr(sys.stdin, "buffer", None)
    if isinstance(buffer, io.BufferedIOBase):
        return buffer
    return io.BytesIO(sys.stdin.read().encode("utf-8", "surrogateescape"))  # a text stream put in its place
