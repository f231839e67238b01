"""The bug of the web's hand edit form reading Spanish- or Italian-typed piles with French letters: a
hand typed with ``--spanish-suits`` or ``--italian-suits`` opened in the edit form shows its cards in
the letters the form and its tiles read, and saved as it is counts what it counted before."""

from __future__ import annotations

import html
import re

import pytest
from conftest import run
from test_web_pages import hand_form, joined, shown


@pytest.mark.slow
@pytest.mark.parametrize(("option", "typed", "french"), [
    # oros 1 and 7, espadas 7, copas 7, the rey (12) of oros
    ("--spanish-suits", "o:1,7 e:7 c:7 12o", "Ad 7d 7s 7h Kd"),
    # denari 7, coppe 7 (a French C would be clubs), bastoni 7 marked as a sweep's card
    ("--italian-suits", "D:7 C:7 7b*", "7d 7h 7c*"),
])
def test_the_edit_form_reads_stored_spanish_or_italian_piles_with_the_matchs_letters(
        option: str, typed: str, french: str) -> None:
    assert run("match", "new", "-r", "scopa", "--side", "Anna", "--side", "Bruno", "-q")[0] == 0
    code, _out, err = run("match", "add", option, "-p", f"Anna={typed}", "-p", "Bruno=rest", "-s", "Anna=1")
    assert code == 0, err
    before = shown(1)
    c, csrf = joined()
    page = c.get("/m/1/hand?edit=1").text
    piles = [html.unescape(v) for v in re.findall(r'name="pile_\d+" value="([^"]*)"', page)]
    assert piles == [french, "rest"]
    answer = c.post("/m/1/hands", data=hand_form(csrf, 1, {"Anna": piles[0], "Bruno": piles[1]}, {"Anna": 1},
                                                 edit="1"), follow_redirects=False)
    assert answer.status_code == 303, answer.text
    after = shown(1)
    assert after["totals"] == before["totals"] and after["hands"][0]["points"] == before["hands"][0]["points"]
