"""Benchmark of ``scorekeeper serve``: twenty phones posting hands to one uvicorn server, the page
weight of the hand-entry page, and the time from submit to the sheet shown with 10,000 hands in
the history.

Not a test (pytest does not collect bench_*.py); run it and read the figures:

    python tests/benchmarks/bench_web.py [--seconds 60] [--phones 20] [--tables 5]

The server runs in its own process (uvicorn, as ``scorekeeper serve`` runs it) on 127.0.0.1. The
phones sit at ``--tables`` tables (matches played to 10,000, so none ends); each phone in turn
reads its match's version and posts the next hand with the number it saw, as the page does, so
the phones of one table race for each hand. At the end every table's stored hand numbers must be
1..N, each stored by exactly one phone (nothing lost, nothing doubled), and the history must hold N.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

from scorekeeper.history.matches import add_hand, load_match, start_match
from scorekeeper.history.store import Store
from scorekeeper.match.ending import match_settings
from scorekeeper.rules.catalog import load_rules
from scorekeeper.scoring.hand import HandSpec

TOKEN = "bench-token-0123456789abcdef"
HAND = {"Anna": "7d Ad 6h 5c 4s", "Bruno": "rest"}  # 2 to 3 under scopa


class Phone:
    """One browser: its cookies, its CSRF field value, a kept-alive connection."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.cookies = ""
        answer = self.request("GET", f"/join?token={TOKEN}")
        self.cookies = "; ".join(v.split(";")[0] for k, v in answer[2] if k.lower() == "set-cookie")
        found = re.search(r'name="csrf" value="([0-9a-f]{64})"', self.request("GET", "/")[1])
        assert found, "joined"
        self.csrf = found[1]

    def request(self, method: str, path: str,
                form: dict[str, str] | None = None) -> tuple[int, str, list[tuple[str, str]]]:
        headers = {"Cookie": self.cookies} if self.cookies else {}
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.conn.request(method, path, body=body, headers=headers)
        answer = self.conn.getresponse()
        return answer.status, answer.read().decode(), answer.getheaders()

    def hand_form(self, number: int) -> dict[str, str]:
        form = {"csrf": self.csrf, "number": str(number), "sweeps_0": "1"}
        for i, (side, pile) in enumerate(HAND.items()):
            form[f"side_{i}"], form[f"pile_{i}"] = side, pile
        return form


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(db: Path, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "SCOREKEEPER_DB": str(db), "SCOREKEEPER_SERVE_TOKEN": TOKEN}
    server = subprocess.Popen([sys.executable, "-m", "uvicorn", "scorekeeper.web.app:from_environment", "--factory",
                               "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning", "--no-access-log"],
                              env=env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def race(port: int, db: Path, seconds: float, phones: int, tables: int) -> None:
    with Store(db) as store:
        ids = [start_match(store, match_settings(load_rules("scopa"), ["Anna", "Bruno"], target=10_000))
               for _ in range(tables)]
    stored: dict[int, list[int]] = {i: [] for i in ids}
    latencies: list[float] = []
    conflicts = [0]
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def play(k: int) -> None:
        phone, match_id = Phone(port), ids[k % tables]
        while time.monotonic() < stop:
            status, body, _ = phone.request("GET", f"/m/{match_id}/version")
            number = int(re.search(r'"hands":(\d+)', body)[1]) + 1  # type: ignore[index]
            began = time.perf_counter()
            status, _, _ = phone.request("POST", f"/m/{match_id}/hands", phone.hand_form(number))
            took = time.perf_counter() - began
            with lock:
                latencies.append(took)
                if status == 303:
                    stored[match_id].append(number)
                elif status == 409:
                    conflicts[0] += 1
                else:
                    raise SystemExit(f"phone {k}: status {status} for hand {number}")

    threads = [threading.Thread(target=play, args=(k,)) for k in range(phones)]
    began = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - began
    total = sum(len(v) for v in stored.values())
    with Store(db, readonly=True) as store:
        for match_id, numbers in stored.items():
            held = load_match(store, str(match_id)).state.hands
            assert sorted(numbers) == list(range(1, held + 1)), f"match {match_id}: lost or doubled hands"
    print(f"{phones} phones at {tables} tables for {elapsed:.0f} s: {total} hands stored ({total / elapsed:.1f}/s), "
          f"{conflicts[0]} refused as already stored; nothing lost or doubled")
    p50, p99 = percentile(latencies, 0.5) * 1000, percentile(latencies, 0.99) * 1000
    print(f"  POST latency: p50 {p50:.1f} ms, p99 {p99:.1f} ms ({len(latencies)} posts)")


def page_weight(port: int) -> None:
    phone = Phone(port)
    sizes = {path: len(phone.request("GET", path)[1].encode()) for path in ("/m/1/hand", "/static/app.css",
                                                                            "/static/app.js")}
    print(f"hand-entry page with everything it loads: {sum(sizes.values()) / 1024:.1f} KiB "
          f"({', '.join(f'{p} {s / 1024:.1f}' for p, s in sizes.items())}; uncompressed, goal < 150 KiB)")


def seed(db: Path, matches: int, hands: int) -> int:
    """A history of ``matches`` x ``hands`` hands stored through the library; the last match's id."""
    spec = HandSpec(piles={side: (text, f"pile of {side}") for side, text in HAND.items()}, sweeps={"Anna": 1})
    with Store(db) as store:
        store.db.execute("PRAGMA synchronous = OFF")  # only to build the history quickly
        last = 0
        for _ in range(matches):
            last = start_match(store, match_settings(load_rules("scopa"), ["Anna", "Bruno"], target=10_000))
            for _ in range(hands):
                add_hand(store, str(last), spec)
    return last


def submit_to_sheet(port: int, match_id: int, rounds: int) -> None:
    phone = Phone(port)
    times, drawn, size = [], [], 0
    for _ in range(rounds):
        number = int(re.search(r'"hands":(\d+)', phone.request("GET", f"/m/{match_id}/version")[1])[1]) + 1  # type: ignore[index]
        began = time.perf_counter()
        status, _, headers = phone.request("POST", f"/m/{match_id}/hands", phone.hand_form(number))
        assert status == 303
        stored = time.perf_counter()
        status, body, _ = phone.request("GET", f"/m/{match_id}")
        times.append(time.perf_counter() - began)
        drawn.append(time.perf_counter() - stored)
        size = len(body.encode())
        assert f'id="hand-{number}"' in body
    print(f"  submit to sheet shown: p50 {percentile(times, 0.5) * 1000:.1f} ms, "
          f"p99 {percentile(times, 0.99) * 1000:.1f} ms ({rounds} hands; goal p99 < 100 ms)")
    print(f"  of which the sheet's GET: p50 {percentile(drawn, 0.5) * 1000:.1f} ms, "
          f"p99 {percentile(drawn, 0.99) * 1000:.1f} ms; last sheet {size / 1024:.1f} KiB for {number} hands")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--phones", type=int, default=20)
    parser.add_argument("--tables", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "race.sqlite3"
        port = free_port()
        Store(db).close()
        server = start_server(db, port)
        try:
            race(port, db, args.seconds, args.phones, args.tables)
            page_weight(port)
        finally:
            server.terminate()
            server.wait(10)
        big = Path(folder) / "big.sqlite3"
        began = time.monotonic()
        last = seed(big, 100, 100)
        print(f"history of 10,000 hands (100 matches of 100) built in {time.monotonic() - began:.0f} s")
        server = start_server(big, port)
        try:
            submit_to_sheet(port, last, args.rounds)
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
