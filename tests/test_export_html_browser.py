"""The HTML export as a real headless Chromium draws it: each side's line in its colour, at the
heights its running totals say, and nothing fetched from anywhere."""

from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import zlib
from html.parser import HTMLParser
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorekeeper.cli import app
from scorekeeper.output.html import COLOURS, HEIGHT, PAD, WINNER, stroke

pytestmark = pytest.mark.slow  # a real browser

runner = CliRunner()
ANNA_SWEEPS = ["-p", "Anna=rest", "-p", "Bruno=h:A", "-s", "Anna=7"]  # Hurricane: 11-0
BRUNO_SWEEPS = ["-p", "Anna=h:A", "-p", "Bruno=rest", "-s", "Bruno=7"]  # 0-11


BROWSER = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           "--force-device-scale-factor=1", "--hide-scrollbars"]
# Scopa, 2-2 every hand: Anna most cards and a sweep, Bruno most coins and the settebello; primiera to
# nobody (Anna lacks coins, Bruno every other suit).
LEVEL = ["-p", "Anna=rest", "-p", "Bruno=d:A234567JQK", "-s", "Anna=1"]


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    if os.environ.get("CI") == "true":
        pytest.fail("chromium is not installed: .ci/run installs the Debian package 'chromium'")
    pytest.skip("chromium is not installed (CI installs it; locally: apt-get install chromium)")


def read_png(data: bytes) -> tuple[int, int, list[bytearray], int]:
    """Width, height, rows of raw pixels and bytes per pixel of an 8-bit RGB or RGBA PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks, head = 8, b"", b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            head = body
        elif kind == b"IDAT":
            chunks += body
        pos += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", head[:10])
    assert depth == 8 and colour in (2, 6), (depth, colour)
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(chunks)
    stride = width * bpp
    rows: list[bytearray] = []
    prev = bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, rows, bpp


def pixels_of(colour: str, rows: list[bytearray], bpp: int) -> list[tuple[int, int]]:
    rgb = bytes(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    found = []
    for y, line in enumerate(rows):
        for x in range(0, len(line), bpp):
            if line[x:x + 3] == rgb:
                found.append((x // bpp, y))
    return found


def test_chromium_draws_each_side_at_the_height_of_its_running_total(tmp_path: Path) -> None:
    browser = chromium()
    new = ["match", "new", "--rules", "hurricane", "--side", "Anna", "--side", "Bruno"]
    assert runner.invoke(app, new).exit_code == 0
    for hand in (ANNA_SWEEPS, BRUNO_SWEEPS, ANNA_SWEEPS):
        assert runner.invoke(app, ["match", "add", *hand]).exit_code == 0
    page = tmp_path / "match.html"
    result = runner.invoke(app, ["export", "1", "--format", "html", "-o", str(page)])
    assert result.exit_code == 0, result.stderr
    html = page.read_text(encoding="utf-8")
    assert "<script" not in html and not re.search(r"(src|href)=|url\(|@import", html)  # nothing to fetch
    shot = tmp_path / "shot.png"
    profile = tmp_path / "profile"
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    f"--user-data-dir={profile}", "--force-device-scale-factor=1", "--hide-scrollbars",
                    f"--screenshot={shot}", "--window-size=800,1000", page.as_uri()],
                   check=True, capture_output=True, timeout=120)
    width, height, rows, bpp = read_png(shot.read_bytes())
    assert (width, height) == (800, 1000)
    # Only the chart's lines, not the legend swatches below it: keep pixels above the legend.
    anna = pixels_of(COLOURS[0], rows, bpp)
    bruno = pixels_of(COLOURS[1], rows, bpp)
    assert len(anna) > 500 and len(bruno) > 500, "both lines are drawn, in their own colours"
    legend_y = max(y for _, y in anna)
    anna_line = [(x, y) for x, y in anna if y < legend_y - 20]
    bruno_line = [(x, y) for x, y in bruno if y < legend_y - 20]
    # Totals: Anna 0, 11, 11, 22; Bruno 0, 0, 11, 11.  The axis tops out at 22 (above the target 16),
    # so Anna's highest point is a full plot height above zero and Bruno's half of one. Points are the
    # centres of the markers: Bruno's, drawn last, shows whole at zero.
    plot = HEIGHT - 2 * PAD
    anna_top = min(y for _, y in anna_line)
    bruno_top = min(y for _, y in bruno_line)
    anna_r, bruno_r = stroke(0, 2)[1], stroke(1, 2)[1]
    zero = max(y for _, y in bruno_line) - bruno_r
    assert abs((zero - (anna_top + anna_r)) - plot) <= 4
    assert abs((zero - (bruno_top + bruno_r)) - plot / 2) <= 4
    # Anna won 22-11: her totals row is highlighted, on the first screen.
    assert len(pixels_of(WINNER, rows, bpp)) > 2000
    # Anna's peak is at the last hand (right), Bruno's plateau spans the last two hands.
    peak = [x for x, y in anna_line if y <= anna_top + 2]  # the top of the marker of her last point
    assert abs((min(peak) + max(peak)) / 2 - (max(x for x, _ in anna_line) - anna_r)) <= 3
    plateau = [x for x, y in bruno_line if y <= bruno_top + 2]
    assert max(plateau) - min(plateau) > 150


def test_chromium_prints_one_page_per_match(tmp_path: Path) -> None:
    browser = chromium()
    for number, sides in enumerate((["Anna", "Bruno"], ["Carla", "Dario"], ["Erik", "Fede"]), start=1):
        code = runner.invoke(app, ["match", "new", "--rules", "hurricane", "--side", sides[0], "--side", sides[1]])
        assert code.exit_code == 0
        hand = ["-p", f"{sides[0]}=rest", "-p", f"{sides[1]}=h:A", "-s", f"{sides[0]}=7"]
        assert runner.invoke(app, ["match", "add", str(number), *hand]).exit_code == 0
    page = tmp_path / "all.html"
    assert runner.invoke(app, ["export", "--all", "--format", "html", "-o", str(page)]).exit_code == 0
    pdf = tmp_path / "all.pdf"
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    f"--user-data-dir={tmp_path / 'profile'}", "--no-pdf-header-footer", f"--print-to-pdf={pdf}",
                    page.as_uri()], check=True, capture_output=True, timeout=120)
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    pages = len(re.findall(rb"/Type\s*/Page\b(?!s)", data))
    assert pages == 3


def test_chromium_shows_both_lines_when_the_totals_are_equal_and_a_column_per_category(tmp_path: Path) -> None:
    """Issue 10: with equal totals one side's line hid the other's; the categories were a prose blob."""
    browser = chromium()
    assert runner.invoke(app, ["match", "new", "--rules", "scopa", "--side", "Anna", "--side", "Bruno"]).exit_code == 0
    for _hand in range(3):
        assert runner.invoke(app, ["match", "add", *LEVEL]).exit_code == 0
    page = tmp_path / "level.html"
    assert runner.invoke(app, ["export", "1", "--format", "html", "-o", str(page)]).exit_code == 0
    shot = tmp_path / "level.png"
    subprocess.run([browser, *BROWSER, f"--user-data-dir={tmp_path / 'profile'}", f"--screenshot={shot}",
                    "--window-size=800,1000", page.as_uri()], check=True, capture_output=True, timeout=120)
    _width, _height, rows, bpp = read_png(shot.read_bytes())
    anna, bruno = pixels_of(COLOURS[0], rows, bpp), pixels_of(COLOURS[1], rows, bpp)
    legend_y = max(y for _, y in anna)
    anna_line = [(x, y) for x, y in anna if y < legend_y - 20]
    bruno_line = [(x, y) for x, y in bruno if y < legend_y - 20]
    # Totals 0, 2, 4, 6 for both: Bruno's line lies on Anna's, which still shows along all of it.
    assert len(anna_line) > 800 and len(bruno_line) > 800, (len(anna_line), len(bruno_line))
    assert max(x for x, _ in anna_line) - min(x for x, _ in anna_line) > 500
    dom = subprocess.run([browser, *BROWSER, f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", page.as_uri()],
                         check=True, capture_output=True, timeout=120, text=True).stdout
    table = TableReader()
    table.feed(dom)
    assert table.rows["thead"] == [["hand", "side", "most cards", "most coins", "settebello (7d)", "primiera",
                                    "sweeps (scope)", "points", "total", "notes"]]
    assert table.rows["tbody"][:2] == [["1", "Anna", "1", "0", "0", "0", "1", "2", "2", ""],
                                       ["Bruno", "0", "1", "1", "0", "0", "2", "2"]]
    assert table.rows["tfoot"] == [["total", "Anna", "3", "0", "0", "0", "3", "", "6", ""],
                                   ["total", "Bruno", "0", "3", "3", "0", "0", "", "6", ""]]


class TableReader(HTMLParser):
    """The text of each cell of a page's table, row by row, by part (thead, tbody, tfoot)."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: dict[str, list[list[str]]] = {"thead": [], "tbody": [], "tfoot": []}
        self.part = ""
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.rows:
            self.part = tag
        elif tag == "tr" and self.part:
            self.rows[self.part].append([])
        elif tag in ("td", "th") and self.part:
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None:
            self.rows[self.part][-1].append("".join(self.cell).strip())
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)
