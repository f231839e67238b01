"""A table's result as the standings read it: a fixed number of hands decides by the higher total, a
forfeit gives the other side the table with no points for anyone, and who has met whom (opponents,
never partners) is what pairing avoids repeating."""

from __future__ import annotations

from collections import Counter

from tournament_sim import Sim, first_wins

from scorekeeper.tournament.events import Round, Table
from scorekeeper.tournament.pairing import met
from scorekeeper.tournament.results import MatchResult, Outcome, outcome_of, table_outcome
from scorekeeper.tournament.settings import Settings
from scorekeeper.tournament.standings import standings

TABLE = Table(1, (("Anna",), ("Bruno",)), match=1)


def test_once_the_fixed_hands_are_played_the_higher_total_wins_before_the_match_is_over() -> None:
    assert outcome_of(TABLE, MatchResult(4, {"Anna": 6, "Bruno": 9}, False, None), 4) == Outcome((6, 9), 1)
    assert outcome_of(TABLE, MatchResult(5, {"Anna": 9, "Bruno": 6}, False, None), 4) == Outcome((9, 6), 0)
    assert outcome_of(TABLE, MatchResult(4, {"Bruno": 2}, False, None), 4) == Outcome((0, 2), 1)  # no points yet: 0
    assert outcome_of(TABLE, MatchResult(3, {"Anna": 6, "Bruno": 9}, False, None), 4) is None


def test_a_forfeit_gives_the_table_to_the_other_side_with_no_points_whatever_the_match_says() -> None:
    sim = Sim(Settings("swiss", "scopa", rounds=3), ["Anna", "Bruno", "Carla", "Dario"])
    rnd = sim.pair()
    sim.score(first_wins)  # the first side won 11-5 at each table
    quitter = rnd.tables[0].sides[0][0]
    sim.add("forfeit", round=1, table=1, entrant=quitter)
    state = sim.state
    assert table_outcome(state, rnd, rnd.tables[0], sim.results) == Outcome((0, 0), 1, forfeit=True)
    assert table_outcome(state, rnd, rnd.tables[1], sim.results) == Outcome((11, 5), 0)
    rows = {r.entrant: r for r in standings(state, sim.results)}
    winner = rnd.tables[0].sides[1][0]
    assert (rows[winner].record.match_points, rows[winner].record.points_for) == (3, 0)
    assert (rows[quitter].record.lost, rows[quitter].record.points_against) == (1, 0)
    assert dict(rows[winner].tiebreaks)["buchholz"] == 0  # a forfeit is an unplayed round for Buchholz


def test_who_has_met_whom_counts_opponents_across_the_table_never_partners() -> None:
    sim = Sim(Settings("rotating", "scopa", rounds=3), ["Anna", "Bruno", "Carla", "Dario"])
    sim.add("round", **Round(1, (Table(1, (("Anna", "Bruno"), ("Carla", "Dario")), match=1),)).as_json())
    sim.add("round", **Round(2, (Table(1, (("Anna", "Carla"), ("Bruno", "Dario")), match=2),)).as_json())
    # Anna and Carla opposed in round 1, partners in round 2: once
    assert met(sim.state) == Counter({
        frozenset(("Anna", "Carla")): 1, frozenset(("Anna", "Dario")): 2, frozenset(("Bruno", "Carla")): 2,
        frozenset(("Bruno", "Dario")): 1, frozenset(("Anna", "Bruno")): 1, frozenset(("Carla", "Dario")): 1})


def test_a_swiss_tournament_of_four_meets_everyone_once_in_three_rounds() -> None:
    sim = Sim(Settings("swiss", "scopa", rounds=3, seed=4), ["Anna", "Bruno", "Carla", "Dario"])
    sim.play(3, first_wins)
    assert set(met(sim.state).values()) == {1} and len(met(sim.state)) == 6
