"""A tournament replayed from its stored events: a late entry joins, a re-pairing replaces the round
it names, an older round without byes reads with none, each event keeps its time in the log; and the
partners of a rotating table are scored under their joined name, as their match names them."""

from __future__ import annotations

from tournament_sim import Sim, first_wins

from scorekeeper.tournament.events import Event, Round, Table, replay
from scorekeeper.tournament.settings import Settings
from scorekeeper.tournament.standings import draw_number, standings

FOUR = ["Anna", "Bruno", "Carla", "Dario"]


def test_a_late_entry_joins_and_a_repairing_replaces_only_the_round_it_names() -> None:
    first = Round(1, (Table(1, (("Anna",), ("Bruno",)), match=1),), ("Carla",))
    second = Round(2, (Table(1, (("Anna",), ("Carla",)), match=2),), ("Bruno",))
    again = Round(1, (Table(1, (("Anna",), ("Carla",)), match=3),), ("Bruno",))
    events = [Event(1, "2026-11-27 20:00", "new", {"entrants": ["Anna", "Bruno", "Carla"]}),
              Event(2, "2026-11-27 20:01", "enter", {"entrant": "Dario"}),
              Event(3, "2026-11-27 20:02", "round", first.as_json()),
              Event(4, "2026-11-27 20:40", "round", second.as_json()),
              Event(5, "2026-11-27 20:41", "repair", again.as_json())]
    state = replay("Club", Settings("swiss", "scopa", rounds=3), events)
    assert state.entrants == ["Anna", "Bruno", "Carla", "Dario"]
    assert state.rounds == [again, second]
    assert [(e.id, e.at, e.kind) for e in state.log] == [
        (1, "2026-11-27 20:00", "new"), (2, "2026-11-27 20:01", "enter"), (3, "2026-11-27 20:02", "round"),
        (4, "2026-11-27 20:40", "round"), (5, "2026-11-27 20:41", "repair")]


def test_a_round_stored_without_byes_reads_with_none() -> None:
    assert Round.from_json({"round": 2, "tables": []}) == Round(2, ())


def test_rotating_partners_are_scored_under_their_joined_name() -> None:
    sim = Sim(Settings("rotating", "scopa", rounds=2), FOUR)
    table = sim.pair().tables[0]
    sim.score(first_wins)  # the first partnership, named 'A+B' in its match, wins 11-5
    rows = {r.entrant: r.record for r in standings(sim.state, sim.results)}
    assert [rows[e].points_for for e in table.sides[0]] == [11, 11]
    assert [rows[e].points_against for e in table.sides[1]] == [11, 11]


def test_the_draw_place_follows_the_seeded_draw_on_rows_no_tie_reached() -> None:
    sim = Sim(Settings("round-robin", "scopa", seed=3), FOUR)
    sim.play(3, lambda _r, _t, names: (11, 5) if names[0] < names[1] else (5, 11))  # the alphabet wins
    rows = standings(sim.state, sim.results)
    assert [r.record.match_points for r in rows] == [9, 6, 3, 0]  # nobody level: no tie-break reached
    by_draw = sorted(FOUR, key=lambda e: draw_number(3, e))
    assert {r.entrant: dict(r.tiebreaks)["draw"] for r in rows} == {e: by_draw.index(e) + 1 for e in FOUR}
