"""Benchmark: ``verify`` of simulated two-side Scopa hands against a script that only parses JSON.

Not collected by pytest (only test_*.py are). Run from the repository root::

    python tests/benchmarks/bench_verify.py                 # 1,000,000 hands
    python tests/benchmarks/bench_verify.py --hands 100000  # a quicker look

The hands are simulated once (in parallel, one chunk per worker, each hand from its own seed, so
the file is the same however many workers made it) and cached under /tmp. Each timed command runs
in its own process; its peak memory is that process's maximum resident set (``wait4``).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

PARSE_ONLY = """
import json, sys
count = 0
with open(sys.argv[1], encoding="utf-8") as lines:
    for line in lines:
        if line.strip():
            json.loads(line)
            count += 1
print(count, "lines parsed")
"""


def _chunk(args: tuple[int, int, int, str]) -> str:
    start, stop, seed, part = args
    from scorekeeper.play.simulate import Simulator, json_line
    from scorekeeper.rules.catalog import load_rules

    simulator = Simulator(load_rules("scopa"), seed=seed)
    with open(part, "w", encoding="utf-8") as out:
        out.writelines(json_line(simulator.hand(number)) + "\n" for number in range(start, stop))
    return part


def generate(path: Path, hands: int, seed: int, jobs: int) -> float:
    """Simulate ``hands`` hands into ``path``; returns the wall time taken."""
    path.parent.mkdir(parents=True, exist_ok=True)
    step = -(-hands // (jobs * 4))
    chunks = [(a, min(a + step, hands), seed, f"{path}.part{i}") for i, a in enumerate(range(0, hands, step))]
    began = time.perf_counter()
    with ProcessPoolExecutor(jobs) as pool:
        parts = list(pool.map(_chunk, chunks))
    with open(f"{path}.tmp", "wb") as out:
        for part in parts:
            with open(part, "rb") as piece:
                while block := piece.read(1 << 20):
                    out.write(block)
            os.remove(part)
    os.replace(f"{path}.tmp", path)
    return time.perf_counter() - began


def measure(command: list[str]) -> tuple[float, float, str]:
    """Wall seconds, peak resident MB, and standard output of one command in its own process."""
    began = time.perf_counter()
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env={**os.environ, "PYTHONPATH": str(ROOT)})
    out = process.stdout.read() if process.stdout else b""
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - began
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode not in (0,):
        err = process.stderr.read().decode() if process.stderr else ""
        raise SystemExit(f"{' '.join(command)} exited {process.returncode}: {err[:500]}")
    return elapsed, usage.ru_maxrss / 1024, out.decode().strip()


def simulate_rate(hands: int) -> float:
    """Hands per second of one process simulating and writing JSON lines (no disk)."""
    from scorekeeper.play.simulate import Simulator, json_line
    from scorekeeper.rules.catalog import load_rules

    simulator = Simulator(load_rules("scopa"), seed=99)
    began = time.perf_counter()
    for number in range(hands):
        json_line(simulator.hand(number))
    return hands / (time.perf_counter() - began)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--replay-hands", type=int, default=20_000, help="hands for the --replay figure")
    args = parser.parse_args()
    path = Path(f"/tmp/scorekeeper-bench/scopa-{args.hands}-seed{args.seed}.jsonl")
    python = sys.executable
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cpus; file {path}")

    rate = simulate_rate(5_000)
    print(f"simulate (one process, in memory): {rate:,.0f} hands/s")
    if not path.exists():
        wall = generate(path, args.hands, args.seed, args.jobs)
        print(f"simulate {args.hands:,} hands with {args.jobs} workers: {wall:.1f} s, {args.hands / wall:,.0f} hands/s")
    else:
        print("simulated file found in the cache; delete it to time the generation")
    size = path.stat().st_size / 2**20
    print(f"file: {size:,.0f} MB, {args.hands:,} lines")

    parse_time, parse_mem, parse_out = measure([python, "-c", PARSE_ONLY, str(path)])
    print(f"json-parse only:  {parse_time:7.1f} s  {args.hands / parse_time:10,.0f} lines/s  peak {parse_mem:6.1f} MB"
          f"  ({parse_out})")
    verify_time, verify_mem, verify_out = measure([python, "-m", "scorekeeper", "verify", str(path)])
    print(f"verify:           {verify_time:7.1f} s  {args.hands / verify_time:10,.0f} hands/s"
          f"  peak {verify_mem:6.1f} MB  ({verify_out})")
    ratio = verify_time / parse_time
    print(f"verify / parse-only time: {ratio:.2f} (goal <= 3); verify peak memory {verify_mem:.1f} MB (goal < 100)")

    small = path.with_name(f"{path.stem}-head{args.replay_hands}.jsonl")
    if not small.exists():
        with open(path, encoding="utf-8") as source, open(small, "w", encoding="utf-8") as out:
            out.writelines(line for _, line in zip(range(args.replay_hands), source, strict=False))
    replay_time, replay_mem, _ = measure([python, "-m", "scorekeeper", "verify", "--replay", str(small)])
    print(f"verify --replay:  {replay_time:7.1f} s  {args.replay_hands / replay_time:10,.0f} hands/s  "
          f"peak {replay_mem:6.1f} MB  (first {args.replay_hands:,} hands, every play replayed)")


if __name__ == "__main__":
    main()
