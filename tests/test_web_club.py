"""``scorekeeper serve`` at a club (issue 25): a hostile Wi-Fi and forty busy tables. Connections that
never finish a request, another program holding the history's write lock, a deleted match's page,
a foreign Host, the address printed for phones and HTTPS, and a waiting hand tied to its phone.
The hand is the README's (Anna 7d Ad 6h 5c 4s and a sweep, Bruno the rest: 2 to 3 under scopa)."""

from __future__ import annotations

import errno
import http.client
import logging
import os
import re
import shutil
import socket
import sqlite3
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from club_phones import Phone, hand, serving
from conftest import run
from starlette.testclient import TestClient
from test_web_pages import README_HAND, TOKEN, join, shown, start

from scorekeeper.cli._network import answered_names, phone_address
from scorekeeper.web._connections import REQUEST_TIME, OnceAMinute
from scorekeeper.web._turns import WAIT
from scorekeeper.web.app import create_app

pytestmark = pytest.mark.slow  # real servers under load

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"(https?)://([^/\s]+)/join\?token=([\w-]+)")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def serve(*options: str, files: int | None = None, stderr: Path) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``scorekeeper serve`` in a process of its own (with at most ``files`` open files): it and its join link."""
    def limited() -> None:
        if files is not None:
            import resource

            resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

    with stderr.open("w") as err:
        proc = subprocess.Popen([sys.executable, "-m", "scorekeeper", "serve", *options], cwd=ROOT, text=True,
                                stdout=subprocess.PIPE, stderr=err, preexec_fn=limited, env=os.environ.copy())
        try:
            assert proc.stdout is not None
            lines = []
            for line in proc.stdout:
                lines.append(line)
                if LINK.search(line):
                    break
            found = LINK.search("".join(lines))
            assert found, "".join(lines) + stderr.read_text()
            deadline = time.monotonic() + 20
            while "Uvicorn running" not in stderr.read_text() and time.monotonic() < deadline:
                time.sleep(0.05)
            yield proc, found[0]
        finally:
            proc.terminate()
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)


def test_unfinished_requests_are_timed_out_and_connections_capped(tmp_path: Path) -> None:
    """Issue 25, 1: 400 connections that never finish their headers, against a server allowed 256 open
    files (macOS's default): a phone's request still answers at once, the unfinished ones are closed
    within REQUEST_TIME, and the log says the cause once instead of a traceback per attempt."""
    port = free_port()
    log = tmp_path / "serve.log"
    with serve("--port", str(port), files=256, stderr=log) as (_proc, link):
        phone = Phone(port, timeout=5)
        phone.join(link.rsplit("=", 1)[1])
        stalled = []
        for _i in range(400):
            sock = socket.create_connection(("127.0.0.1", port))
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Never: ")
            stalled.append(sock)
        started = time.monotonic()
        assert phone.request("GET", "/")[0] == 200
        assert time.monotonic() - started < 5  # without the cap: never (no descriptor left to accept it)
        late = socket.create_connection(("127.0.0.1", port))  # after the flood: closed by its deadline
        late.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        slow_body = socket.create_connection(("127.0.0.1", port))  # a form that never arrives whole
        slow_body.sendall(f"POST /matches HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {phone_cookies(phone)}\r\n"
                          "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n"
                          f"csrf={phone.csrf}".encode())
        opened = time.monotonic()
        for sock in (late, slow_body):
            sock.settimeout(REQUEST_TIME + 10)
            assert sock.recv(100) == b""
        assert REQUEST_TIME - 1 < time.monotonic() - opened < REQUEST_TIME + 5  # without the deadline: never
        still_open = 0
        for sock in stalled:
            sock.settimeout(0.5)
            try:
                still_open += sock.recv(100) != b""
            except TimeoutError:
                still_open += 1
            except ConnectionError:
                pass
            sock.close()
        assert still_open == 0
        assert phone.request("GET", "/")[0] == 200  # the phone is still served
    text = log.read_text()
    assert "only 256 files open, so at most 56 phones" in text
    assert text.count("connections are open, the most this server keeps") == 1
    assert "Traceback" not in text and "internal error" not in text and len(text) < 5000


def phone_cookies(phone: Phone) -> str:
    return "; ".join(f"{k}={v}" for k, v in phone.cookies.items())


@pytest.fixture
def two_matches() -> tuple[int, int]:
    c = TestClient(create_app(None, TOKEN))
    csrf = join(c)
    return start(c, csrf, "Anna", "Bruno", name="table-1"), start(c, csrf, "Carla", "Dario", name="table-2")


def test_blocked_writers_never_stall_readers(two_matches: tuple[int, int]) -> None:
    """Issue 25, 2: while another connection holds the history's write lock, 40 phones posting hands get
    "busy, try again" within a few seconds with their hand kept in the form, other tables' pages answer
    under a second meanwhile, and once the lock is gone the hand is stored once."""
    first, second = two_matches
    with serving(TOKEN) as port:
        holder = sqlite3.connect(os.environ["SCOREKEEPER_DB"], isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        answers: list[tuple[int, float, str]] = []

        def post() -> None:
            phone = Phone(port)
            phone.join(TOKEN)
            began = time.monotonic()
            status, _h, text = phone.request("POST", f"/m/{first}/hands", hand(phone.csrf, 1, README_HAND))
            answers.append((status, time.monotonic() - began, text))

        try:
            posters = [threading.Thread(target=post) for _i in range(40)]
            for t in posters:
                t.start()
            reader = Phone(port)
            reader.join(TOKEN)
            slowest = 0.0
            for _i in range(20):
                for path in (f"/m/{second}", f"/m/{second}/version"):
                    began = time.monotonic()
                    assert reader.request("GET", path)[0] == 200
                    slowest = max(slowest, time.monotonic() - began)
                time.sleep(0.1)
            for t in posters:
                t.join(30)
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert slowest < WAIT / 2  # in the pool the waiting posts held, a read waited for their deadline
        assert len(answers) == 40 and {status for status, _s, _t in answers} == {503}
        assert max(seconds for _st, seconds, _t in answers) < WAIT + 4  # SQLite's own busy timeout: 30 s
        assert all("The history is busy" in text and 'value="7d Ad 6h 5c 4s"' in text for _st, _s, text in answers)
        phone = Phone(port)
        phone.join(TOKEN)
        assert phone.request("POST", f"/m/{first}/hands", hand(phone.csrf, 1, README_HAND))[0] == 303
    assert [h["number"] for h in shown(first)["hands"]] == [1]


def test_a_deleted_matchs_page_and_version_answer_404() -> None:
    """Issue 25, 6: once deleted, a match's sheet and its /version are gone from the pages (404)."""
    c = TestClient(create_app(None, TOKEN))
    csrf = join(c)
    match_id = start(c, csrf, "Anna", "Bruno")
    assert c.get(f"/m/{match_id}").status_code == 200 and c.get(f"/m/{match_id}/version").status_code == 200
    assert run("match", "delete", str(match_id))[0] == 0
    page, version = c.get(f"/m/{match_id}"), c.get(f"/m/{match_id}/version")
    assert page.status_code == 404 and "Anna" not in page.text and "was deleted" in page.text
    assert version.status_code == 404 and version.json()["ok"] is False
    assert run("match", "restore", str(match_id))[0] == 0
    assert c.get(f"/m/{match_id}").status_code == 200


@pytest.mark.parametrize("foreign", ["evil.example", "127.0.0.1.evil.example", "evil.example:8000", "[::2]:8000",
                                     "::1", ""])
def test_a_foreign_host_is_refused_and_join_sets_no_cookie(foreign: str) -> None:
    """Issue 25, 8: a name that is not one the server listens on (a page elsewhere whose name was made
    to point here: DNS rebinding) gets 421 and no cookie, even with the right token."""
    app = create_app(None, TOKEN, hosts=answered_names("127.0.0.1", "127.0.0.1"))
    c = TestClient(app, base_url="http://127.0.0.1:8000")
    answer = c.get(f"/join?token={TOKEN}", headers={"Host": foreign}, follow_redirects=False)
    assert answer.status_code in (400, 421) and "set-cookie" not in answer.headers
    for name in ("127.0.0.1:8000", "localhost:8000", "[::1]:8000", "LOCALHOST"):
        assert c.get(f"/join?token={TOKEN}", headers={"Host": name}, follow_redirects=False).status_code == 303


def test_names_answered_are_those_listened_on_and_printed() -> None:
    """Issue 25, 8: on one address, that address only (and this machine's names for loopback); on
    every interface, the address printed for the phones too, never 0.0.0.0."""
    assert answered_names("192.168.1.5", "192.168.1.5") == ["192.168.1.5"]
    assert set(answered_names("127.0.0.1", "127.0.0.1")) == {"127.0.0.1", "localhost", "::1"}
    every = answered_names("0.0.0.0", "192.168.1.5")
    assert {"192.168.1.5", "127.0.0.1", "localhost"} <= set(every) and "0.0.0.0" not in every


def test_every_interface_prints_an_address_phones_can_reach(tmp_path: Path) -> None:
    """Issue 25, 9: with --host 0.0.0.0 the link names this machine's address toward the network (or,
    with none, says that no phone can join), says the link crosses the Wi-Fi unencrypted, and the
    server answers under the printed address."""
    port = free_port()
    with serve("--host", "0.0.0.0", "--port", str(port), stderr=tmp_path / "serve.log") as (proc, link):
        reached = phone_address("0.0.0.0")
        scheme, where, token = LINK.search(link).groups()  # type: ignore[union-attr]
        assert scheme == "http" and not where.startswith("0.0.0.0")
        if reached is None:
            assert "no network address phones can reach" in (tmp_path / "serve.log").read_text()
            return
        assert where == f"{reached}:{port}"
        phone = Phone(port, host=reached)
        phone.join(token)
        assert phone.request("GET", "/")[0] == 200
        proc.terminate()
        out = proc.stdout.read() if proc.stdout else ""
    assert "cross the network unencrypted" in out and "--certfile" in out


def test_https_with_certfile_and_keyfile(tmp_path: Path) -> None:
    """Issue 25, 9: --certfile/--keyfile serve the pages over HTTPS (a self-signed certificate made
    here), the link says https, and the cookies are sent only over HTTPS."""
    if shutil.which("openssl") is None:
        pytest.skip("no openssl command to make a self-signed certificate with")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    port = free_port()
    with serve("--port", str(port), "--certfile", str(cert), "--keyfile", str(key),
               stderr=tmp_path / "serve.log") as (_proc, link):
        assert link.startswith(f"https://127.0.0.1:{port}/join?token=")
        context = ssl.create_default_context(cafile=str(cert))
        context.check_hostname = False
        conn = http.client.HTTPSConnection("127.0.0.1", port, context=context, timeout=10)
        conn.request("GET", link.split(str(port), 1)[1])
        answer = conn.getresponse()
        assert answer.status == 303
        cookies = answer.headers.get_all("set-cookie") or []
        conn.close()
        assert len(cookies) == 2 and all("Secure" in c for c in cookies)
    code, _out, err = run("serve", "--port", str(port), "--certfile", str(key), "--keyfile", str(key))
    assert code == 2 and err.count("\n") == 1 and "cannot use the certificate" in err


def test_a_waiting_hand_is_tied_to_the_phone_that_sent_it() -> None:
    """Issue 25, 10: a phone that sent a hand to confirm cannot confirm it from a private tab (a new
    session from the same phone), and another phone cannot withdraw it; a phone of the other side
    confirms it, and the hand is stored once: 2 to 3."""
    app = create_app(None, TOKEN)
    anna = TestClient(app, client=("192.168.1.20", 50000))
    csrf = join(anna)
    match_id = start(anna, csrf, "Anna", "Bruno")
    form = hand(csrf, 1, README_HAND, confirm="1", by="Anna")
    form["sweeps_0"] = "1"
    sent = anna.post(f"/m/{match_id}/hands", data=form, follow_redirects=False)
    pending = int(sent.headers["location"].rsplit("#pending-", 1)[1])
    page = anna.get(f"/m/{match_id}").text
    assert "Sent from this phone" in page and f"/pending/{pending}/withdraw" in page
    assert f"/pending/{pending}/confirm" not in page
    private_tab = TestClient(app, client=("192.168.1.20", 50001))
    tab_csrf = join(private_tab)
    own = private_tab.post(f"/m/{match_id}/pending/{pending}/confirm", data={"csrf": tab_csrf, "by": "Bruno"})
    assert own.status_code == 409 and "sent from this phone" in own.text
    bruno = TestClient(app, client=("192.168.1.21", 50000))
    bruno_csrf = join(bruno)
    page = bruno.get(f"/m/{match_id}").text
    assert f"/pending/{pending}/confirm" in page and f"/pending/{pending}/withdraw" not in page
    withdrawn = bruno.post(f"/m/{match_id}/pending/{pending}/withdraw", data={"csrf": bruno_csrf})
    assert withdrawn.status_code == 409 and "only that phone withdraws it" in withdrawn.text
    assert shown(match_id)["hands"] == []
    confirmed = bruno.post(f"/m/{match_id}/pending/{pending}/confirm", data={"csrf": bruno_csrf, "by": "Bruno"},
                           follow_redirects=False)
    assert confirmed.status_code == 303
    assert shown(match_id)["totals"] == {"Anna": 2, "Bruno": 3}


def test_a_cause_repeated_per_attempt_is_logged_once_without_a_traceback(caplog: pytest.LogCaptureFixture) -> None:
    """Issue 25, 1: the accept loop out of descriptors logs each attempt with a traceback (272,295 of
    them, 110 MB, in 5 s); the filter the server puts on that log lets one line through a minute,
    naming the cause, and counts the others."""
    logger = logging.getLogger("test.accept")
    logger.addFilter(OnceAMinute())
    error = OSError(errno.EMFILE, "Too many open files")
    with caplog.at_level(logging.INFO, logger="test.accept"):
        for _i in range(10_000):
            try:
                raise error
            except OSError:
                logger.error("socket.accept() out of system resource\nsocket: <socket>", exc_info=True)
        logger.info("Started server process")
    lines = [r.getMessage() for r in caplog.records]
    assert lines == ["socket.accept() out of system resource: [Errno 24] Too many open files",
                     "Started server process"]
    assert all(r.exc_info is None for r in caplog.records) and "Traceback" not in caplog.text
