"""Benchmark: the play engine on one core: simulate, replay and verify's replay, in hands per second.

Not collected by pytest (only test_*.py are). Run from the repository root::

    python tests/benchmarks/bench_engine.py                    # 10,000 hands of each game
    python tests/benchmarks/bench_engine.py --hands 500 scopa  # a quicker look at some games

For each game, the hands are simulated once in this process (timed: ``simulate``), then the same
JSON lines are parsed (``json.loads``, the baseline: what no checker can beat), replayed from parsed
data through the replay the ``replay`` command uses, with one engine (``replay``), and checked line by line as
``verify`` (replay by default) checks them (``verify``). One core, no worker processes. The goals
of issue 21: verify within 6 times json.loads of the same lines (Scopa family), 10 times (Cassino
family); simulate within 8 / 15 times json.loads of what it writes.
The first thousand hands or so of a run fill the engine's kept captures and rulings, so the
default of 10,000 hands shows the rate of a real run rather than of its start.

Times are the process's CPU time, not the wall clock: on a machine shared with other work the
figures then move much less from run to run. Each column is the best of ``--repeat`` runs (3), each
on a fresh engine and simulator (kept captures and rulings start empty every time), the baseline
too: one run of json.loads moved by half from run to run on the shared machine.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

GAMES = ("scopa", "scopone", "escoba", "cirulla", "sbarazzina", "scopa-d-assi", "wall-street", "cassino",
         "royal-cassino", "kasino")


def rate(hands: int, seconds: float) -> str:
    return f"{hands / seconds:10,.0f}"


def measure(game: str, hands: int, seed: int) -> tuple[float, float, float, float]:
    """Seconds to simulate, json.loads, replay and verify ``hands`` hands of one game, each on a fresh engine."""
    from scorekeeper.play.capture import CaptureEngine
    from scorekeeper.play.records import codec, read_record
    from scorekeeper.play.replay import replay
    from scorekeeper.play.simulate import Simulator
    from scorekeeper.play.verify import verify_lines
    from scorekeeper.rules.catalog import load_rules

    codec.cache_clear()  # the record codec's kept takes start empty, as in a new process
    simulator = Simulator(load_rules(game), seed=seed)
    began = time.process_time()
    lines = [simulator.line(number) for number in range(hands)]  # as the simulate command writes them
    simulate = time.process_time() - began

    began = time.process_time()
    records = [json.loads(line) for line in lines]
    parse = time.process_time() - began

    engine = CaptureEngine(load_rules(game))  # built once, as verify builds it once per rule set
    began = time.process_time()
    for record in records:
        if not replay(read_record(record, "bench", engine.deck), engine).ok:
            raise SystemExit(f"{game}: a simulated hand does not replay")
    replay = time.process_time() - began

    codec.cache_clear()
    began = time.process_time()
    failed = sum(not result.ok for result in verify_lines(lines, "bench"))
    verify = time.process_time() - began
    if failed:
        raise SystemExit(f"{game}: {failed} simulated hands fail verify")
    return simulate, parse, replay, verify


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each measure; the best is shown")
    parser.add_argument("--no-collector", action="store_true",
                        help="run with the garbage collector off (gc.disable): about half of json.loads' time is "
                             "collections, whose cost depends on what else the process holds")
    args = parser.parse_args()
    if args.no_collector:
        gc.disable()
    print(f"python {sys.version.split()[0]}; {args.hands:,} hands per game, seed {args.seed}, one core, best of "
          f"{args.repeat}; hands/s" + "; garbage collector off" * args.no_collector)
    print(f"{'game':<15} {'json.loads':>10} {'simulate':>10} {'replay':>10} {'verify':>10} {'verify/json':>11} "
          f"{'simulate/json':>13}")
    for game in args.games:
        runs = [measure(game, args.hands, args.seed) for _ in range(args.repeat)]
        simulate, parse, replay, verify = (min(column) for column in zip(*runs, strict=True))
        print(f"{game:<15} {rate(args.hands, parse)} {rate(args.hands, simulate)} {rate(args.hands, replay)} "
              f"{rate(args.hands, verify)} {verify / parse:10.1f}x {simulate / parse:12.1f}x")


if __name__ == "__main__":
    main()
