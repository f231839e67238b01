"""Swiss pairing, checked against every possible pairing: first no rematch where avoidable, then the
bye to the lowest-ranked of those who have had fewest, then closeness of match points, then closeness
of rank; and no rematch even when the only fresh opponent is far down a long ranking."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest

from scorekeeper.tournament.matching import swiss_pairs

BYE = "(bye)"


def every_pairing(items: Sequence[str]) -> Iterator[list[tuple[str, str]]]:
    """Every way of splitting ``items`` (an even number) into pairs."""
    if not items:
        yield []
        return
    for k in range(1, len(items)):
        for more in every_pairing([*items[1:k], *items[k + 1:]]):
            yield [(items[0], items[k]), *more]


@pytest.mark.parametrize("case", range(40))
def test_a_swiss_round_is_the_closest_pairing_without_rematches_and_the_right_bye(case: int) -> None:
    rng = random.Random(case)
    names = [f"P{9 - i}" for i in range(rng.choice([7, 8]))]  # the ranking is not the alphabet
    points = dict(zip(names, sorted((rng.choice([0, 3, 6, 9]) + rng.choice([0, 0, 1]) for _ in names),
                                    reverse=True), strict=True))  # the standings' order: most points first
    met: Counter[frozenset[str]] = Counter()
    byes: dict[str, int] = {}
    for _round in range(rng.randint(0, 4)):
        seats = rng.sample(names, len(names))
        met.update(frozenset(seats[k:k + 2]) for k in range(0, len(seats) - 1, 2))
        if len(seats) % 2:
            byes[seats[-1]] = byes.get(seats[-1], 0) + 1
    rank = {e: i for i, e in enumerate(names)}
    fewest = min(byes.get(e, 0) for e in names)
    eligible = [e for e in names if byes.get(e, 0) == fewest]

    def cost(pairs: Sequence[tuple[str, str]]) -> tuple[int, int, int, int] | None:
        tables = [p for p in pairs if BYE not in p]
        out = [a if b == BYE else b for a, b in pairs if BYE in (a, b)]
        if out and out[0] not in eligible:
            return None
        below = len(eligible) - 1 - eligible.index(out[0]) if out else 0  # 0: the lowest-ranked eligible
        return (sum(met[frozenset(p)] for p in tables), below, sum((points[a] - points[b]) ** 2 for a, b in tables),
                sum(abs(rank[a] - rank[b]) for a, b in tables))

    tables, bye = swiss_pairs(names, points, met, byes)
    assert len(bye) == len(names) % 2
    assert sorted([*(e for t in tables for e in t), *bye]) == sorted(names)
    costs = [c for c in (cost(p) for p in every_pairing([*names, *([BYE] if bye else [])])) if c is not None]
    assert cost([*tables, *((e, BYE) for e in bye)]) == min(costs)
    assert all(rank[a] < rank[b] for a, b in tables)  # the higher-ranked first
    assert [rank[a] for a, _b in tables] == sorted(rank[a] for a, _b in tables)  # tables in ranking order


def test_no_rematch_even_when_the_only_fresh_opponent_is_far_down_the_ranking() -> None:
    names = [f"P{i}" for i in range(16)]
    met: Counter[frozenset[str]] = Counter(frozenset(("P0", f"P{i}")) for i in range(1, 13))
    tables, bye = swiss_pairs(names, dict.fromkeys(names, 0), met, {})
    assert bye == []
    assert ("P0", "P13") in tables  # the nearest in rank of those P0 has not met
    assert not any(met[frozenset(t)] for t in tables)


def test_when_everyone_has_had_a_bye_it_goes_to_the_lowest_ranked_of_those_with_fewest() -> None:
    names = ["Eva", "Dan", "Cleo", "Bea", "Al"]
    points = dict.fromkeys(names, 3)
    tables, bye = swiss_pairs(names, points, Counter(), {"Eva": 1, "Dan": 1, "Cleo": 1, "Bea": 1, "Al": 2})
    assert bye == ["Bea"]
    assert tables == [("Eva", "Dan"), ("Cleo", "Al")]  # in ranking order, not the alphabet's


def test_a_swiss_round_with_nobody_left_playing_pairs_no_table() -> None:
    assert swiss_pairs([], {}, Counter(), {}) == ([], [])
