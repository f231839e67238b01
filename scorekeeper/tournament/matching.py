"""Pairing by maximum-weight matching (networkx): Swiss tables, and rotating partners in two steps.

Every weight is an integer built so that one concern always outweighs all of the next together:
first everyone is placed (``maxcardinality``), then no rematch (a pairing met before weighs less
than any fresh one), then the bye to the lowest-ranked entrant who has had fewest, then closeness
of match points, then closeness of rank (the top two of a score group meet, as in the Danish system).

The graph first joins each entrant to the nearest ``WINDOW`` in the ranking only, which is where a
good pairing lies; when that graph cannot place everyone without a rematch, a wider one and then the
whole graph are matched instead, so narrowing never costs a rematch or a table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence

import networkx as nx

WINDOW = 12


def _match(count: int, weight: Callable[[int, int], int | None], window: int | None,
           keep: int | None = None) -> list[tuple[int, int]]:
    """The pairs (i < j) of a maximum-cardinality, maximum-weight matching of nodes 0..count-1; with a
    ``window``, only nodes that near each other are joined (and node ``keep`` to every node)."""
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(count))
    for i in range(count):
        for j in range(i + 1, count):
            if window is not None and j - i > window and j != keep:
                continue
            w = weight(i, j)
            if w is not None:
                graph.add_edge(i, j, weight=w)
    found = nx.max_weight_matching(graph, maxcardinality=True)
    return sorted((min(a, b), max(a, b)) for a, b in found)


def _best(count: int, weight: Callable[[int, int], int | None], bad: Callable[[list[tuple[int, int]]], bool],
          keep: int | None = None) -> list[tuple[int, int]]:
    """The narrowed graph's matching when it places everyone without a ``bad`` pair, else a wider
    graph's (four times the window), else the whole graph's."""
    for window in (WINDOW, 4 * WINDOW):
        if count > window + 1:
            narrow = _match(count, weight, window, keep)
            if 2 * len(narrow) == count - count % 2 and not bad(narrow):
                return narrow
    return _match(count, weight, None)


def _scales(order: Sequence[str], points: Mapping[str, int], met_most: int) -> tuple[int, int, int, int]:
    """The weights' units: the largest closeness cost, the bye's step, a rematch's cost, the base."""
    n = len(order) + 1
    spread = max(points.values(), default=0) - min(points.values(), default=0)
    closeness = spread * spread * n + n
    bye_step = (n // 2 + 1) * closeness + 1
    rematch = (n + 1) * bye_step + 1
    return closeness, bye_step, rematch, rematch * (met_most + 2)


def swiss_pairs(order: Sequence[str], points: Mapping[str, int], met: Counter[frozenset[str]],
                byes: Mapping[str, int]) -> tuple[list[tuple[str, str]], list[str]]:
    """A Swiss round: pairs of entrants (higher-ranked first) and the bye, from ``order`` (the
    standings, best first), their match points, how often each pair has met, and the byes each had."""
    n = len(order)
    fewest = min((byes.get(e, 0) for e in order), default=0)
    eligible = [i for i, e in enumerate(order) if byes.get(e, 0) == fewest] if n % 2 else []
    bye_rank = {i: len(eligible) - 1 - k for k, i in enumerate(eligible)}  # 0: the lowest-ranked eligible
    _c, bye_step, rematch, base = _scales(order, points, max(met.values(), default=0))
    count = n + (n % 2)

    def weight(i: int, j: int) -> int | None:
        if j == n:  # the bye's node
            return base - bye_step * bye_rank[i] if i in bye_rank else None
        a, b = order[i], order[j]
        diff = points[a] - points[b]
        return base - rematch * met[frozenset((a, b))] - (diff * diff * (n + 1) + (j - i))

    def rematches(pairs: list[tuple[int, int]]) -> bool:
        return any(j < n and met[frozenset((order[i], order[j]))] for i, j in pairs)

    pairs = _best(count, weight, rematches, keep=n)  # the bye's node joins every eligible entrant
    tables = [(order[i], order[j]) for i, j in pairs if j < n]
    bye = [order[i] for i, j in pairs if j == n]
    return sorted(tables, key=lambda t: order.index(t[0])), bye


def rotating_tables(order: Sequence[str], points: Mapping[str, int], partnered: Counter[frozenset[str]],
                    opposed: Counter[frozenset[str]]) -> list[tuple[tuple[str, str], tuple[str, str]]]:
    """Tables of two partnerships from players whose number is a multiple of four: first players into
    partnerships (never the same partners twice where it can be avoided, close in points), then
    partnerships into tables (opponents met least, close in points)."""
    n = len(order)
    _c, _b, rematch, base = _scales(order, points, max(partnered.values(), default=0))

    def partners(i: int, j: int) -> int | None:
        a, b = order[i], order[j]
        diff = points[a] - points[b]
        return base - rematch * partnered[frozenset((a, b))] - (diff * diff * (n + 1) + (j - i))

    teams = [(order[i], order[j]) for i, j in _best(n, partners, lambda ps: any(
        partnered[frozenset((order[i], order[j]))] for i, j in ps))]
    strength = {t: points[t[0]] + points[t[1]] for t in teams}
    teams.sort(key=lambda t: (-strength[t], order.index(t[0])))
    met_most = max(opposed.values(), default=0)
    _c2, _b2, step, base2 = _scales([t[0] for t in teams], {t[0]: strength[t] for t in teams}, 4 * met_most)

    def meetings(s: tuple[str, str], t: tuple[str, str]) -> int:
        return sum(opposed[frozenset((a, b))] for a in s for b in t)

    def tables(i: int, j: int) -> int | None:
        diff = strength[teams[i]] - strength[teams[j]]
        return base2 - step * meetings(teams[i], teams[j]) - (diff * diff * (n + 1) + (j - i))

    return [(teams[i], teams[j]) for i, j in _best(len(teams), tables, lambda ps: any(
        meetings(teams[i], teams[j]) for i, j in ps))]
