"""Benchmark: what naming Cirulla's matta in a record costs ``verify`` (issue 21, item 5).

Not collected by pytest. Run from the repository root::

    python tests/benchmarks/bench_matta.py                 # 10,000 hands, best of 5
    python tests/benchmarks/bench_matta.py --hands 2000 --repeat 3

Simulated Cirulla hands (seed 2026) are written three ways: as ``simulate`` writes them (the quick
path), with a decino declared for the holder of the 7h (the full replay: ``declared`` is a key the
quick path leaves to it), and the same with ``matta: 7`` (named a seven, so every play stays legal
while the hand is played on the engine ``as_named`` makes). Hands whose 7h is dealt to the table
are left out of all three. Each file is verified in this process, the three interleaved, the best
CPU time of ``--repeat`` shown per record; the engine built for a named rank is timed apart.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))

from scorekeeper.cards import Rank  # noqa: E402
from scorekeeper.play.capture import CaptureEngine  # noqa: E402
from scorekeeper.play.simulate import Simulator  # noqa: E402
from scorekeeper.play.verify import verify_lines  # noqa: E402
from scorekeeper.rules.catalog import load_rules  # noqa: E402


def files(hands: int) -> dict[str, list[str]]:
    plain, declared, named = [], [], []
    simulator = Simulator(load_rules("cirulla"), seed=2026)
    for number in range(hands):
        record = simulator.hand(number)
        holder = next((p for p, held in record["deal"]["hands"].items()
                       if "7h" in " ".join(held if isinstance(held, list) else [held]).split()), None)
        if holder is None:
            continue
        plain.append(json.dumps(record))
        record["declared"] = {holder: {"decino": 1}}
        declared.append(json.dumps(record))
        record["matta"] = "7"
        named.append(json.dumps(record))
    return {"as simulated": plain, "declared": declared, "declared, matta: 7": named}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    lines = files(args.hands)
    best, failed = dict.fromkeys(lines, float("inf")), dict.fromkeys(lines, 0)
    for _ in range(args.repeat):
        for name, text in lines.items():
            began = time.process_time()
            failed[name] = sum(not result.ok for result in verify_lines(text, "bench.jsonl"))
            best[name] = min(best[name], time.process_time() - began)
    count = len(lines["as simulated"])
    print(f"{count:,} Cirulla records (of {args.hands:,} hands), best of {args.repeat}, CPU time:")
    for name, seconds in best.items():
        print(f"  {name:<20} {seconds:6.2f} s  {seconds / count * 1e6:6.0f} us a record  ({failed[name]} failed)")
    base = CaptureEngine(load_rules("cirulla"))
    began = time.process_time()
    for rank in Rank:
        if rank in base.deck.ranks:
            base.as_named(rank)
    built = (time.process_time() - began) / len(base.deck.ranks)
    print(f"  an engine for a named rank, built once a rank: {built * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
