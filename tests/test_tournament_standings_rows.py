"""What each standings row says: tables played and points across rounds, results of a round still
in play, the seeded draw's place for every row (stable across versions: stored tournaments must not
reorder), head-to-head shown as 0 outside a tie, Buchholz from the tables really played, a dropped
entrant marked; and the forms a table, a round and ``--points`` are written in."""

from __future__ import annotations

import pytest
from tournament_sim import Sim, first_wins

from scorekeeper.tournament.events import Round, Table
from scorekeeper.tournament.pairing import next_round
from scorekeeper.tournament.results import MatchResult
from scorekeeper.tournament.settings import Points, Settings, TournamentError, parse_points
from scorekeeper.tournament.standings import draw_number, standings

FOUR = ["Anna", "Bruno", "Carla", "Dario"]


def test_records_add_up_over_rounds_and_a_round_in_play_counts_its_finished_tables() -> None:
    sim = Sim(Settings("round-robin", "scopa"), FOUR)
    sim.play(2, first_wins)  # the first side wins 11-5 at every table
    rnd = sim.pair()
    later = rnd.tables[1]
    names = ["+".join(s) for s in later.sides]
    sim.results[later.match] = MatchResult(6, {names[0]: 11, names[1]: 8}, True, names[0])  # table 1 still playing
    rows = {r.entrant: r.record for r in standings(sim.state, sim.results)}
    assert sum(r.played for r in rows.values()) == 2 * 4 + 2
    assert rows[names[0]].played == 3 and rows[names[1]].played == 3
    assert rows[names[0]].points_for == sum(11 if t.sides[0][0] == names[0] else 5
                                            for rnd_ in sim.state.rounds[:2] for t in rnd_.tables
                                            if names[0] in t.entrants) + 11
    waiting = rnd.tables[0].entrants
    assert all(rows[e].played == 2 for e in waiting)


def test_the_seeded_draw_is_shown_as_a_place_for_every_row_and_stays_the_same_across_versions() -> None:
    sim = Sim(Settings("round-robin", "scopa", seed=11), FOUR)
    rows = standings(sim.state, sim.results)
    by_draw = sorted(FOUR, key=lambda e: draw_number(11, e))
    assert {r.entrant: dict(r.tiebreaks)["draw"] for r in rows} == {e: by_draw.index(e) + 1 for e in FOUR}
    assert [r.entrant for r in rows] == by_draw  # nothing played: the draw alone orders them
    # the draw of a stored tournament must not change with an upgrade, nor with a name's letter case
    assert by_draw == ["Anna", "Dario", "Carla", "Bruno"] and draw_number(11, "Anna") == 41134393598750
    assert [draw_number(11, e) for e in FOUR] == [draw_number(11, e.upper()) for e in FOUR]


def test_head_to_head_outside_a_tie_shows_0_and_buchholz_counts_only_tables_played() -> None:
    sim = Sim(Settings("swiss", "scopa", rounds=3, seed=5), FOUR)
    sim.play(1, first_wins)
    rnd = sim.pair()
    quitter = rnd.tables[0].sides[0][0]
    sim.add("forfeit", round=2, table=1, entrant=quitter)
    sim.score(first_wins)
    rows = {r.entrant: r for r in standings(sim.state, sim.results)}
    mp = {e: r.record.match_points for e, r in rows.items()}
    for entrant, row in rows.items():
        played = [t for r_ in sim.state.rounds for t in r_.tables if entrant in t.entrants
                  and not (r_.number == 2 and t.number == 1)]
        opponents = [e for t in played for e in t.entrants if e != entrant]
        assert dict(row.tiebreaks)["buchholz"] == sum(mp[o] for o in opponents), entrant
    level = [r.record.match_points for r in rows.values()]
    alone = [r for r in rows.values() if level.count(r.record.match_points) == 1]
    assert alone and all(dict(r.tiebreaks)["head-to-head"] == 0 for r in alone)  # in no tie: 0


def test_a_dropped_entrant_stays_in_the_standings_marked_as_dropped() -> None:
    sim = Sim(Settings("swiss", "scopa", rounds=3), FOUR)
    sim.play(1, first_wins)
    sim.add("drop", entrant="Carla")
    assert {r.entrant: r.dropped for r in standings(sim.state, sim.results)} == {
        "Anna": False, "Bruno": False, "Carla": True, "Dario": False}


def test_pairs_are_scored_under_their_joined_name() -> None:
    sim = Sim(Settings("round-robin", "scopa"), ["Anna+Bruno", "Carla+Dario"])
    sim.play(1, first_wins)
    rows = {r.entrant: r.record for r in standings(sim.state, sim.results)}
    assert sorted(r.points_for for r in rows.values()) == [5, 11]


def test_a_double_round_robin_plays_the_second_leg_with_the_seats_swapped() -> None:
    sim = Sim(Settings("round-robin", "scopa", double=True), FOUR)
    sim.play(3, first_wins)
    first = [t.sides for t in sim.state.rounds[0].tables]
    fourth = next_round(sim.state, sim.results)
    assert [t.sides for t in fourth.tables] == [(b, a) for a, b in first]


def test_pairing_waits_for_every_table_still_playing_in_the_plural() -> None:
    sim = Sim(Settings("swiss", "scopa", rounds=3), FOUR)
    sim.pair()
    with pytest.raises(TournamentError) as info:
        next_round(sim.state, sim.results)
    assert str(info.value) == (
        "round 1 is still being played at tables 1, 2: their matches must end (or be forfeited) first")


def test_a_table_and_a_round_are_stored_in_these_fields_and_read_back_equal() -> None:
    table = Table(2, (("Anna",), ("Bruno",)), match=7, group="B")
    knockout = Table(1, (("Carla",), ("Dario",)), match=9, stage=2, tie=1, game=3)
    assert table.as_json() == {"table": 2, "sides": [["Anna"], ["Bruno"]], "match": 7, "group": "B"}
    assert knockout.as_json() == {"table": 1, "sides": [["Carla"], ["Dario"]], "match": 9,
                                  "stage": 2, "tie": 1, "game": 3}
    rnd = Round(4, (table, knockout), ("Elena",))
    assert Round.from_json(rnd.as_json()) == rnd
    # a round paired before its tables had matches or groups reads with none
    assert Table.from_json({"table": 1, "sides": [["Anna"], ["Bruno"]]}) == Table(1, (("Anna",), ("Bruno",)))


@pytest.mark.parametrize(("text", "points"), [
    ("3/0", Points(3, 1, 0)), ("4/2", Points(4, 3, 2)), ("2/0", Points(2, 1, 0)), ("3/1/1", Points(3, 1, 1)),
    ("3/0/0", Points(3, 0, 0)), ("100/50/0", Points(100, 50, 0)), ("999/0", Points(999, 499, 0)),
])
def test_match_points_as_written(text: str, points: Points) -> None:
    assert parse_points(text) == points
    assert str(parse_points(text)) == f"{points.win}/{points.draw}/{points.loss}"


def test_summed_points_are_written_sum_in_any_case() -> None:
    summed = parse_points(" SUM ")
    assert summed.summed and str(summed) == "sum"


@pytest.mark.parametrize("text", ["1000/0/0", "a/0", "3/b/0", "３/0", "3/1/2", "-3/0"])
def test_match_points_that_are_not_small_whole_numbers_in_order_are_refused(text: str) -> None:
    with pytest.raises(TournamentError, match="--points"):
        parse_points(text)
