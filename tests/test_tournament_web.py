"""The tournament pages, driven with Starlette's test client over the same history as the
``tournament`` commands: the director pairs and drops, a table's QR code joins a phone and opens its
match, the TV page and its version follow a stored result, the printable sheets and the files."""

from __future__ import annotations

import io
import json
import re
import zipfile

import pytest
from conftest import run
from starlette.testclient import TestClient

from scorekeeper.web.app import create_app

TOKEN = "token-for-the-club-0123456789"


def joined() -> tuple[TestClient, str]:
    c = TestClient(create_app(None, TOKEN))
    assert c.get(f"/join?token={TOKEN}").status_code == 200
    found = re.search(r'name="csrf" value="([0-9a-f]{64})"', c.get("/").text)
    assert found
    return c, found[1]


def tournament(*players: str) -> int:
    entrants = [a for p in players for a in ("-e", p)]
    code, out, err = run("tournament", "new", "Club", "--rules", "scopa", "--format", "swiss", "--rounds", "3",
                         *entrants, "--json")
    assert code == 0, err
    return int(json.loads(out)["id"])


def post(c: TestClient, csrf: str, path: str, **fields: str) -> None:
    answer = c.post(path, data={"csrf": csrf, **fields}, follow_redirects=False)
    assert answer.status_code == 303, answer.text


@pytest.mark.slow
def test_the_director_pairs_a_round_and_each_table_gets_an_open_match() -> None:
    tid = tournament("Anna", "Bruno", "Carla", "Dino", "Elio")
    c, csrf = joined()
    post(c, csrf, f"/t/{tid}/pair")
    page = c.get(f"/t/{tid}").text
    assert "Round 1" in page and page.count('data-table="') == 2
    shown = json.loads(run("tournament", "show", "--json")[1])
    assert len(shown["rounds"]) == 1 and all(t["match"] for t in shown["rounds"][0]["tables"])
    # pairing again before the tables are over is refused, and says why
    answer = c.post(f"/t/{tid}/pair", data={"csrf": csrf})
    assert answer.status_code == 400 and "still being played at tables 1, 2" in answer.text


@pytest.mark.slow
def test_a_change_without_the_csrf_field_is_refused_and_changes_nothing() -> None:
    tid = tournament("Anna", "Bruno")
    c, _csrf = joined()
    assert c.post(f"/t/{tid}/pair", data={"csrf": "0" * 64}).status_code == 403
    assert json.loads(run("tournament", "show", "--json")[1])["rounds"] == []
    assert TestClient(create_app(None, TOKEN)).get(f"/t/{tid}/tv").status_code == 403  # not joined


@pytest.mark.slow
def test_late_entry_drop_and_undo_from_the_director_page() -> None:
    tid = tournament("Anna", "Bruno", "Carla")
    c, csrf = joined()
    post(c, csrf, f"/t/{tid}/enter", entrant="Dino")
    post(c, csrf, f"/t/{tid}/drop", entrant="Bruno")
    post(c, csrf, f"/t/{tid}/undo")
    shown = json.loads(run("tournament", "show", "--json")[1])
    assert shown["entrants"] == ["Anna", "Bruno", "Carla", "Dino"] and shown["dropped"] == []
    answer = c.post(f"/t/{tid}/drop", data={"csrf": csrf, "entrant": "Zoe"})
    assert answer.status_code == 400 and "entrant &#39;Zoe&#39;: not in tournament &#39;Club&#39;" in answer.text


@pytest.mark.slow
def test_a_tables_qr_code_joins_a_phone_and_opens_that_tables_match() -> None:
    tid = tournament("Anna", "Bruno", "Carla", "Dino")
    c, csrf = joined()
    post(c, csrf, f"/t/{tid}/pair")
    svg = c.get(f"/t/{tid}/table/2/qr.svg")
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    match = json.loads(run("tournament", "show", "--json")[1])["rounds"][0]["tables"][1]["match"]
    phone = TestClient(create_app(None, TOKEN))
    opened = phone.get(f"/t/{tid}/table/2/join?token={TOKEN}", follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == f"/m/{match}"
    assert phone.get(f"/m/{match}").status_code == 200  # the phone has joined
    assert TestClient(create_app(None, TOKEN)).get(f"/t/{tid}/table/2/join?token=wrong").status_code == 403


@pytest.mark.slow
def test_the_tv_version_changes_when_a_result_is_stored_and_the_tv_shows_it() -> None:
    tid = tournament("Anna", "Bruno")
    c, csrf = joined()
    post(c, csrf, f"/t/{tid}/pair")
    before = c.get(f"/t/{tid}/version").json()["version"]
    table = json.loads(run("tournament", "show", "--json")[1])["rounds"][0]["tables"][0]
    first, second = table["entrants"]
    assert run("match", "add", str(table["match"]), "--points", f"{first}=11", "--points", f"{second}=3")[0] == 0
    assert c.get(f"/t/{tid}/version").json()["version"] != before
    tv = c.get(f"/t/{tid}/tv").text
    assert "font-size" not in tv  # the type size lives in the stylesheet: at least 32 px
    assert re.search(rf"<td>1</td><td>{first}</td><td>3</td>", tv)
    assert "/static/tournament.js" in tv and "<form" not in tv and "<button" not in tv


@pytest.mark.slow
def test_printable_sheets_and_the_standings_files() -> None:
    tid = tournament("Anna", "Bruno", "Carla", "Dino")
    c, csrf = joined()
    post(c, csrf, f"/t/{tid}/pair")
    for what in ("pairings", "names", "cards", "standings"):
        answer = c.get(f"/t/{tid}/print/{what}")
        assert answer.status_code == 200 and "@media print" not in answer.text
    assert c.get(f"/t/{tid}/print/cards").text.count('class="card"') == 2
    names = c.get(f"/t/{tid}/print/names").text
    assert re.findall(r"<tr><td>(\w+)</td><td>\d+</td>", names) == ["Anna", "Bruno", "Carla", "Dino"]
    csv = c.get(f"/t/{tid}/standings.csv")
    assert csv.headers["content-type"].startswith("text/csv") and csv.text.startswith("rank,entrant,played")
    book = c.get(f"/t/{tid}/standings.xlsx")
    with zipfile.ZipFile(io.BytesIO(book.content)) as archive:
        assert "xl/workbook.xml" in archive.namelist()
    assert c.get(f"/t/{tid}/print/nothing").status_code == 404
    assert c.get("/t/99").status_code == 404


def test_the_tv_stylesheet_sets_type_of_at_least_32_px() -> None:
    from pathlib import Path

    import scorekeeper.web

    css = (Path(scorekeeper.web.__file__).parent / "static" / "tournament.css").read_text(encoding="utf-8")
    assert re.search(r"\.tv \{[^}]*font-size: max\(32px, 3\.4vh\)", css)


@pytest.mark.slow
def test_the_director_swaps_two_entrants_with_a_reason() -> None:
    tid = tournament("Anna", "Bruno", "Carla", "Dino")
    c, csrf = joined()
    post(c, csrf, f"/t/{tid}/pair")
    tables = json.loads(run("tournament", "show", "--json")[1])["rounds"][0]["tables"]
    a, b = tables[0]["entrants"][0], tables[1]["entrants"][0]
    answer = c.post(f"/t/{tid}/repair", data={"csrf": csrf, "entrant": a, "other": b, "reason": ""})
    assert answer.status_code == 400 and "needs a reason" in answer.text
    post(c, csrf, f"/t/{tid}/repair", entrant=a, other=b, reason="a family table")
    after = json.loads(run("tournament", "show", "--json")[1])
    assert after["rounds"][0]["tables"][0]["entrants"][0] == b
    assert "a family table" in c.get(f"/t/{tid}").text
