"""Ratings: openskill's Plackett-Luce with its defaults, one update per finished match in the order the
matches finished, per game family and team shape; recomputed whenever the history changes."""

from __future__ import annotations

import json
import re

import pytest
from conftest import run
from openskill.models import PlackettLuce

SCOPA_ANNA_3_2 = ["-p", "Anna=d:A234567 h:A2345 s:A c:A", "-p", "Bruno=rest", "-s", "Anna=1"]  # Anna 3, Bruno 2
SCOPA_BRUNO_3_2 = ["-p", "Bruno=d:A234567 h:A2345 s:A c:A", "-p", "Anna=rest", "-s", "Bruno=1"]


def played(rules: str, sides: list[str], points: list[str], *options: str) -> None:
    """A match of ``rules`` between ``sides``, finished by one hand entered from points alone."""
    code, out, err = run("match", "new", "--rules", rules, *[a for s in sides for a in ("--side", s)], *options)
    assert code == 0, err
    code, out, err = run("match", "add", *[a for p in points for a in ("--points", p)])
    assert code == 0, err


def rows(*args: str) -> dict[tuple[str, str], dict]:
    code, out, err = run("ratings", "--json", *args)
    assert (code, err) == (0, "")
    return {(r["family"] + "/" + r["shape"], r["player"]): r for r in json.loads(out)["rows"]}


@pytest.mark.slow
def test_a_known_sequence_gives_exactly_what_openskill_gives_rated_in_order() -> None:
    played("scopa", ["Anna", "Bruno"], ["Anna=11", "Bruno=4"])
    played("scopa", ["Bruno", "Carla"], ["Bruno=11", "Carla=9"])
    played("scopa-d-assi", ["Carla", "anna"], ["Carla=11", "anna=2"])  # a variant of Scopa; Anna in any letter case
    played("scopone", ["Anna+Bruno", "Carla+Dario"], ["Carla=11", "Anna=10"])
    played("escoba", ["Anna", "Bruno", "Carla"], ["Bruno=15", "Anna=3", "Carla=8"])  # ranks Bruno, Carla, Anna
    model = PlackettLuce()
    r = {name: model.rating() for name in ("Anna", "Bruno", "Carla")}
    [[r["Anna"]], [r["Bruno"]]] = model.rate([[r["Anna"]], [r["Bruno"]]], ranks=[1, 2])
    [[r["Bruno"]], [r["Carla"]]] = model.rate([[r["Bruno"]], [r["Carla"]]], ranks=[1, 2])
    [[r["Carla"]], [r["Anna"]]] = model.rate([[r["Carla"]], [r["Anna"]]], ranks=[1, 2])
    team = {name: model.rating() for name in ("Anna", "Bruno", "Carla", "Dario")}
    [[team["Carla"], team["Dario"]], [team["Anna"], team["Bruno"]]] = model.rate(
        [[team["Carla"], team["Dario"]], [team["Anna"], team["Bruno"]]], ranks=[1, 2])
    three = {name: model.rating() for name in ("Anna", "Bruno", "Carla")}
    [[three["Bruno"]], [three["Carla"]], [three["Anna"]]] = model.rate(
        [[three["Bruno"]], [three["Carla"]], [three["Anna"]]], ranks=[1, 2, 3])
    expected = {**{("scopa/1v1", n): (x.mu, x.sigma) for n, x in r.items()},
                **{("scopone/2v2", n): (x.mu, x.sigma) for n, x in team.items()},
                **{("escoba/1v1v1", n): (x.mu, x.sigma) for n, x in three.items()}}
    got = rows()
    assert {key: (row["mu"], row["sigma"]) for key, row in got.items()} == expected
    assert got[("scopa/1v1", "Anna")]["matches"] == 2
    assert got[("scopa/1v1", "Anna")]["ordinal"] == r["Anna"].mu - 3 * r["Anna"].sigma
    # in a pool, the highest ordinal first
    pool = [row["ordinal"] for row in json.loads(run("ratings", "--json", "--family", "scopa")[1])["rows"]]
    assert pool == sorted(pool, reverse=True) and len(pool) == 3


def test_a_team_moves_together_and_ranks_follow_the_winner() -> None:
    played("scopone", ["Anna+Bruno", "Carla+Dario"], ["Anna=11", "Carla=3"])
    got = rows()
    anna, bruno, carla = (got[("scopone/2v2", n)] for n in ("Anna", "Bruno", "Carla"))
    assert anna["mu"] == bruno["mu"] > 25 > carla["mu"]
    assert anna["provisional"] and anna["sigma"] > 6


def test_matches_are_rated_in_the_order_they_finished_not_started() -> None:
    run("match", "new", "--rules", "scopa", "--side", "Anna", "--side", "Bruno", "--name", "first")
    run("match", "new", "--rules", "scopa", "--side", "Bruno", "--side", "Carla", "--name", "second")
    assert run("match", "add", "second", "--points", "Carla=11", "--points", "Bruno=0")[0] == 0
    assert run("match", "add", "first", "--points", "Bruno=11", "--points", "Anna=0")[0] == 0
    model = PlackettLuce()
    b, c, a = model.rating(), model.rating(), model.rating()
    [[c], [b]] = model.rate([[c], [b]], ranks=[1, 2])
    [[b], [a]] = model.rate([[b], [a]], ranks=[1, 2])
    assert rows()[("scopa/1v1", "Bruno")]["mu"] == b.mu


@pytest.mark.slow
def test_undo_of_the_finishing_hand_takes_the_match_out_and_a_new_result_counts() -> None:
    played("scopa", ["Anna", "Bruno"], ["Anna=11", "Bruno=4"])
    assert rows()[("scopa/1v1", "Anna")]["mu"] > 25
    assert run("match", "undo", "1")[0] == 0
    assert rows() == {}
    assert run("match", "add", "1", "--points", "Bruno=11", "--points", "Anna=4")[0] == 0
    assert rows()[("scopa/1v1", "Anna")]["mu"] < 25 < rows()[("scopa/1v1", "Bruno")]["mu"]


def test_an_edit_of_a_finished_match_changes_the_winner_and_the_ratings() -> None:
    run("match", "new", "--rules", "scopa", "--side", "Anna", "--side", "Bruno", "--target", "3")
    assert run("match", "add", *SCOPA_ANNA_3_2)[0] == 0
    before = rows()
    assert before[("scopa/1v1", "Anna")]["mu"] > 25
    assert run("match", "edit", "1", "1", *SCOPA_BRUNO_3_2)[0] == 0
    after = rows()
    assert after[("scopa/1v1", "Anna")]["mu"] == before[("scopa/1v1", "Bruno")]["mu"]
    assert after[("scopa/1v1", "Bruno")]["mu"] == before[("scopa/1v1", "Anna")]["mu"]


@pytest.mark.slow
def test_a_deleted_match_is_not_rated_and_a_restored_one_is_again(tmp_path) -> None:
    played("scopa", ["Anna", "Bruno"], ["Anna=11", "Bruno=4"])
    played("scopa", ["Anna", "Carla"], ["Anna=11", "Carla=4"])
    assert run("match", "delete", "2")[0] == 0
    assert set(rows()) == {("scopa/1v1", "Anna"), ("scopa/1v1", "Bruno")}
    assert run("match", "restore", "2")[0] == 0
    assert rows()[("scopa/1v1", "Anna")]["matches"] == 2


@pytest.mark.slow
def test_an_import_adds_its_matches_to_the_ratings(tmp_path, monkeypatch) -> None:
    played("scopa", ["Anna", "Bruno"], ["Anna=11", "Bruno=4"])
    exported = tmp_path / "club.json"
    assert run("export", "--all", "--format", "json", "-o", str(exported))[0] == 0
    # played last year: the import puts it before this history's own match, by its time
    exported.write_text(re.sub(r'"20\d\d-\d\d-\d\dT', '"2025-01-01T', exported.read_text(encoding="utf-8")),
                        encoding="utf-8")
    one = rows()
    monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "other.sqlite"))
    played("scopa", ["Anna", "Bruno"], ["Bruno=11", "Anna=4"])
    rows()  # a cache to keep up to date: the import's match finished before its last match, so all is rated again
    assert run("import", str(exported))[0] == 0
    # the imported match finished first, so it is rated first, then this history's own
    model = PlackettLuce()
    a, b = model.rating(), model.rating()
    [[a], [b]] = model.rate([[a], [b]], ranks=[1, 2])
    [[b], [a]] = model.rate([[b], [a]], ranks=[1, 2])
    both = rows()
    assert (both[("scopa/1v1", "Anna")]["mu"], both[("scopa/1v1", "Bruno")]["mu"]) == (a.mu, b.mu)
    assert both != one


@pytest.mark.slow
def test_rules_rates_one_rule_set_apart_from_its_family() -> None:
    played("scopa", ["Anna", "Bruno"], ["Anna=11", "Bruno=4"])
    played("scopa-d-assi", ["Anna", "Bruno"], ["Bruno=11", "Anna=4"])
    only = rows("--rules", "scopa-d-assi")
    assert set(only) == {("scopa-d-assi/1v1", "Anna"), ("scopa-d-assi/1v1", "Bruno")}
    assert only[("scopa-d-assi/1v1", "Bruno")]["matches"] == 1
    assert rows("--family", "scopa")[("scopa/1v1", "Bruno")]["matches"] == 2


@pytest.mark.parametrize(("args", "bad"), [(["--family", "bridge"], "--family 'bridge'"),
                                           (["--rules", "poker"], "--rules 'poker'")])
def test_an_unknown_family_or_rule_set_is_one_line_and_exit_2(args: list[str], bad: str) -> None:
    played("scopa", ["Anna", "Bruno"], ["Anna=11", "Bruno=4"])
    code, out, err = run("ratings", *args)
    assert (code, out) == (2, "") and err.startswith(f"error: {bad}") and err.count("\n") == 1


@pytest.mark.slow
def test_an_abandoned_or_unfinished_match_is_not_rated() -> None:
    played("scopa", ["Anna", "Bruno"], ["Anna=5", "Bruno=4"])
    run("match", "new", "--rules", "scopa", "--side", "Carla", "--side", "Dario")
    run("match", "abandon", "2")
    code, out, _err = run("ratings")
    assert (code, out) == (0, "No finished matches to rate yet.\n")


@pytest.mark.slow
def test_hands_of_a_match_still_being_played_keep_the_cache_and_its_end_moves_it(tmp_path) -> None:
    import os

    from scorekeeper.history.store import Store

    played("scopa", ["Anna", "Bruno"], ["Anna=11", "Bruno=4"])
    run("match", "new", "--rules", "scopa", "--side", "Carla", "--side", "Dario")
    before = rows()

    def cached() -> str:
        with Store(os.environ["SCOREKEEPER_DB"]) as store:
            return str(store.db.execute("SELECT version FROM rating_cache").fetchone()[0])

    version = cached()
    assert run("match", "add", "2", "--points", "Carla=5", "--points", "Dario=4")[0] == 0
    assert rows() == before and cached() == version
    assert run("match", "add", "2", "--points", "Carla=6", "--points", "Dario=1")[0] == 0  # Carla reaches 11
    assert ("scopa/1v1", "Carla") in rows() and cached() != version


def test_sides_behind_the_winner_with_equal_totals_share_a_rank_as_openskill_takes_a_draw() -> None:
    played("escoba", ["Anna", "Bruno", "Carla"], ["Carla=15", "Anna=6", "Bruno=6"])
    model = PlackettLuce()
    a, b, c = model.rating(), model.rating(), model.rating()
    [[c], [a], [b]] = model.rate([[c], [a], [b]], ranks=[1, 2, 2])
    got = rows()
    assert [(got[("escoba/1v1v1", n)]["mu"], got[("escoba/1v1v1", n)]["sigma"]) for n in ("Anna", "Bruno", "Carla")] \
        == [(a.mu, a.sigma), (b.mu, b.sigma), (c.mu, c.sigma)]
    assert got[("escoba/1v1v1", "Anna")]["mu"] == got[("escoba/1v1v1", "Bruno")]["mu"]


def test_a_player_alone_is_provisional_for_eleven_matches_and_settled_after_twelve() -> None:
    from scorekeeper.ratings.rating import Finished, rate

    def after(count: int) -> bool:
        matches = [Finished(n, "", "scopa/1v1", "scopa", (("a",), ("b",)) if n % 2 else (("b",), ("a",)), (1, 2))
                   for n in range(count)]
        return rate(matches)[0][("scopa/1v1", "a")].provisional

    assert after(11) and not after(12)


@pytest.mark.slow
def test_ratings_kept_up_to_date_match_by_match_are_those_worked_out_from_the_start(monkeypatch) -> None:
    import os
    import sqlite3

    from scorekeeper.history import ratings as cache

    reads: list[bool] = []  # for each reading of the finished matches: whether only some were read
    whole = cache.finished
    monkeypatch.setattr(cache, "finished", lambda *args, **kw: reads.append(kw.get("ids") is not None) or whole(
        *args, **kw))
    games = [("scopa", ["Anna", "Bruno"], ["Anna=11", "Bruno=4"]),
             ("scopa", ["Bruno", "Carla"], ["Carla=11", "Bruno=9"]),
             ("scopone", ["Anna+Bruno", "Carla+Dario"], ["Carla=11", "Anna=10"]),
             ("escoba", ["Anna", "Bruno", "Carla"], ["Bruno=15", "Anna=3", "Carla=3"]),
             ("scopa", ["Dario", "Anna"], ["Dario=11", "Anna=1"])]
    for game in games:
        played(*game)
        rows()
    assert reads[0] is False and reads[1:] == [True] * (len(games) - 1)
    kept = rows()
    with sqlite3.connect(os.environ["SCOREKEEPER_DB"]) as db:
        db.execute("DELETE FROM rating_cache")
    assert rows() == kept and reads[-1] is False
    page = json.loads(run("player", "Anna", "--json")[1])
    assert {r["pool"]: r["matches"] for r in page["ratings"]} == {"escoba/1v1v1": 1, "scopa/1v1": 2, "scopone/2v2": 1}
