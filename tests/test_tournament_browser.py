"""A tournament evening in a real browser (the system's Chromium, driven by Playwright): the
director pairs a round on their page, a table's phone opens its match from the table's QR link and
stores its hand, and the TV page in the room shows the standings change by itself."""

from __future__ import annotations

import json

import pytest
from conftest import run
from test_export_html_browser import chromium
from test_web_browser import PHONE, TOKEN, no_sideways_scrolling, serving

pytestmark = pytest.mark.slow  # a real browser

TV = {"width": 1920, "height": 1080}
DESK = {"width": 1280, "height": 800}


def test_director_pairs_a_phone_stores_a_result_and_the_tv_shows_the_standings_change() -> None:
    browser_path = chromium()
    sync_api = pytest.importorskip("playwright.sync_api")
    # one hand a table: the README's hand gives Anna 2 and Bruno 3, so Bruno wins the table
    code, out, err = run("tournament", "new", "Club", "--rules", "scopa", "--format", "round-robin", "--hands", "1",
                         "-e", "Anna", "-e", "Bruno", "--json")
    assert code == 0, err
    tid = json.loads(out)["id"]
    with serving() as base, sync_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=browser_path, args=["--no-sandbox", "--disable-gpu"])
        try:
            tv = browser.new_context(viewport=TV, device_scale_factor=1).new_page()
            tv.goto(f"{base}/join?token={TOKEN}")
            tv.goto(f"{base}/t/{tid}/tv")
            size = tv.evaluate("parseFloat(getComputedStyle(document.querySelector('.standings td')).fontSize)")
            assert size >= 32  # readable across the room on a 1080p screen
            assert tv.locator(".standings tbody tr").count() == 2
            assert tv.locator("form, button, input, a").count() == 0  # nothing to touch

            director = browser.new_context(viewport=DESK, device_scale_factor=1).new_page()
            director.goto(f"{base}/join?token={TOKEN}")
            director.goto(f"{base}/t/{tid}")
            director.click("text=Pair the next round")
            director.wait_for_selector("tr[data-table='1']")
            assert director.locator("button:has-text('Pair the next round')").is_disabled()
            tv.wait_for_selector("[data-panel=pairings]", state="attached", timeout=15_000)  # it reloads by itself

            phone = browser.new_context(viewport=PHONE, device_scale_factor=1).new_page()
            phone.goto(f"{base}/t/{tid}/table/1/join?token={TOKEN}")  # what the table's QR code opens
            assert "/m/" in phone.url
            no_sideways_scrolling(phone)
            assert phone.locator(".totals .name").all_inner_texts() == ["Anna", "Bruno"]  # the circle's round 1
            phone.click("text=Enter hand 1")
            for card in ("7d", "Ad", "6h", "5c", "4s"):
                phone.click(f".tile[data-card='{card}']")
            phone.click("button[data-for=sweeps_0][data-step='1']")
            sync_api.expect(phone.locator("#live")).to_have_text("Anna 2  ·  Bruno 3")
            phone.click("#hand button[type=submit].big")
            phone.wait_for_url("**#hand-1")

            # the TV reloads by itself: Bruno on top with the 3 match points of a won table
            tv.wait_for_function(
                "() => { const cells = document.querySelectorAll('.standings tbody tr:first-child td');"
                " return cells.length > 2 && cells[1].textContent.trim() === 'Bruno'"
                " && cells[2].textContent.trim() === '3'; }", timeout=15_000)
            director.wait_for_selector("button:has-text('Pair the next round'):not([disabled])", timeout=15_000)
        finally:
            browser.close()
