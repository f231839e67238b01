"""Tournament logic from results: tie-breaks, byes, match points, events and undo, the knockout."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from tournament_sim import Sim, first_wins

from scorekeeper.tournament.events import replay
from scorekeeper.tournament.knockout import champion, ties
from scorekeeper.tournament.pairing import group_table, next_round
from scorekeeper.tournament.results import MatchResult, outcome_of
from scorekeeper.tournament.schedule import circle
from scorekeeper.tournament.settings import (
    Points,
    Settings,
    TournamentError,
    check_settings,
    parse_points,
    parse_tiebreaks,
)
from scorekeeper.tournament.standings import standings


def fixed(scores: dict[tuple[str, str], tuple[int, int]]):  # type: ignore[no-untyped-def]
    """A scorer from a table of results by the pair of names (either order)."""
    def scorer(_r: int, _t: int, names: Sequence[str]) -> tuple[int, int]:
        a, b = names
        if (a, b) in scores:
            return scores[(a, b)]
        x, y = scores[(b, a)]
        return y, x
    return scorer


def test_match_points_are_3_1_0_by_default_and_2_0_gives_a_draw_half() -> None:
    assert parse_points("3/1/0") == Points(3, 1, 0)
    assert parse_points("2/0") == Points(2, 1, 0)
    assert parse_points("sum").summed


@pytest.mark.parametrize("text", ["1/3/0", "3-1-0", "x", "3/1/0/0", "0/0"])
def test_points_that_do_not_rank_a_win_above_a_loss_are_refused(text: str) -> None:
    with pytest.raises(TournamentError, match="--points"):
        parse_points(text)


def test_the_tiebreak_chain_is_the_organisers_order_and_the_draw_is_always_last() -> None:
    assert parse_tiebreaks(["points-for,head-to-head"]) == ("points-for", "head-to-head")
    assert Settings("round-robin", "scopa", tiebreaks=("points-for",)).chain() == ("points-for", "draw")
    with pytest.raises(TournamentError, match="'elo'"):
        parse_tiebreaks(["elo"])


def test_a_name_twice_is_refused_in_any_letter_case() -> None:
    with pytest.raises(TournamentError, match="given twice"):
        check_settings(Settings("swiss", "scopa", rounds=3), ["Anna", "Bruno", "anna"])


def test_a_round_robin_meets_everyone_exactly_once_in_n_minus_1_rounds() -> None:
    names = [f"P{i}" for i in range(6)]
    rounds = circle(names)
    assert len(rounds) == 5
    met = sorted(tuple(sorted((a, b))) for r in rounds for a, b in r if a and b)  # type: ignore[type-var]
    assert met == sorted({tuple(sorted((a, b))) for a in names for b in names if a != b})


def test_a_double_round_robin_plays_each_pair_twice_with_the_seats_swapped() -> None:
    rounds = circle(["A", "B", "C", "D"], double=True)
    assert len(rounds) == 6
    assert rounds[3] == [(b, a) for a, b in rounds[0]]


def test_head_to_head_decides_between_two_level_entrants() -> None:
    # A beats B, B beats C, C beats A, and all three beat D: level on 6 points, and on the mini-table.
    sim = Sim(Settings("round-robin", "scopa"), ["A", "B", "C", "D"])
    scores = {("A", "B"): (11, 9), ("B", "C"): (11, 0), ("C", "A"): (11, 10),
              ("A", "D"): (11, 0), ("B", "D"): (11, 0), ("C", "D"): (11, 10)}
    sim.play(3, fixed(scores))
    rows = standings(sim.state, sim.results)
    # points difference: B +20, A +12, C -9
    assert [(r.entrant, r.record.match_points) for r in rows] == [("B", 6), ("A", 6), ("C", 6), ("D", 0)]
    # the mini-table of A, B, C: each took 3 points from the other two, so points difference decides
    assert [dict(r.tiebreaks)["head-to-head"] for r in rows[:3]] == [3, 3, 3]
    assert [r.decided_by for r in rows] == ["difference", "difference", "match-points", None]


def test_head_to_head_between_two_puts_the_winner_of_their_table_above() -> None:
    # A beat B narrowly and lost to C heavily; B beat C heavily: A and B level on 6, B with the better difference.
    sim = Sim(Settings("round-robin", "scopa"), ["A", "B", "C", "D"])
    scores = {("A", "B"): (11, 10), ("A", "C"): (0, 11), ("A", "D"): (11, 0),
              ("B", "C"): (11, 0), ("B", "D"): (11, 0), ("C", "D"): (0, 11)}
    sim.play(3, fixed(scores))
    rows = standings(sim.state, sim.results)
    assert [(r.entrant, r.record.match_points) for r in rows[:2]] == [("A", 6), ("B", 6)]
    assert rows[0].entrant == "A" and rows[0].decided_by == "head-to-head"
    assert (rows[1].record.points_for - rows[1].record.points_against) > (
        rows[0].record.points_for - rows[0].record.points_against)  # B's difference is better, but A won their table


def test_a_reordered_chain_puts_points_difference_before_head_to_head() -> None:
    sim = Sim(Settings("round-robin", "scopa", tiebreaks=("difference", "head-to-head")), ["A", "B", "C", "D"])
    scores = {("A", "B"): (11, 10), ("A", "C"): (0, 11), ("A", "D"): (11, 0),
              ("B", "C"): (11, 0), ("B", "D"): (11, 0), ("C", "D"): (0, 11)}
    sim.play(3, fixed(scores))
    rows = standings(sim.state, sim.results)
    assert rows[0].entrant == "B" and rows[0].decided_by == "difference"


def test_a_tie_nothing_else_breaks_goes_to_the_seeded_draw_shown_as_such() -> None:
    sim = Sim(Settings("round-robin", "scopa", seed=7), ["A", "B"])
    sim.play(1, lambda r, t, n: (5, 5))
    rows = standings(sim.state, sim.results)
    assert [r.record.drawn for r in rows] == [1, 1]
    assert rows[0].decided_by == "draw"
    assert sorted(dict(r.tiebreaks)["draw"] for r in rows) == [1, 2]
    assert dict(rows[0].tiebreaks)["draw"] == 1
    other = Sim(Settings("round-robin", "scopa", seed=7), ["A", "B"])
    other.play(1, lambda r, t, n: (5, 5))
    assert [r.entrant for r in standings(other.state, other.results)] == [r.entrant for r in rows]


def test_a_bye_counts_as_a_win_of_three_points_and_goes_to_the_lowest_ranked_without_one() -> None:
    sim = Sim(Settings("swiss", "scopa", rounds=3), ["A", "B", "C", "D", "E"])
    sim.play(1, first_wins)
    bye1 = sim.state.rounds[0].byes
    assert len(bye1) == 1
    row = next(r for r in standings(sim.state, sim.results) if r.entrant == bye1[0])
    assert (row.record.won, row.record.match_points, row.record.points_for) == (1, 3, 0)
    sim.pair()
    bye2 = sim.state.rounds[1].byes
    assert bye2 != bye1
    order = [r.entrant for r in standings(replay("T", sim.settings, sim.events[:-1]), sim.results)]
    without = [e for e in order if e not in bye1]
    assert bye2[0] == without[-1]  # the lowest-ranked of those who have not had one


def test_buchholz_leaves_out_the_bye_and_forfeits() -> None:
    sim = Sim(Settings("swiss", "scopa", rounds=2), ["A", "B", "C"])
    sim.pair()
    rnd = sim.state.rounds[0]
    table = rnd.tables[0]
    sim.add("forfeit", round=1, table=table.number, entrant=table.sides[1][0])
    rows = {r.entrant: r for r in standings(sim.state, sim.results)}
    winner = table.sides[0][0]
    assert rows[winner].record.match_points == 3
    assert dict(rows[winner].tiebreaks)["buchholz"] == 0  # the forfeit is an unplayed round
    assert dict(rows[rnd.byes[0]].tiebreaks)["buchholz"] == 0


def test_pairing_waits_for_every_table_of_the_last_round() -> None:
    sim = Sim(Settings("swiss", "scopa", rounds=3), ["A", "B", "C", "D"])
    sim.pair()
    with pytest.raises(TournamentError, match="round 1 is still being played at tables 1, 2"):
        next_round(sim.state, sim.results)


def test_a_fixed_number_of_hands_ends_a_table_and_equal_totals_draw() -> None:
    sim = Sim(Settings("swiss", "scopa", rounds=3, hands=4), ["A", "B"])
    table = sim.pair().tables[0]
    names = ["+".join(s) for s in table.sides]
    assert outcome_of(table, MatchResult(3, {names[0]: 7, names[1]: 7}, False, None), 4) is None
    done = outcome_of(table, MatchResult(4, {names[0]: 7, names[1]: 7}, False, None), 4)
    assert done is not None and done.winner is None


def test_a_dropped_entrant_is_not_paired_and_comes_back_after_return() -> None:
    sim = Sim(Settings("swiss", "scopa", rounds=4), ["A", "B", "C", "D"])
    sim.play(1, first_wins)
    sim.add("drop", entrant="C")
    assert "C" not in sim.pair().tables[0].entrants + sim.state.rounds[-1].tables[-1].entrants
    assert "C" not in sim.state.rounds[-1].byes
    sim.score(first_wins)
    sim.add("return", entrant="C")
    assert "C" in {e for t in sim.pair().tables for e in t.entrants} | set(sim.state.rounds[-1].byes)


def test_an_undo_takes_back_the_latest_event_and_keeps_it_in_the_log() -> None:
    sim = Sim(Settings("swiss", "scopa", rounds=4), ["A", "B", "C", "D"])
    sim.add("drop", entrant="B")
    state = sim.state
    assert state.last_undoable().kind == "drop"
    sim.add("undo", of=state.last_undoable().id)
    state = sim.state
    assert "B" in state.active
    assert [(e.kind, e.undone) for e in state.log] == [("new", False), ("drop", True), ("undo", False)]
    with pytest.raises(TournamentError, match="nothing to undo"):
        state.last_undoable()


def test_late_entry_refused_once_a_round_robin_is_scheduled() -> None:
    sim = Sim(Settings("round-robin", "scopa"), ["A", "B", "C", "D"])
    sim.pair()
    with pytest.raises(TournamentError, match="no late entry"):
        sim.state.check_enter("E")


def test_groups_then_knockout_best_of_three_and_a_final_best_of_five() -> None:
    names = [f"P{i}" for i in range(8)]
    sim = Sim(Settings("groups-knockout", "scopa", final_best_of=5), names)
    assert group_table(sim.state) == {"A": ["P0", "P3", "P4", "P7"], "B": ["P1", "P2", "P5", "P6"]}

    def seeds_win(_r: int, _t: int, sides: Sequence[str]) -> tuple[int, int]:
        return (11, 4) if int(sides[0][1:]) < int(sides[1][1:]) else (4, 11)

    sim.play(3, seeds_win)  # the groups: P0 and P3 go through from A, P1 and P2 from B
    semis = sim.pair()
    assert [t.entrants for t in semis.tables] == [("P0", "P2"), ("P1", "P3")]  # A1-B2, B1-A2
    sim.score(seeds_win)
    sim.play(1, seeds_win)  # 2-0 in both semifinals: decided, no third game
    final = sim.pair()
    assert [t.entrants for t in final.tables] == [("P0", "P1")] and final.tables[0].game == 1
    sim.score(seeds_win)
    sim.play(2, seeds_win)
    state = sim.state
    groups = group_table(state)
    assert champion(state, sim.results, groups) == "P0"  # three wins of five
    assert [t.wins for t in ties(state, sim.results, groups) if t.stage == 2] == [(3, 0)]
    with pytest.raises(TournamentError, match="final is decided"):
        next_round(state, sim.results)
