"""Rotating partners: the partnerships and then the tables are the closest pairings the rules allow
(first no partner twice and no opponents met again where avoidable, then closeness of match points,
then closeness of rank), checked against every possible pairing; who sits out, and in what order."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest
from tournament_sim import Sim, first_wins

from scorekeeper.tournament.matching import rotating_tables
from scorekeeper.tournament.pairing import next_round
from scorekeeper.tournament.settings import Settings, TournamentError
from scorekeeper.tournament.standings import standings

Pairs = Counter[frozenset[str]]
Team = tuple[str, str]


def every_pairing(items: Sequence[Team] | Sequence[str]) -> Iterator[list[tuple]]:  # type: ignore[type-arg]
    """Every way of splitting ``items`` (an even number) into pairs."""
    if not items:
        yield []
        return
    first = items[0]
    for k in range(1, len(items)):
        rest = [*items[1:k], *items[k + 1:]]
        for more in every_pairing(rest):
            yield [(first, items[k]), *more]


def history(rng: random.Random, names: list[str], rounds: int) -> tuple[Pairs, Pairs]:
    """Partners and opponents of ``rounds`` random earlier rounds."""
    partnered: Pairs = Counter()
    opposed: Pairs = Counter()
    for _round in range(rounds):
        seats = rng.sample(names, len(names))
        for k in range(0, len(seats), 4):
            a, b, c, d = seats[k:k + 4]
            partnered.update([frozenset((a, b)), frozenset((c, d))])
            opposed.update(frozenset((x, y)) for x in (a, b) for y in (c, d))
    return partnered, opposed


@pytest.mark.parametrize("case", range(40))
def test_partners_then_tables_are_the_closest_pairings_without_repeats(case: int) -> None:
    rng = random.Random(case)
    names = [f"P{i}" for i in range(8)]
    points = dict(zip(names, sorted((rng.choice([0, 3, 6, 9]) + rng.choice([0, 0, 1]) for _ in names),
                                    reverse=True), strict=True))  # the standings' order: most points first
    partnered, opposed = history(rng, names, rng.randint(0, 4))
    rank = {e: i for i, e in enumerate(names)}
    found = rotating_tables(names, points, partnered, opposed)
    teams = [team for table in found for team in table]

    def partner_cost(pairs: Sequence[tuple[str, str]]) -> tuple[int, int, int]:
        return (sum(partnered[frozenset(p)] for p in pairs), sum((points[a] - points[b]) ** 2 for a, b in pairs),
                sum(abs(rank[a] - rank[b]) for a, b in pairs))

    assert partner_cost(teams) == min(partner_cost(p) for p in every_pairing(names))
    strength = {t: points[t[0]] + points[t[1]] for t in teams}
    by_strength = sorted(teams, key=lambda t: (-strength[t], rank[t[0]]))
    place = {t: i for i, t in enumerate(by_strength)}

    def table_cost(tables: Sequence[tuple[Team, Team]]) -> tuple[int, int, int]:
        return (sum(opposed[frozenset((a, b))] for s, t in tables for a in s for b in t),
                sum((strength[s] - strength[t]) ** 2 for s, t in tables),
                sum(abs(place[s] - place[t]) for s, t in tables))

    assert table_cost(found) == min(table_cost(p) for p in every_pairing(by_strength))
    # each table: the stronger partnership first, as listed
    assert all(place[s] < place[t] for s, t in found)


def test_no_partner_twice_even_when_the_only_fresh_ones_are_far_down_the_ranking() -> None:
    names = [f"P{i}" for i in range(16)]
    partnered: Pairs = Counter(frozenset(("P0", f"P{i}")) for i in range(1, 13))  # P0 has had P1 to P12
    found = rotating_tables(names, dict.fromkeys(names, 0), partnered, Counter())
    teams = [team for table in found for team in table]
    assert ("P0", "P13") in teams  # the nearest in rank of those P0 has not partnered
    assert not any(partnered[frozenset(t)] for t in teams)


def test_no_opponents_met_again_even_when_the_only_fresh_ones_are_far_down_the_ranking() -> None:
    names = [f"P{i}" for i in range(28)]
    points = {e: 3 * (13 - i // 2) for i, e in enumerate(names)}  # P0 and P1 lead, P26 and P27 last
    opposed: Pairs = Counter(frozenset((a, f"P{i}")) for a in ("P0", "P1") for i in range(2, 26))
    found = rotating_tables(names, points, Counter(), opposed)
    assert (("P0", "P1"), ("P26", "P27")) in found
    assert not any(opposed[frozenset((a, b))] for s, t in found for a in s for b in t)


def test_the_lowest_ranked_sit_out_listed_in_standings_order_and_the_tables_are_numbered_from_1() -> None:
    sim = Sim(Settings("rotating", "scopa", rounds=3, seed=3), ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"])
    assert [r.entrant for r in standings(sim.state, sim.results)] == [
        "Anna", "Carla", "Elena", "Bruno", "Fabio", "Dario"]  # the seeded draw, before any result
    first = sim.pair()
    assert first.byes == ("Fabio", "Dario")
    assert [t.number for t in first.tables] == [1]
    sim.score(first_wins)
    order = [r.entrant for r in standings(sim.state, sim.results)]
    second = sim.pair()
    assert second.byes == tuple(e for e in order if e in second.byes)
    assert set(second.byes) & set(first.byes) == set()  # those who sat out play: fewest byes first
    assert [t.number for t in second.tables] == [1]


def test_too_few_players_left_for_a_table_of_four_is_refused_with_how_many_remain() -> None:
    sim = Sim(Settings("rotating", "scopa", rounds=3), ["Anna", "Bruno", "Carla", "Dario", "Elena"])
    sim.play(1, first_wins)
    sim.add("drop", entrant="Bruno")
    sim.add("drop", entrant="Elena")
    with pytest.raises(TournamentError) as info:
        next_round(sim.state, sim.results)
    assert str(info.value) == "rotating partners need four players still playing; 3 are"



def test_in_the_first_round_the_top_four_of_the_ranking_make_table_1_neighbours_as_partners() -> None:
    names = [f"P{i}" for i in range(8)]
    assert rotating_tables(names, dict.fromkeys(names, 0), Counter(), Counter()) == [
        (("P0", "P1"), ("P2", "P3")), (("P4", "P5"), ("P6", "P7"))]


def test_partnerships_meet_the_closest_in_strength_of_those_they_have_not_met() -> None:
    names = [f"P{i}" for i in range(12)]
    points = dict(zip(names, [7, 7, 6, 6, 4, 4, 2, 2, 2, 2, 0, 0], strict=True))
    teams = [(names[k], names[k + 1]) for k in range(0, 12, 2)]  # each two level on points partner up
    opposed: Pairs = Counter()
    for earlier in ([(0, 1), (2, 5), (3, 4)], [(0, 4), (1, 3), (2, 5)], [(0, 4), (2, 3), (1, 5)]):
        opposed.update(frozenset((a, b)) for s, t in earlier for a in teams[s] for b in teams[t])
    found = rotating_tables(names, points, Counter(), opposed)
    # strengths 14, 12, 8, 4, 4, 0: 14-8, 12-4, 4-0 (squares 116) before the nearer in rank (132)
    assert found == [(teams[0], teams[2]), (teams[1], teams[4]), (teams[3], teams[5])]
