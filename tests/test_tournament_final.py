"""When a tournament is over, and the places its entrants finished in (what a season's place points
are given by): the standings' ranks, or after a knockout the winner 1st, the final's loser 2nd, and
the semi-finalists sharing 3rd."""

from __future__ import annotations

from collections.abc import Sequence

from tournament_sim import Sim, first_wins

from scorekeeper.tournament.final import final_places, is_over
from scorekeeper.tournament.settings import Settings


def seeds_win(_r: int, _t: int, sides: Sequence[str]) -> tuple[int, int]:
    return (11, 4) if int(sides[0][1:]) < int(sides[1][1:]) else (4, 11)


def test_a_round_robin_is_over_after_its_schedule_and_its_places_are_the_standings() -> None:
    sim = Sim(Settings("round-robin", "scopa"), ["P0", "P1", "P2", "P3"])
    for _round in range(3):
        assert not is_over(sim.state, sim.results) and final_places(sim.state, sim.results) is None
        sim.play(1, seeds_win)
    assert is_over(sim.state, sim.results)
    assert final_places(sim.state, sim.results) == {"P0": 1, "P1": 2, "P2": 3, "P3": 4}


def test_a_swiss_tournament_is_over_after_its_rounds_once_the_last_tables_have_results() -> None:
    sim = Sim(Settings("swiss", "scopa", rounds=2), ["P0", "P1", "P2", "P3"])
    sim.play(1, first_wins)
    sim.pair()
    assert not is_over(sim.state, sim.results)  # the last round paired, its tables still playing
    sim.score(first_wins)
    places = final_places(sim.state, sim.results)
    assert places is not None and sorted(places.values()) == [1, 2, 3, 4]


def test_after_a_knockout_the_winner_is_first_the_finalist_second_and_the_semi_finalists_share_third() -> None:
    names = [f"P{i}" for i in range(8)]
    sim = Sim(Settings("groups-knockout", "scopa"), names)
    sim.play(3, seeds_win)  # the groups: P0 and P3 go through from A, P1 and P2 from B
    sim.play(2, seeds_win)  # semi-finals P0-P2 and P1-P3, 2-0 each
    sim.play(1, seeds_win)
    assert not is_over(sim.state, sim.results)  # the final is 1-0, best of 3
    sim.play(1, seeds_win)
    assert is_over(sim.state, sim.results)
    # those out in the groups have no place of the knockout
    assert final_places(sim.state, sim.results) == {"P0": 1, "P1": 2, "P2": 3, "P3": 3}
