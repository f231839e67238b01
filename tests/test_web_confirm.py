"""Round 2 of ``scorekeeper serve``: a hand confirmed by the other side before it is stored, undo
checked inside the write, an unknown match answered 404 by its kind, and the sheet drawn from the
match the store counted. The hand is the README's (Anna 7d Ad 6h 5c 4s and a sweep, Bruno the
rest: 2 to 3 under scopa, from the rules reference's count of cards, coins, settebello, primiera)."""

from __future__ import annotations

import threading
from html import unescape

import pytest
from conftest import run
from starlette.testclient import TestClient
from test_web_pages import README_HAND, TOKEN, hand_form, join, joined, shown, start

from scorekeeper.history.matches import Match, add_hand, edit_hand, load_match, start_match, undo
from scorekeeper.history.pending import confirm_hand, propose_hand, waiting_hands
from scorekeeper.history.store import NoSuchMatch, Store, StoreError
from scorekeeper.match.ending import MatchError, match_settings
from scorekeeper.rules.catalog import load_rules
from scorekeeper.scoring.hand import HandSpec
from scorekeeper.web.app import create_app

SPEC = HandSpec(piles={side: (text, f"pile of {side}") for side, text in README_HAND.items()}, sweeps={"Anna": 1})


def standing(match: Match) -> tuple[object, ...]:
    """What the sheet shows of a match: each line's points and totals, the totals and the result."""
    s = match.state
    return (tuple((ln.number, ln.points, ln.totals, ln.counted, ln.note) for ln in s.lines), s.totals, s.finished,
            s.winner, s.stake, s.next_sides, tuple(match.row.hands))


def second_phone(first: TestClient) -> tuple[TestClient, str]:
    """Another browser on the same server: its own session, so its own CSRF value."""
    other = TestClient(first.app)
    return other, join(other)


def propose(c: TestClient, csrf: str, match_id: int, number: int = 1, by: str = "Anna") -> int:
    answer = c.post(f"/m/{match_id}/hands", data=hand_form(csrf, number, README_HAND, {"Anna": 1}, confirm="1", by=by),
                    follow_redirects=False)
    assert answer.status_code == 303, answer.text
    return int(answer.headers["location"].rsplit("#pending-", 1)[1])


@pytest.mark.slow
def test_a_hand_sent_to_confirm_is_stored_only_when_a_player_of_the_other_side_confirms_it() -> None:
    c, csrf = joined()
    match_id = start(c, csrf, "Anna", "Bruno")
    pending = propose(c, csrf, match_id)
    assert shown(match_id)["totals"] == {"Anna": 0, "Bruno": 0}
    assert "Hand 1 waits for confirmation" in c.get(f"/m/{match_id}").text
    url = f"/m/{match_id}/pending/{pending}/confirm"
    own_phone = c.post(url, data={"csrf": csrf, "by": "Bruno"})
    assert own_phone.status_code == 409 and "confirm it on the phone of a player of another side" in own_phone.text
    b, b_csrf = second_phone(c)
    same_side = b.post(url, data={"csrf": b_csrf, "by": "Anna"})
    assert same_side.status_code == 409 and "a player of another side confirms it" in same_side.text
    assert b.post(url, data={"csrf": b_csrf, "by": "Bruno"}, follow_redirects=False).status_code == 303
    assert shown(match_id)["totals"] == {"Anna": 2, "Bruno": 3}
    again = b.post(url, data={"csrf": b_csrf, "by": "Bruno"})
    assert again.status_code == 409 and "no longer waiting" in unescape(again.text)
    assert len(shown(match_id)["hands"]) == 1


@pytest.mark.slow
def test_a_withdrawn_hand_is_never_stored_and_stays_in_the_trail() -> None:
    c, csrf = joined()
    match_id = start(c, csrf, "Anna", "Bruno")
    pending = propose(c, csrf, match_id)
    assert c.post(f"/m/{match_id}/pending/{pending}/withdraw", data={"csrf": csrf},
                  follow_redirects=False).status_code == 303
    assert "waits for confirmation" not in c.get(f"/m/{match_id}").text
    with Store() as store:
        assert waiting_hands(store, match_id) == []
        kinds = [e["kind"] for e in store.events(match_id)]
    assert kinds == ["new", "pending", "withdraw"] and shown(match_id)["hands"] == []


@pytest.mark.slow
def test_a_waiting_hand_whose_number_was_taken_is_refused_and_kept() -> None:
    c, csrf = joined()
    match_id = start(c, csrf, "Anna", "Bruno")
    pending = propose(c, csrf, match_id)
    c.post(f"/m/{match_id}/hands", data=hand_form(csrf, 1, README_HAND, {"Anna": 1}))
    b, b_csrf = second_phone(c)
    refused = b.post(f"/m/{match_id}/pending/{pending}/confirm", data={"csrf": b_csrf, "by": "Bruno"})
    assert refused.status_code == 409 and "the next hand is 2" in refused.text
    assert "Another hand took its place meanwhile" in c.get(f"/m/{match_id}").text
    assert len(shown(match_id)["hands"]) == 1


def test_a_hand_that_does_not_check_out_is_not_kept_waiting() -> None:
    c, csrf = joined()
    match_id = start(c, csrf, "Anna", "Bruno")
    form = hand_form(csrf, 1, {"Anna": "7d 7d", "Bruno": "rest"}, confirm="1", by="Anna")
    assert c.post(f"/m/{match_id}/hands", data=form).status_code in (400, 422)
    with Store() as store:
        assert waiting_hands(store, match_id) == []


def test_two_confirmations_at_once_store_the_hand_once() -> None:
    with Store() as store:
        match_id = start_match(store, match_settings(load_rules("scopa"), ["Anna", "Bruno"]))
        pending = propose_hand(store, None, SPEC, by="Anna", device="a").changed
    outcomes: list[str] = []

    def confirm() -> None:
        with Store() as mine:
            try:
                outcomes.append("stored" if confirm_hand(mine, str(match_id), pending, by="Bruno").stored else "no")
            except MatchError:
                outcomes.append("refused")

    threads = [threading.Thread(target=confirm) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["refused"] * 3 + ["stored"]
    assert len(shown(match_id)["hands"]) == 1


def test_two_undos_at_once_withdraw_one_hand() -> None:
    with Store() as store:
        match_id = start_match(store, match_settings(load_rules("scopa"), ["Anna", "Bruno"]))
        for _ in range(3):
            add_hand(store, None, SPEC)
    outcomes: list[str] = []

    def press_undo() -> None:
        with Store() as mine:  # a connection each, as two processes: only the transaction keeps them apart
            try:
                undo(mine, str(match_id), expected_last=3)
                outcomes.append("withdrawn")
            except MatchError:
                outcomes.append("refused")

    threads = [threading.Thread(target=press_undo) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["refused"] * 3 + ["withdrawn"]
    assert len(shown(match_id)["hands"]) == 2


def test_an_unknown_match_is_its_own_kind_of_error_and_a_404() -> None:
    with Store() as store, pytest.raises(NoSuchMatch) as found:
        load_match(store, "999")
    assert isinstance(found.value, StoreError)  # the command line reports it as before
    c = TestClient(create_app(None, TOKEN))
    join(c)
    assert c.get("/m/999").status_code == 404
    assert c.get("/m/999/version").status_code == 404
    assert run("match", "show", "999")[0] != 0


def test_the_match_an_add_or_edit_returns_is_the_match_read_again() -> None:
    with Store() as store:
        match_id = start_match(store, match_settings(load_rules("scopa"), ["Anna", "Bruno"]))
        for _ in range(3):
            entered = add_hand(store, None, SPEC)
        assert standing(entered.match) == standing(load_match(store, None))
        swapped = HandSpec(piles={"Bruno": ("7d Ad 6h 5c 4s", "pile of Bruno"), "Anna": ("rest", "pile of Anna")},
                           sweeps={"Bruno": 1})
        edited = edit_hand(store, str(match_id), 2, swapped)
        again = load_match(store, None)
    assert standing(edited.match) == standing(again)
    assert again.state.totals == {"Anna": 2 + 3 + 2, "Bruno": 3 + 2 + 3}


@pytest.mark.slow
def test_the_sheet_follows_a_hand_entered_on_the_command_line_after_one_from_a_phone() -> None:
    c, csrf = joined()
    match_id = start(c, csrf, "Anna", "Bruno")
    c.post(f"/m/{match_id}/hands", data=hand_form(csrf, 1, README_HAND, {"Anna": 1}))
    assert 'id="hand-2"' not in c.get(f"/m/{match_id}").text
    before = c.get(f"/m/{match_id}/version").json()["version"]
    code, _out, err = run("match", "add", str(match_id), "--pile", "Anna=7d Ad 6h 5c 4s", "--pile", "Bruno=rest")
    assert code == 0, err
    assert 'id="hand-2"' in c.get(f"/m/{match_id}").text
    assert c.get(f"/m/{match_id}/version").json()["version"] != before
