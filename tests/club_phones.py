"""Phones for tests and benchmarks against a real server on this machine: each keeps its own cookies
and speaks plain HTTP/1.1 over its own keep-alive connection (as a phone's browser does)."""

from __future__ import annotations

import http.client
import re
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

import uvicorn

from scorekeeper.web.app import create_app

CSRF = re.compile(r'name="csrf" value="([0-9a-f]{64})"')


@contextmanager
def serving(token: str, db: Path | None = None, *, hosts: tuple[str, ...] = ("127.0.0.1",)) -> Iterator[int]:
    """A real uvicorn server over ``db`` on a free port of 127.0.0.1, for the block's duration: its port."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = int(sock.getsockname()[1])
    config = uvicorn.Config(create_app(db, token, hosts=hosts), log_level="warning", access_log=False,
                            backlog=2048)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


class Phone:
    """One browser: its cookies, its CSRF value once joined, and one connection kept open."""

    def __init__(self, port: int, host: str = "127.0.0.1", timeout: float = 30.0) -> None:
        self.port, self.host, self.timeout = port, host, timeout
        self.cookies: dict[str, str] = {}
        self.csrf = ""
        self._conn: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, form: dict[str, str] | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
        """Send one request (a form as the pages send it): the status, the headers and the body."""
        sent = {"Host": f"{self.host}:{self.port}", **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode(form).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in (1, 2):  # a kept connection the server closed meanwhile is opened again once
            if self._conn is None:
                self._conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
            try:
                self._conn.request(method, path, body=body, headers=sent)
                answer = self._conn.getresponse()
                text = answer.read().decode("utf-8", "replace")
                break
            except (ConnectionError, http.client.RemoteDisconnected, http.client.BadStatusLine):
                self.close()
                if attempt == 2:
                    raise
        for value in answer.headers.get_all("set-cookie") or []:
            for name, morsel in SimpleCookie(value).items():
                self.cookies[name] = morsel.value
        return answer.status, {k.lower(): v for k, v in answer.headers.items()}, text

    def join(self, token: str) -> None:
        """Open the join link, then the matches' page for this browser's CSRF value."""
        status, _headers, _text = self.request("GET", f"/join?token={token}")
        assert status == 303, status
        status, _headers, text = self.request("GET", "/")
        found = CSRF.search(text)
        assert status == 200 and found, status
        self.csrf = found[1]

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None


def hand(csrf: str, number: int, piles: dict[str, str], **extra: str) -> dict[str, str]:
    """A hand's form as the hand page sends it."""
    form = {"csrf": csrf, "number": str(number), **extra}
    for i, (side, pile) in enumerate(piles.items()):
        form[f"side_{i}"], form[f"pile_{i}"], form[f"sweeps_{i}"] = side, pile, "0"
    return form
