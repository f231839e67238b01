"""Benchmark of the history at 10^4, 10^5 and 10^6 hands (ten-hand matches): each command's time
and peak memory, run as a new process, as a user runs it.

Not a test (pytest does not collect bench_*.py); run it and read the figures:

    python tests/benchmarks/bench_history.py [--sizes 10000,100000] [--folder DIR]

Each history is built through the library (rule sets loaded, hands counted by ``count_for`` from a
pool of random deals, stored by the ``Store`` methods the commands use, a thousand matches to a
write transaction) and kept in the folder (by default one in the system's temporary folder), so a
second run starts at once; each run works on a copy, so ``match add`` and ``import`` never change
the kept one. Peak memory is the child's ``ru_maxrss``; its CPU time (user and system) moves less
than the wall time on a machine others are using.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scorekeeper.cli.common import with_options
from scorekeeper.history.matches import hand_columns, refresh_summary
from scorekeeper.history.store import Store, now
from scorekeeper.match.ending import MatchSettings, match_settings
from scorekeeper.match.hand import count_for
from scorekeeper.rules.catalog import load_rules
from scorekeeper.rules.stored import digest, rules_json
from scorekeeper.scoring.hand import HandSpec

HANDS = 10  # per match
GAMES = (("scopa", ["Anna", "Bruno"]), ("hurricane", ["Carla", "Dario"]), ("scopone", ["Anna+Bruno", "Carla+Dario"]))
BUILD = 2  # bump when the way a history is built changes: kept histories of another build are rebuilt
ROOT = Path(__file__).resolve().parents[2]


def deals(rules_id: str, sides: list[str], count: int, rng: random.Random) -> list[HandSpec]:
    """Random deals: every card to one side, a few sweeps."""
    rules = load_rules(rules_id)
    cards = [str(c) for c in rules.cards.cards]
    out = []
    for _ in range(count):
        piles: dict[str, list[str]] = {s: [] for s in sides}
        for card in cards:
            piles[rng.choice(sides)].append(card)
        out.append(with_options(HandSpec(), piles=[f"{s}={' '.join(p)}" for s, p in piles.items()],
                                sweeps=[f"{s}={rng.randint(0, 2) if len(p) > 4 else 0}" for s, p in piles.items()]))
    return out


def build(path: Path, hands: int) -> None:
    """``hands // 10`` matches of ten hands each, the three games in turn."""
    rng = random.Random(3)
    pools: dict[str, tuple[MatchSettings, str, list[dict[str, object]]]] = {}
    for rules_id, sides in GAMES:
        settings = match_settings(load_rules(rules_id), sides, target=1000)
        pool = [hand_columns(count_for(settings, settings.side_names, deal), False)
                for deal in deals(rules_id, sides, 60, rng)]
        pools[rules_id] = (settings, rules_json(settings.rules), pool)
    with Store(path) as store:
        for start in range(0, hands // HANDS, 1000):
            with store.write():  # one transaction per thousand matches: one fsync, not 11,000
                for n in range(start, min(start + 1000, hands // HANDS)):
                    settings, text, pool = pools[GAMES[n % len(GAMES)][0]]
                    store.put_rules(settings.rules.id, text, digest(text))
                    created = now()
                    match_id = store.insert_match(
                        uid=f"bench{n:08d}", name=f"m{n}", created=created, rules_key=digest(text),
                        sides=[[s.name, list(s.players)] for s in settings.sides], target=settings.target,
                        finish=settings.finish, enabled=list(settings.enabled))
                    store.insert_event(match_id, "new", at=created)
                    for number in range(1, HANDS + 1):
                        event = store.insert_event(match_id, "add", number, at=created)
                        store.insert_hand(match_id, number, rng.choice(pool), event)
                    refresh_summary(store, match_id)


def kept(folder: Path, hands: int) -> Path:
    """The kept history of this size, built first if need be."""
    path = folder / f"history-{hands}-build{BUILD}.sqlite"
    if not path.exists():
        begin = time.perf_counter()
        partial = path.with_suffix(".partial")
        for extra in ("", "-wal", "-shm"):
            Path(f"{partial}{extra}").unlink(missing_ok=True)
        build(partial, hands)
        partial.rename(path)
        print(f"built {hands:,} hands in {time.perf_counter() - begin:.0f} s ({path.stat().st_size / 1e6:.0f} MB): "
              f"{path}", flush=True)
    return path


def run(db: Path, *args: str) -> tuple[float, float, float]:
    """Seconds, CPU seconds and peak memory (MB) of one command in a new process; its output goes to /dev/null."""
    env = dict(os.environ, SCOREKEEPER_DB=str(db), PYTHONPATH=f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}")
    begin = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "scorekeeper", *args], env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE)
    _pid, status, usage = os.wait4(child.pid, 0)
    took = time.perf_counter() - begin
    child.returncode = os.waitstatus_to_exitcode(status)
    assert child.stderr is not None
    err = child.stderr.read().decode()
    child.stderr.close()
    if child.returncode not in (0, 1):
        raise SystemExit(f"scorekeeper {' '.join(args)} failed ({child.returncode}): {err}")
    return took, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024  # kilobytes on Linux


def best(db: Path, times: int, *args: str) -> tuple[float, float, float]:
    runs = [run(db, *args) for _ in range(times)]
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs), max(r[2] for r in runs)


def measure(folder: Path, hands: int) -> dict[str, tuple[float, float, float]]:
    """Each command against a copy of the kept history of this size."""
    work = folder / "work"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    db = work / "history.sqlite"
    shutil.copyfile(kept(folder, hands), db)
    last = str(hands // HANDS)
    repeat = 5 if hands <= 100_000 else 3
    figures: dict[str, tuple[float, float, float]] = {}
    figures["match add"] = best(db, repeat, "match", "add", last, "--force", "-p", "Anna=d:A", "-p", "Bruno=rest")
    figures["match show"] = best(db, repeat, "match", "show", last)
    figures["match list"] = best(db, repeat, "match", "list")
    figures["stats"] = run(db, "stats")
    for fmt in ("csv", "json", "md", "html"):
        figures[f"export --all {fmt}"] = run(db, "export", "--all", "--format", fmt, "-o", str(work / f"all.{fmt}"))
    figures["import (json export)"] = run(work / "imported.sqlite", "import", str(work / "all.json"))
    size = (work / "all.json").stat().st_size / 1e6
    print(f"{hands:,} hands: the JSON export is {size:.0f} MB", flush=True)
    shutil.rmtree(work, ignore_errors=True)
    return figures


def calibrate() -> float:
    """Seconds for a fixed pure-Python loop: puts the figures in scale (about 0.25 s on an idle core)."""
    begin = time.perf_counter()
    sum(range(30_000_000))
    return time.perf_counter() - begin


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000,1000000", help="hands per history, comma-separated")
    parser.add_argument("--folder", type=Path, default=Path(tempfile.gettempdir()) / "scorekeeper-bench-history",
                        help="where the histories are built and kept between runs")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    args.folder.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("SCOREKEEPER_CACHE_DIR", str(args.folder / "cache"))
    results = {hands: measure(args.folder, hands) for hands in sizes}
    print(f"\n{'command (new process)':24}" + "".join(f"{f'{h:,} hands':>30}" for h in sizes))
    print(f"{'':24}" + "".join(f"{'s':>12}{'cpu s':>8}{'peak MB':>10}" for _ in sizes))
    for command in results[sizes[0]]:
        print(f"{command:24}" + "".join(f"{results[h][command][0]:12.2f}{results[h][command][1]:8.2f}"
                                        f"{results[h][command][2]:10.0f}" for h in sizes))
    print(f"\nmatch add, show and list: median of 5 runs (3 at 10^6); the others: one run. Load average "
          f"{os.getloadavg()[0]:.2f}; sum(range(30_000_000)) took {calibrate():.2f} s.")


if __name__ == "__main__":
    main()
