"""``scorekeeper tournament``: the --json shapes scripts rely on, a round played with ``match add``,
and bad input refused in one line, exit 2, with nothing changed."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from conftest import run

PLAYERS = ["Anna", "Bruno", "Carla", "Dino"]


def ok(*args: str) -> str:
    code, out, err = run(*args)
    assert code == 0, err
    return out


def refused(*args: str) -> str:
    code, out, err = run(*args)
    assert code == 2, (out, err)
    assert out == "" and len(err.strip().splitlines()) == 1, err
    return err.strip()


def new(*extra: str, name: str = "Club", players: list[str] = PLAYERS) -> dict:  # type: ignore[type-arg]
    entrants = [a for p in players for a in ("--entrant", p)]
    return json.loads(ok("tournament", "new", name, "--rules", "scopa", *entrants, "--json", *extra))


def play_table(match: int, first: str, second: str, a: int, b: int) -> None:
    ok("match", "add", str(match), "--points", f"{first}={a}", "--points", f"{second}={b}")


def play_round(pairing: dict, winner_first: bool = True) -> None:  # type: ignore[type-arg]
    for table in pairing["tables"]:
        first, second = table["entrants"]
        play_table(table["match"], first, second, *((11, 4) if winner_first else (4, 11)))


def test_pair_prints_the_round_its_tables_matches_and_byes_as_json() -> None:
    new("--format", "swiss", "--rounds", "3", players=PLAYERS + ["Elio"])
    pairing = json.loads(ok("tournament", "pair", "--json"))
    assert set(pairing) == {"round", "tables", "bye"} and pairing["round"] == 1
    assert [set(t) for t in pairing["tables"]] == [{"table", "entrants", "match"}] * 2
    assert [t["table"] for t in pairing["tables"]] == [1, 2] and len(pairing["bye"]) == 1
    seated = [e for t in pairing["tables"] for e in t["entrants"]] + pairing["bye"]
    assert sorted(seated) == sorted(PLAYERS + ["Elio"])
    shown = json.loads(ok("match", "show", str(pairing["tables"][1]["match"]), "--json"))
    assert shown["name"] == "Club, round 1, table 2"


def test_a_round_played_with_match_add_is_in_the_standings_json() -> None:
    new("--format", "round-robin")
    play_round(json.loads(ok("tournament", "pair", "--json")))
    standings = json.loads(ok("tournament", "standings", "--json"))
    assert standings["round"] == 1
    row = standings["rows"][0]
    assert list(row)[:10] == ["rank", "entrant", "played", "won", "drawn", "lost", "match_points", "points_for",
                              "points_against", "tiebreaks"]
    assert [r["match_points"] for r in standings["rows"]] == [3, 3, 0, 0]
    assert (row["played"], row["won"], row["points_for"], row["points_against"]) == (1, 1, 11, 4)
    assert [name for name, _value in row["tiebreaks"]] == ["head-to-head", "difference", "points-for", "draw"]
    assert standings["rows"][1]["decided_by"] == ["match-points", 3]  # the second row is above the third by points


@pytest.mark.slow
def test_pairing_before_every_table_is_over_is_refused_and_changes_nothing() -> None:
    new("--format", "swiss", "--rounds", "3")
    first = json.loads(ok("tournament", "pair", "--json"))
    table = first["tables"][0]
    play_table(table["match"], *table["entrants"], 11, 2)
    before = ok("tournament", "show", "--json")
    err = refused("tournament", "pair")
    assert err == "error: round 1 is still being played at table 2: its match must end (or be forfeited) first"
    assert ok("tournament", "show", "--json") == before
    last = first["tables"][1]
    ok("tournament", "forfeit", "2", last["entrants"][1])  # a forfeit ends the table: the round may be paired
    assert json.loads(ok("tournament", "pair", "--json"))["round"] == 2


@pytest.mark.parametrize(("args", "message"), [
    (["--entrant", "Anna", "--entrant", "anna"], "entrant 'anna': given twice (as 'Anna')"),
    (["--entrant", "Anna"], "a swiss tournament needs 2 entrants or more; 1 given"),
    (["--entrant", "A", "--entrant", "B", "--points", "1/3/0"], "--points '1/3/0'"),
    (["--entrant", "A", "--entrant", "B", "--tiebreaks", "elo"], "--tiebreaks 'elo': not a tie-break"),
    (["--entrant", "A", "--entrant", "B", "--rules", "scopone"],
     "scopone is played by teams (2x2); --entrant has no team"),
])
def test_bad_input_to_new_is_one_line_exit_2_and_nothing_stored(args: list[str], message: str) -> None:
    err = refused("tournament", "new", "Club", "--rules", "scopa", "--format", "swiss", "--rounds", "3", *args)
    assert message in err
    assert json.loads(ok("tournament", "list", "--json")) == {"tournaments": []}


def test_an_unknown_entrant_or_a_taken_name_is_refused() -> None:
    new("--format", "swiss", "--rounds", "2")
    assert refused("tournament", "drop", "Zoe") == "error: entrant 'Zoe': not in tournament 'Club'"
    assert "that name is taken" in refused("tournament", "new", "CLUB", "--rules", "scopa", "--format", "swiss",
                                           "--rounds", "2", "-e", "A", "-e", "B")
    assert "given twice" in refused("tournament", "enter", "carla")


@pytest.mark.slow
def test_late_entry_drop_and_return_are_events_in_the_log_and_undo_takes_back_the_latest() -> None:
    new("--format", "swiss", "--rounds", "4")
    ok("tournament", "enter", "Elio")
    ok("tournament", "drop", "Bruno")
    assert json.loads(ok("tournament", "enter", "bruno", "--json"))["event"]["kind"] == "return"
    undone = json.loads(ok("tournament", "undo", "--json"))["undone"]
    assert (undone["kind"], undone["detail"]) == ("return", {"entrant": "Bruno"})
    shown = json.loads(ok("tournament", "show", "--json"))
    assert shown["dropped"] == ["Bruno"] and shown["entrants"] == [*PLAYERS, "Elio"]
    assert [(e["kind"], e["undone"]) for e in shown["log"]] == [
        ("new", False), ("enter", False), ("drop", False), ("return", True), ("undo", False)]
    pairing = json.loads(ok("tournament", "pair", "--json"))
    assert "Bruno" not in [e for t in pairing["tables"] for e in t["entrants"]] + pairing["bye"]


@pytest.mark.slow
def test_undoing_a_pairing_abandons_its_open_matches_and_the_round_can_be_paired_again() -> None:
    new("--format", "swiss", "--rounds", "2")
    pairing = json.loads(ok("tournament", "pair", "--json"))
    ok("tournament", "undo")
    for table in pairing["tables"]:
        assert json.loads(ok("match", "show", str(table["match"]), "--json"))["state"] == "abandoned"
    again = json.loads(ok("tournament", "pair", "--json"))
    assert again["round"] == 1
    assert [t["entrants"] for t in again["tables"]] == [t["entrants"] for t in pairing["tables"]]


def test_a_manual_repairing_swaps_two_entrants_with_a_reason_and_new_matches() -> None:
    new("--format", "swiss", "--rounds", "2")
    pairing = json.loads(ok("tournament", "pair", "--json"))
    a, b = pairing["tables"][0]["entrants"][0], pairing["tables"][1]["entrants"][0]
    assert "needs a reason" in refused("tournament", "repair", a, b)
    repaired = json.loads(ok("tournament", "repair", a, b, "--reason", "cousins", "--json"))
    assert repaired["reason"] == "cousins"
    assert repaired["tables"][0]["entrants"][0] == b and repaired["tables"][1]["entrants"][0] == a
    assert {t["match"] for t in repaired["tables"]}.isdisjoint({t["match"] for t in pairing["tables"]})
    log = json.loads(ok("tournament", "show", "--json"))["log"]
    assert log[-1]["kind"] == "repair" and "cousins" in log[-1]["text"]


@pytest.mark.slow
def test_standings_as_csv_and_xlsx(tmp_path: Path) -> None:
    new("--format", "round-robin")
    play_round(json.loads(ok("tournament", "pair", "--json")))
    book = tmp_path / "standings.xlsx"
    csv = ok("tournament", "standings", "--csv", "--xlsx", str(book))
    lines = csv.splitlines()
    assert lines[0].startswith("rank,entrant,played,won,drawn,lost,match points,points for,points against")
    assert len(lines) == 5 and lines[1].split(",")[6] == "3"
    with zipfile.ZipFile(io.BytesIO(book.read_bytes())) as archive:
        assert "xl/worksheets/sheet1.xml" in archive.namelist()
        assert "Carla" in archive.read("xl/sharedStrings.xml").decode() or "Anna" in archive.read(
            "xl/sharedStrings.xml").decode()


def test_rotating_partners_start_scopone_matches_of_two_partnerships() -> None:
    players = ["Anna", "Bruno", "Carla", "Dino", "Elio", "Fede", "Gino", "Ivo"]
    entrants = [a for p in players for a in ("-e", p)]
    ok("tournament", "new", "Scopone night", "--rules", "scopone", "--format", "rotating", "--rounds", "3", *entrants)
    pairing = json.loads(ok("tournament", "pair", "--json"))
    assert len(pairing["tables"]) == 2 and pairing["bye"] == []
    for table in pairing["tables"]:
        assert all(side.count("+") == 1 for side in table["entrants"])
        sides = json.loads(ok("match", "show", str(table["match"]), "--json"))["sides"]
        assert sides == table["entrants"]


@pytest.mark.slow
def test_groups_then_knockout_from_the_command_line_to_the_winner() -> None:
    players = [f"P{i}" for i in range(8)]
    new("--format", "groups-knockout", players=players)  # groups A: P0 P3 P4 P7, B: P1 P2 P5 P6

    def seed_wins(pairing: dict) -> None:  # type: ignore[type-arg]
        for table in pairing["tables"]:
            a, b = table["entrants"]
            play_table(table["match"], a, b, *((11, 2) if int(a[1:]) < int(b[1:]) else (2, 11)))

    for _group_round in range(3):
        seed_wins(json.loads(ok("tournament", "pair", "--json")))
    semis = json.loads(ok("tournament", "pair", "--json"))
    assert [t["entrants"] for t in semis["tables"]] == [["P0", "P2"], ["P1", "P3"]]
    seed_wins(semis)
    seed_wins(json.loads(ok("tournament", "pair", "--json")))
    for _game in range(2):
        seed_wins(json.loads(ok("tournament", "pair", "--json")))
    shown = json.loads(ok("tournament", "show", "--json"))
    assert shown["champion"] == "P0"
    assert [(t["stage"], t["entrants"], t["wins"]) for t in shown["knockout"]] == [
        (1, ["P0", "P2"], [2, 0]), (1, ["P1", "P3"], [2, 0]), (2, ["P0", "P1"], [2, 0])]
    assert "final is decided" in refused("tournament", "pair")
    groups = json.loads(ok("tournament", "standings", "--json"))["rows"]
    assert [(r["group"], r["entrant"], r["match_points"]) for r in groups[:2]] == [("A", "P0", 9), ("A", "P3", 6)]


@pytest.mark.slow
def test_a_table_of_n_hands_counts_its_first_n_and_equal_totals_draw() -> None:
    new("--format", "round-robin", "--hands", "2", players=["Anna", "Bruno"])
    table = json.loads(ok("tournament", "pair", "--json"))["tables"][0]
    play_table(table["match"], "Anna", "Bruno", 3, 1)
    play_table(table["match"], "Anna", "Bruno", 0, 2)  # 3-3 after the two hands: a draw
    play_table(table["match"], "Anna", "Bruno", 5, 0)  # a third hand, typed by mistake, does not count
    rows = json.loads(ok("tournament", "standings", "--json"))["rows"]
    assert [(r["drawn"], r["match_points"], r["points_for"]) for r in rows] == [(1, 1, 3), (1, 1, 3)]


@pytest.mark.slow
def test_time_called_ends_each_playing_table_after_the_hand_in_play() -> None:
    new("--format", "swiss", "--rounds", "2")
    pairing = json.loads(ok("tournament", "pair", "--json"))
    (m1, (a1, b1)), (m2, (a2, b2)) = [(t["match"], t["entrants"]) for t in pairing["tables"]]
    play_table(m1, a1, b1, 11, 0)  # table 1 is over
    play_table(m2, a2, b2, 4, 1)  # table 2 has one hand when time is called
    event = json.loads(ok("tournament", "time", "--json"))["event"]
    assert event["detail"] == {"round": 1, "limits": {str(m2): 2}}
    assert "time is already called in round 1" in refused("tournament", "time")
    assert "still being played at table 2" in refused("tournament", "pair")
    play_table(m2, a2, b2, 0, 2)  # the hand in play: 4-3, table 2 is over
    play_table(m2, a2, b2, 0, 9)  # typed later, it does not count
    rows = {r["entrant"]: r for r in json.loads(ok("tournament", "standings", "--json"))["rows"]}
    assert (rows[a2]["won"], rows[a2]["points_for"], rows[b2]["points_for"]) == (1, 4, 3)
    assert json.loads(ok("tournament", "pair", "--json"))["round"] == 2
