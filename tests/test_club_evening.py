"""The HTML sheet on a club's board: a title for the evening (club, date, games), hands not entered
pile by pile marked in their rows, and a chart whose labels are readable and clear of the lines, as
Chromium draws it (on the sheet, and on the phone's page at 390x844)."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from conftest import run
from test_export_html_browser import chromium, pixels_of, read_png

from scorekeeper.output.chart import COLOURS, FONT

pytestmark = pytest.mark.slow  # browser checks of the HTML sheet

README = ["-p", "Anna=7d Ad 6h 5c 4s", "-p", "Bruno=rest", "-s", "Anna=1"]  # Anna 2, Bruno 3


def evening_of_scopa_and_scopone() -> None:
    """Scopa to 11, Anna 11-8 over four hands (the second from points alone; the last gives Anna only the
    settebello, so her line ends on the target's line at its right end), then a Scopone hand."""
    assert run("match", "new", "--rules", "scopa", "--side", "Anna", "--side", "Bruno", "--name", "friday")[0] == 0
    assert run("match", "add", *README)[0] == 0
    assert run("match", "add", "--points", "Anna=3", "--points", "Bruno=1")[0] == 0
    assert run("match", "add", "-p", "Anna=rest", "-p", "Bruno=7d", "-s", "Anna=2")[0] == 0
    assert run("match", "add", "-p", "Anna=7d", "-p", "Bruno=rest")[0] == 0
    scopone = ["--rules", "scopone-scientifico", "--side", "Anna+Carla", "--side", "Bruno+Dario"]
    assert run("match", "new", *scopone)[0] == 0
    assert run("match", "add", "-p", "Anna+Carla=rest", "-p", "Bruno+Dario=7d", "-s", "Anna+Carla=4")[0] == 0


def export(*args: str) -> str:
    code, out, err = run("export", *args, "--format", "html")
    assert code == 0, err
    return out


def test_the_sheet_is_titled_with_the_club_the_date_and_the_games_of_the_evening() -> None:
    evening_of_scopa_and_scopone()
    today = f"{datetime.now().astimezone():%Y-%m-%d}"
    page = export("--all", "--club", "Circolo Vomero")
    title = f"Circolo Vomero, {today}: Scopa, Scopone Scientifico"
    assert f"<title>{title}</title>" in page and f'<h1 class="evening">{title}</h1>' in page
    assert page.count("<h1") == 1 and "<h2>friday: Scopa, Anna vs Bruno</h2>" in page
    # one match, no club: the date and its game
    assert f'<h1 class="evening">{today}: Scopone Scientifico</h1>' in export("2")


def test_the_evening_title_is_in_the_readers_language() -> None:
    evening_of_scopa_and_scopone()
    code, out, _err = run("--lang", "it", "export", "1", "--format", "html", "--club", "Circolo")
    assert code == 0 and re.search(r'<h1 class="evening">Circolo, \d{4}-\d\d-\d\d: Scopa</h1>', out)


def test_a_points_only_hand_is_marked_in_its_rows() -> None:
    evening_of_scopa_and_scopone()
    page = export("1")
    rows = re.findall(r'<tr class="entry points-only">(.*?)</tr>', page)
    assert len(rows) == 2, "both sides' rows of hand 2"
    assert rows[0].startswith('<td rowspan="2">2*</td><td class="side">Anna</td>')
    assert "<em>points only: no cards checked</em>" in rows[0]
    assert page.count("points only: no cards checked") == 1
    assert '<tr class="entry' not in page.replace('<tr class="entry points-only">', "")  # the checked hands: unmarked


# Each text of the page's charts: its size as drawn on the screen (its font size times the chart's scale).
_DRAWN_SIZES = """() => Array.from(document.querySelectorAll('svg text')).map(t =>
    [t.textContent, parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a])"""


def target_label_is_clear(page: Any, tmp_path: Path, selector: str) -> None:
    """No pixel of any side's colour inside the box of the target's label, as drawn."""
    label = page.locator(selector).first
    box = label.bounding_box()
    assert box is not None
    shot = tmp_path / "label.png"
    page.screenshot(path=str(shot), clip=box)
    _width, _height, rows, bpp = read_png(shot.read_bytes())
    assert all(not pixels_of(colour, rows, bpp) for colour in COLOURS), "a line crosses the target's label"
    assert pixels_of("#555555", rows, bpp), "the label is drawn"


def test_chromium_draws_the_charts_labels_at_12_px_or_more_and_the_targets_clear_of_the_lines(tmp_path: Path) -> None:
    browser_path = chromium()
    sync_api = pytest.importorskip("playwright.sync_api")
    evening_of_scopa_and_scopone()
    sheet = tmp_path / "evening.html"
    assert run("export", "--all", "--format", "html", "-o", str(sheet))[0] == 0
    with sync_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=browser_path, args=["--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page(viewport={"width": 900, "height": 1200}, device_scale_factor=1)
            page.goto(sheet.as_uri())
            sizes = page.evaluate(_DRAWN_SIZES)
            assert sizes and min(size for _text, size in sizes) >= 12, sizes
            assert ["target 11", FONT] in [[t, round(s, 1)] for t, s in sizes]
            # Anna's line ends on the target's line at its right end, where the label used to be drawn
            target_label_is_clear(page, tmp_path, "text.target")
            page.screenshot(path=str(tmp_path / "evening.png"))
        finally:
            browser.close()


def test_chromium_draws_the_phones_chart_labels_at_12_px_or_more(tmp_path: Path) -> None:
    browser_path = chromium()
    sync_api = pytest.importorskip("playwright.sync_api")
    from test_web_browser import PHONE, TOKEN, serving

    evening_of_scopa_and_scopone()
    with serving() as base, sync_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=browser_path, args=["--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_context(viewport=PHONE, device_scale_factor=1).new_page()
            page.goto(f"{base}/join?token={TOKEN}")
            page.goto(f"{base}/m/1")
            page.locator(".chart svg").scroll_into_view_if_needed()
            sizes = page.evaluate(_DRAWN_SIZES)
            assert sizes and min(size for _text, size in sizes) >= 12, sizes
            target_label_is_clear(page, tmp_path, ".chart text.target")
        finally:
            browser.close()
