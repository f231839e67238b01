"""Start-up of every kind of command, against ``python -c "import typer"``; prints figures, asserts nothing.

With ``--before BINDIR`` (the ``bin`` folder of a virtual environment with another checkout of
scorekeeper installed) both are run interleaved in one loop, so machine load hits them alike:
this is how a change is shown not to make a command slower.

Run: python tests/benchmarks/bench_startup.py [--runs N] [--before OTHER_VENV/bin]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
CASES: dict[str, list[str]] = {
    "import typer": ["python", "-c", "import typer"],
    "score scopa-2-4.yaml": ["scorekeeper", "score", str(SAMPLES / "scopa-2-4.yaml")],
    "score --json scopa-2-4.yaml": ["scorekeeper", "score", str(SAMPLES / "scopa-2-4.yaml"), "--json"],
    "score --json wall-street (JSON)": ["scorekeeper", "score", str(SAMPLES / "wall-street-1-2-0.json"), "--json"],
    "--help": ["scorekeeper", "--help"],
    "rules list": ["scorekeeper", "rules", "list"],
    "match list": ["scorekeeper", "match", "list"],
    "capture": ["scorekeeper", "capture", "-t", "3c 4h 7d", "-c", "7s"],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--before", type=Path, help="bin folder of a venv with another scorekeeper installed")
    args = parser.parse_args()
    trees = {"this": Path(sys.executable).parent} | ({"before": args.before} if args.before else {})
    envs = {}
    for tree in trees:
        cache = tempfile.mkdtemp(prefix=f"sk-cache-{tree}-")  # mkdtemp makes it 0700, as the cache requires
        envs[tree] = dict(os.environ, SCOREKEEPER_CACHE_DIR=cache,
                          SCOREKEEPER_DB=str(Path(tempfile.mkdtemp(prefix=f"sk-db-{tree}-")) / "history.sqlite"))
    times: dict[tuple[str, str], list[float]] = {(t, c): [] for t in trees for c in CASES}
    for i in range(args.runs + 2):  # the first two runs warm the caches and are not counted
        for case, command in CASES.items():
            for tree, bindir in trees.items():
                start = time.perf_counter()
                subprocess.run([str(bindir / command[0]), *command[1:]], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, env=envs[tree], cwd=tempfile.gettempdir(), check=False)
                if i >= 2:
                    times[(tree, case)].append(time.perf_counter() - start)
    print(f"medians of {args.runs} interleaved runs, ms (and times 'python -c \"import typer\"')")
    print(f"{'command':34}" + "".join(f"{tree:>20}" for tree in trees))
    for case in CASES:
        cells = []
        for tree in trees:
            median = statistics.median(times[(tree, case)])
            base = statistics.median(times[(tree, "import typer")])
            cells.append(f"{median * 1000:9.1f} ({median / base:4.2f}x)")
        print(f"{case:34}" + "".join(f"{c:>20}" for c in cells))


if __name__ == "__main__":
    main()
