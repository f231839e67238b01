"""Output that workers write to files of a private folder, copied into the real output in order.

Lines a worker of ``simulate`` handed back through the pool's pipe would be pickled and unpickled,
CPU the writing process takes from the workers; written by the worker to a file and copied by the
kernel (``os.sendfile``), they cost it much less. A chunk's file is removed once copied; the folder
goes at the end, or when the run stops on an error or Ctrl-C.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from typing import TextIO


def spool_folder() -> str:
    """A new folder only this user may enter, for one run's chunks; "" where none can be made."""
    try:
        return tempfile.mkdtemp(prefix="scorekeeper-")  # not for players: a folder's name
    except OSError:
        return ""


def remove_folder(folder: str) -> None:
    shutil.rmtree(folder, ignore_errors=True)


def spool(folder: str, number: int, text: str) -> str:
    """``text`` written in UTF-8 to a new file of ``folder`` for chunk ``number``; its path, or ""
    where it could not be written whole (none is left behind then)."""
    path = os.path.join(folder, str(number))
    try:
        file = open(path, "xb")  # noqa: SIM115 (closed below; a file already there is not ours to remove)
    except OSError:
        return ""
    try:
        with file:
            file.write(text.encode("utf-8"))
    except OSError:
        with contextlib.suppress(OSError):
            os.remove(path)
        return ""
    return path


def unspool(path: str, out: TextIO) -> None:
    """The file's bytes written to ``out`` (the kernel copies them where ``out`` is a file
    descriptor), then the file removed."""
    out.flush()
    try:
        target = out.fileno()
    except (AttributeError, OSError):  # a stream in memory, a test's or a caller's (io.UnsupportedOperation)
        target = -1
    with open(path, "rb") as source:
        size, sent = os.fstat(source.fileno()).st_size, 0
        if target >= 0 and hasattr(os, "sendfile"):  # not for players: a function's name
            try:
                while sent < size:
                    done = os.sendfile(target, source.fileno(), sent, size - sent)
                    if done == 0:
                        break
                    sent += done
            except OSError:  # a descriptor sendfile does not write to: the rest by hand, where a real
                pass  # write error (a full disk, a closed pipe) comes back
        if sent < size:
            source.seek(sent)
            rest = source.read()
            if (buffer := getattr(out, "buffer", None)) is not None:
                buffer.write(rest)
                buffer.flush()
            else:
                out.write(rest.decode("utf-8"))
    os.remove(path)
