"""Benchmark of a tournament evening over HTTP (issue 22): 20 tables, 80 phones entering their
tables' hands, the director pairing 4 Swiss rounds, and a TV page polling all along.

Not a test; run it and read the figures:

    python tests/benchmarks/bench_tournament_web.py [--tables 20] [--phones 80] [--rounds 4] [--hands 3]

The server runs in its own process (uvicorn, as ``scorekeeper serve`` runs it). Each table plays
``--hands`` hands (the tournament is made with ``--hands``); its phones (four a table) open it from
the table's QR link, then race for each hand as the pages do (the number they saw goes with the hand),
each pausing ``--pause`` seconds on average between requests (a page polls every 2.5 s; 0: no pause).
The director pairs the next round as soon as every table is over; the TV reads the tournament's
version every second and its page when the version changes. At the end every table's match must hold
its hands 1..N, each stored once, and every entrant must have played every round.
"""

from __future__ import annotations

import argparse
import http.client
import random
import re
import sys
import tempfile
import threading
import time
from pathlib import Path

from scorekeeper.history.store import Store
from scorekeeper.history.tournaments import create_tournament, read_tournament
from scorekeeper.rules.catalog import load_rules
from scorekeeper.tournament.pairing import standings_of
from scorekeeper.tournament.settings import Settings

sys.path.insert(0, str(Path(__file__).parent))
from bench_web import TOKEN, Phone, free_port, percentile, start_server  # noqa: E402

CARDS = "7d Ad 6h 5c 4s"  # with a sweep, 2 to 3 under scopa


def ask(phone: Phone, method: str, path: str,
        form: dict[str, str] | None = None) -> tuple[int, str, list[tuple[str, str]]]:
    """``phone.request``, on a new connection when the server closed an idle one (uvicorn does after 5 s)."""
    try:
        return phone.request(method, path, form)
    except (http.client.RemoteDisconnected, ConnectionError):
        phone.conn.close()
        return phone.request(method, path, form)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--phones", type=int, default=80)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--pause", type=float, default=1.25, help="a phone's mean pause between requests, s")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "evening.sqlite"
        with Store(db) as store:
            entrants = [f"Player {i:02d}" for i in range(2 * args.tables)]
            tid = create_tournament(store, "Evening", load_rules("scopa"),
                                    Settings("swiss", "scopa", rounds=args.rounds, hands=args.hands), entrants).id
        port = free_port()
        server = start_server(db, port)
        try:
            evening(port, db, tid, args)
        finally:
            server.terminate()
            server.wait(10)


def evening(port: int, db: Path, tid: int, args: argparse.Namespace) -> None:
    posts: list[float] = []
    tv_times: list[float] = []
    tv_pages: list[float] = []
    stored: dict[int, list[int]] = {}
    lock = threading.Lock()
    over = threading.Event()

    def watch() -> None:
        tv, known = Phone(port), ""
        while not over.is_set():
            began = time.perf_counter()
            status, body, _ = ask(tv, "GET", f"/t/{tid}/version")
            version = re.search(r'"version":"([^"]+)"', body)[1]  # type: ignore[index]
            tv_times.append(time.perf_counter() - began)
            if version != known:
                began = time.perf_counter()
                status, _page, _ = ask(tv, "GET", f"/t/{tid}/tv")
                assert status == 200, status
                tv_pages.append(time.perf_counter() - began)
                known = version
            time.sleep(1)

    def play(k: int, table: int, names: list[str]) -> None:
        pause = random.Random(k)
        phone = Phone(port)
        status, _body, headers = ask(phone, "GET", f"/t/{tid}/table/{table}/join?token={TOKEN}")
        match = int({h.lower(): v for h, v in headers}["location"].rsplit("/", 1)[1])
        while True:
            time.sleep(pause.uniform(0, 2 * args.pause))  # a phone's page polls every 2.5 s; players take a moment
            _s, body, _ = ask(phone, "GET", f"/m/{match}/version")
            number = int(re.search(r'"hands":(\d+)', body)[1]) + 1  # type: ignore[index]
            if number > args.hands:
                return
            form = {"csrf": phone.csrf, "number": str(number), "sweeps_0": "1", "side_0": names[0],
                    "pile_0": CARDS, "side_1": names[1], "pile_1": "rest"}
            began = time.perf_counter()
            status, _, _ = ask(phone, "POST", f"/m/{match}/hands", form)
            with lock:
                posts.append(time.perf_counter() - began)
                if status == 303:
                    stored.setdefault(match, []).append(number)
                elif status != 409:
                    raise SystemExit(f"phone {k}: status {status} for hand {number}")

    tv = threading.Thread(target=watch)
    tv.start()
    director = Phone(port)
    began = time.monotonic()
    for _round in range(args.rounds):
        status, body, _ = ask(director, "POST", f"/t/{tid}/pair", {"csrf": director.csrf})
        assert status == 303, body
        with Store(db, readonly=True) as store:
            tables = read_tournament(store, str(tid)).state.rounds[-1].tables
        phones = [threading.Thread(target=play, args=(k, tables[k % len(tables)].number,
                                                      ["+".join(s) for s in tables[k % len(tables)].sides]))
                  for k in range(args.phones)]
        for p in phones:
            p.start()
        for p in phones:
            p.join()
    elapsed = time.monotonic() - began
    over.set()
    tv.join()
    with Store(db, readonly=True) as store:
        loaded = read_tournament(store, str(tid))
    for match, numbers in stored.items():
        held = loaded.results[match].hands
        assert sorted(numbers) == list(range(1, held + 1)) and held == args.hands, f"match {match}: lost or doubled"
    rows = standings_of(loaded.state, loaded.results)
    assert all(r.record.played == args.rounds for r in rows), "an entrant missed a round"
    print(f"{args.phones} phones at {len(rows) // 2} tables, {args.rounds} rounds of {args.hands} hands in "
          f"{elapsed:.0f} s: {sum(map(len, stored.values()))} hands stored, nothing lost or doubled")
    print(f"  POST a hand: p50 {percentile(posts, 0.5) * 1000:.1f} ms, p99 {percentile(posts, 0.99) * 1000:.1f} ms "
          f"({len(posts)} posts; goal p99 < 500 ms)")
    print(f"  TV version: p50 {percentile(tv_times, 0.5) * 1000:.1f} ms, "
          f"p99 {percentile(tv_times, 0.99) * 1000:.1f} ms "
          f"({len(tv_times)} polls); its page when changed: p50 {percentile(tv_pages, 0.5) * 1000:.1f} ms, "
          f"p99 {percentile(tv_pages, 0.99) * 1000:.1f} ms ({len(tv_pages)} loads); goal p99 < 200 ms")

if __name__ == "__main__":
    main()
