"""Every benchmark of issue 9 in one run, one after the other, each printing its figures beside the
baselines it measures in the same run (``import typer``, ``json.loads`` of the same lines, one
core against two, the same work split by hand). Prints figures, asserts nothing.

    python tests/benchmarks/bench_all.py            # about ten minutes on two cores
    python tests/benchmarks/bench_all.py --quick    # smaller inputs and fewer rounds: a look, not a figure
    python tests/benchmarks/bench_all.py --million  # the history at 10^6 hands too (another ten minutes)

Each script runs in its own process, so none of them inherits another's memory or warm caches
(the history's peak memory is its own commands'); the machine's load is printed before each.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def plan(quick: bool, million: bool) -> list[tuple[str, list[str]]]:
    """Each script with its arguments: the ones its closing figures are taken with, or smaller ones."""
    history = "10000,100000" + (",1000000" if million else "")
    if quick:
        return [("bench_startup.py", ["--runs", "5"]),
                ("bench_score.py", ["--runs", "1", "--hands", "50000", "--rounds", "3"]),
                ("bench_engine.py", ["--hands", "1000"]),
                ("bench_verify.py", ["--piles", "50000", "--records", "5000", "--repeat", "1"]),
                ("bench_history.py", ["--sizes", "10000"])]
    return [("bench_startup.py", ["--runs", "11"]),
            ("bench_score.py", ["--runs", "1", "--hands", "200000", "--rounds", "7"]),
            ("bench_engine.py", ["--hands", "5000"]),
            ("bench_verify.py", ["--repeat", "5"]),
            ("bench_history.py", ["--sizes", history])]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller inputs, fewer rounds")
    parser.add_argument("--million", action="store_true", help="the history at 10^6 hands too")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cpus", flush=True)
    failed = []
    for script, options in plan(args.quick, args.million):
        print(f"\n=== {script} {' '.join(options)} (load {os.getloadavg()[0]:.2f})", flush=True)
        began = time.perf_counter()
        done = subprocess.run([sys.executable, str(HERE / script), *options], check=False)
        print(f"--- {script}: {time.perf_counter() - began:.0f} s", flush=True)
        if done.returncode != 0:
            failed.append(script)
    if failed:
        raise SystemExit(f"failed: {', '.join(failed)}")


if __name__ == "__main__":
    main()
