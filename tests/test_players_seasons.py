"""Players (one person under every name they were typed as), a player's page, and seasons."""

from __future__ import annotations

import json
import sqlite3

import pytest
from conftest import run
from test_ratings import played, rows

from scorekeeper.ratings.rating import Finished
from scorekeeper.ratings.seasons import SeasonPoints, standings


def players() -> dict[str, dict]:
    code, out, err = run("players", "list", "--json")
    assert (code, err) == (0, "")
    return {p["name"]: p for p in json.loads(out)}


@pytest.mark.slow
def test_a_name_typed_in_another_letter_case_is_the_same_player() -> None:
    played("scopa", ["Anna", "Bruno"], ["Anna=11", "Bruno=4"])
    played("scopa", ["ANNA", "Carla"], ["ANNA=11", "Carla=4"])
    assert players()["Anna"]["matches"] == 2
    assert rows()[("scopa/1v1", "Anna")]["matches"] == 2


@pytest.mark.slow
def test_a_name_typed_two_ways_merged_keeps_one_player_with_every_match() -> None:
    played("scopa", ["Anna", "Bruno"], ["Anna=11", "Bruno=4"])
    played("scopa", ["Ana", "Carla"], ["Ana=11", "Carla=4"])
    assert {"Anna", "Ana"} <= set(players())
    code, _out, err = run("players", "merge", "Anna", "ana")
    assert code == 0, err
    listed = players()
    assert "Ana" not in listed and listed["Anna"] == {"name": "Anna", "aliases": ["Ana"], "matches": 2}
    rated = rows()
    assert [k for k in rated if k[1] in ("Anna", "Ana")] == [("scopa/1v1", "Anna")]
    assert rated[("scopa/1v1", "Anna")]["matches"] == 2
    # a later match typed the other way is hers too
    played("scopa", ["ana", "Dario"], ["Dario=11", "ana=4"])
    assert rows()[("scopa/1v1", "Anna")]["matches"] == 3
    # and undone: Ana is a player of her own again, nothing of the matches was lost
    assert run("players", "unalias", "Ana")[0] == 0
    assert rows()[("scopa/1v1", "Ana")]["matches"] == 2


def test_two_who_played_each_other_cannot_be_merged() -> None:
    played("scopa", ["Anna", "Bruno"], ["Anna=11", "Bruno=4"])
    code, out, err = run("players", "merge", "Anna", "Bruno")
    assert (code, out) == (1, "") and "'Anna' and 'Bruno' played in the same match" in err
    assert set(players()) == {"Anna", "Bruno"}


@pytest.mark.slow
def test_an_alias_given_before_it_is_used_counts_its_matches() -> None:
    played("scopa", ["Antonio", "Bruno"], ["Antonio=11", "Bruno=4"])
    assert run("players", "alias", "Antonio", "Toni")[0] == 0
    played("scopa", ["Toni", "Carla"], ["Toni=11", "Carla=4"])
    assert rows()[("scopa/1v1", "Antonio")]["matches"] == 2


@pytest.mark.slow
def test_a_rename_keeps_the_history_under_the_new_name() -> None:
    played("scopa", ["Anna", "Bruno"], ["Anna=11", "Bruno=4"])
    assert run("players", "rename", "anna", "Anna Rossi")[0] == 0
    assert rows()[("scopa/1v1", "Anna Rossi")]["matches"] == 1
    played("scopa", ["Anna", "Carla"], ["Anna=11", "Carla=4"])  # the old name still finds her
    assert rows()[("scopa/1v1", "Anna Rossi")]["matches"] == 2
    code, out, _err = run("player", "Anna", "--json")
    assert code == 0 and json.loads(out)["player"] == "Anna Rossi" and json.loads(out)["aliases"] == ["Anna"]
    code, _out, err = run("players", "rename", "Anna Rossi", "Bruno")
    assert code == 1 and "'Bruno' is another player" in err


@pytest.mark.slow
def test_a_players_page_has_games_rating_over_time_head_to_head_and_partners() -> None:
    played("scopone", ["Anna+Bruno", "Carla+Dario"], ["Anna=11", "Carla=3"])
    played("scopone", ["Anna+Carla", "Bruno+Dario"], ["Bruno=11", "Anna=3"])
    played("scopa", ["Anna", "Carla"], ["Anna=11", "Carla=3"])
    code, out, err = run("player", "anna", "--json")
    assert code == 0, err
    page = json.loads(out)
    games = {g["name"]: g for g in page["games"]}
    assert (games["scopone"]["played"], games["scopone"]["won"], games["scopa"]["win_rate"]) == (2, 1, 1.0)
    assert [len(v) for v in page["rating_over_time"].values()] == [2, 1]
    assert page["rating_over_time"]["scopone/2v2"][-1]["mu"] == rows()[("scopone/2v2", "Anna")]["mu"]
    carla = next(o for o in page["opponents"] if o["name"] == "Carla")
    assert (carla["played"], carla["won"], carla["lost"]) == (2, 2, 0)
    assert [(p["name"], p["won"], p["played"]) for p in page["partners"]] == [("Bruno", 1, 1), ("Carla", 0, 1)]
    code, out, _err = run("player", "Anna")
    assert code == 0 and "opponent" in out and "partner" in out


def test_an_unknown_player_is_one_line_and_exit_2() -> None:
    played("scopa", ["Anna", "Bruno"], ["Anna=11", "Bruno=4"])
    for args in (["player", "Zoe"], ["players", "merge", "Anna", "Zoe"], ["players", "rename", "Zoe", "Z"]):
        code, out, err = run(*args)
        assert (code, out) == (2, "") and "'Zoe': no such player" in err and err.count("\n") == 1, args


def test_season_points_never_go_down() -> None:
    points = SeasonPoints(win=3, draw=1, played=0, places=(10, 6))
    matches = [Finished(n, "", "", "", (("a",), ("b",)), (1, 2)) for n in range(3)]
    before = {s.player: s.points for s in standings(matches[:2], points)}
    after = {s.player: s.points for s in standings(matches + [Finished(9, "", "", "", (("b",), ("a",)), (1, 1))],
                                                       points, {"b": [1], "c": [2]})}
    assert before == {"a": 6, "b": 0}
    assert after == {"a": 9 + 1, "b": 0 + 1 + 10, "c": 6}
    assert all(after[p] >= before[p] for p in before)


@pytest.mark.slow
def test_a_seasons_table_counts_the_matches_of_its_days(tmp_path) -> None:
    played("scopone", ["Anna+Bruno", "Carla+Dario"], ["Anna=11", "Carla=3"])
    played("scopa", ["Anna", "Carla"], ["Carla=11", "Anna=3"])
    assert run("season", "new", "Now", "--from", "2000-01-01", "--to", "2999-12-31", "--win", "2")[0] == 0
    assert run("season", "new", "Past", "--from", "2000-01-01", "--to", "2000-12-31")[0] == 0
    code, out, err = run("season", "show", "now", "--json")
    assert code == 0, err
    table = json.loads(out)
    assert table["matches"] == 2
    # equal points: more matches won first, then fewer played (Bruno won his only match)
    assert [(r["player"], r["points"], r["matches"], r["won"]) for r in table["rows"]] == [
        ("Bruno", 2, 1, 1), ("Anna", 2, 2, 1), ("Carla", 2, 2, 1), ("Dario", 0, 1, 0)]
    assert json.loads(run("season", "show", "Past", "--json")[1])["rows"] == []
    csv_file = tmp_path / "now.csv"
    assert run("season", "export", "Now", "--format", "csv", "-o", str(csv_file))[0] == 0
    assert csv_file.read_text(encoding="utf-8").splitlines()[:2] == [
        "#,player,points,matches,won,drawn,tournament points", "1,Bruno,2,1,1,0,0"]
    code, out, _err = run("season", "export", "Now", "--format", "html")
    assert code == 0 and "<td>Dario</td>" in out and "<script" not in out


@pytest.mark.slow
def test_bad_season_input_is_one_line() -> None:
    code, out, err = run("season", "show", "Winter")
    assert (code, out) == (2, "") and err.startswith("error: season 'Winter': no such season")
    code, _out, err = run("season", "new", "Bad", "--from", "2026-13-01", "--to", "2026-12-31")
    assert code == 2 and "--from '2026-13-01': not a day" in err
    code, _out, err = run("season", "new", "Bad", "--from", "2026-01-01", "--to", "2026-02-01", "--win", "-1")
    assert code == 2 and "--win -1" in err
    assert run("season", "new", "Open", "--tournament", "Spring Cup", "--tournament", "Summer Cup")[0] == 0
    code, _out, err = run("season", "new", "open", "--from", "2026-01-01", "--to", "2026-02-01")
    assert code == 1 and "already exists" in err
    code, out, err = run("season", "show", "open", "--json")  # tournaments not started yet: nothing counted
    assert code == 0 and json.loads(out)["waiting"] == ["Spring Cup", "Summer Cup"], err
    listed = json.loads(run("season", "list", "--json")[1])
    assert listed[0]["tournaments"] == ["Spring Cup", "Summer Cup"]


@pytest.mark.slow
def test_a_history_opened_only_to_read_gives_the_same_ratings_and_pages() -> None:
    import os

    from scorekeeper.history.ratings import player_page, ratings_list
    from scorekeeper.history.store import Store

    played("scopone", ["Anna+Bruno", "Carla+Dario"], ["Anna=11", "Carla=3"])
    played("scopa", ["Anna", "Carla"], ["Carla=11", "Anna=3"])
    path = os.environ["SCOREKEEPER_DB"]
    with Store(path) as store:
        cached = ratings_list(store), player_page(store, "Carla")
    with Store(path, readonly=True) as store:
        assert (ratings_list(store), player_page(store, "carla")) == cached


@pytest.mark.slow
def test_a_history_on_read_only_media_still_gives_ratings_pages_and_seasons(tmp_path, monkeypatch) -> None:
    """As tests/test_hostile_history.py does (the tests run as root): the folder and file chmod'ed
    read-only and ``os.access`` answering as for an ordinary user."""
    import os

    folder = tmp_path / "media"
    folder.mkdir()
    db = folder / "h.sqlite"
    monkeypatch.setenv("SCOREKEEPER_DB", str(db))
    played("scopa", ["Anna", "Bruno"], ["Anna=11", "Bruno=4"])
    assert run("season", "new", "Club", "--from", "2000-01-01", "--to", "2999-12-31")[0] == 0
    asked = (["ratings", "--json"], ["player", "Anna", "--json"], ["season", "show", "Club"])
    expected = [run(*args)[1] for args in asked]
    with sqlite3.connect(db) as forget:  # the cache thrown away: read-only, the ratings are worked out in memory
        forget.execute("DELETE FROM rating_cache")
    forget.close()
    before = db.read_bytes()
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: False if mode & os.W_OK and str(path).startswith(
        str(folder)) else real_access(path, mode, **kw))
    db.chmod(0o444)
    folder.chmod(0o555)
    try:
        got = [run(*args) for args in asked]
        assert [(code, out) for code, out, _err in got] == [(0, out) for out in expected]
        assert db.read_bytes() == before and sorted(p.name for p in folder.iterdir()) == ["h.sqlite"]
    finally:
        folder.chmod(0o755)
        db.chmod(0o644)
