"""The HTML sheet for the club (issue 10): a title in plain words, the local start time, a column per
category with a totals row, the winner highlighted, a marker on every point, the page's language."""

from __future__ import annotations

import re
import time

import pytest
from conftest import run

ANNA_SWEEPS = ["-p", "Anna=rest", "-p", "Bruno=h:A", "-s", "Anna=7"]  # Hurricane: 11-0


def sheet(*args: str) -> str:
    code, out, err = run("export", "1", "--format", "html", *args)
    assert (code, err) == (0, "")
    return out


def test_the_title_and_the_ending_are_said_in_plain_words_without_policy_ids_or_stakes():
    assert run("match", "new", "--rules", "scopa", "--side", "Anna", "--side", "Bruno", "--name", "friday")[0] == 0
    page = sheet()
    assert "<h2>friday: Scopa, Anna vs Bruno</h2>" in page
    assert ("Played to 11 points: after a hand in which a side reaches them, the highest total wins; if the "
            "highest totals are equal, that hand is counted again category by category.") in page
    assert "count-out-if-tied" not in page and "stake" not in page


def test_a_doubled_hurricane_win_is_said_as_counting_double_and_its_totals_row_is_highlighted():
    """Hurricane (Parlett): the stake doubles when the loser has under 8; Anna wins 22-0."""
    assert run("match", "new", "--rules", "hurricane", "--side", "Anna", "--side", "Bruno")[0] == 0
    for _hand in range(2):
        assert run("match", "add", *ANNA_SWEEPS)[0] == 0
    page = sheet()
    assert ("Anna wins the match, 22-0: Anna reached 16 with the highest total. The win counts double (2): "
            "the loser stayed under 8.") in page
    assert '<tr class="totals winner"><td>total</td><td class="side">Anna</td>' in page
    assert '<tr class="totals"><td>total</td><td class="side">Bruno</td>' in page
    foot = page[page.index("<tfoot>"):page.index("</tfoot>")]
    # cards, hearts, seven of hearts, primiera, hurricanes (sweeps, 1 each): Anna took every one twice
    assert re.findall(r"<td>(\d*)</td>", foot)[:7] == ["2", "2", "2", "2", "14", "", "22"]


def test_the_start_is_shown_in_local_time(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    assert run("match", "new", "--rules", "scopa", "--side", "Anna", "--side", "Bruno")[0] == 0
    utc = re.search(r"started on (\S+) at (\S+)\.", sheet()).groups()
    monkeypatch.setenv("TZ", "XST-3")  # three hours east of UTC, whatever the machine says
    time.tzset()
    try:
        local = re.search(r"started on (\S+) at (\S+)\.", sheet()).groups()
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()
    hours, minutes = (int(t) for t in utc[1].split(":"))
    assert local[1] == f"{(hours + 3) % 24:02d}:{minutes:02d}"
    assert "T" not in utc[0] and "Z" not in utc[1]  # no raw stamp


def test_every_point_of_every_line_has_a_marker_and_the_first_line_is_the_widest():
    assert run("match", "new", "--rules", "hurricane", "--side", "Anna", "--side", "Bruno")[0] == 0
    assert run("match", "add", *ANNA_SWEEPS)[0] == 0
    page = sheet()
    assert page.count("<circle ") == 2 and page.count('<rect x="') == 2 + 1  # Anna's, Bruno's, the background
    widths = [int(w) for w in re.findall(r'<polyline [^>]*stroke-width="(\d+)"', page)]
    assert widths[0] > widths[1]


def test_the_page_speaks_the_language_in_use_and_fetches_nothing():
    assert run("match", "new", "--rules", "cirulla", "--side", "Anna", "--side", "Bruno")[0] == 0
    code, page, _err = run("--lang", "it", "export", "1", "--format", "html")
    assert code == 0
    assert '<html lang="it">' in page
    assert "<th>carte</th>" in page and "<th>bussata (dichiarata)</th>" in page  # the rule set's Italian labels
    assert "<script" not in page and not re.search(r"(src|href)=|url\(|@import", page)
