"""Benchmark: ``verify`` (piles only, and replaying records) and ``simulate``, with --jobs 1 and 2,
beside ``json.loads`` of the same lines.

Not collected by pytest (only test_*.py are). Run from the repository root::

    python tests/benchmarks/bench_verify.py                     # 400,000 piles lines, 40,000 records
    python tests/benchmarks/bench_verify.py --piles 50000 --records 5000 --repeat 1   # a quicker look

The files are simulated once (seed 2024, two-side Scopa) and cached under /tmp. Every command runs
in its own process, ``--repeat`` times, the commands interleaved so that a busy neighbour slows
them all alike; the median wall time is shown with the CPU time (workers included) and the peak
resident memory of the slowest process. Beside ``--jobs 2 / --jobs 1`` stands its ceiling on this
machine: the same work split by hand into two processes started at once (``by hand``); after them,
the same ratio in this process, without the start-up every command pays once. "one core"
figures are measured in this process on the same lines, without start-up. On a shared machine
every figure is noisy: compare within one run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))
CACHE = Path("/tmp/scorekeeper-bench")

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


def run(*commands: list[str]) -> tuple[float, float, float]:
    """Wall seconds until the last of ``commands``, started at once, ends; their CPU seconds added up
    (workers included); the peak resident MB of the largest."""
    began = time.perf_counter()
    processes = [subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                  env={**os.environ, "PYTHONPATH": str(ROOT)}) for command in commands]
    cpu = peak = 0.0
    for command, process in zip(commands, processes, strict=True):
        _, status, usage = os.wait4(process.pid, 0)
        code = os.waitstatus_to_exitcode(status)
        if code != 0:
            err = process.stderr.read().decode() if process.stderr else ""
            raise SystemExit(f"{' '.join(command)} exited {code}: {err[:500]}")
        cpu += usage.ru_utime + usage.ru_stime
        peak = max(peak, usage.ru_maxrss / 1024)
    return time.perf_counter() - began, cpu, peak


def halves(path: Path) -> list[Path]:
    """The file's first and second half of lines, each a file of its own beside it (streamed: the
    children forked from this process would count a file held here in their peak memory)."""
    made = [path.with_name(f"{path.stem}-half{part}.jsonl") for part in (0, 1)]
    if not all(half.exists() for half in made):
        with open(path, "rb") as source:
            count = sum(1 for _ in source)
        with open(path, "rb") as source, open(made[0], "wb") as first, open(made[1], "wb") as second:
            for number, line in enumerate(source):
                (first if number < count // 2 else second).write(line)
    return made


def files(piles: int, records: int) -> tuple[Path, Path]:
    """The simulated records, and as many piles-only lines (rules, piles, sweeps) made from them."""
    CACHE.mkdir(parents=True, exist_ok=True)
    made = CACHE / f"scopa-records-{records}.jsonl"
    if not made.exists():
        run([sys.executable, "-m", "scorekeeper", "simulate", "-n", str(records), "--seed", "2024",
             "-o", f"{made}.tmp"])
        os.replace(f"{made}.tmp", made)
    piles_path = CACHE / f"scopa-piles-{piles}.jsonl"
    if not piles_path.exists():
        with open(f"{piles_path}.tmp", "w", encoding="utf-8") as out:
            written = 0
            while written < piles:
                with open(made, encoding="utf-8") as source:
                    for line in source:
                        record = json.loads(line)
                        out.write(json.dumps({k: record[k] for k in ("rules", "piles", "sweeps")},
                                             separators=(",", ":")) + "\n")
                        written += 1
                        if written == piles:
                            break
        os.replace(f"{piles_path}.tmp", piles_path)
    return piles_path, made


def one_core(path: Path, replay: bool) -> float:
    """Lines per CPU second of ``verify_batches`` in this process, files read and checked."""
    from scorekeeper.play.verify import Summary, verify_batches

    summary = Summary()
    began = time.process_time()
    for batch in verify_batches([path], replay=replay):
        summary.add(batch)
    assert summary.ok == summary.hands, summary
    return summary.hands / (time.process_time() - began)


def jobs_in_process(work: Callable[[int], object], repeat: int) -> list[float]:
    """``work(1)``'s wall time over ``work(2)``'s, each round's pair run one after the other, in this
    process: the speed-up of the workers without the start-up that the commands pay once."""
    ratios = []
    for _ in range(repeat):
        began = time.perf_counter()
        work(1)
        one = time.perf_counter() - began
        began = time.perf_counter()
        work(2)
        ratios.append(one / (time.perf_counter() - began))
    return ratios


def read_ratio(path: Path, count: int = 20_000) -> float:
    """``documents.load_json``'s time over ``json.loads``' on the same lines, best of 5 interleaved rounds."""
    from scorekeeper.documents import load_json

    with open(path, encoding="utf-8") as source:
        lines = [line.rstrip("\n") for _, line in zip(range(count), source, strict=False)]
    best = {"load_json": float("inf"), "json.loads": float("inf")}
    for _ in range(5):
        for name, read in (("load_json", lambda text: load_json(text, "bench")), ("json.loads", json.loads)):
            began = time.process_time()
            for line in lines:
                read(line)
            best[name] = min(best[name], time.process_time() - began)
    return best["load_json"] / best["json.loads"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--piles", type=int, default=400_000, help="piles-only lines")
    parser.add_argument("--records", type=int, default=40_000,  # 2-3 s of work on one core: start-up (0.1 s) is
                        help="records replayed, and hands simulated")  # not what the ratios of --jobs measure
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    piles, records = files(args.piles, args.records)
    python, cli = sys.executable, [sys.executable, "-m", "scorekeeper"]
    empty = CACHE / "empty.jsonl"
    empty.write_text("")
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cpus, load {os.getloadavg()[0]:.2f}; "
          f"{piles} ({piles.stat().st_size / 2**20:.0f} MB), {records} ({records.stat().st_size / 2**20:.0f} MB)")

    out = CACHE / "simulated.jsonl"
    commands = {
        "start-up (verify of an empty file)": (1, [cli + ["verify", str(empty)]]),
        "json.loads, piles lines (baseline)": (args.piles, [[python, "-c", PARSE_ONLY, str(piles)]]),
        "json.loads, records (baseline)": (args.records, [[python, "-c", PARSE_ONLY, str(records)]]),
    }
    # Each command with --jobs 1 then 2, one right after the other: this machine's speed drifts
    # within seconds, and the ratio of two runs far apart measured the drift as much as the jobs.
    # Then the same work split by hand: two processes of --jobs 1 on its two halves, started at
    # once. Their ratio to --jobs 1 is what two cores give this work on this machine (no process
    # hands work out, none waits for another), the ceiling --jobs 2 is measured against.
    for what, path, count in (("verify piles only", piles, args.piles), ("verify records (replay)", records,
                                                                            args.records)):
        for jobs in (1, 2):
            commands[f"{what}, --jobs {jobs}"] = (count, [cli + ["verify", "-j", str(jobs), str(path)]])
        commands[f"{what}, by hand"] = (count, [cli + ["verify", "-j", "1", str(half)] for half in halves(path)])
    for jobs in (1, 2):
        commands[f"simulate, --jobs {jobs}"] = (args.records, [cli + ["simulate", "-n", str(args.records), "--seed",
                                                                      "2024", "-j", str(jobs), "-o", str(out)]])
    half = args.records // 2
    commands["simulate, by hand"] = (half * 2, [cli + ["simulate", "-n", str(half), "--seed", str(2024 + part), "-j",
                                                       "1", "-o", str(CACHE / f"simulated-half{part}.jsonl")]
                                                for part in (0, 1)])
    times: dict[str, list[tuple[float, float, float]]] = {name: [] for name in commands}
    for _ in range(args.repeat):
        for name, (_, command_list) in commands.items():
            times[name].append(run(*command_list))
    if out.read_bytes() != records.read_bytes():
        raise SystemExit("simulate --jobs 2 did not write the file --jobs 1 wrote")

    print(f"\n{'command':40s} {'wall s':>7s} {'cpu s':>7s} {'lines/s':>10s} {'peak MB':>8s}")
    rate = {}
    for name, (lines, _) in commands.items():
        wall = statistics.median(t[0] for t in times[name])
        cpu = statistics.median(t[1] for t in times[name])
        rate[name] = lines / wall
        print(f"{name:40s} {wall:7.2f} {cpu:7.2f} {rate[name] if lines > 1 else 0:10,.0f} "
              f"{max(t[2] for t in times[name]):8.1f}")
    print()
    for what in ("verify piles only", "verify records (replay)", "simulate"):
        one = times[f"{what}, --jobs 1"]
        ratios = [a[0] / b[0] for a, b in zip(one, times[f"{what}, --jobs 2"], strict=True)]
        ceiling = [a[0] / b[0] for a, b in zip(one, times[f"{what}, by hand"], strict=True)]
        print(f"{what}: --jobs 2 / --jobs 1 = {statistics.median(ratios):.2f}, the median of each round's ratio "
              f"({', '.join(f'{r:.2f}' for r in ratios)}; goal >= 1.6 on two idle cores); by hand / --jobs 1 = "
              f"{statistics.median(ceiling):.2f} ({', '.join(f'{r:.2f}' for r in ceiling)})")
    for what, path, unit, goal in (("verify piles only", piles, "lines", "100,000"),
                                   ("verify records (replay)", records, "hands", "8,000")):
        found = [one_core(path, True) for _ in range(args.repeat)]
        print(f"{what}, one core, in process: best {max(found):,.0f} {unit}/s, median "
              f"{statistics.median(found):,.0f} of {args.repeat} (issue 9's goal: >= {goal})")
    from scorekeeper.play.simulate import write_simulated
    from scorekeeper.play.verify import verify_batches

    for what, work in (
            ("verify piles only", lambda jobs: sum(1 for _ in verify_batches([piles], jobs=jobs))),
            ("verify records (replay)", lambda jobs: sum(1 for _ in verify_batches([records], jobs=jobs))),
            ("simulate", lambda jobs: write_simulated(out, "scopa", args.records, 2024, jobs=jobs))):
        ratios = jobs_in_process(work, args.repeat)
        print(f"{what}, in process (no start-up): jobs 2 / jobs 1 = {statistics.median(ratios):.2f}, the median of "
              f"({', '.join(f'{r:.2f}' for r in ratios)})")
    print(f"documents.load_json of a piles line: {read_ratio(piles):.2f} times json.loads (in process)")


if __name__ == "__main__":
    main()
