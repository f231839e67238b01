"""The club's pages: ratings, a player's page with its chart, a season's league table."""

from __future__ import annotations

import json

import pytest
from conftest import run
from starlette.testclient import TestClient
from test_ratings import played
from test_web_pages import TOKEN

from scorekeeper.web.app import create_app


def joined() -> TestClient:
    c = TestClient(create_app(None, TOKEN))
    assert c.get(f"/join?token={TOKEN}").status_code == 200
    return c


@pytest.mark.slow
def test_the_players_page_shows_the_commands_figures_and_a_rating_chart() -> None:
    played("scopa", ["Anna", "Bruno"], ["Anna=11", "Bruno=4"])
    played("scopa", ["Anna", "Carla"], ["Carla=11", "Anna=4"])
    page = joined().get("/p/anna")
    assert page.status_code == 200
    html = page.text
    assert "<h1>Anna</h1>" in html and "<svg" in html and "<polyline" in html
    mu = json.loads(run("player", "Anna", "--json")[1])["ratings"][0]["mu"]
    assert f"{mu:.2f}" in html
    assert 'href="/p/Carla"' in html and "50%" in html


def test_an_unknown_player_is_a_404_like_page_naming_them() -> None:
    answer = joined().get("/p/Zoe")
    assert answer.status_code == 400 and "&#39;Zoe&#39;: no such player" in answer.text


@pytest.mark.slow
def test_the_ratings_page_lists_each_pool_best_first() -> None:
    played("scopa", ["Anna", "Bruno"], ["Anna=11", "Bruno=4"])
    played("scopone", ["Anna+Bruno", "Carla+Dario"], ["Carla=11", "Anna=4"])
    html = joined().get("/ratings").text
    assert "scopa · 1v1" in html and "scopone · 2v2" in html
    assert html.index('href="/p/Anna"') < html.index('href="/p/Bruno"')


@pytest.mark.slow
def test_the_season_page_shows_the_league_table_and_exports_it() -> None:
    played("scopa", ["Anna", "Bruno"], ["Anna=11", "Bruno=4"])
    assert run("season", "new", "Club", "--from", "2000-01-01", "--to", "2999-12-31")[0] == 0
    c = joined()
    html = c.get("/s/club").text
    assert '<td class="name">Anna</td><td>3</td>' in html
    assert 'class="tv"' in c.get("/s/Club?tv=1").text
    csv_answer = c.get("/s/Club?format=csv")
    assert csv_answer.text.splitlines() == run("season", "export", "Club", "--format", "csv")[1].splitlines()
    assert c.get("/s/Nope").status_code == 400
    assert c.get("/s/Club?format=xls").status_code == 400
