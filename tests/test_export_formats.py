"""Export and import: CSV rows and formula neutralising, the JSON round trip to the same bytes,
the Markdown score sheet, atomic files, and refusals of bad files."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import os
import signal
import time

import pytest
from conftest import run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.output.export import safe_cell, write_atomically

BIG = ["-p", "Anna=rest", "-p", "Bruno=h:A", "-s", "Anna=7"]  # Hurricane: Anna 11, Bruno 0
SMALL = ["-p", "Anna=h:A", "-p", "Bruno=rest", "-s", "Bruno=2"]  # Bruno 1+1+1+1+2 = 6



def played(db: str | None = None) -> list[str]:
    extra = ["--db", db] if db else []
    new = ("match", "new", "--rules", "hurricane", "--side", "Anna", "--side", "Bruno", "--name", "club")
    assert run(*new, *extra)[0] == 0
    for hand in (BIG, SMALL, BIG):
        assert run("match", "add", *hand, *extra)[0] == 0
    assert run("match", "undo", "1", *extra)[0] == 0
    assert run("match", "add", *SMALL, *extra)[0] == 0
    run("match", "edit", "1", "1", *SMALL, *extra)
    return extra


@pytest.mark.slow
def test_csv_has_a_row_per_hand_per_side_with_category_points_and_running_total():
    played()
    code, out, err = run("export", "1", "--format", "csv")
    assert (code, err) == (0, "")
    assert out.replace("\r\n", "\n") == """\
match,name,rules,hand,side,cards,hearts,seven-of-hearts,primiera,hurricanes,hand points,total,forced,note
1,club,hurricane,1,Anna,0,0,0,0,0,0,0,,
1,club,hurricane,1,Bruno,1,1,1,1,2,6,6,,
1,club,hurricane,2,Anna,0,0,0,0,0,0,0,,
1,club,hurricane,2,Bruno,1,1,1,1,2,6,12,,
1,club,hurricane,3,Anna,0,0,0,0,0,0,0,,Bruno reached 16 with the highest total
1,club,hurricane,3,Bruno,1,1,1,1,2,6,18,,Bruno reached 16 with the highest total
"""


@pytest.mark.parametrize("text", ["=1+2", "+1", "-2+3", "@SUM(A1)", "\t=x", "\r=x", "=HYPERLINK(\"http://x\")"])
def test_csv_injection_formula_cells_are_neutralised(text):
    assert safe_cell(text) == "'" + text
    assert safe_cell("Anna") == "Anna" and safe_cell(12) == 12


def test_csv_injection_through_match_and_side_names():
    run("match", "new", "--rules", "hurricane", "--side", "@SUM(1)", "--side", "-Bruno", "--name", "=cmd|'/C calc'!A0")
    run("match", "add", "-p", "@sum(1)=rest", "-p", "-bruno=h:A")
    rows = list(csv.reader(io.StringIO(run("export", "1", "--format", "csv")[1], newline="")))
    cells = [cell for row in rows[1:] for cell in row]
    assert "'=cmd|'/C calc'!A0" in cells and "'@SUM(1)" in cells and "'-Bruno" in cells
    assert not any(cell[:1] in ("=", "+", "-", "@") for cell in cells)


@pytest.mark.slow
def test_json_export_import_export_gives_the_same_bytes(tmp_path):
    played()
    first = tmp_path / "first.json"
    assert run("export", "--all", "--format", "json", "-o", str(first))[0] == 0
    other = str(tmp_path / "other.sqlite")
    code, out, err = run("import", str(first), "--db", other)
    assert (code, out, err) == (0, "match 1: imported\n", "")
    second = tmp_path / "second.json"
    assert run("export", "--all", "--format", "json", "-o", str(second), "--db", other)[0] == 0
    assert first.read_bytes() == second.read_bytes()
    data = json.loads(first.read_text())
    match = data["matches"][0]
    assert [e["kind"] for e in match["events"]] == ["new", "add", "add", "add", "undo", "add", "edit"]
    assert len(match["hands"]) == 5 and match["result"]["winner"] == "Bruno"
    # importing the same file again adds nothing
    assert run("import", str(first), "--db", other)[1] == "match 1: already in the history\n"


@pytest.mark.slow
def test_import_keeps_the_match_when_its_id_is_taken(tmp_path):
    played()
    path = tmp_path / "h.json"
    run("export", "1", "--format", "json", "-o", str(path))
    other = str(tmp_path / "other.sqlite")
    run("match", "new", "--rules", "scopa", "--side", "X", "--side", "Y", "--db", other)
    assert run("import", str(path), "--db", other)[1] == "match 2: imported as 2 (1 was taken)\n"
    shown = json.loads(run("match", "show", "2", "--json", "--db", other)[1])
    assert (shown["winner"], shown["totals"]) == ("Bruno", {"Anna": 0, "Bruno": 18})


@pytest.mark.slow
def test_import_refuses_a_damaged_file_and_changes_nothing(tmp_path):
    played()
    path = tmp_path / "h.json"
    run("export", "1", "--format", "json", "-o", str(path))
    data = json.loads(path.read_text())
    data["matches"][0]["hands"][0]["forced"] = "yes"
    path.write_text(json.dumps(data))
    other = str(tmp_path / "other.sqlite")
    code, out, err = run("import", str(path), "--db", other)
    assert (code, out) == (2, "")
    assert err == f"error: {path}: matches[0].hands[0].forced: Input should be a valid boolean\n"
    assert run("match", "list", "--db", other)[1] == "No matches yet: start one with 'scorekeeper match new'.\n"
    path.write_text("{ not json")
    assert run("import", str(path), "--db", other)[2] == (
        f"error: {path}:1:3: not valid JSON: Expecting property name enclosed in double quotes\n")


@pytest.mark.slow
def test_markdown_score_sheet():
    played()
    code, out, _err = run("export", "club", "--format", "md")
    assert code == 0
    assert "| Hand | Anna | Bruno | Categories |" in out
    assert "| 3 | +0 = 0 | +6 = 18 | most cards: Bruno 1; most hearts (cups): Bruno 1; " \
           "seven of hearts (7h): Bruno 1; " \
           "primiera: Bruno 1; hurricanes (sweeps): Bruno 2; Bruno reached 16 with the highest total |" in out
    assert out.rstrip().endswith(
        "**Bruno wins the match, 0-18, stake 2 (doubled): Bruno reached 16 with the highest total.**")


def test_export_with_no_match_named_takes_the_latest_and_says_when_there_is_none():
    assert run("export", "--format", "csv")[2] == (
        "error: no match is being played: start one with 'scorekeeper match new', or name one\n")
    assert run("export", "--all", "--format", "xls")[2] == (
        "error: --format 'xls': not a format (one of csv, json, md, html)\n")


def test_atomic_write_replaces_the_whole_file(tmp_path):
    path = tmp_path / "out.csv"
    path.write_text("old contents\n")
    write_atomically(path, "new contents\n")
    assert path.read_text() == "new contents\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.csv"]  # no temporary file left behind


@pytest.mark.slow
def test_a_writer_killed_mid_export_leaves_the_old_file_or_the_new(tmp_path):
    path = tmp_path / "sheet.txt"
    old, new = "old\n" * 1000, "new\n" * 2_000_000
    path.write_text(old)
    for delay in (0.0, 0.002, 0.005, 0.01, 0.02, 0.05):
        pid = os.fork()
        if pid == 0:
            try:
                write_atomically(path, new)
            finally:
                os._exit(0)
        time.sleep(delay)
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        assert path.read_text() in (old, new)
        path.write_text(old)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(name=st.text(st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00"), max_size=20))
def test_csv_keeps_any_match_name_as_plain_text(name):
    from scorekeeper.history.matches import Match
    from scorekeeper.history.store import MatchRow
    from scorekeeper.match.ending import (
        CategoryPoints,
        HandPoints,
        match_settings,
        state_after,
    )
    from scorekeeper.output.export import to_csv
    from scorekeeper.rules.catalog import load_rules

    # any text at all: a file from elsewhere may hold names the commands would refuse
    settings_ = dataclasses.replace(match_settings(load_rules("scopa"), ["Anna", "Bruno"]), name=name)
    row = MatchRow(7, "u", name, "t", "{}", [["Anna", ["Anna"]], ["Bruno", ["Bruno"]]], 11, "highest", [])
    hand = HandPoints(("Anna", "Bruno"), (CategoryPoints("cards", "most cards", (1, 0)),))
    match = Match(row, settings_, state_after(settings_, [hand]))
    rows = list(csv.reader(io.StringIO(to_csv([match]), newline="")))
    assert len(rows) == 3 and rows[1][4:6] == ["Anna", "1"]
    cell = rows[1][1]
    assert cell == safe_cell(name)
    assert cell[:1] not in ("=", "+", "-", "@", "\t", "\r", "\n")


def test_csv_leaves_blank_the_categories_a_count_out_never_reached():
    from scorekeeper.history.matches import Match
    from scorekeeper.history.store import MatchRow
    from scorekeeper.match.ending import (
        CategoryPoints,
        HandPoints,
        match_settings,
        state_after,
    )
    from scorekeeper.output.export import to_csv
    from scorekeeper.rules.catalog import load_rules

    settings_ = match_settings(load_rules("scopa"), ["Anna", "Bruno"], finish="count-out")
    ids = ("cards", "coins", "settebello", "primiera", "sweeps")

    def hand(*points: tuple[int, int]) -> HandPoints:
        return HandPoints(("Anna", "Bruno"), tuple(CategoryPoints(i, i, p) for i, p in zip(ids, points, strict=True)))

    hands = [hand((0, 0), (0, 0), (0, 0), (0, 0), (10, 8)), hand((0, 1), (0, 1), (0, 1), (1, 0), (3, 0))]
    row = MatchRow(3, "u", "", "t", "{}", [["Anna", ["Anna"]], ["Bruno", ["Bruno"]]], 11, "count-out", [])
    rows = list(csv.reader(io.StringIO(to_csv([Match(row, settings_, state_after(settings_, hands))]), newline="")))
    assert rows[0][5:10] == list(ids)
    assert rows[3][3:13] == ["2", "Anna", "0", "0", "0", "", "", "0", "10", ""]
    assert rows[4][3:13] == ["2", "Bruno", "1", "1", "1", "", "", "3", "11", ""]
    assert rows[4][13] == "Bruno reached 11 first, at settebello"
