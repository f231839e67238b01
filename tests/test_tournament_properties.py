"""Pairing properties over random fields and results (hypothesis): everyone placed once a round, no
rematch where one can be avoided, at most one bye each, the same seed the same pairings, and the
round robin meeting everyone exactly once."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tournament_sim import Sim

from scorekeeper.tournament.pairing import met
from scorekeeper.tournament.settings import Settings

fields = st.integers(min_value=2, max_value=17)
seeds = st.integers(min_value=0, max_value=10**6)


def random_scorer(seed: int):  # type: ignore[no-untyped-def]
    chooser = random.Random(seed)
    return lambda _r, _t, _n: (chooser.randint(0, 11), chooser.randint(0, 11))


def placed_once(sim: Sim) -> None:
    for rnd in sim.state.rounds:
        seats = [e for t in rnd.tables for e in t.entrants] + list(rnd.byes)
        assert sorted(seats) == sorted(sim.state.active), f"round {rnd.number}"


def avoidable(names: list[str], before: Counter[frozenset[str]], byes: tuple[str, ...]) -> bool:
    """Whether the players of a round (byes left out) could all be paired with nobody met before."""
    playing = [n for n in names if n not in byes]
    graph: nx.Graph[str] = nx.Graph()
    graph.add_edges_from((a, b) for a, b in itertools.combinations(playing, 2) if not before[frozenset((a, b))])
    return 2 * len(nx.max_weight_matching(graph, maxcardinality=True)) == len(playing)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(fields, st.integers(min_value=1, max_value=8), seeds)
def test_swiss_places_everyone_once_and_rematches_only_where_unavoidable(count: int, rounds: int, seed: int) -> None:
    names = [f"P{i}" for i in range(count)]
    sim = Sim(Settings("swiss", "scopa", rounds=rounds, seed=seed), names)
    scorer = random_scorer(seed)
    for _ in range(rounds):
        before = met(sim.state)
        rnd = sim.pair()
        sim.score(scorer)
        rematches = [t for t in rnd.tables if before[frozenset(t.entrants)]]
        if rematches:
            assert not avoidable(names, before, rnd.byes), f"round {rnd.number}: {rematches}"
    placed_once(sim)
    byes = Counter(e for r in sim.state.rounds for e in r.byes)
    # nobody gets a second bye while another has none
    assert max(byes[n] for n in names) - min(byes[n] for n in names) <= 1


@settings(max_examples=25, deadline=None)
@given(fields, st.integers(min_value=1, max_value=5), seeds)
def test_the_same_seed_gives_the_same_pairings(count: int, rounds: int, seed: int) -> None:
    names = [f"P{i}" for i in range(count)]
    runs = []
    for _ in range(2):
        sim = Sim(Settings("swiss", "scopa", rounds=rounds, seed=seed), names)
        sim.play(rounds, random_scorer(seed))
        runs.append([r.as_json() for r in sim.state.rounds])
    assert runs[0] == runs[1]


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(fields, st.booleans(), seeds)
def test_the_round_robin_meets_everyone_exactly_once_a_leg(count: int, double: bool, seed: int) -> None:
    names = [f"P{i}" for i in range(count)]
    sim = Sim(Settings("round-robin", "scopa", double=double, seed=seed), names)
    legs = 2 if double else 1
    sim.play(legs * (count - 1 + count % 2), random_scorer(seed))
    placed_once(sim)
    meetings = met(sim.state)
    assert meetings == Counter({frozenset(p): legs for p in itertools.combinations(names, 2)})
    byes = Counter(e for r in sim.state.rounds for e in r.byes)
    assert set(byes.values()) <= {legs}


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=4, max_value=21), st.integers(min_value=1, max_value=5), seeds)
def test_rotating_partners_never_twice_while_fresh_partners_remain(count: int, rounds: int, seed: int) -> None:
    names = [f"P{i}" for i in range(count)]
    sim = Sim(Settings("rotating", "scopone", rounds=rounds, seed=seed), names)
    sim.play(rounds, random_scorer(seed))
    placed_once(sim)
    partners = Counter(frozenset(s) for r in sim.state.rounds for t in r.tables for s in t.sides)
    if rounds < count // 2:  # far from running out of partners: never the same two twice
        assert max(partners.values()) == 1
    byes = Counter(e for r in sim.state.rounds for e in r.byes)
    assert max(byes.values(), default=0) - min((byes.get(n, 0) for n in names), default=0) <= 1
