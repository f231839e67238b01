"""Benchmark of hand scoring; prints figures, asserts nothing.

1. Start-up: ``scorekeeper score`` of a sample, interleaved with ``python -c "import typer"`` in
   one run (goal of issue 9: at most 1.5 times); ``bench_startup.py`` runs every kind of command.
2. Throughput in-process, two-side scopa hands (issue 9's goals), each beside its baseline
   measured in the same run:
   - ``Counter.score`` from typed piles, checks included (goal 60,000 hands/s), beside the same
     with its fast path off (every hand read by ``read_piles``);
   - ``scorekeeper.score``, the README's front door, from pile texts (goal 30,000 hands/s),
     beside the loop it replaced: a Counter built for each hand;
   - ``Counter.count`` from bitmasks, what is left once the piles are read.

Throughput is CPU time of this process (``time.process_time``), less sensitive to other load
than wall time; each figure is the best of ``--rounds`` interleaved rounds, beside their median.

Run: python tests/benchmarks/bench_score.py [--runs N] [--hands N] [--rounds N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import scorekeeper
from scorekeeper.notation import PileText
from scorekeeper.rules.catalog import load_rules
from scorekeeper.scoring.count import Counter, HandEntry

sys.path.insert(0, str(Path(__file__).parent))
from bench_startup import CASES, report  # noqa: E402

GOALS = {"Counter.score": 60_000, "scorekeeper.score": 30_000}


def startup(runs: int) -> None:
    cases = {name: CASES[name] for name in ("import typer", "score scopa-2-4.yaml", "score --json scopa-2-4.yaml",
                                             "score wall-street (JSON file)")}
    report(cases, {"this": Path(sys.executable).parent}, runs)


def random_hands(n: int, seed: int = 1) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    hands = []
    for _ in range(n):
        a = rng.getrandbits(40)
        hands.append((a, ((1 << 40) - 1) & ~a))
    return hands


def rate(work: Callable[[Any], object], items: Sequence[Any]) -> tuple[float, float]:
    """Items per second of CPU time, and of wall time."""
    cpu, wall = time.process_time(), time.perf_counter()
    for item in items:
        work(item)
    return len(items) / (time.process_time() - cpu), len(items) / (time.perf_counter() - wall)


def line(label: str, figures: tuple[float, float], count: int, goal: int | None = None, beside: str = "") -> None:
    top, median = figures
    text = f"{label:44} {top:10,.0f} hands/s (median {median:9,.0f})  {count:,} hands"
    print(text + (f"  goal {goal:,}" if goal else "") + (f"  {beside}" if beside else ""))


def best(rounds: int, works: dict[str, tuple[Callable[[Any], object], Sequence[Any]]]
         ) -> dict[str, tuple[float, float]]:
    """Each work's best and median rate (CPU time) over ``rounds`` rounds, the works taken in turn in
    every round: this machine's speed moves by a third within seconds; the best round is the one
    least slowed (as ``timeit`` advises), the median says how the others went."""
    found: dict[str, list[float]] = {}
    for _ in range(rounds):
        for label, (work, items) in works.items():
            found.setdefault(label, []).append(rate(work, items)[0])
    return {label: (max(rates), statistics.median(rates)) for label, rates in found.items()}


def throughput(n: int, rounds: int) -> None:
    rules = load_rules("scopa")
    deck = rules.cards
    counter = Counter(rules)
    hands = random_hands(n)
    sides = ("A", "B")
    entries = [HandEntry(sides, (PileText(list(deck.cards_in(a))), PileText(list(deck.cards_in(b)))),
                         sweeps={"A": 1}) for a, b in hands[: n // 4]]
    slow_counter = Counter(rules)
    slow_counter._exact_masks = lambda sides, piles: None  # type: ignore[method-assign]
    texts = [{"A": " ".join(map(str, deck.cards_in(a))), "B": "rest"} for a, _ in hands[: n // 10]]

    def built_per_hand(piles: dict[str, str]) -> object:
        spec = scorekeeper._hand(piles, {"sweeps": {"A": 1}}, False)
        return Counter(rules).score(spec.entry(deck))

    figures = best(rounds, {
        "count": (lambda masks: counter.count(sides, masks, (1, 0), {}), hands),
        "score": (counter.score, entries),
        "slow": (slow_counter.score, entries),
        "front": (lambda piles: scorekeeper.score(piles, sweeps={"A": 1}), texts),
        "old": (built_per_hand, texts[: len(texts) // 10]),
    })
    print(f"hands per CPU second: the best of {rounds} interleaved rounds, and their median")
    line("Counter.count (bitmasks)", figures["count"], len(hands))
    line("Counter.score (typed piles)", figures["score"], len(entries), GOALS["Counter.score"],
         f"= {figures['score'][0] / figures['slow'][0]:.1f} x {figures['slow'][0]:,.0f} through read_piles")
    line("scorekeeper.score (front door, pile texts)", figures["front"], len(texts), GOALS["scorekeeper.score"],
         f"= {figures['front'][0] / figures['old'][0]:.1f} x {figures['old'][0]:,.0f} with a Counter built per hand")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--rounds", type=int, default=5, help="rounds of the throughput figures; the best is shown")
    args = parser.parse_args()
    startup(args.runs)
    throughput(args.hands, args.rounds)


if __name__ == "__main__":
    main()
