"""Work split in chunks over worker processes, the results given back in the order of the chunks.

``verify`` and ``simulate`` hand whole chunks (a thousand lines, a hundred hands) to a pool and
write each chunk's result as soon as every chunk before it is written, so the output is the same
byte for byte whatever the number of workers, and at most a few chunks per worker are in memory.
"""

from __future__ import annotations

import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import TYPE_CHECKING, Any, TypeVar

from scorekeeper.i18n import current, use

if TYPE_CHECKING:
    from multiprocessing.pool import AsyncResult

Task = TypeVar("Task")
Result = TypeVar("Result")

#: Chunks in flight per worker: two keep a worker busy while its last result travels back; more only hold more memory.
AHEAD = 2


def available_cores() -> int:
    """The cores this process may run on (its affinity, where the system tells it), at least 1."""
    if (count := getattr(os, "process_cpu_count", None)) is not None:  # not for players: a function (Python 3.13)
        return max(1, count() or 1)
    if hasattr(os, "sched_getaffinity"):  # not for players: a function
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def in_order(work: Callable[[Task], Result], tasks: Iterable[Task], jobs: int | None,
             setup: Callable[..., None] | None = None, setup_args: tuple[Any, ...] = ()) -> Iterator[Result]:
    """``work(task)`` for every task, in the order of the tasks, on up to ``jobs`` processes
    (None: as many as there are cores available).

    ``setup(*setup_args)`` runs once in each process before its first task (in this one when the
    work stays here). Tasks are read only as workers free up; closing the iterator early stops the workers."""
    jobs = available_cores() if jobs is None else jobs
    pending = iter(tasks)
    first = list(islice(pending, 2))
    if jobs <= 1 or len(first) < 2:  # one chunk of work is not worth starting a process for
        if setup is not None:
            setup(*setup_args)
        yield from map(work, first)
        yield from map(work, pending)
        return
    import multiprocessing  # only where a pool starts: it weighs on verify's start-up

    context = multiprocessing.get_context()
    with context.Pool(jobs, _worker_start, (setup, setup_args, current())) as pool:
        running: deque[AsyncResult[Result]] = deque(pool.apply_async(work, (task,)) for task in first)
        for task in pending:
            while len(running) >= jobs * AHEAD:
                yield running.popleft().get()
            running.append(pool.apply_async(work, (task,)))
        while running:
            yield running.popleft().get()


def _worker_start(setup: Callable[..., None] | None, setup_args: tuple[Any, ...], language: str) -> None:
    # Ctrl-C goes to the whole process group: the parent alone answers it and stops the pool, so
    # the workers do not each print a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    use(language)  # a spawned worker starts in English: its messages speak the parent's language
    if setup is not None:
        setup(*setup_args)
