"""The server's connections, guarded: a request must arrive in time, and their number is capped.

uvicorn keeps a connection that never finishes its request's headers open for ever, and past the
system's limit on open files every phone is locked out while the accept loop logs a traceback per
attempt. ``GuardedH11`` (the HTTP protocol ``scorekeeper serve`` gives uvicorn by name) closes a
connection whose request (headers and body) has not arrived ``REQUEST_TIME`` seconds after it
opened or after its last answer, and, past ``CONNECTIONS`` open at once, closes the one that has
waited longest for a request: a phone's request, which arrives at once, always finds room.
Repeated warnings in the log (those, and the accept loop's) are written once a minute, as one line
with no traceback.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from contextlib import suppress

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

#: Seconds a connection may take to send a whole request (after opening, or after an answer).
REQUEST_TIME = 10.0
#: The variable through which ``scorekeeper serve`` gives the most connections kept open at once.
CONNECTIONS = "SCOREKEEPER_SERVE_CONNECTIONS"  # not for players: a variable
_DEFAULT_CONNECTIONS = 1000
_QUIET = 60.0  # seconds between two log lines of the same kind
LOG = logging.getLogger("scorekeeper.web.connections")  # not for players: a logger


class OnceAMinute(logging.Filter):
    """Lets a warning through once a minute per kind (its first line), as one line without a traceback,
    counting the ones held back; a flood of failed attempts writes a line, not a megabyte."""

    def __init__(self) -> None:
        super().__init__()
        self._last: dict[str, tuple[float, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.WARNING:
            return True
        kind = str(record.msg).split("\n", 1)[0][:200]  # the template: its numbers may differ each time
        now = time.monotonic()
        last, held = self._last.get(kind, (-_QUIET, 0))
        if now - last < _QUIET:
            self._last[kind] = (last, held + 1)
            return False
        self._last[kind] = (now, 0)
        cause = record.exc_info[1] if record.exc_info else None
        line = record.getMessage().split("\n", 1)[0] + (f": {cause}" if cause is not None else "")
        if held:
            line += f" ({held} more like it held back)"  # not for players: a log line
        record.msg = line
        record.args = ()
        record.exc_info, record.exc_text, record.stack_info = None, None, None
        return True


_FILTER = OnceAMinute()


def _quiet_logs() -> None:
    """Give the loggers that repeat per attempt the once-a-minute filter (once)."""
    for name in ("asyncio", "uvicorn.error", LOG.name):  # not for players: loggers' names
        logger = logging.getLogger(name)
        if _FILTER not in logger.filters:
            logger.addFilter(_FILTER)


def _cap() -> int:
    text = os.environ.get(CONNECTIONS, "")
    return max(8, int(text)) if text.isdigit() else _DEFAULT_CONNECTIONS


class GuardedH11(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline for each request's headers and a cap on connections."""

    _since = 0.0
    _timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        _quiet_logs()
        super().connection_made(transport)
        self._wait_for_request()
        if len(self.connections) > _cap():
            self._make_room()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._wait_for_request()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
        super().connection_lost(exc)

    def _wait_for_request(self) -> None:
        self._since = self.loop.time()
        if self._timer is not None:
            self._timer.cancel()
        self._timer = self.loop.call_later(REQUEST_TIME, self._late)

    def _waiting(self) -> bool:
        """Whether no whole request (headers and body) has come since the connection opened or was last
        answered: a phone sends its small form with the headers, a stalled client never finishes."""
        return self.conn.their_state in (h11.IDLE, h11.SEND_BODY) and not self.transport.is_closing()

    def _late(self) -> None:
        self._timer = None
        if self._waiting():
            self._close()

    def _close(self) -> None:
        with suppress(h11.LocalProtocolError):
            self.conn.send(h11.ConnectionClosed())
        self.transport.close()

    def _make_room(self) -> None:
        """Past the cap, close the connection that has waited longest for a request (this one if every
        other is busy answering one)."""
        waiting = [c for c in self.connections if isinstance(c, GuardedH11) and c is not self and c._waiting()]
        oldest = min(waiting, key=lambda c: c._since, default=self)
        LOG.warning("%d connections are open, the most this server keeps (see the limit on open files at its "
                    "start): closing the one that waited longest without a request",  # not for players: a log line
                    len(self.connections))
        oldest._close()
