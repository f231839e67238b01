"""Undo on the phone asks first, says what it withdrew, and can be taken back in one tap (``redo``);
a hand waiting for confirmation shows the other side its points. The README's hand throughout:
Anna 2, Bruno 3 (one sweep for Anna)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from test_web_pages import README_HAND, hand_form, joined, messages, shown, start

from scorekeeper.history.matches import add_hand, current_match, undo
from scorekeeper.history.redo import redo, withdrawn_hand
from scorekeeper.history.store import Store
from scorekeeper.scoring.hand import HandSpec


def words_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", unescape(html)).split())


def totals(html: str) -> list[str]:
    section = re.search(r'<section class="totals".*?</section>', html, re.S)
    assert section
    return re.findall(r'<span class="points">(\d+)</span>', section[0])


@pytest.mark.slow
def test_undo_asks_before_it_withdraws_the_hand() -> None:
    c, csrf = joined()
    m = start(c, csrf, "Anna", "Bruno")
    c.post(f"/m/{m}/hands", data=hand_form(csrf, 1, README_HAND, {"Anna": 1}))
    page = c.get(f"/m/{m}").text
    # the first tap opens the question; only its own button withdraws the hand
    ask = re.search(r'<details class="undo"><summary class="button">Undo hand 1</summary>(.*?)</details>', page, re.S)
    assert ask, "undo is a question first"
    assert 'action="/m/1/undo"' in ask[1] and "Withdraw hand 1 from the sheet?" in unescape(ask[1])
    assert page.count('action="/m/1/undo"') == 1


@pytest.mark.slow
def test_undo_says_what_it_withdrew_and_puts_it_back_in_one_tap() -> None:
    c, csrf = joined()
    m = start(c, csrf, "Anna", "Bruno")
    c.post(f"/m/{m}/hands", data=hand_form(csrf, 1, README_HAND, {"Anna": 1}))
    before = shown(m)["hands"][0]
    answer = c.post(f"/m/{m}/undo", data={"csrf": csrf, "number": "1"})
    assert answer.status_code == 200 and totals(answer.text) == ["0", "0"]
    notice = re.search(r'<section class="withdrawn".*?</section>', answer.text, re.S)
    assert notice, "the sheet says which hand was withdrawn"
    words = words_of(notice[0])
    assert "Hand 1 was withdrawn: Anna +2, Bruno +3." in words
    assert "Anna : 7d Ad 6h 5c 4s · 1 sweep" in words and "Bruno : rest" in words
    back = c.post(f"/m/{m}/redo", data={"csrf": csrf, "number": "1"})
    assert back.status_code == 200 and totals(back.text) == ["2", "3"]
    assert '<section class="withdrawn"' not in back.text
    again = shown(m)["hands"][0]
    assert again["points"] == before["points"] == {"Anna": 2, "Bruno": 3}
    assert again["categories"] == before["categories"]


@pytest.mark.slow
def test_a_withdrawn_hand_cannot_be_put_back_once_the_match_changed() -> None:
    c, csrf = joined()
    m = start(c, csrf, "Anna", "Bruno")
    c.post(f"/m/{m}/hands", data=hand_form(csrf, 1, README_HAND, {"Anna": 1}))
    c.post(f"/m/{m}/undo", data={"csrf": csrf, "number": "1"})
    c.post(f"/m/{m}/hands", data=hand_form(csrf, 1, {"Anna": "rest", "Bruno": "7d"}))
    page = c.get(f"/m/{m}").text
    assert '<section class="withdrawn"' not in page  # nothing to put back: the sheet offers nothing
    refused = c.post(f"/m/{m}/redo", data={"csrf": csrf, "number": "1"})
    assert refused.status_code == 409
    assert messages(refused.text) == ["Hand 1 of match 1 cannot be put back: the match changed since it was "
                                      "withdrawn. Enter it again if it is missing."]
    assert len(shown(m)["hands"]) == 1


def test_two_phones_putting_a_hand_back_together_put_it_back_once() -> None:
    c, csrf = joined()
    m = start(c, csrf, "Anna", "Bruno")
    with Store(None) as store:
        add_hand(store, str(m), HandSpec(piles={"Anna": ("7d Ad 6h 5c 4s", "Anna"), "Bruno": ("rest", "Bruno")},
                                         sweeps={"Anna": 1}))
        undo(store, str(m))
        changed, match = current_match(store, m)
        withdrawn = withdrawn_hand(match, changed)
        assert withdrawn is not None and (withdrawn.number, withdrawn.points) == (1, {"Anna": 2, "Bruno": 3})
        redone = redo(store, str(m), 1)
        assert redone.match.state.totals == {"Anna": 2, "Bruno": 3}
        changed, match = current_match(store, m)
        assert withdrawn_hand(match, changed) is None
    second = c.post(f"/m/{m}/redo", data={"csrf": csrf, "number": "1"})
    assert second.status_code == 409 and len(shown(m)["hands"]) == 1


def test_a_hand_waiting_for_confirmation_shows_the_other_side_its_points() -> None:
    c, csrf = joined()
    m = start(c, csrf, "Anna", "Bruno")
    sent = c.post(f"/m/{m}/hands", data=hand_form(csrf, 1, README_HAND, {"Anna": 1}, confirm="1", by="Anna"))
    section = re.search(r'<section class="pending".*?</section>', sent.text, re.S)
    assert section
    words = words_of(section[0])
    assert "Anna +2" in words and "Bruno +3" in words
    assert "most cards: Bruno 1; most coins: Bruno 1; settebello (7d): Anna 1; primiera: Bruno 1; " \
           "sweeps (scope): Anna 1" in words
