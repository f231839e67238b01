"""Issue 24: the phone's form for a hand by categories (``web.ticks``): a tap for the side that took
each category and the sweeps, stored by ``history.by_categories`` as ``match add --took`` stores it,
a refused one brought back with the taps as sent. Scopa: most cards, most coins, settebello and
primiera 1 each, 1 a sweep."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from conftest import run
from starlette.testclient import TestClient

from scorekeeper.web.app import create_app

TOKEN = "token-for-the-table-0123456789"


def joined() -> tuple[TestClient, str]:
    c = TestClient(create_app(None, TOKEN))
    assert c.get(f"/join?token={TOKEN}").status_code == 200
    found = re.search(r'name="csrf" value="([0-9a-f]{64})"', c.get("/").text)
    assert found
    return c, found[1]


def shown() -> dict:
    return json.loads(run("match", "show", "--json")[1])


@pytest.mark.slow
def test_the_hand_page_offers_each_category_to_tick_and_stores_the_taps():
    assert run("match", "new", "--rules", "scopa", "--side", "Anna", "--side", "Bruno")[0] == 0
    c, csrf = joined()
    page = unescape(c.get("/m/1/hand").text)
    assert 'action="/m/1/ticks"' in page
    for cid in ("cards", "coins", "settebello", "primiera"):
        assert f'name="took_{cid}" value="Anna"' in page and f'name="took_{cid}" value="Bruno"' in page
    form = {"csrf": csrf, "number": "1", "took_cards": "Bruno", "took_coins": "Anna", "took_settebello": "Anna",
            "took_primiera": "", "tick_sweeps_0": "2", "tick_sweeps_1": "0"}
    answer = c.post("/m/1/ticks", data=form, follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == "/m/1#hand-1"
    hand = shown()["hands"][0]
    assert hand["points"] == {"Anna": 1 + 1 + 2, "Bruno": 1} and hand["by_categories"]
    assert "by categories, cards not checked" in unescape(c.get("/m/1").text)


@pytest.mark.slow
def test_refused_ticks_come_back_as_sent_with_the_reason():
    assert run("match", "new", "--rules", "scopa", "--side", "Anna", "--side", "Bruno", "--with", "napola")[0] == 0
    c, csrf = joined()
    form = {"csrf": csrf, "number": "1", "took_settebello": "Bruno", "took_napola": "Anna", "length_napola": "8",
            "tick_sweeps_0": "1", "tick_sweeps_1": "0"}
    answer = c.post("/m/1/ticks", data=form)
    assert answer.status_code == 400
    page = unescape(answer.text)
    assert "napola to Anna needs 7d, which Bruno holds for settebello (7d)" in page
    assert 'name="length_napola" value="8"' in page and '<details class="by-categories" open>' in page
    assert 'name="took_napola" value="Anna" checked' in page
    assert shown()["hands"] == []
