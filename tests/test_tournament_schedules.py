"""Fixed schedules as they are played: the round robin round by round as the circle method lays it
out (the fixed entrant changing seat every other round), byes for an odd field and for the opponent
of a dropped entrant, groups side by side in one round, group names past Z, bracket sizes."""

from __future__ import annotations

from tournament_sim import Sim, first_wins

from scorekeeper.tournament.events import Round, Table
from scorekeeper.tournament.pairing import next_round, standings_of
from scorekeeper.tournament.schedule import bracket_size, circle, group_name, groups_of
from scorekeeper.tournament.settings import Settings
from scorekeeper.tournament.standings import standings


def pairs(rnd: Round) -> list[tuple[str, ...]]:
    return [t.entrants for t in rnd.tables]


def test_a_round_robin_plays_the_circle_round_by_round_and_the_first_seed_changes_seat() -> None:
    sim = Sim(Settings("round-robin", "scopa"), ["A", "B", "C", "D"])
    played = []
    for _round in range(3):
        played.append(pairs(sim.pair()))
        sim.score(first_wins)
    # 1st against last; A takes the second seat in round 2 and the first again in round 3
    assert played == [[("A", "D"), ("B", "C")], [("C", "A"), ("D", "B")], [("A", "B"), ("C", "D")]]


def test_the_fixed_entrant_alternates_seats_over_a_longer_round_robin() -> None:
    rounds = circle([f"P{i}" for i in range(8)])
    assert ["first" if r[0][0] == "P0" else "second" for r in rounds] == [
        "first", "second", "first", "second", "first", "second", "first"]


def test_an_odd_field_gets_one_bye_each_round_and_each_entrant_sits_out_once() -> None:
    rounds = circle(["A", "B", "C"])
    assert len(rounds) == 3
    sitting = [e for r in rounds for a, b in r if a is None or b is None for e in (a, b) if e is not None]
    assert sorted(sitting) == ["A", "B", "C"]


def test_the_opponent_of_a_dropped_entrant_gets_a_bye_in_the_round_robin() -> None:
    sim = Sim(Settings("round-robin", "scopa"), ["A", "B", "C", "D"])
    sim.play(1, first_wins)
    sim.add("drop", entrant="B")
    assert next_round(sim.state, sim.results) == Round(2, (Table(1, (("C",), ("A",))),), ("D",))


def test_groups_play_side_by_side_tables_numbered_across_them_each_group_with_its_bye() -> None:
    names = [f"P{i}" for i in range(6)]
    sim = Sim(Settings("groups-knockout", "scopa", groups=2), names)
    assert next_round(sim.state, sim.results) == Round(1, (
        Table(1, (("P3",), ("P4",)), group="A"), Table(2, (("P2",), ("P5",)), group="B")), ("P0", "P1"))


def test_the_standings_of_a_single_table_format_are_the_plain_standings() -> None:
    sim = Sim(Settings("round-robin", "scopa"), ["A", "B", "C", "D"])
    sim.play(2, first_wins)
    rows = standings_of(sim.state, sim.results)
    assert rows == standings(sim.state, sim.results)
    assert {r.group for r in rows} == {""}


def test_groups_are_named_a_to_z_then_a2_b2() -> None:
    assert [group_name(i) for i in (0, 25, 26, 27, 51, 52)] == ["A", "Z", "A2", "B2", "Z2", "A3"]
    assert list(groups_of([str(i) for i in range(28)], 27))[-2:] == ["Z", "A2"]


def test_a_bracket_is_the_smallest_power_of_two_holding_the_qualifiers() -> None:
    assert [bracket_size(n) for n in (1, 2, 3, 4, 5, 8, 9)] == [1, 2, 4, 4, 8, 8, 16]
