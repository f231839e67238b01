"""``scorekeeper serve``'s pages, driven with Starlette's test client: every page and form, over the
same history as the ``match`` commands, each answer the library's (numbers from the README's
examples, which come from the rules reference)."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

import pytest
from conftest import run
from starlette.testclient import TestClient

import scorekeeper
from scorekeeper.history.matches import add_hand
from scorekeeper.history.store import Store
from scorekeeper.scoring.hand import HandSpec
from scorekeeper.web.app import create_app

TOKEN = "token-for-the-table-0123456789"
README_HAND = {"Anna": "7d Ad 6h 5c 4s", "Bruno": "rest"}  # with one sweep for Anna: 2 to 3


def client() -> TestClient:
    return TestClient(create_app(None, TOKEN))


def join(c: TestClient) -> str:
    """Join with the token; the CSRF field value of this browser."""
    assert c.get(f"/join?token={TOKEN}").status_code == 200
    return csrf_of(c.get("/").text)


def csrf_of(html: str) -> str:
    found = re.search(r'name="csrf" value="([0-9a-f]{64})"', html)
    assert found, "the page carries a CSRF field"
    return found[1]


def joined() -> tuple[TestClient, str]:
    c = client()
    return c, join(c)


def start(c: TestClient, csrf: str, *sides: str, rules: str = "scopa", **fields: str) -> int:
    form = {"csrf": csrf, "rules": rules, **{f"side_{i}": s for i, s in enumerate(sides, start=1)}, **fields}
    answer = c.post("/matches", data=form, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    return int(answer.headers["location"].rsplit("/", 1)[1])


def hand_form(csrf: str, number: int, piles: dict[str, str], sweeps: dict[str, int] | None = None,
              **extra: str) -> dict[str, str]:
    form = {"csrf": csrf, "number": str(number), **extra}
    for i, (side, pile) in enumerate(piles.items()):
        form[f"side_{i}"], form[f"pile_{i}"] = side, pile
        form[f"sweeps_{i}"] = str((sweeps or {}).get(side, 0))
    return form


def shown(match_id: int) -> dict[str, Any]:
    code, out, err = run("match", "show", str(match_id), "--json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def messages(html: str) -> list[str]:
    return [unescape(m) for m in re.findall(r"<li>(.*?)</li>", html, re.S)]


def test_joining_keeps_the_token_in_a_cookie_and_takes_it_out_of_the_address() -> None:
    c = client()
    answer = c.get(f"/join?token={TOKEN}", follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == "/"
    cookies = answer.headers.get_list("set-cookie")
    assert any(k.startswith("sk_token=") and "HttpOnly" in k and "SameSite=strict" in k for k in cookies)


def test_a_match_started_on_the_page_is_listed_and_shown_by_the_command_line() -> None:
    c, csrf = joined()
    match_id = start(c, csrf, "Anna", "Bruno", name="friday", target="21")
    assert 'href="/m/1"' in c.get("/").text
    data = shown(match_id)
    assert (data["name"], data["rules"], data["target"], data["sides"]) == ("friday", "scopa", 21, ["Anna", "Bruno"])


@pytest.mark.slow
def test_the_readme_hand_entered_on_a_phone_scores_2_to_3_in_match_show() -> None:
    c, csrf = joined()
    match_id = start(c, csrf, "Anna", "Bruno")
    answer = c.post(f"/m/{match_id}/hands", data=hand_form(csrf, 1, README_HAND, {"Anna": 1}), follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == f"/m/{match_id}#hand-1"
    assert shown(match_id)["totals"] == {"Anna": 2, "Bruno": 3}
    sheet = c.get(f"/m/{match_id}").text
    assert re.search(r'<span class="name">Anna</span><span class="points">2</span>', sheet)
    assert "settebello (7d): Anna 1" in sheet


@pytest.mark.slow
def test_a_hand_from_the_command_line_shows_on_the_sheet_and_moves_its_version() -> None:
    c, csrf = joined()
    match_id = start(c, csrf, "Anna", "Bruno")
    before = c.get(f"/m/{match_id}/version").json()
    assert run("match", "add", str(match_id), "-p", "Anna=7d Ad 6h 5c 4s", "-p", "Bruno=rest", "-s", "Anna=1")[0] == 0
    after = c.get(f"/m/{match_id}/version").json()
    assert (before["hands"], after["hands"]) == (0, 1) and before["version"] != after["version"]
    assert 'id="hand-1"' in c.get(f"/m/{match_id}").text


def test_the_live_count_is_the_librarys_count_of_the_cards_tapped_so_far() -> None:
    c, csrf = joined()
    match_id = start(c, csrf, "Anna", "Bruno")
    preview = c.post(f"/m/{match_id}/preview", data=hand_form(csrf, 1, README_HAND, {"Anna": 1})).json()
    library = scorekeeper.score(README_HAND, sweeps={"Anna": 1}).to_dict()
    assert preview["categories"] == library["categories"] and preview["totals"] == {"Anna": 2, "Bruno": 3}
    assert preview["categories"][3]["detail"]["Bruno"]["best"] == {"d": "6d", "h": "7h", "s": "7s", "c": "7c"}
    assert shown(match_id)["hands"] == []  # counting is not storing


def test_a_hand_that_does_not_check_out_comes_back_422_with_its_problems_and_is_not_stored() -> None:
    c, csrf = joined()
    match_id = start(c, csrf, "Anna", "Bruno")
    answer = c.post(f"/m/{match_id}/hands", data=hand_form(csrf, 1, {"Anna": "7d 7d", "Bruno": "rest"}))
    assert answer.status_code == 422
    assert "pile of Anna: 7d is twice in this pile" in messages(answer.text)
    assert 'value="7d 7d"' in answer.text  # what was tapped is kept
    assert shown(match_id)["hands"] == []


def test_force_records_a_hand_with_its_problems_noted_as_match_add_force_does() -> None:
    c, csrf = joined()
    match_id = start(c, csrf, "Anna", "Bruno")
    form = hand_form(csrf, 1, {"Anna": "7d 7d", "Bruno": "rest"}, force="1")
    assert c.post(f"/m/{match_id}/hands", data=form, follow_redirects=False).status_code == 303
    assert shown(match_id)["hands"][0]["forced"] is True


@pytest.mark.slow
@pytest.mark.parametrize(("pile", "sweeps", "wanted"), [
    ("7d Xd", "0", "pile of Anna, token 2: 'Xd' is not a card"),
    ("7d", "12345678901234567890", "sweeps of Anna: 12345678901234567890 is too large (at most 999)"),
    ("7d", "-1", "sweeps of Anna: '-1' is not a whole number"),
    ("7d", "25", "25 sweeps is more than any hand allows"),
])
def test_bad_input_is_a_400_naming_the_bad_token(pile: str, sweeps: str, wanted: str) -> None:
    c, csrf = joined()
    match_id = start(c, csrf, "Anna", "Bruno")
    form = hand_form(csrf, 1, {"Anna": pile, "Bruno": "rest"})
    form["sweeps_0"] = sweeps
    answer = c.post(f"/m/{match_id}/hands", data=form)
    assert answer.status_code == 400
    assert any(wanted in m for m in messages(answer.text)), messages(answer.text)
    assert shown(match_id)["hands"] == []


@pytest.mark.slow
def test_editing_a_hand_counts_the_match_again_from_there() -> None:
    c, csrf = joined()
    match_id = start(c, csrf, "Anna", "Bruno")
    c.post(f"/m/{match_id}/hands", data=hand_form(csrf, 1, README_HAND, {"Anna": 1}))
    page = c.get(f"/m/{match_id}/hand?edit=1").text
    assert 'value="7d Ad 6h 5c 4s"' in page and 'name="edit" value="1"' in page
    swapped = {"Anna": "rest", "Bruno": "7d Ad 6h 5c 4s"}
    answer = c.post(f"/m/{match_id}/hands", data=hand_form(csrf, 1, swapped, {"Bruno": 1}, edit="1"),
                    follow_redirects=False)
    assert answer.status_code == 303
    assert shown(match_id)["totals"] == {"Anna": 3, "Bruno": 2}


@pytest.mark.slow
def test_undo_withdraws_the_last_hand_and_a_stale_undo_withdraws_nothing() -> None:
    c, csrf = joined()
    match_id = start(c, csrf, "Anna", "Bruno")
    for number in (1, 2):
        c.post(f"/m/{match_id}/hands", data=hand_form(csrf, number, README_HAND, {"Anna": 1}))
    stale = c.post(f"/m/{match_id}/undo", data={"csrf": csrf, "number": "1"})
    assert stale.status_code == 409 and len(shown(match_id)["hands"]) == 2
    assert c.post(f"/m/{match_id}/undo", data={"csrf": csrf, "number": "2"}, follow_redirects=False).status_code == 303
    assert shown(match_id)["totals"] == {"Anna": 2, "Bruno": 3}


@pytest.mark.slow
def test_a_won_match_offers_no_next_hand() -> None:
    c, csrf = joined()
    match_id = start(c, csrf, "Anna", "Bruno", target="3")
    c.post(f"/m/{match_id}/hands", data=hand_form(csrf, 1, README_HAND, {"Anna": 1}))
    sheet = c.get(f"/m/{match_id}").text
    assert "Bruno wins the match" in sheet and "Enter hand 2" not in sheet
    assert c.get(f"/m/{match_id}/hand").status_code == 409


@pytest.mark.slow
@pytest.mark.parametrize(("fmt", "kind", "start_of_file"), [
    ("csv", "text/csv", "match,name,rules,hand,side"), ("json", "application/json", "{"),
    ("html", "text/html", "<!DOCTYPE html>"), ("md", "text/markdown", "#"),
])
def test_every_export_downloads_as_scorekeeper_export_writes_it(fmt: str, kind: str, start_of_file: str) -> None:
    c, csrf = joined()
    match_id = start(c, csrf, "Anna", "Bruno")
    c.post(f"/m/{match_id}/hands", data=hand_form(csrf, 1, README_HAND, {"Anna": 1}))
    answer = c.get(f"/m/{match_id}/export/{fmt}")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith(kind)
    assert answer.headers["content-disposition"] == f'attachment; filename="match-{match_id}.{fmt}"'
    assert answer.text.startswith(start_of_file)
    assert answer.text.replace("\r\n", "\n") == run("export", str(match_id), "--format", fmt)[1]


def test_the_primiera_page_settles_the_readme_tie_at_78() -> None:
    c, _csrf = joined()
    page = c.get("/primiera", params={"side_0": "Anna", "pile_0": "7c 7d 6s 6h", "side_1": "Bruno", "pile_1": "rest"})
    assert page.status_code == 200
    assert '<p class="verdict">tie at 78 between Anna and Bruno: nobody scores</p>' in page.text
    assert "denari: 7d = 21" in page.text


def test_the_capture_page_says_a_card_that_can_pair_must_pair() -> None:
    c, _csrf = joined()
    page = c.get("/capture", params={"rules": "scopa", "table": "3c 4h 7d", "card": "7s", "take": "3c 4h"})
    assert page.status_code == 200 and "Not legal." in page.text
    assert "<li>7d</li>" in page.text  # the one legal capture


def test_the_hand_page_shows_the_whole_deck_with_the_suits_italian_and_french_names() -> None:
    c, csrf = joined()
    match_id = start(c, csrf, "Anna", "Bruno")
    page = c.get(f"/m/{match_id}/hand").text
    assert len(re.findall(r'class="tile" data-card="', page)) == 40
    assert "denari · diamonds" in page and "bastoni · clubs" in page
    assert 'name="pile_1" value="rest"' in page  # the last side takes the rest


def test_the_page_speaks_the_browsers_language_or_the_one_chosen() -> None:
    c, _csrf = joined()
    assert '<html lang="es">' in c.get("/", headers={"Accept-Language": "es-ES,es;q=0.9,en;q=0.5"}).text
    assert c.get("/lang", params={"to": "it", "back": "/capture"}, follow_redirects=False).headers["location"] == \
        "/capture"
    assert '<html lang="it">' in c.get("/").text
    assert c.get("/lang", params={"to": "it", "back": "//elsewhere.example"},
                 follow_redirects=False).headers["location"] == "/"


@pytest.mark.parametrize("path", ["/m/99", "/m/99/hand", "/m/1/export/pdf", "/nowhere"])
def test_what_does_not_exist_is_a_404_page(path: str) -> None:
    c, csrf = joined()
    start(c, csrf, "Anna", "Bruno")
    answer = c.get(path)
    assert answer.status_code == 404 and "Traceback" not in answer.text


def long_match(c: TestClient, csrf: str, hands: int) -> int:
    """A match of ``hands`` README hands (2 to 3 each, with Anna's sweep), stored through the library."""
    match_id = start(c, csrf, "Anna", "Bruno", target="100")
    spec = HandSpec(piles={side: (text, f"pile of {side}") for side, text in README_HAND.items()}, sweeps={"Anna": 1})
    with Store() as store:
        for _ in range(hands):
            add_hand(store, str(match_id), spec)
    return match_id


@pytest.mark.slow
def test_a_long_sheet_shows_the_categories_of_the_last_ten_hands_and_each_older_hand_on_one_line() -> None:
    c, csrf = joined()
    match_id = long_match(c, csrf, 12)
    sheet = c.get(f"/m/{match_id}").text
    assert all(f'id="hand-{n}"' in sheet for n in range(1, 13))  # every hand keeps its anchor and its totals
    assert sheet.count('<table class="cats">') == 10
    assert re.search(r'<tr id="hand-2" class="line"><td><a href="/m/\d+\?hand=2#hand-2">2</a></td>'
                     r"<td><strong>4</strong> <small>\+2</small></td><td><strong>6</strong> <small>\+3</small></td>"
                     r'<td><a href="/m/\d+/hand\?edit=2" aria-label="Edit hand 2">edit</a></td></tr>', sheet)
    assert "Hands 1 to 2 are shown on one line each: tap a hand's number for its categories." in unescape(sheet)
    assert re.search(r'<span class="name">Bruno</span><span class="points">36</span>', sheet)
    every = c.get(f"/m/{match_id}?all=1").text
    assert every.count('<table class="cats">') == 12 and 'class="line"' not in every
    assert "Show the categories of the last 10 hands only" in every


@pytest.mark.slow
def test_tapping_an_older_hands_number_opens_its_categories_and_a_bad_number_opens_none() -> None:
    c, csrf = joined()
    match_id = long_match(c, csrf, 12)
    opened = c.get(f"/m/{match_id}?hand=1").text
    assert opened.count('<table class="cats">') == 11 and "<details open>" in opened
    assert re.search(r'<tr id="hand-1">.*?settebello \(7d\): Anna 1', opened, re.S)
    for wrong in ("0", "13", "x", "-1", "9" * 40):
        answer = c.get(f"/m/{match_id}", params={"hand": wrong})
        assert answer.status_code == 200 and answer.text.count('<table class="cats">') == 10, wrong
