"""Mutation testing of the core, in one command: which behaviours of the rules no test holds.

    pip install -e '.[test,mutation]'
    python tests/benchmarks/mutation.py                     # scoring/, match/, tournament/, the play engine
    python tests/benchmarks/mutation.py --only 'scorekeeper.match.ending*' --jobs 2

mutmut (configured under ``[tool.mutmut]`` in pyproject.toml) copies the package into ``mutants/``,
changes one thing at a time and runs the tests that reach the changed function. Afterwards this
script prints the score of each module, counting the survivors listed in
``mutation_equivalent.txt`` (beside this file: a mutant name and, after ``#``, why no behaviour can
tell it apart) as equivalent, and lists every other survivor: those are the news to look at.
``mutmut show NAME`` shows one, ``--diffs`` the changed lines of every news at once; ``mutmut
browse`` walks them. A second run only retests what changed.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import shutil
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EQUIVALENT = Path(__file__).with_name("mutation_equivalent.txt")


def equivalents(path: Path = EQUIVALENT) -> dict[str, str]:
    """The mutants known to change nothing a user or a script can see, each with its reason."""
    known: dict[str, str] = {}
    if not path.exists():
        return known
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        name, hash_, reason = text.partition("#")
        if not hash_ or not reason.strip():
            raise SystemExit(f"{path.name}:{number}: each line is 'MUTANT  # why it is equivalent'")
        known[name.strip()] = reason.strip()
    return known


def module_of(mutant: str) -> str:
    """``scorekeeper.match.ending.xǁ_Passǁ_hand__mutmut_3`` -> ``scorekeeper.match.ending``."""
    head = mutant.split("__mutmut_")[0]
    parts = head.split(".")
    return ".".join(parts[:-1])


def changed_lines(names: list[str], mutants: Path = ROOT / "mutants") -> dict[str, list[str]]:
    """What each mutant changes, as the lines of its function that differ from the original's: read
    from mutmut's copy of the package, one parse a module (``mutmut show`` starts a process a mutant)."""
    by_file: dict[Path, list[str]] = defaultdict(list)
    for name in names:
        by_file[mutants.joinpath(*module_of(name).split(".")).with_suffix(".py")].append(name)
    out: dict[str, list[str]] = {}
    for path, wanted in by_file.items():
        if not path.exists():
            continue
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        functions = {node.name: lines[node.lineno - 1:node.end_lineno] for node in ast.walk(ast.parse(text))
                     if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}
        for name in wanted:
            function = name.rpartition(".")[2]
            mutant, original = functions.get(function), functions.get(function.split("__mutmut_")[0] + "__mutmut_orig")
            if mutant is None or original is None:
                continue
            diff = difflib.unified_diff(original[1:], mutant[1:], lineterm="", n=0)
            out[name] = [line for line in diff if line[:1] in "+-" and line[:3] not in ("+++", "---")]
    return out


def results() -> list[tuple[str, str]]:
    """Every mutant of the last run with its status, as mutmut reports them."""
    out = subprocess.run(["mutmut", "results", "--all", "true"], cwd=ROOT, capture_output=True, text=True, check=True)
    found = []
    for line in out.stdout.splitlines():
        name, _, status = line.strip().rpartition(": ")
        if name and "__mutmut_" in name:
            found.append((name, status.strip()))
    return found


def report(found: list[tuple[str, str]], known: dict[str, str], diffs: bool = False) -> int:
    """Print the score per module and the survivors nobody has judged (with ``diffs``, what each
    changes); the count of those."""
    by_module: dict[str, Counter[str]] = defaultdict(Counter)
    news: list[str] = []
    for name, status in found:
        counts = by_module[module_of(name)]
        counts["all"] += 1
        if status == "killed" or status == "timeout":
            counts["killed"] += 1
        elif status == "survived" and name in known:
            counts["equivalent"] += 1
        elif status in ("survived", "no tests"):
            counts["survived"] += 1
            news.append(f"{name}: {status}")
        else:
            counts["other"] += 1
    print(f"{'module':<40} {'mutants':>8} {'killed':>7} {'equiv.':>7} {'survived':>9} {'score':>7}")
    for module in sorted(by_module):
        c = by_module[module]
        judged = c["all"] - c["equivalent"] - c["other"]
        score = 100 * c["killed"] / judged if judged else 100.0
        print(f"{module:<40} {c['all']:>8} {c['killed']:>7} {c['equivalent']:>7} {c['survived']:>9} {score:>6.1f}%")
    total = Counter[str]()
    for c in by_module.values():
        total.update(c)
    judged = total["all"] - total["equivalent"] - total["other"]
    print(f"{'all':<40} {total['all']:>8} {total['killed']:>7} {total['equivalent']:>7} {total['survived']:>9} "
          f"{100 * total['killed'] / judged if judged else 100.0:>6.1f}%")
    stale = sorted(set(known) - {name for name, status in found if status == "survived"})
    if news:
        print(f"\n{len(news)} survivors not in {EQUIVALENT.name} (mutmut show NAME):")
        changes = changed_lines([line.rpartition(": ")[0] for line in news]) if diffs else {}
        for line in news:
            print(f"  {line}")
            for change in changes.get(line.rpartition(": ")[0], []):
                print(f"      {change.strip()[:150]}")
    if stale and found:
        print(f"\n{len(stale)} lines of {EQUIVALENT.name} name no surviving mutant of this run (killed, or renamed):")
        print("\n".join(f"  {name}" for name in stale))
    return len(news)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", action="append", default=[],
                        help="mutants to run, as mutmut names them (globs: 'scorekeeper.scoring.primiera*')")
    parser.add_argument("--jobs", type=int, default=2, help="mutants tested at once (default 2)")
    parser.add_argument("--report-only", action="store_true", help="print the last run's scores without running")
    parser.add_argument("--diffs", action="store_true", help="show the lines each unjudged survivor changes")
    args = parser.parse_args(argv)
    if shutil.which("mutmut") is None:
        print("error: mutmut is not installed: pip install -e '.[mutation]'", file=sys.stderr)
        return 2
    known = equivalents()
    if not args.report_only:
        run = subprocess.run(["mutmut", "run", "--max-children", str(args.jobs), *args.only], cwd=ROOT,
                             stdout=subprocess.DEVNULL, check=False)
        if run.returncode not in (0, 1):
            print(f"error: mutmut run exited {run.returncode}", file=sys.stderr)
            return run.returncode
    report(results(), known, args.diffs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
