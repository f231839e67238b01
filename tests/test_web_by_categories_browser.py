"""Issue 24: a hand entered by categories on a phone (390x844, the system's Chromium): open the form,
tap the side that took each category, count the sweeps, store; the sheet shows the hand marked, and
nothing on the page scrolls sideways. Scopa: most cards, most coins, settebello, primiera 1 each, 1 a
sweep."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_export_html_browser import chromium
from test_web_browser import PHONE, TOKEN, no_sideways_scrolling, serving

pytestmark = pytest.mark.slow  # a real browser

def test_a_phone_enters_a_hand_by_categories_in_a_few_taps(tmp_path: Path) -> None:
    browser_path = chromium()
    sync_api = pytest.importorskip("playwright.sync_api")
    with serving() as base, sync_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=browser_path, args=["--no-sandbox", "--disable-gpu"])
        try:
            phone = browser.new_context(viewport=PHONE, device_scale_factor=1).new_page()
            phone.goto(f"{base}/join?token={TOKEN}")
            phone.fill("input[name=side_1]", "Anna")
            phone.fill("input[name=side_2]", "Bruno")
            phone.click("button[type=submit].primary")
            phone.click("text=Enter hand 1")
            phone.click("details.by-categories summary")
            taps = ("most cards: Bruno", "most coins: Anna", "settebello (7d): Anna", "primiera: Bruno")
            for label in taps:  # four taps, one a category
                phone.get_by_label(label, exact=True).check()
            phone.fill("input[name=tick_sweeps_0]", "2")
            no_sideways_scrolling(phone)
            for label in taps:  # each tap is a target of 44 px at least
                box = phone.get_by_label(label, exact=True).bounding_box()
                assert box is not None and box["height"] >= 44, label
            phone.click("#ticks button[type=submit]")
            phone.wait_for_url(f"{base}/m/1#hand-1")
            assert phone.locator(".totals").inner_text().split() == ["Anna", "4", "Bruno", "2"]
            assert "by categories, cards not checked" in phone.inner_text("body")
            no_sideways_scrolling(phone)
        finally:
            browser.close()
