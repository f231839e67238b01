"""Writing an export's file whole or not at all (``export -o``), leaving no temporary file behind.

The text goes to a hidden temporary file in the target's folder, named for what it is, and is
renamed over the target once it is on the disk. The temporary file is removed on any failure;
when the process is stopped by SIGTERM or SIGHUP (a closed terminal) while it writes, it is
removed before the process ends of that signal; and one left by a process killed outright
(SIGKILL, a power cut: nothing can run then) is removed by the next export into that folder,
whatever file that export writes.
"""

from __future__ import annotations

import errno
import os
import secrets
import signal
import stat
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import _

# Temporary files of an unfinished export carry this in their names: ".NAME" TEMP_MARK "PID-RANDOM.tmp".
TEMP_MARK = ".scorekeeper-export-"  # not for players: a file name
#: A temporary file this old is stale whoever wrote it (its process id may have been given to another).
STALE_SECONDS = 86_400
#: The signals that stop a process politely: its temporary file is removed before it ends of them.
_STOPPING = ("SIGTERM", "SIGHUP")  # not for players: signal names


def write_atomically(path: Path, text: str | bytes | Iterable[str]) -> None:
    """Replace ``path`` with ``text`` (or its pieces, written as they come; or the bytes of a
    binary file such as a workbook) so that a crash leaves the old file or the new, never half.

    The new file keeps the mode of the one it replaces (or, for a new file, has the mode any
    program's new file gets: 0666 less the umask).
    """
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise ScorekeeperError(_("-o {path}: the folder {folder} does not exist").format(path=path, folder=folder))
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    except OSError as exc:
        raise ScorekeeperError(_("-o {path}: cannot write the file: {why}").format(
            path=path, why=exc.strerror)) from None
    remove_stale_temps(folder)
    with _removed_if_stopped():
        temp = folder / f".{path.name}{TEMP_MARK}{os.getpid()}-{secrets.token_hex(4)}.tmp"
        try:
            handle = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        except OSError as exc:
            raise ScorekeeperError(_("-o {path}: cannot write in {folder}: {why}").format(
                path=path, folder=folder, why=_why(exc))) from None
        done = False
        try:
            with os.fdopen(handle, "wb") as out:  # text as UTF-8, its line ends as they are
                os.fchmod(out.fileno(), mode)
                chunks: Iterable[str | bytes] = [text] if isinstance(text, str | bytes) else text
                for chunk in chunks:
                    out.write(chunk if isinstance(chunk, bytes) else chunk.encode("utf-8"))
                out.flush()
                os.fsync(out.fileno())
            os.replace(temp, path)
            done = True
            directory = os.open(folder, os.O_RDONLY)
            try:
                os.fsync(directory)  # the rename itself must reach the disk too
            finally:
                os.close(directory)
        except OSError as exc:
            if done:  # the file is whole; only making its new name durable failed
                raise ScorekeeperError(_("-o {path}: written, but the folder could not be synced: {why}").format(
                    path=path, why=exc.strerror)) from None
            raise ScorekeeperError(_("-o {path}: cannot write the file: {why}").format(
                path=path, why=_why(exc))) from None
        finally:
            if not done:
                with suppress(OSError):
                    os.unlink(temp)


class _Stopped(BaseException):
    """A stopping signal arrived while a temporary file was open: unwinds so that it is removed."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _stop(signum: int, _frame: object) -> None:
    raise _Stopped(signum)


@contextmanager
def _removed_if_stopped() -> Iterator[None]:
    """While the block runs, SIGTERM and SIGHUP unwind it (its ``finally`` removes the temporary
    file), then end the process of the same signal, as they would have. Only where they would
    have ended it anyway: in the main thread, and while nobody else handles them (``serve`` does)."""
    taken: dict[int, object] = {}
    if threading.current_thread() is threading.main_thread():
        for name in _STOPPING:
            number = getattr(signal, name, None)
            if number is not None and signal.getsignal(number) is signal.SIG_DFL:
                taken[number] = signal.signal(number, _stop)
    try:
        yield
    except _Stopped as stopped:
        for number in taken:
            signal.signal(number, signal.SIG_DFL)
        taken.clear()
        os.kill(os.getpid(), stopped.signum)  # ends the process here, of the signal it was sent
        raise  # only if the signal did not end it
    finally:
        for number, before in taken.items():
            signal.signal(number, before)  # type: ignore[arg-type]


def _why(exc: OSError) -> str:
    if exc.errno == errno.ENOSPC:
        return _("the disk is full; nothing was lost: the file is as it was before, and no part of it was written")
    if exc.errno == errno.EDQUOT:
        return _("the disk quota is used up; nothing was lost: the file is as it was before")
    return exc.strerror or str(exc)


def _umask() -> int:
    """The process's umask (read by setting it and setting it back: there is no other portable way)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def remove_stale_temps(folder: Path) -> None:
    """Remove the temporary files that exports into ``folder`` left when they were killed before
    they finished, whatever file they were writing: those whose process is gone, or that are over
    a day old. A file of this name shape whose process still runs is an export under way: kept."""
    try:
        entries = [e for e in os.scandir(folder)
                   if e.name.startswith(".") and TEMP_MARK in e.name and e.name.endswith(".tmp")]
    except OSError:
        return
    now = time.time()
    for entry in entries:
        pid_text = entry.name.rpartition(TEMP_MARK)[2].partition("-")[0]
        try:
            stale = now - entry.stat(follow_symlinks=False).st_mtime > STALE_SECONDS or not _alive(int(pid_text))
            if stale and entry.is_file(follow_symlinks=False):
                os.unlink(entry.path)
        except (OSError, ValueError):
            continue


def _alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's process: it exists
    return True
