"""The pages' writes take turns apart from their reads, and never wait long.

Reads and writes run in worker threads, but not in the same ones: a write waits for the history
(another program may hold its write lock: an import, a backup, an SQLite shell), and a pool
shared with the reads would fill with waiting writes and stall every other table's pages. Reads run
in Starlette's pool as before (WAL lets them read while another program writes); writes run under
a limiter of their own, one at a time in the history, each within ``WAIT`` seconds of its arrival:
past that, it answers "busy, try again" (``HistoryBusy``) with nothing changed, and a hand's form
comes back as it was typed.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from contextvars import ContextVar
from types import TracebackType
from typing import TypeVar

import anyio.to_thread
from anyio import CapacityLimiter

from scorekeeper.history.store import HistoryBusy, Store
from scorekeeper.web._i18n import _

T = TypeVar("T")
#: Seconds a page's write waits, from its arrival, for its turn and for the history's write lock.
WAIT = 3.0
#: Worker threads for writes at once (they queue for one history lock: a few cover the counting).
WRITERS = 8
_deadline: ContextVar[float] = ContextVar("_deadline", default=0.0)


def busy_words() -> str:
    """What a phone is told when its write could not get its turn in time."""
    return _("The history is busy: another program is writing to it. Nothing was stored; send again in a moment.")


class WriteTurns:
    """The pages' writes, one at a time, each bounded by its deadline: ``with turns:`` around a write
    (in the worker thread ``run`` started), and ``bound(store)`` on the store it writes with."""

    def __init__(self, wait: float = WAIT, writers: int = WRITERS) -> None:
        self.wait = wait
        self._lock = threading.Lock()
        self._threads = CapacityLimiter(writers)
        self._keeper: Store | None = None

    async def run(self, work: Callable[[], T]) -> T:
        """Run a request's write ``work`` in a writers' thread; its deadline starts now."""
        token = _deadline.set(time.monotonic() + self.wait)
        try:
            return await anyio.to_thread.run_sync(work, limiter=self._threads)
        finally:
            _deadline.reset(token)

    def left(self) -> float:
        """Seconds left before this request's deadline (a write not started by ``run``: the whole wait)."""
        deadline = _deadline.get()
        return self.wait if not deadline else max(0.0, deadline - time.monotonic())

    def bound(self, store: Store) -> Store:
        """Make ``store`` wait for another program's write lock only until this request's deadline.

        The first write also opens a connection kept for the server's life: the last connection to
        close copies the WAL into the history and syncs it, which made each write twice as slow."""
        store.wait_at_most(self.left())
        if self._keeper is None:
            self._keeper = Store(store.path, readonly=True)
        return store

    def __enter__(self) -> None:
        if not self._lock.acquire(timeout=self.left()):
            raise HistoryBusy(busy_words())

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 trace: TracebackType | None) -> None:
        self._lock.release()
