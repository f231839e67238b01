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
from collections.abc import Callable
from pathlib import Path

from scorekeeper.cli.common import with_options
from scorekeeper.history.matches import add_hand, hand_columns, load_match, start_match
from scorekeeper.history.store import Store
from scorekeeper.match.ending import match_settings
from scorekeeper.match.hand import count_for
from scorekeeper.output.export import export_matches
from scorekeeper.output.sheet import sheet
from scorekeeper.rules.catalog import load_rules
from scorekeeper.scoring.hand import HandSpec

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
        from scorekeeper.history.matches import refresh_summary

        for start in range(0, MATCHES, 1000):
            ids = []
            for n in range(start, start + 1000):
                settings, pool = pools[GAMES[n % len(GAMES)][0]]
                ids.append((start_match(store, settings), pool))
            with store.write():
                for match_id, pool in ids:
                    for number in range(1, HANDS + 1):
                        event = store.insert_event(match_id, "add", number)
                        store.insert_hand(match_id, number, rng.choice(pool), event)
                    refresh_summary(store, match_id)


def interleaved(actions: dict[str, Callable[[], object]], repeat: int) -> dict[str, tuple[float, float]]:
    """Median and minimum time of each action in ms, run in turns so that other load on the
    machine weighs on all of them alike."""
    times: dict[str, list[float]] = {name: [] for name in actions}
    for round_ in range(repeat):
        order = list(actions) if round_ % 2 == 0 else list(reversed(actions))
        for name in order:
            begin = time.perf_counter()
            actions[name]()
            times[name].append((time.perf_counter() - begin) * 1000)
    return {name: (statistics.median(t), min(t)) for name, t in times.items()}


def measure(empty: Path, big: Path) -> list[tuple[str, dict[str, tuple[float, float]]]]:
    """Adding hands to a new match and showing a ten-hand match, in both databases, in turns."""
    settings = match_settings(load_rules("scopa"), ["Anna", "Bruno"], target=1000)
    hands = deals("scopa", ["Anna", "Bruno"], 20, random.Random(5))
    stores = {"empty": Store(empty), "100k": Store(big)}
    results: list[tuple[str, dict[str, tuple[float, float]]]] = []
    pending: dict[str, list[tuple[str, HandSpec]]] = {name: [] for name in stores}

    def adder(name: str) -> Callable[[], object]:
        def add() -> object:
            if not pending[name]:  # a fresh match every ten hands
                pending[name].extend((str(start_match(stores[name], settings)), spec) for spec in hands[:HANDS])
            match_id, spec = pending[name].pop(0)
            shown[name] = match_id
            return add_hand(stores[name], match_id, spec)
        return add

    shown: dict[str, str] = {}
    results.append(("add a hand (library, incl. fsync commit)",
                    interleaved({name: adder(name) for name in stores}, 200)))
    for name in stores:  # show a match that has its ten hands
        while pending[name]:
            adder(name)()
    def shower(name: str) -> Callable[[], object]:
        return lambda: sheet(load_match(stores[name], shown[name]))

    results.append(("show a ten-hand match (library: load, replay, render)",
                    interleaved({name: shower(name) for name in stores}, 300)))
    root = Path(__file__).resolve().parents[2]

    def cli(path: Path, *args: str) -> Callable[[], object]:
        python_path = f"{root}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"
        env = dict(os.environ, SCOREKEEPER_DB=str(path), PYTHONPATH=python_path)
        return lambda: subprocess.run([sys.executable, "-m", "scorekeeper", *args], env=env, check=True,
                                      capture_output=True)

    pile = ["--pile", "Anna=" + hands[0].piles["Anna"][0], "--pile", "Bruno=rest"]
    for name in ("empty", "100k"):
        stores[name].close()
    results.append(("match add (command, new process)", interleaved(
        {"empty": cli(empty, "match", "add", shown["empty"], "--force", *pile),
         "100k": cli(big, "match", "add", shown["100k"], "--force", *pile)}, 10)))
    results.append(("match show (command, new process)", interleaved(
        {"empty": cli(empty, "match", "show", shown["empty"]), "100k": cli(big, "match", "show", shown["100k"])}, 10)))
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
    runs = []
    with Store(big) as store:
        for _ in range(3):
            begin, cpu = time.perf_counter(), time.process_time()
            text = export_matches(store, None, "csv")
            runs.append((time.perf_counter() - begin, time.process_time() - cpu))
    library, library_cpu = min(runs)
    out = folder / "all.csv"
    env = dict(os.environ, SCOREKEEPER_DB=str(big))
    env["PYTHONPATH"] = f"{Path(__file__).resolve().parents[2]}{os.pathsep}{env.get('PYTHONPATH', '')}"
    begin = time.perf_counter()
    subprocess.run([sys.executable, "-m", "scorekeeper", "export", "--all", "--format", "csv", "-o", str(out)],
                   env=env, check=True, capture_output=True)
    command = time.perf_counter() - begin
    each = ", ".join(f"{r[0]:.2f}" for r in runs)
    print(f"export --all --format csv: {text.count(chr(10)) - 1:,} rows; library best of 3 {library:.2f} s "
          f"({library_cpu:.2f} s CPU; runs {each}), command (new process, to a file) {command:.2f} s")
    print(f"{'':56} {'empty':>16} {'100k hands':>16} {'ratio':>6}")
    print(f"{'(median / min, ms)':56}")
    for what, figures in measure(empty, big):
        (a, a_min), (b, b_min) = figures["empty"], figures["100k"]
        print(f"{what:56} {a:7.2f} / {a_min:6.2f} {b:7.2f} / {b_min:6.2f} {b / a:6.2f}")
    print(f"load average while measuring: {os.getloadavg()[0]:.2f}; this machine's speed: {calibrate():.2f} s "
          f"for sum(range(30_000_000))")


def calibrate() -> float:
    """Seconds for a fixed pure-Python loop: puts the figures above in scale."""
    begin = time.perf_counter()
    sum(range(30_000_000))
    return time.perf_counter() - begin


if __name__ == "__main__":
    main()
