"""A season's league table as an Excel workbook, from the CLI (``season export --format xlsx -o``) and
from the season's page (``?format=xlsx``): the same sheet, numbers as numbers."""

from __future__ import annotations

import re

import pytest
from conftest import run
from test_ratings import played
from test_web_ratings import joined
from test_xlsx import parts


def sheet_of(data: bytes) -> tuple[list[str], str, list[str]]:
    """The workbook's sheet names, its sheet's XML and its strings in order."""
    found = parts(data)
    names = re.findall(r'<sheet name="([^"]+)"', found["xl/workbook.xml"])
    strings = re.findall(r"<t[^>]*>([^<]*)</t>", found["xl/sharedStrings.xml"])
    return names, found["xl/worksheets/sheet1.xml"], strings


@pytest.mark.slow
def test_a_season_exports_as_an_excel_workbook_from_the_cli_and_the_page(tmp_path) -> None:
    played("scopa", ["Anna", "Bruno"], ["Anna=11", "Bruno=4"])
    played("scopa", ["Anna", "Carla"], ["Anna=11", "Carla=4"])
    assert run("season", "new", "Club Year", "--from", "2000-01-01", "--to", "2999-12-31", "--win", "3")[0] == 0
    path = tmp_path / "club.xlsx"
    code, out, err = run("season", "export", "club year", "--format", "xlsx", "-o", str(path))
    assert (code, out) == (0, ""), err
    names, sheet, strings = sheet_of(path.read_bytes())
    assert names == ["Club Year"]
    assert {"player", "points", "tournament points", "Anna", "Bruno", "Carla"} <= set(strings)
    # Anna's line: place 1, 6 points from 2 matches won, as numbers
    assert re.findall(r'<c r="[A-G]2"(?: s="\d+")?(?: t="\w+")?><v>([^<]+)</v>', sheet)[:1] == ["1"]
    assert re.findall(r'<c r="[C-F]2"(?: s="\d+")?><v>([^<]+)</v>', sheet) == ["6", "2", "2", "0"]
    answer = joined().get("/s/Club%20Year?format=xlsx")
    assert answer.status_code == 200 and "spreadsheetml" in answer.headers["content-type"]
    assert sheet_of(answer.content) == (names, sheet, strings)


def test_an_xlsx_export_without_a_file_is_refused_in_one_line() -> None:
    assert run("season", "new", "S", "--from", "2000-01-01", "--to", "2999-12-31")[0] == 0
    code, out, err = run("season", "export", "S", "--format", "xlsx")
    assert (code, out) == (2, "")
    assert err.strip() == "error: --format xlsx: a workbook is written to a file; give -o FILE"
    code, _out, err = run("season", "export", "S", "--format", "xls", "-o", "x.xls")
    assert code == 2 and "a season exports as csv, xlsx or html" in err
