"""Benchmark of hand scoring; prints figures, asserts nothing.

1. Start-up: median wall time of ``scorekeeper score SAMPLE`` against ``python -c "import typer"``
   (goal: at most 1.3 times).
2. Throughput: two-side scopa hands scored per second in-process (goal: at least 50,000), both
   from bitmasks (``Counter.count``) and from typed piles (``Counter.score``, checks included).

Run: python tests/benchmarks/bench_score.py [--runs N] [--hands N]
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

import scorekeeper
from scorekeeper.notation import PileText
from scorekeeper.rules.catalog import load_rules
from scorekeeper.scoring.count import Counter, HandEntry

ROOT = Path(__file__).resolve().parents[2]


def wall(command: list[str], runs: int, env: dict[str, str]) -> float:
    """Median wall time of a command, after two warm-up runs."""
    times = []
    for i in range(runs + 2):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
        if i >= 2:
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def startup(runs: int) -> None:
    cache = tempfile.mkdtemp(prefix="sk-bench-")
    env = dict(os.environ, SCOREKEEPER_CACHE_DIR=cache)
    # The console script beside this interpreter (a shim on PATH would add its own start-up).
    exe = str(Path(sys.executable).parent / "scorekeeper")
    if not Path(exe).exists():
        exe = shutil.which("scorekeeper") or "scorekeeper"
    baseline = wall([sys.executable, "-c", "import typer"], runs, env)
    print(f"python -c 'import typer'              {baseline * 1000:7.1f} ms (median of {runs})")
    for sample in ("scopa-2-4.yaml", "wall-street-1-2-0.json"):
        path = str(ROOT / "samples" / sample)
        for label, command in (("scorekeeper score", [exe, "score", path]),
                               ("scorekeeper score --json", [exe, "score", path, "--json"])):
            took = wall(command, runs, env)
            print(f"{label + ' ' + sample:<38} {took * 1000:7.1f} ms  = {took / baseline:.2f} x import typer")
    # What the rule-set cache saves: without it every command imports PyYAML and pydantic to validate.
    uncached = wall([exe, "score", str(ROOT / "samples" / "scopa-2-4.yaml")], runs,
                    dict(os.environ, SCOREKEEPER_CACHE_DIR=""))
    print(f"{'same, rule-set cache off':<38} {uncached * 1000:7.1f} ms  = {uncached / baseline:.2f} x import typer")
    shutil.rmtree(cache, ignore_errors=True)


def random_hands(n: int, seed: int = 1) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    hands = []
    for _ in range(n):
        a = rng.getrandbits(40)
        hands.append((a, ((1 << 40) - 1) & ~a))
    return hands


def throughput(n: int) -> None:
    rules = load_rules("scopa")
    counter = Counter(rules)
    hands = random_hands(n)
    sides = ("A", "B")
    sweeps = (1, 0)
    start = time.perf_counter()
    for masks in hands:
        counter.count(sides, masks, sweeps, {})
    took = time.perf_counter() - start
    print(f"Counter.count (bitmasks)     {n / took:10,.0f} hands/s  ({n:,} two-side scopa hands)")
    deck = rules.cards
    entries = [HandEntry(sides, (PileText(list(deck.cards_in(a))), PileText(list(deck.cards_in(b)))),
                         sweeps={"A": 1}) for a, b in hands[: n // 5]]
    start = time.perf_counter()
    for entry in entries:
        counter.score(entry)
    took = time.perf_counter() - start
    print(f"Counter.score (typed piles)  {len(entries) / took:10,.0f} hands/s  ({len(entries):,} hands, all checks)")
    texts = [{"A": " ".join(map(str, deck.cards_in(a))), "B": "rest"} for a, _ in hands[: n // 20]]
    start = time.perf_counter()
    for piles in texts:
        scorekeeper.score(piles, sweeps={"A": 1})
    took = time.perf_counter() - start
    print(f"scorekeeper.score (front door) {len(texts) / took:8,.0f} hands/s  ({len(texts):,} hands typed as text)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--hands", type=int, default=200_000)
    args = parser.parse_args()
    startup(args.runs)
    throughput(args.hands)


if __name__ == "__main__":
    main()
