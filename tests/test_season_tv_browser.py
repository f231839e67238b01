"""The tournaments' TV page in a real browser (the system's Chromium, driven by Playwright) with the
league table of a season counting the tournament: a panel of its own, turning with the others, its
type at least 32 px on a 1080p screen, as the standings'."""

from __future__ import annotations

import json

import pytest
from conftest import run
from test_export_html_browser import chromium
from test_tournament_browser import TV
from test_web_browser import TOKEN, serving

pytestmark = pytest.mark.slow  # a real browser

def test_the_tv_turns_to_the_seasons_league_table_in_type_of_at_least_32_px() -> None:
    browser_path = chromium()
    sync_api = pytest.importorskip("playwright.sync_api")
    code, out, err = run("tournament", "new", "Club", "--rules", "scopa", "--format", "round-robin",
                         "-e", "Anna", "-e", "Bruno", "--json")
    assert code == 0, err
    tid = json.loads(out)["id"]
    assert run("season", "new", "Cups", "--tournament", "Club")[0] == 0
    table = json.loads(run("tournament", "pair", "--json")[1])["tables"][0]
    first, second = table["entrants"]
    assert run("match", "add", str(table["match"]), "--points", f"{first}=11", "--points", f"{second}=3")[0] == 0
    with serving() as base, sync_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=browser_path, args=["--no-sandbox", "--disable-gpu"])
        try:
            tv = browser.new_context(viewport=TV, device_scale_factor=1).new_page()
            tv.goto(f"{base}/join?token={TOKEN}")
            # the season's panel is the last: the TV starts on it (the panel shown is kept across reloads)
            tv.add_init_script("sessionStorage.setItem('sk-tv-panel', '2')")
            tv.goto(f"{base}/t/{tid}/tv")
            assert tv.locator(".panel").count() == 3  # standings, the round's tables, the season
            season = tv.locator("[data-panel=season]")
            sync_api.expect(season).to_be_visible()
            assert season.locator("h2").inner_text() == "Season Cups"
            # a round robin of two is over after its one table: 3 for the table won and 10 for 1st place
            assert season.locator("tbody tr").first.locator("td").all_inner_texts()[:3] == ["1", first, "13"]
            size = tv.evaluate("parseFloat(getComputedStyle(document.querySelector('.season td')).fontSize)")
            assert size >= 32  # readable across the room on a 1080p screen
            box = season.bounding_box()
            assert box is not None and box["y"] + box["height"] <= TV["height"]  # on the screen, nothing cut
        finally:
            browser.close()
