"""The long fuzz run: the strategies of tests/test_fuzz.py with many more examples per surface.

Every case is checked as in the test (exit code 0, 1 or 2 with no exception escaping, no
traceback, no raw terminal escape or bidi control in the output, under the wall-time bound), but a
failing case is counted and kept instead of stopping the run. Prints, per surface, the commands
run, how they ended (exit 0/1/2, failed) and the time taken, then the distinct failures with a
reproducer each. Exit code 1 when any case failed. Not collected by pytest (not named test_*).

Run: python tests/benchmarks/fuzz_long.py [--factor 20] [--only SURFACE] [--show 3]
"""

from __future__ import annotations

import argparse
import inspect
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # tests/, for test_fuzz

import pytest  # noqa: E402


def run_surface(name: str, test: Any, folder: Path) -> tuple[int, str | None]:
    """Run one surface's test (its examples already multiplied); the examples run and a harness error."""
    import test_fuzz

    examples = test._hypothesis_internal_use_settings.max_examples
    work = Path(tempfile.mkdtemp(prefix=name.replace(" ", "-") + "-", dir=folder))
    patch = pytest.MonkeyPatch()
    patch.setenv("SCOREKEEPER_CACHE_DIR", str(work / "rule-cache"))
    patch.setenv("SCOREKEEPER_DB", str(work / "history.sqlite"))
    given: dict[str, Any] = {"tmp_path": work, "files": test_fuzz.Files(work), "monkeypatch": patch}
    wanted = {p: given[p] for p in inspect.signature(test).parameters if p in given}
    try:
        test(**wanted)
        return examples, None
    except Exception as exc:  # a fault of the harness or the strategies, not a failing case: those are kept
        return examples, f"{type(exc).__name__}: {exc}"
    finally:
        patch.undo()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--factor", type=float, default=20, help="examples per surface: this many times the test's")
    parser.add_argument("--only", action="append", help="only this surface (repeatable)")
    parser.add_argument("--show", type=int, default=3, help="distinct failures shown per surface")
    args = parser.parse_args()

    os.environ["SCOREKEEPER_FUZZ_FACTOR"] = str(args.factor)  # read by test_fuzz as it is imported
    import test_fuzz

    test_fuzz.TALLY.collect = True
    failed_any = False
    with tempfile.TemporaryDirectory(prefix="fuzz-long-") as temp:
        os.environ["SCOREKEEPER_CACHE_DIR"] = str(Path(temp) / "rule-cache")
        os.environ["SCOREKEEPER_DB"] = str(Path(temp) / "history.sqlite")
        print(f"{'surface':<18} {'examples':>8} {'commands':>8} {'exit 0':>7} {'exit 1':>7} {'exit 2':>7} "
              f"{'failed':>7} {'seconds':>8}")
        total: dict[str, int] = {}
        for name, test in test_fuzz.SURFACES.items():
            if args.only and name not in args.only:
                continue
            began = time.perf_counter()
            examples, harness = run_surface(name, test, Path(temp))
            took = time.perf_counter() - began
            counts = test_fuzz.TALLY.outcomes.get(name, {})
            row = [counts.get(k, 0) for k in ("exit 0", "exit 1", "exit 2", "failed")]
            for key, value in zip(("examples", "commands", "exit 0", "exit 1", "exit 2", "failed"),
                                  [examples, sum(row), *row], strict=True):
                total[key] = total.get(key, 0) + value
            print(f"{name:<18} {examples:>8} {sum(row):>8} {row[0]:>7} {row[1]:>7} {row[2]:>7} {row[3]:>7} "
                  f"{took:>8.1f}", flush=True)
            if harness is not None:
                failed_any = True
                print(f"  harness error: {harness[:2000]}")
        print(f"{'total':<18} {total.get('examples', 0):>8} {total.get('commands', 0):>8} "
              + " ".join(f"{total.get(k, 0):>7}" for k in ("exit 0", "exit 1", "exit 2", "failed")))
        for name, reports in test_fuzz.TALLY.failures.items():
            failed_any = True
            kinds: dict[str, str] = {}
            for report in reports:
                kinds.setdefault(report.split("\n", 1)[0][:120], report)
            print(f"\n{name}: {len(reports)} failing cases, {len(kinds)} kinds; the first {args.show}:")
            for report in list(kinds.values())[:args.show]:
                print(report)
    return 1 if failed_any else 0


if __name__ == "__main__":
    sys.exit(main())
