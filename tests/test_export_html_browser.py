"""The HTML export as a real headless Chromium draws it: each side's line in its colour, at the
heights its running totals say, and nothing fetched from anywhere."""

from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorekeeper.cli import app
from scorekeeper.output.html import COLOURS, HEIGHT, PAD

runner = CliRunner()
ANNA_SWEEPS = ["-p", "Anna=rest", "-p", "Bruno=h:A", "-s", "Anna=7"]  # Hurricane: 11-0
BRUNO_SWEEPS = ["-p", "Anna=h:A", "-p", "Bruno=rest", "-s", "Bruno=7"]  # 0-11


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
    # so Anna's highest point is a full plot height above zero and Bruno's half of one.
    plot = HEIGHT - 2 * PAD
    anna_top = min(y for _, y in anna_line)
    bruno_top = min(y for _, y in bruno_line)
    zero = max(y for _, y in anna_line + bruno_line)
    assert abs((zero - anna_top) - plot) <= 6
    assert abs((zero - bruno_top) - plot / 2) <= 6
    # Anna's peak is at the last hand (right), Bruno's plateau spans the last two hands.
    assert min(x for x, y in anna_line if y <= anna_top + 2) > max(x for x, _ in anna_line) - 10
    plateau = [x for x, y in bruno_line if y <= bruno_top + 2]
    assert max(plateau) - min(plateau) > 150


def test_chromium_prints_one_page_per_match(tmp_path: Path) -> None:
    browser = chromium()
    for sides in (["Anna", "Bruno"], ["Carla", "Dario"], ["Erik", "Fede"]):
        code = runner.invoke(app, ["match", "new", "--rules", "hurricane", "--side", sides[0], "--side", sides[1]])
        assert code.exit_code == 0
        hand = ["-p", f"{sides[0]}=rest", "-p", f"{sides[1]}=h:A", "-s", f"{sides[0]}=7"]
        assert runner.invoke(app, ["match", "add", code.stdout.strip(), *hand]).exit_code == 0
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
