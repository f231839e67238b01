"""The knockout after the groups, game by game: who goes through (group games only, dropped entrants
left out), the byes of a bracket that is not full, a decided tie playing no more while the other goes
on, drawn and unfinished games counting for nobody, and the final's longer series."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest
from tournament_sim import Scorer, Sim

from scorekeeper.tournament.events import Round, Table
from scorekeeper.tournament.final import final_places, is_over
from scorekeeper.tournament.knockout import champion, qualifiers, ties
from scorekeeper.tournament.pairing import group_table, next_round, standings_of
from scorekeeper.tournament.settings import Settings, TournamentError

NAMES = [f"P{i}" for i in range(8)]


def seeds_win(_r: int, _t: int, sides: Sequence[str]) -> tuple[int, int]:
    return (11, 4) if int(sides[0][1:]) < int(sides[1][1:]) else (4, 11)


def planned(plan: Mapping[int, Mapping[str, str]]) -> Scorer:
    """Round by round, who "wins" or "draws" their table; every other table goes to the better seed."""
    def scorer(number: int, table: int, sides: Sequence[str]) -> tuple[int, int]:
        said = plan.get(number, {})
        for index, name in enumerate(sides):
            if said.get(name) == "draws":
                return 7, 7
            if said.get(name) == "wins":
                return (11, 2) if index == 0 else (2, 11)
        return seeds_win(number, table, sides)
    return scorer


def stage_ties(sim: Sim, stage: int) -> list[tuple[tuple[str, ...], tuple[int, ...], int, str | None]]:
    state = sim.state
    return [(t.entrants, t.wins, t.needed, t.winner) for t in ties(state, sim.results, group_table(state))
            if t.stage == stage]


def test_a_decided_semi_final_waits_for_the_other_and_knockout_games_do_not_reorder_the_groups() -> None:
    sim = Sim(Settings("groups-knockout", "scopa", final_best_of=5), NAMES)
    plan = {4: {"P2": "wins", "P3": "wins"}, 5: {"P3": "wins"}}
    sim.play(5, planned(plan))  # three group rounds, then semi-finals P0-P2 at 1-1 and P1-P3 won 2-0 by P3
    state = sim.state
    assert stage_ties(sim, 1) == [(("P0", "P2"), (1, 1), 2, None), (("P1", "P3"), (0, 2), 2, "P3")]
    assert champion(state, sim.results, group_table(state)) is None  # the last tie is decided, not the stage
    # P3's two knockout wins are not group games: P0 still tops group A
    rows = standings_of(state, sim.results)
    assert [(r.group, r.entrant, r.record.match_points) for r in rows] == [
        ("A", "P0", 9), ("A", "P3", 6), ("A", "P4", 3), ("A", "P7", 0),
        ("B", "P1", 9), ("B", "P2", 6), ("B", "P5", 3), ("B", "P6", 0)]
    assert qualifiers(state, sim.results, group_table(state)) == ["P0", "P1", "P3", "P2"]
    assert next_round(state, sim.results) == Round(6, (Table(1, (("P0",), ("P2",)), stage=1, tie=1, game=3),))
    sim.play(1, planned(plan))
    assert next_round(sim.state, sim.results) == Round(7, (Table(1, (("P0",), ("P3",)), stage=2, tie=1, game=1),))


def test_a_drawn_or_unfinished_final_game_counts_for_nobody_and_the_series_goes_on() -> None:
    sim = Sim(Settings("groups-knockout", "scopa", final_best_of=5), NAMES)
    sim.play(5, seeds_win)  # groups, then both semi-finals 2-0 to the better seed
    sim.play(1, planned({6: {"P0": "draws"}}))
    assert stage_ties(sim, 2) == [(("P0", "P1"), (0, 0), 3, None)]  # best of 5: three wins needed
    sim.pair()  # the second game of the final, being played
    assert stage_ties(sim, 2) == [(("P0", "P1"), (0, 0), 3, None)]
    assert champion(sim.state, sim.results, group_table(sim.state)) is None
    assert sim.state.rounds[-1].tables[0].game == 2
    sim.score(seeds_win)
    sim.play(2, seeds_win)
    assert stage_ties(sim, 2) == [(("P0", "P1"), (3, 0), 3, "P0")]
    assert champion(sim.state, sim.results, group_table(sim.state)) == "P0"
    with pytest.raises(TournamentError) as info:
        next_round(sim.state, sim.results)
    assert str(info.value) == "tournament 'T': the final is decided; nothing more to pair"


def test_a_group_left_short_by_drops_sends_whom_it_has_and_the_top_seed_takes_the_bye() -> None:
    sim = Sim(Settings("groups-knockout", "scopa"), NAMES)
    sim.play(3, seeds_win)
    for name in ("P2", "P5", "P6"):  # three of group B go home after the groups
        sim.add("drop", entrant=name)
    state = sim.state
    assert qualifiers(state, sim.results, group_table(state)) == ["P0", "P1", "P3"]
    first = next_round(state, sim.results)
    assert first == Round(4, (Table(1, (("P1",), ("P3",)), stage=1, tie=2, game=1),), ("P0",))
    sim.play(1, planned({4: {"P1": "draws"}}))
    assert stage_ties(sim, 1) == [(("P0",), (0,), 2, "P0"), (("P1", "P3"), (0, 0), 2, None)]
    # the bye is the first game's only: the tie's second game has none
    assert next_round(sim.state, sim.results) == Round(
        5, (Table(1, (("P1",), ("P3",)), stage=1, tie=2, game=2),), ())


def test_six_qualifiers_make_a_bracket_of_eight_with_the_two_group_winners_on_top_taking_the_byes() -> None:
    names = [f"P{i}" for i in range(12)]
    sim = Sim(Settings("groups-knockout", "scopa", groups=3), names)
    sim.play(3, seeds_win)
    state = sim.state
    assert qualifiers(state, sim.results, group_table(state)) == ["P0", "P1", "P2", "P5", "P4", "P3"]
    assert next_round(state, sim.results) == Round(4, (
        Table(1, (("P5",), ("P4",)), stage=1, tie=2, game=1),
        Table(2, (("P2",), ("P3",)), stage=1, tie=4, game=1)), ("P0", "P1"))
    sim.play(2, seeds_win)
    assert stage_ties(sim, 1) == [(("P0",), (0,), 2, "P0"), (("P5", "P4"), (0, 2), 2, "P4"),
                                  (("P1",), (0,), 2, "P1"), (("P2", "P3"), (2, 0), 2, "P2")]
    assert next_round(sim.state, sim.results) == Round(6, (
        Table(1, (("P0",), ("P4",)), stage=2, tie=1, game=1),
        Table(2, (("P1",), ("P2",)), stage=2, tie=2, game=1)))


def test_the_group_stage_is_one_group_until_eight_entrants() -> None:
    six = Sim(Settings("groups-knockout", "scopa"), NAMES[:6])
    assert group_table(six.state) == {"A": NAMES[:6]}


def test_upsets_in_the_semi_finals_do_not_reseed_the_bracket() -> None:
    sim = Sim(Settings("groups-knockout", "scopa"), NAMES)
    sim.play(5, planned({4: {"P2": "wins", "P3": "wins"}, 5: {"P2": "wins", "P3": "wins"}}))
    # with their knockout wins P3 (12) and P2 (12) would top their groups; the seeds stay the groups' own
    state = sim.state
    assert qualifiers(state, sim.results, group_table(state)) == ["P0", "P1", "P3", "P2"]
    assert stage_ties(sim, 1) == [(("P0", "P2"), (0, 2), 2, "P2"), (("P1", "P3"), (0, 2), 2, "P3")]
    assert next_round(state, sim.results) == Round(6, (Table(1, (("P2",), ("P3",)), stage=2, tie=1, game=1),))


def test_a_lone_qualifier_wins_the_knockout_and_with_nobody_left_pairing_is_refused() -> None:
    # one qualifier used to get an empty knockout round, then another, and the tournament never ended
    sim = Sim(Settings("groups-knockout", "scopa"), NAMES[:4])
    sim.play(3, seeds_win)
    for name in ("P1", "P2", "P3"):
        sim.add("drop", entrant=name)
    state = sim.state
    assert champion(state, sim.results, group_table(state)) == "P0"
    assert is_over(state, sim.results) and final_places(state, sim.results) == {"P0": 1}
    sim.add("drop", entrant="P0")
    state = sim.state
    assert champion(state, sim.results, group_table(state)) is None and not is_over(state, sim.results)
    with pytest.raises(TournamentError) as info:
        next_round(state, sim.results)
    assert str(info.value) == "tournament 'T': nobody is left to play the knockout"
