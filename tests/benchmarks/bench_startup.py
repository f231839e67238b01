"""Start-up of every kind of command, against ``python -c "import typer"``; prints figures, asserts nothing.

All commands are run interleaved in one loop, so that machine load hits them and the baseline
alike; each figure is printed beside ``import typer`` measured in the same run and the goal of
issue 9 (every command within 1.5 times, ``--help`` within 2 times). The rule-set cache is warm
(the first two rounds fill it and are not counted), and Python's bytecode cache is on even when
the calling shell turned it off (PYTHONDONTWRITEBYTECODE): a user's installed copy has it.

With ``--before BINDIR`` (the ``bin`` folder of a virtual environment with another checkout of
scorekeeper installed) both are run, interleaved too: this is how a change is shown not to make a
command slower.

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
BASELINE = "import typer"
CASES: dict[str, list[str]] = {
    BASELINE: ["python", "-c", "import typer"],
    "score scopa-2-4.yaml": ["scorekeeper", "score", str(SAMPLES / "scopa-2-4.yaml")],
    "score --json scopa-2-4.yaml": ["scorekeeper", "score", str(SAMPLES / "scopa-2-4.yaml"), "--json"],
    "score wall-street (JSON file)": ["scorekeeper", "score", str(SAMPLES / "wall-street-1-2-0.json")],
    "score --pile ... (no file)": ["scorekeeper", "score", "-p", "Anna=d:A7 h:6 c:5 s:4", "-p", "Bruno=rest"],
    "primiera": ["scorekeeper", "primiera", "-p", "Anna=7c 7d 6s 6h", "-p", "Bruno=rest"],
    "--help": ["scorekeeper", "--help"],
    "score --help": ["scorekeeper", "score", "--help"],
    "rules list": ["scorekeeper", "rules", "list"],
    "rules show scopa": ["scorekeeper", "rules", "show", "scopa"],
    "match list": ["scorekeeper", "match", "list"],
    "stats": ["scorekeeper", "stats"],
    "capture": ["scorekeeper", "capture", "-t", "3c 4h 7d", "-c", "7s"],
    "replay samples/replay/scopa.yaml": ["scorekeeper", "replay", str(SAMPLES / "replay" / "scopa.yaml")],
    # On the history and the records that environment() makes for each tree:
    "match add": ["scorekeeper", "match", "add", "bench", "-p", "Anna=d:A234567 h:A2345 s:A c:A", "-p", "Bruno=rest"],
    "match show": ["scorekeeper", "match", "show", "bench"],
    "export --all --format csv": ["scorekeeper", "export", "--all", "--format", "csv"],
    "simulate -n 10": ["scorekeeper", "simulate", "-n", "10", "--seed", "1"],
    "verify (10 records)": ["scorekeeper", "verify", "{records}"],
    "verify --no-replay (10 records)": ["scorekeeper", "verify", "--no-replay", "{records}"],
    "info": ["scorekeeper", "info"],
}
GOALS = {"--help": 2.0, "score --help": 2.0}  # every other command: 1.5


def environment(tree: str, bindir: Path) -> dict[str, str]:
    """A private rule-set cache and history for one tree, with Python's bytecode cache on; the
    history holds a match named ``bench`` with one hand, and RECORDS names ten simulated records."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    cache = tempfile.mkdtemp(prefix=f"sk-cache-{tree}-")  # mkdtemp makes it 0700, as the cache requires
    env["SCOREKEEPER_CACHE_DIR"] = cache
    folder = Path(tempfile.mkdtemp(prefix=f"sk-db-{tree}-"))
    env["SCOREKEEPER_DB"] = str(folder / "history.sqlite")
    env["RECORDS"] = str(folder / "records.jsonl")
    script = bindir / "scorekeeper"
    for command in (["match", "new", "-r", "scopa", "--side", "Anna", "--side", "Bruno", "--name", "bench",
                     "--target", "10000"], CASES["match add"][1:],
                    ["simulate", "-n", "10", "--seed", "2", "-o", env["RECORDS"]]):
        subprocess.run([str(script), *command], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                       check=True)
    return env


def interleaved(cases: dict[str, list[str]], trees: dict[str, Path], runs: int) -> dict[tuple[str, str], float]:
    """The median wall time of each case in each tree, all run in turn in one loop."""
    envs = {tree: environment(tree, bindir) for tree, bindir in trees.items()}
    times: dict[tuple[str, str], list[float]] = {(t, c): [] for t in trees for c in cases}
    for i in range(runs + 2):  # the first two rounds warm the caches and are not counted
        for case, command in cases.items():
            for tree, bindir in trees.items():
                start = time.perf_counter()
                args = [arg.format(records=envs[tree]["RECORDS"]) for arg in command[1:]]
                subprocess.run([str(bindir / command[0]), *args], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, env=envs[tree], cwd=tempfile.gettempdir(), check=True)
                if i >= 2:
                    times[(tree, case)].append(time.perf_counter() - start)
    return {key: statistics.median(values) for key, values in times.items()}


def report(cases: dict[str, list[str]], trees: dict[str, Path], runs: int) -> None:
    """Print each case's median and its ratio to ``import typer`` of the same tree and run."""
    medians = interleaved(cases, trees, runs)
    print(f"medians of {runs} interleaved runs, ms, and times '{BASELINE}' of the same run "
          "(goal: 1.5, --help 2; a loaded machine makes every figure noisy)")
    print(f"{'command':34}" + "".join(f"{tree:>22}" for tree in trees) + "   goal")
    for case in cases:
        cells = []
        for tree in trees:
            median, base = medians[(tree, case)], medians[(tree, BASELINE)]
            cells.append(f"{median * 1000:9.1f} ({median / base:4.2f}x)")
        goal = "" if case == BASELINE else f"   {GOALS.get(case, 1.5):.1f}x"
        print(f"{case:34}" + "".join(f"{c:>22}" for c in cells) + goal)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--before", type=Path, help="bin folder of a venv with another scorekeeper installed")
    args = parser.parse_args()
    trees = {"this": Path(sys.executable).parent} | ({"before": args.before} if args.before else {})
    report(CASES, trees, args.runs)


if __name__ == "__main__":
    main()
