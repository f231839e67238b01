"""Who may change the history through the pages, what a request may carry, hostile names, and two
phones sending the same hand at once."""

from __future__ import annotations

import logging
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from starlette.testclient import TestClient
from test_web_pages import README_HAND, TOKEN, client, hand_form, join, joined, messages, shown, start

from scorekeeper.web import views


@pytest.mark.parametrize("path", ["/", "/m/1", "/m/1/hand", "/m/1/version", "/m/1/export/csv", "/primiera",
                                  "/capture"])
def test_every_page_but_join_needs_the_token(path: str) -> None:
    c, csrf = joined()
    start(c, csrf, "Anna", "Bruno")
    stranger = client()
    answer = stranger.get(path)
    assert answer.status_code == 403
    assert "scan the QR code" in answer.text or answer.json()["problems"]


def test_a_wrong_join_token_is_refused_and_sets_no_cookie() -> None:
    c = client()
    answer = c.get("/join?token=" + "x" * len(TOKEN), follow_redirects=False)
    assert answer.status_code == 403 and "set-cookie" not in answer.headers
    assert c.get("/").status_code == 403


@pytest.mark.parametrize("change", [
    lambda form: form.pop("csrf"),
    lambda form: form.update(csrf="0" * 64),
])
def test_a_form_without_this_sessions_csrf_field_changes_nothing(change: object) -> None:
    c, csrf = joined()
    match_id = start(c, csrf, "Anna", "Bruno")
    form = hand_form(csrf, 1, README_HAND, {"Anna": 1})
    change(form)  # type: ignore[operator]
    answer = c.post(f"/m/{match_id}/hands", data=form)
    assert answer.status_code == 403 and "CSRF" in answer.text
    assert shown(match_id)["hands"] == []


@pytest.mark.slow
def test_the_csrf_field_of_another_browser_is_refused() -> None:
    c, csrf = joined()
    match_id = start(c, csrf, "Anna", "Bruno")
    other, other_csrf = joined()
    assert other_csrf != csrf
    assert other.post(f"/m/{match_id}/hands", data=hand_form(csrf, 1, README_HAND)).status_code == 403


@pytest.mark.parametrize("headers", [{"Origin": "http://evil.example"}, {"Sec-Fetch-Site": "cross-site"}])
def test_a_form_sent_from_another_site_is_refused(headers: dict[str, str]) -> None:
    c, csrf = joined()
    match_id = start(c, csrf, "Anna", "Bruno")
    answer = c.post(f"/m/{match_id}/hands", data=hand_form(csrf, 1, README_HAND), headers=headers)
    assert answer.status_code == 403 and shown(match_id)["hands"] == []


def test_forged_bodies_get_a_clear_4xx() -> None:
    c, csrf = joined()
    match_id = start(c, csrf, "Anna", "Bruno")
    url = f"/m/{match_id}/hands"
    assert c.post(url, content=b"{}", headers={"Content-Type": "application/json"}).status_code == 415
    huge = f"csrf={csrf}&pile_0=" + "7d+" * 20_000
    assert c.post(url, content=huge, headers={"Content-Type": "application/x-www-form-urlencoded"}).status_code == 413
    many = "&".join(f"f{i}=1" for i in range(300))
    assert c.post(url, content=many, headers={"Content-Type": "application/x-www-form-urlencoded"}).status_code == 413
    twice = f"csrf={csrf}&number=1&number=2"
    answer = c.post(url, content=twice, headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert answer.status_code == 400 and "The form gives the field 'number' twice." in messages(answer.text)
    bad = c.post(url, content=b"csrf=%ff%fe", headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert bad.status_code == 400
    assert shown(match_id)["hands"] == []


@pytest.mark.slow
def test_a_side_named_like_a_script_is_shown_as_text_everywhere() -> None:
    c, csrf = joined()
    name = "<script>alert(1)</script>"
    match_id = start(c, csrf, name, "Bruno", name="<img src=x onerror=alert(2)>")
    c.post(f"/m/{match_id}/hands", data=hand_form(csrf, 1, {name: "7d Ad 6h 5c 4s", "Bruno": "rest"}))
    for path in ("/", f"/m/{match_id}", f"/m/{match_id}/hand", f"/m/{match_id}/hand?edit=1"):
        page = c.get(path).text
        assert "<script>alert" not in page and "<img src=x" not in page, path
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page, path
    assert shown(match_id)["totals"] == {name: 1, "Bruno": 3}


@pytest.mark.slow
def test_a_name_a_spreadsheet_would_run_is_neutralised_in_the_csv() -> None:
    c, csrf = joined()
    match_id = start(c, csrf, "@SUM(A1)", "Bruno", name="=cmd|' /C calc'!A0")
    c.post(f"/m/{match_id}/hands", data=hand_form(csrf, 1, {"@SUM(A1)": "7d", "Bruno": "rest"}))
    csv = c.get(f"/m/{match_id}/export/csv").text
    assert "'=cmd|' /C calc'!A0" in csv and ",'@SUM(A1)," in csv


@pytest.mark.parametrize("field", ["side_1", "name"])
def test_an_ansi_escape_in_a_name_is_refused_with_a_400(field: str) -> None:
    c, csrf = joined()
    form = {"csrf": csrf, "rules": "scopa", "side_1": "Anna", "side_2": "Bruno", field: "Anna\x1b[2J"}
    answer = c.post("/matches", data=form)
    assert answer.status_code == 400 and "cannot be part of a name" in answer.text
    assert "\x1b" not in answer.text
    assert c.get("/").text.count('href="/m/') == 0


def test_side_names_sent_in_a_hand_must_be_the_matchs() -> None:
    c, csrf = joined()
    match_id = start(c, csrf, "Anna", "Bruno")
    answer = c.post(f"/m/{match_id}/hands", data=hand_form(csrf, 1, {"Mallory": "7d", "Bruno": "rest"}))
    assert answer.status_code == 400
    assert "pile of 'Mallory': no such side in this match (sides: Anna, Bruno)" in messages(answer.text)


def test_every_answer_forbids_scripts_and_styles_from_elsewhere() -> None:
    c, _csrf = joined()
    policy = c.get("/").headers["content-security-policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert c.get("/static/app.js").headers["x-content-type-options"] == "nosniff"


def test_a_bug_answers_500_with_no_traceback_on_the_page_or_in_the_log(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    c = TestClient(client().app, raise_server_exceptions=False)
    csrf = join(c)
    match_id = start(c, csrf, "Anna", "Bruno")

    def broken(*args: object) -> None:
        raise RuntimeError("secret detail 42")

    monkeypatch.setattr(views, "sheet", broken)
    with caplog.at_level(logging.INFO):
        answer = c.get(f"/m/{match_id}")
    assert answer.status_code == 500 and "internal error (RuntimeError)" in answer.text
    assert "Traceback" not in answer.text and "secret detail 42" not in answer.text
    assert all(r.exc_info is None and "Traceback" not in r.getMessage() for r in caplog.records)
    assert any("internal error answering GET /m/1: RuntimeError" in r.getMessage() for r in caplog.records)


@pytest.mark.slow
def test_two_phones_sending_the_same_hand_at_once_store_it_once() -> None:
    first, csrf = joined()
    match_id = start(first, csrf, "Anna", "Bruno")
    phones = [first, TestClient(first.app)]
    tokens = [csrf, join(phones[1])]
    for number in range(1, 4):  # Bruno reaches 9 of 11: the match goes on
        gate = threading.Barrier(2)

        def send(i: int, number: int = number, gate: threading.Barrier = gate) -> int:
            form = hand_form(tokens[i], number, README_HAND, {"Anna": 1})
            gate.wait()
            return phones[i].post(f"/m/{match_id}/hands", data=form, follow_redirects=False).status_code

        with ThreadPoolExecutor(2) as pool:
            statuses = sorted(pool.map(send, range(2)))
        assert statuses == [303, 409], number
    hands = shown(match_id)["hands"]
    assert [h["number"] for h in hands] == [1, 2, 3]


@pytest.mark.slow
def test_the_phone_whose_hand_was_already_stored_is_told_so() -> None:
    c, csrf = joined()
    match_id = start(c, csrf, "Anna", "Bruno")
    c.post(f"/m/{match_id}/hands", data=hand_form(csrf, 1, README_HAND, {"Anna": 1}))
    late = c.post(f"/m/{match_id}/hands", data=hand_form(csrf, 1, README_HAND, {"Anna": 1}))
    assert late.status_code == 409
    assert f"hand 1 of match {match_id} was not stored: the next hand is 2" in messages(late.text)[0]
