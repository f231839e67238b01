"""Benchmark of the tournament logic (issue 22); prints figures, asserts nothing.

1. Pairing a Swiss round of 200 entrants (goal: under 1 s), after 0 to 6 rounds of random results:
   each figure beside the same pairing on the whole graph (``WINDOW`` off), the baseline of the
   narrowed graph.
2. The standings of 200 entrants after 7 Swiss rounds (goal: under 100 ms), beside the records alone.

Wall time of this process, the best and the median of ``--rounds`` runs.

Run: python tests/benchmarks/bench_tournament.py [--entrants N] [--rounds N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from scorekeeper.tournament import matching
from scorekeeper.tournament.events import Event, replay
from scorekeeper.tournament.pairing import next_round
from scorekeeper.tournament.results import MatchResult
from scorekeeper.tournament.settings import Settings
from scorekeeper.tournament.standings import records, standings


def timed(work: Callable[[], Any], runs: int) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def field(entrants: int, rounds: int, seed: int = 1) -> tuple[Settings, list[Event], dict[int, MatchResult]]:
    """A Swiss tournament of ``entrants`` after ``rounds`` rounds of random results."""
    settings = Settings("swiss", "scopa", rounds=rounds + 1, seed=seed)
    events = [Event(1, "", "new", {"entrants": [f"Player {i:03d}" for i in range(entrants)]})]
    results: dict[int, MatchResult] = {}
    chooser = random.Random(seed)
    match = 0
    for _ in range(rounds):
        rnd = next_round(replay("T", settings, events), results).as_json()
        for table in rnd["tables"]:
            match += 1
            table["match"] = match
            a, b = ("+".join(s) for s in table["sides"])
            x, y = chooser.randint(0, 16), chooser.randint(0, 16)
            results[match] = MatchResult(5, {a: x, b: y}, True, a if x > y else b if y > x else None)
        events.append(Event(len(events) + 1, "", "round", rnd))
    return settings, events, results


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entrants", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    n = args.entrants
    print(f"Swiss pairing of {n} entrants (goal < 1 s): best / median of {args.rounds} runs")
    for played in (0, 3, 6):
        settings, events, results = field(n, played)
        state = replay("T", settings, events)
        best, median = timed(lambda s=state, r=results: next_round(s, r), args.rounds)
        window = matching.WINDOW
        matching.WINDOW = 10**6  # the whole graph: the baseline
        try:
            whole, whole_median = timed(lambda s=state, r=results: next_round(s, r), max(1, args.rounds // 2))
        finally:
            matching.WINDOW = window
        print(f"  round {played + 1}: {best * 1000:7.1f} ms (median {median * 1000:.1f}); "
              f"whole graph {whole * 1000:.1f} ms (median {whole_median * 1000:.1f})")
    settings, events, results = field(n, 7)
    state = replay("T", settings, events)
    best, median = timed(lambda: standings(state, results), args.rounds * 4)
    only, only_median = timed(lambda: records(state, results), args.rounds * 4)
    replayed, _m = timed(lambda: replay("T", settings, events), args.rounds * 4)
    print(f"Standings of {n} entrants after 7 rounds (goal < 100 ms): {best * 1000:.1f} ms "
          f"(median {median * 1000:.1f}); the records alone {only * 1000:.1f} ms (median {only_median * 1000:.1f}); "
          f"replaying the events {replayed * 1000:.1f} ms")


if __name__ == "__main__":
    main()
