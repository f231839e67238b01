"""Benchmark of ``scorekeeper serve`` on a club evening (issue 25): 40 tables of 4 phones.

Not a test (pytest does not collect bench_*.py); run it and read the figures:

    python tests/benchmarks/bench_club.py [--tables 40] [--phones 4] [--seconds 60] [--lock 20]

``scorekeeper serve`` runs as the players start it, in its own process on 127.0.0.1 (loopback only).
Each phone polls its match's version every 2.5 s, as the sheet does; when the version moved it loads
the sheet; and about once a round per table a phone posts the next hand with the number it saw, so
the phones of a table race for it (one is stored, the others are told it was entered already). The
phones run in four processes of their own threads, so that the client's own interpreter lock does
not stand in the figures. After ``--seconds``, another process holds the history's write lock for
``--lock`` seconds (as an import, a backup or an ``sqlite3`` shell would) while the phones go on:
the posts then answer "busy, try again" and the pages must still answer.

At the end every table's stored hands must be numbered 1..N, each stored by exactly one post that
was answered as stored (nothing lost, nothing doubled). Printed: the requests, p50/p99/max of the
posts and of the reads in each phase, and the posts answered "busy" while the lock was held.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests' own phones

from club_phones import Phone, hand  # noqa: E402

from scorekeeper.history.matches import start_match  # noqa: E402
from scorekeeper.history.store import Store  # noqa: E402
from scorekeeper.match.ending import match_settings  # noqa: E402
from scorekeeper.rules.catalog import load_rules  # noqa: E402
from scorekeeper.web._turns import WAIT  # noqa: E402

HAND = {"Anna": "7d Ad 6h 5c 4s", "Bruno": "rest"}
POLL = 2.5
ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r"http://127\.0\.0\.1:(\d+)/join\?token=([\w-]+)")
VERSION = re.compile(r'"version":"(\d+)","hands":(\d+)')

Sample = tuple[float, str, float, int]  # (when, kind, seconds, status)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def _phone_life(port: int, token: str, match_id: int, until: float, samples: list[Sample],
                stored: list[int], table_turn: threading.Lock, seed: int) -> None:
    """One phone at one table, until ``until``: poll, load the sheet when it moved, post now and then."""
    rng = random.Random(seed)
    phone = Phone(port, timeout=60)
    phone.join(token)
    seen = ""
    time.sleep(rng.uniform(0, POLL))
    while time.time() < until:
        began = time.time()
        status, _h, text = phone.request("GET", f"/m/{match_id}/version")
        samples.append((began, "version", time.time() - began, status))
        found = VERSION.search(text.replace(" ", ""))
        if found and found[1] != seen:
            seen = found[1]
            began = time.time()
            status, _h, _text = phone.request("GET", f"/m/{match_id}")
            samples.append((began, "sheet", time.time() - began, status))
        if found and rng.random() < 0.25:  # about one post a round per table of four
            number = int(found[2]) + 1
            began = time.time()
            status, _h, _text = phone.request("POST", f"/m/{match_id}/hands", hand(phone.csrf, number, HAND))
            samples.append((began, "post", time.time() - began, status))
            if status == 303:
                with table_turn:
                    stored.append(number)
        time.sleep(max(0.0, POLL - (time.time() - began)))
    phone.close()


def _tables(args: tuple[int, str, list[int], int, float]) -> tuple[list[Sample], dict[int, list[int]]]:
    """A client process: every phone of its tables, each in a thread; the samples and the hands stored."""
    port, token, matches, phones, until = args
    samples: list[Sample] = []
    stored: dict[int, list[int]] = {m: [] for m in matches}
    threads = []
    for match_id in matches:
        turn = threading.Lock()
        for i in range(phones):
            threads.append(threading.Thread(target=_phone_life, args=(
                port, token, match_id, until, samples, stored[match_id], turn, match_id * 10 + i), daemon=True))
    for t in threads:
        t.start()
    for t in threads:
        t.join(until - time.time() + 120)
    return samples, stored


def _figures(label: str, samples: list[Sample]) -> None:
    for kind in ("post", "read"):
        chosen = [s for s in samples if (s[1] == "post") == (kind == "post")]
        times = [s[2] * 1000 for s in chosen]
        statuses: dict[int, int] = {}
        for s in chosen:
            statuses[s[3]] = statuses.get(s[3], 0) + 1
        print(f"  {label:<22} {kind:<5} n={len(times):>6}  p50 {percentile(times, 0.5):7.1f} ms  "
              f"p99 {percentile(times, 0.99):7.1f} ms  max {max(times, default=float('nan')):7.1f} ms  "
              f"statuses {dict(sorted(statuses.items()))}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--phones", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--lock", type=float, default=20.0)
    parser.add_argument("--clients", type=int, default=4, help="client processes the phones are spread over")
    parser.add_argument("--server-from", type=Path, metavar="DIR",
                        help="run the server from another checkout's folder, to compare (an earlier commit)")
    args = parser.parse_args()
    if not (1 <= args.tables <= 100 and 1 <= args.phones <= 8 and 0 < args.seconds <= 600 and 0 <= args.lock <= 120):
        parser.error("at most 100 tables of 8 phones, 600 s of play and a 120 s lock")
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "club.sqlite3"
        settings = match_settings(load_rules("scopa"), list(HAND), target=10_000)
        with Store(db) as store:
            matches = [start_match(store, settings) for _i in range(args.tables)]
        args.port = free_port()
        command = [sys.executable, "-m", "scorekeeper", "serve", "--port", str(args.port), "--db", str(db)]
        server = subprocess.Popen(command, cwd=args.server_from or ROOT, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, env={**os.environ, "SCOREKEEPER_LANG": "en",
                                       **({"PYTHONPATH": str(args.server_from)} if args.server_from else {})})
        try:
            return _run(args, db, matches, server)
        finally:
            server.terminate()
            server.wait(30)


def _run(args: argparse.Namespace, db: Path, matches: list[int], server: subprocess.Popen[str]) -> int:
    assert server.stdout is not None and server.stderr is not None
    token = ""
    for line in server.stdout:
        found = LINK.search(line)
        if found:
            token = found[2]
            break
    for line in server.stderr:
        if "startup complete" in line:
            break
    port = args.port
    threading.Thread(target=server.stderr.read, daemon=True).start()  # the log, never left to fill its pipe
    started = time.time()
    lock_at, until = started + args.seconds, started + args.seconds + args.lock + 2
    chunks = [matches[i::args.clients] for i in range(args.clients)]
    held: list[float] = []
    holder = threading.Thread(target=_hold_lock, args=(db, lock_at, args.lock, held), daemon=True)
    holder.start()
    with multiprocessing.get_context("spawn").Pool(args.clients) as pool:
        results = pool.map(_tables, [(port, token, chunk, args.phones, until) for chunk in chunks if chunk])
    holder.join()
    samples = [s for part, _stored in results for s in part]
    stored = {m: numbers for _part, by_table in results for m, numbers in by_table.items()}
    print(f"bench_club: {args.tables} tables x {args.phones} phones, polling every {POLL} s, "
          f"{args.seconds:.0f} s of play then {args.lock:.0f} s with another process holding the write lock")
    _figures("play", [s for s in samples if s[0] < lock_at])
    if held:  # the requests sent while the other process held the lock
        _figures("write lock held", [s for s in samples if held[0] <= s[0] < held[0] + args.lock - WAIT])
    return _check(db, stored)


def _hold_lock(db: Path, at: float, seconds: float, held: list[float]) -> None:
    """Another process holding the history's write lock for ``seconds``, from ``at``; ``held`` gets
    the time it had the lock."""
    time.sleep(max(0.0, at - time.time()))
    if seconds <= 0:
        return
    code = ("import sqlite3, sys, time; c = sqlite3.connect(sys.argv[1], isolation_level=None); "
            "c.execute('BEGIN IMMEDIATE'); print('held', flush=True); time.sleep(float(sys.argv[2])); "
            "c.execute('ROLLBACK')")
    with subprocess.Popen([sys.executable, "-c", code, str(db), str(seconds)], stdout=subprocess.PIPE,
                          text=True) as holder:
        assert holder.stdout is not None
        if holder.stdout.readline().strip() == "held":
            held.append(time.time())
        holder.wait()


def _check(db: Path, stored: dict[int, list[int]]) -> int:
    """Nothing lost, nothing doubled: each table's hands are 1..N, each answered as stored once."""
    wrong = 0
    total = 0
    with Store(db, readonly=True) as store, store.read():
        for match_id, numbers in stored.items():
            live = [h.number for h in store.load(match_id).live_hands]
            total += len(live)
            if live != list(range(1, len(live) + 1)) or sorted(numbers) != live:
                wrong += 1
                print(f"  match {match_id}: stored {live[:5]}... answered as stored {sorted(numbers)[:5]}...")
    print(f"  hands stored: {total}; tables with a hand lost or doubled: {wrong}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
