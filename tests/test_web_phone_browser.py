"""The phone at the table, in the system's Chromium at 390x844: the hand's count and its Store button
in reach without scrolling past the 40 tiles, suits that fold, no word of the count broken in two,
and undo that asks, says what it withdrew, and puts the hand back in one tap.

Set SCOREKEEPER_SCREENSHOTS to a folder to keep the pictures."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from test_export_html_browser import chromium
from test_web_browser import PHONE, TOKEN, no_sideways_scrolling, serving

pytestmark = pytest.mark.slow  # a real browser

README_CARDS = ("7d", "Ad", "6h", "5c", "4s")  # Anna's pile; one sweep: Anna 2, Bruno 3


def keep(page: Any, folder: Path, name: str, *, full: bool = False) -> None:
    shot = folder / name
    page.screenshot(path=str(shot), full_page=full)
    wanted = os.environ.get("SCOREKEEPER_SCREENSHOTS")
    if wanted:
        shutil.copy(shot, Path(wanted) / name)


def in_view(page: Any, selector: str) -> bool:
    """Whether the element is wholly on the screen as it is scrolled now."""
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


# Every word of the element's text, laid out on one line: a word broken across lines has several boxes.
_BROKEN_WORDS = """(root) => {
  const broken = [];
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    const re = /\\S+/g;
    let m;
    while ((m = re.exec(node.data)) !== null) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const lines = new Set(Array.from(range.getClientRects()).filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (lines.size > 1) { broken.push(m[0]); }
    }
  }
  return broken;
}"""


def phone(browser: Any, base: str) -> Any:
    page = browser.new_context(viewport=PHONE, device_scale_factor=1).new_page()
    page.goto(f"{base}/join?token={TOKEN}")
    return page


def new_match(page: Any, base: str, *sides: str, game: str = "scopa") -> None:
    page.select_option("select[name=rules]", game)
    for i, side in enumerate(sides, start=1):
        page.fill(f"input[name=side_{i}]", side)
    page.click("form[action='/matches'] button[type=submit]")
    page.wait_for_url(f"{base}/m/*")


def test_the_count_and_the_store_button_are_in_reach_without_scrolling_past_the_tiles(tmp_path: Path) -> None:
    browser_path = chromium()
    sync_api = pytest.importorskip("playwright.sync_api")
    with serving() as base, sync_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=browser_path, args=["--no-sandbox", "--disable-gpu"])
        try:
            page = phone(browser, base)
            # Cirulla's long labels ("cappotto (tutti i dieci denari)", in Italian) in a narrow table
            page.goto(f"{base}/lang?to=it&back=/")
            new_match(page, base, "Anna", "Bruno")
            page.click("a.button.primary")  # Inserisci la mano 1
            page.wait_for_selector(".tile")
            assert page.locator(".tile").count() == 40
            store = "#hand button[type=submit].big"
            assert in_view(page, store), "the Store button is on the first screen, below nothing"
            for card in README_CARDS:
                page.click(f".tile[data-card='{card}']")
            page.click("button[data-for=sweeps_0][data-step='1']")
            sync_api.expect(page.locator("#live")).to_have_text("Anna 2  ·  Bruno 3")
            # half way down the tiles, and at the last tile: the count and Store still on the screen
            page.locator(".tile[data-card='Kd']").scroll_into_view_if_needed()
            assert in_view(page, "#live") and in_view(page, store)
            page.locator(".tile[data-card='Ks']").scroll_into_view_if_needed()
            assert in_view(page, "#live") and in_view(page, store)
            no_sideways_scrolling(page)
            keep(page, tmp_path, "hand-sticky.png")

            # a suit folds to its heading, which still says how many of its cards are taken
            coins = page.locator("details.suit-d")
            assert coins.locator("output.held").inner_text() == "2/10"
            coins.locator("summary").click()
            assert not page.locator(".tile[data-card='Kd']").is_visible()
            assert page.locator(".tile[data-card='Kh']").is_visible()

            # no word of the count table broken in two, at 390 px, in Italian
            page.locator("#count table").scroll_into_view_if_needed()
            assert page.locator("#count").evaluate(_BROKEN_WORDS) == []
            keep(page, tmp_path, "hand-count.png")

            page.click(store)
            page.wait_for_url(f"{base}/m/1#hand-1")
            assert page.locator(".totals").inner_text().split() == ["Anna", "2", "Bruno", "3"]
        finally:
            browser.close()


def test_undo_on_the_phone_asks_says_what_it_withdrew_and_puts_the_hand_back(tmp_path: Path) -> None:
    browser_path = chromium()
    sync_api = pytest.importorskip("playwright.sync_api")
    with serving() as base, sync_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=browser_path, args=["--no-sandbox", "--disable-gpu"])
        try:
            page = phone(browser, base)
            new_match(page, base, "Anna", "Bruno")
            page.click("text=Enter hand 1")
            for card in README_CARDS:
                page.click(f".tile[data-card='{card}']")
            page.click("button[data-for=sweeps_0][data-step='1']")
            sync_api.expect(page.locator("#live")).to_have_text("Anna 2  ·  Bruno 3")
            page.click("#hand button[type=submit].big")
            page.wait_for_url(f"{base}/m/1#hand-1")

            # the first tap only asks; the hand is still there
            page.click("summary:has-text('Undo hand 1')")
            ask = page.locator("details.undo form")
            assert ask.is_visible() and "Withdraw hand 1 from the sheet?" in ask.inner_text()
            assert page.locator(".totals").inner_text().split() == ["Anna", "2", "Bruno", "3"]
            assert in_view(page, "details.undo button[type=submit]")
            keep(page, tmp_path, "undo-asks.png")

            page.click("button:has-text('Withdraw hand 1')")
            page.wait_for_url(f"{base}/m/1#withdrawn")
            assert page.locator(".totals").inner_text().split() == ["Anna", "0", "Bruno", "0"]
            notice = page.locator("#withdrawn")
            assert "Hand 1 was withdrawn: Anna +2, Bruno +3." in " ".join(notice.inner_text().split())
            assert "7d Ad 6h 5c 4s" in notice.inner_text()
            assert in_view(page, "#withdrawn button[type=submit]")
            no_sideways_scrolling(page)
            keep(page, tmp_path, "undo-withdrawn.png")

            page.click("button:has-text('Put hand 1 back')")  # one tap
            page.wait_for_url(f"{base}/m/1#hand-1")
            assert page.locator(".totals").inner_text().split() == ["Anna", "2", "Bruno", "3"]
            assert page.locator("#withdrawn").count() == 0
            assert page.locator("#hand-1").count() == 1
            keep(page, tmp_path, "undo-redone.png")
        finally:
            browser.close()


def test_the_new_match_form_offers_teams_for_scopone_and_fits_the_phone(tmp_path: Path) -> None:
    browser_path = chromium()
    sync_api = pytest.importorskip("playwright.sync_api")
    with serving() as base, sync_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=browser_path, args=["--no-sandbox", "--disable-gpu"])
        try:
            page = phone(browser, base)
            new_match(page, base, "Anna", "Bruno")
            page.goto(f"{base}/")
            assert page.get_attribute("input[name=side_1]", "placeholder") == "Side 1"
            page.select_option("select[name=rules]", "scopone-scientifico")
            assert page.get_attribute("input[name=side_1]", "placeholder") == "Team 1, e.g. Anna+Bruno"
            no_sideways_scrolling(page)  # the endings in words fit the select
            for i, name in enumerate(("Anna", "Bruno", "Carla", "Dario"), start=1):
                page.fill(f"input[name=side_{i}]", name)
            page.click("form[action='/matches'] button[type=submit]")
            page.wait_for_load_state("load")
            # the form comes back first, the teams filled in, the mistake said in words
            assert "partners sit opposite" in page.inner_text(".problems")
            assert in_view(page, "#new-match select[name=rules]")
            assert [page.input_value(f"input[name=side_{i}]") for i in (1, 2, 3)] == ["Anna+Carla", "Bruno+Dario", ""]
            no_sideways_scrolling(page)
            keep(page, tmp_path, "new-match-teams.png")
            page.click("form[action='/matches'] button[type=submit]")
            page.wait_for_url(f"{base}/m/2")
            assert page.locator(".totals").inner_text().split() == ["Anna+Carla", "0", "Bruno+Dario", "0"]
        finally:
            browser.close()
