"""Benchmark of the history: adding a hand and showing a ten-hand match in an empty database and in
one holding 100,000 hands in 10,000 matches, and ``export --all --format csv`` of those hands.

Not a test (pytest does not collect bench_*.py); run it and read the figures:

    python tests/benchmarks/bench_history.py [--keep DIR]

Building the big database takes a minute or two: its hands are counted once each from a pool of
random deals and stored through the same ``Store.insert_hand`` the commands use, one transaction
per thousand matches (a per-hand commit would only add fsync time to the setup).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scorekeeper.export import render
from scorekeeper.hands import HandSpec, with_options
from scorekeeper.match import match_settings
from scorekeeper.match_hand import count_for
from scorekeeper.match_render import sheet
from scorekeeper.recording import add_hand, hand_columns, load_match, start_match
from scorekeeper.rules import load_rules
from scorekeeper.store import Store

MATCHES, HANDS = 10_000, 10
GAMES = (("scopa", ["Anna", "Bruno"]), ("hurricane", ["Carla", "Dario"]), ("scopone", ["Anna+Bruno", "Carla+Dario"]))


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


def build(path: Path, rng: random.Random) -> None:
    """10,000 matches of ten hands each."""
    with Store(path) as store:
        pools = {}
        for rules_id, sides in GAMES:
            settings = match_settings(load_rules(rules_id), sides, target=1000)
            pools[rules_id] = (settings, [hand_columns(count_for(settings, settings.side_names, d), False)
                                          for d in deals(rules_id, sides, 60, rng)])
        from scorekeeper.recording import replay

        for start in range(0, MATCHES, 1000):
            ids = []
            for n in range(start, start + 1000):
                settings, pool = pools[GAMES[n % len(GAMES)][0]]
                ids.append((start_match(store, settings), pool))
            with store.write():
                for match_id, pool in ids:
                    for number in range(1, HANDS + 1):
                        event = store.event(match_id, "add", number)
                        store.insert_hand(match_id, number, rng.choice(pool), event)
                    state = replay(store.load(match_id)).state
                    store.summarise(match_id, state.hands, state.totals, state.finished, state.winner, state.stake)


def timed(action, repeat: int) -> float:
    """Median wall time of ``action`` in milliseconds."""
    times = []
    for _ in range(repeat):
        begin = time.perf_counter()
        action()
        times.append((time.perf_counter() - begin) * 1000)
    return statistics.median(times)


def measure(path: Path, rng: random.Random) -> dict[str, float]:
    """Add hands to a new match, then show it with ten hands; medians in ms."""
    settings = match_settings(load_rules("scopa"), ["Anna", "Bruno"], target=1000)
    hands = deals("scopa", ["Anna", "Bruno"], 20, rng)
    with Store(path) as store:
        results = {}
        adds = []
        for _ in range(5):
            match_id = str(start_match(store, settings))
            for spec in hands[:HANDS]:
                begin = time.perf_counter()
                add_hand(store, match_id, spec)
                adds.append((time.perf_counter() - begin) * 1000)
        results["add a hand (library, incl. fsync commit)"] = statistics.median(adds)
        results["show a ten-hand match (library: load, replay, render)"] = timed(
            lambda: sheet(load_match(store, match_id)), 200)
    env = dict(os.environ, SCOREKEEPER_DB=str(path))
    root = Path(__file__).resolve().parents[2]
    env["PYTHONPATH"] = f"{root}{os.pathsep}{env.get('PYTHONPATH', '')}"

    def cli(*args: str) -> None:
        subprocess.run([sys.executable, "-m", "scorekeeper", *args], env=env, check=True, capture_output=True)

    piles = ["--pile", "Anna=" + hands[0].piles["Anna"][0], "--pile", "Bruno=rest"]
    results["match add (command, new process)"] = timed(lambda: cli("match", "add", match_id, "--force", *piles), 10)
    results["match show (command, new process)"] = timed(lambda: cli("match", "show", match_id), 10)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, help="build the databases in this folder and keep them")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="bench-history-"))
    folder.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("SCOREKEEPER_CACHE_DIR", str(folder / "cache"))
    rng = random.Random(3)
    empty, big = folder / "empty.sqlite", folder / "big.sqlite"
    for p in (empty, big):
        for extra in ("", "-wal", "-shm"):
            Path(f"{p}{extra}").unlink(missing_ok=True)
    Store(empty).close()
    begin = time.perf_counter()
    build(big, rng)
    print(f"built {MATCHES:,} matches / {MATCHES * HANDS:,} hands in {time.perf_counter() - begin:.1f} s "
          f"({big.stat().st_size / 1e6:.0f} MB)")
    small_figures = measure(empty, random.Random(5))
    big_figures = measure(big, random.Random(5))
    print(f"{'':58} {'empty':>9} {'100k':>9} {'ratio':>7}")
    for key in small_figures:
        a, b = small_figures[key], big_figures[key]
        print(f"{key:58} {a:8.2f}ms {b:8.2f}ms {b / a:7.2f}")
    with Store(big) as store:
        begin, cpu = time.perf_counter(), time.process_time()
        text = render(store, None, "csv")
        library, library_cpu = time.perf_counter() - begin, time.process_time() - cpu
    out = folder / "all.csv"
    env = dict(os.environ, SCOREKEEPER_DB=str(big))
    env["PYTHONPATH"] = f"{Path(__file__).resolve().parents[2]}{os.pathsep}{env.get('PYTHONPATH', '')}"
    begin = time.perf_counter()
    subprocess.run([sys.executable, "-m", "scorekeeper", "export", "--all", "--format", "csv", "-o", str(out)],
                   env=env, check=True, capture_output=True)
    command = time.perf_counter() - begin
    print(f"export --all --format csv: {text.count(chr(10)) - 1:,} rows; library {library:.2f} s "
          f"({library_cpu:.2f} s CPU), command (new process, to a file) {command:.2f} s")
    print(f"load average while measuring: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
