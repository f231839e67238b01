"""The pages in a real browser: the system's Chromium, driven by Playwright, on a phone-sized
screen (390x844). One phone starts a match, taps the cards of the README's hand, sees the server's
live count and stores the hand; a second phone sees the hand appear on its sheet by itself."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from test_export_html_browser import chromium, pixels_of, read_png

from scorekeeper.output.html import COLOURS
from scorekeeper.web.app import create_app

pytestmark = pytest.mark.slow  # a real browser

TOKEN = "browser-token-0123456789abcdef"
PHONE = {"width": 390, "height": 844}


@contextmanager
def serving() -> Iterator[str]:
    """A real uvicorn server on a free port of this machine, for the test's duration."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(None, TOKEN), log_level="warning", access_log=False))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


def no_sideways_scrolling(page: Any) -> None:
    # After a form's submit the address can change before the new page exists (the document is
    # then null for a moment): the page is measured once it has loaded.
    page.wait_for_load_state("load")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), page.url


def test_a_phone_taps_a_hand_and_another_phone_sees_it_appear(tmp_path: Path) -> None:
    browser_path = chromium()
    sync_api = pytest.importorskip("playwright.sync_api")
    with serving() as base, sync_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=browser_path, args=["--no-sandbox", "--disable-gpu"])
        try:
            first = browser.new_context(viewport=PHONE, device_scale_factor=1).new_page()
            first.goto(f"{base}/join?token={TOKEN}")
            first.fill("input[name=side_1]", "Anna")
            first.fill("input[name=side_2]", "Bruno")
            first.click("button[type=submit].primary")
            assert first.url == f"{base}/m/1"
            no_sideways_scrolling(first)

            second = browser.new_context(viewport=PHONE, device_scale_factor=1).new_page()
            second.goto(f"{base}/join?token={TOKEN}")
            second.goto(f"{base}/m/1")
            assert second.locator("#hand-1").count() == 0

            first.click("text=Enter hand 1")
            for card in ("7d", "Ad", "6h", "5c", "4s"):
                first.click(f".tile[data-card='{card}']")
            first.click("button[data-for=sweeps_0][data-step='1']")
            assert first.input_value("#pile_0") == "7d Ad 6h 5c 4s"
            assert first.get_attribute(".tile[data-card='7d']", "aria-pressed") == "true"
            # the server's count of what was tapped: Anna 2, Bruno 3 (the README's example)
            sync_api.expect(first.locator("#live")).to_have_text("Anna 2  ·  Bruno 3")
            assert "Bruno wins with 81 against 68" in first.inner_text("#count")
            no_sideways_scrolling(first)
            shot = tmp_path / "hand-entry.png"
            first.screenshot(path=str(shot), full_page=True)
            keep = os.environ.get("SCOREKEEPER_SCREENSHOTS")  # a folder: keep the pictures for the README
            if keep:
                shutil.copy(shot, Path(keep) / "hand-entry.png")

            first.click("#hand button[type=submit].big")
            first.wait_for_url(f"{base}/m/1#hand-1")
            totals = first.locator(".totals")
            assert totals.inner_text().split() == ["Anna", "2", "Bruno", "3"]
            box = totals.bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
            no_sideways_scrolling(first)
            sheet = tmp_path / "sheet.png"
            first.screenshot(path=str(sheet))
            width, height, rows, bpp = read_png(sheet.read_bytes())
            assert (width, height) == (PHONE["width"], PHONE["height"])
            anna = pixels_of(COLOURS[0], rows, bpp)  # Anna's total is drawn on her colour, on the first screen
            assert len(anna) > 2000 and max(y for _x, y in anna) < PHONE["height"]

            second.wait_for_selector("#hand-1", timeout=15_000)  # it polls and reloads by itself
            assert second.locator(".totals").inner_text().split() == ["Anna", "2", "Bruno", "3"]
            no_sideways_scrolling(second)
        finally:
            browser.close()
