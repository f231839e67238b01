"""The ``match add`` prompt (issue 10): at a real terminal (a pseudo-terminal driven by pexpect) a
mistyped pile is recalled with the Up arrow and mended, and the sweeps corrected; through a pipe, the
questions a hand needs, 'rest' for the last side, what an empty answer expects, the count offered for a
wrong claim, and the piles of the hand before confirmed."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import pexpect  # type: ignore[import-untyped]
import pytest
from conftest import run

pytestmark = pytest.mark.slow  # a pseudo-terminal

UP = "\x1b[A"
BACKSPACE = "\x7f"


def new(*args: str) -> None:
    code, _out, err = run("match", "new", *args)
    assert code == 0, err


def shown() -> dict[str, object]:
    code, out, err = run("match", "show", "--json")
    assert code == 0, err
    return json.loads(out)  # type: ignore[no-any-return]


def typed() -> list[dict[str, Any]]:
    """What was typed for each live hand of the match being played, as the history keeps it."""
    from scorekeeper.history.matches import load_match
    from scorekeeper.history.store import Store

    with Store(None) as store:
        return [hand.typed for hand in load_match(store, "1").row.live_hands]


def _terminal(*args: str) -> pexpect.spawn:
    """``scorekeeper`` at a pseudo-terminal, with this test's history and no reader settings of the user."""
    env = dict(os.environ, TERM="xterm", INPUTRC="/dev/null")
    return pexpect.spawn(sys.executable, ["-m", "scorekeeper", *args], env=env, encoding="utf-8", timeout=20,
                         dimensions=(40, 200))


def test_a_mistyped_pile_is_recalled_with_the_up_arrow_mended_and_its_sweeps_corrected() -> None:
    # pagat, Scopa: a sweep takes every card on the table with one card, so 3 sweeps need 6 cards and
    # Anna's pile of 5 allows 1; Anna 1 (settebello) + 1 sweep = 2, Bruno cards, coins, primiera = 3.
    new("--rules", "scopa", "--side", "Anna", "--side", "Bruno")
    term = _terminal("match", "add")
    term.expect_exact("Pile of Anna: ")
    term.sendline("d:A7 h:6 c:5 s:Z")
    term.expect_exact("pile of Anna, token 4: 's:Z'")
    term.expect_exact("Pile of Anna: ")
    term.send(UP)  # the refused line comes back, to be mended rather than typed again
    term.expect_exact("s:Z")
    term.send(BACKSPACE + "4\r")
    term.expect_exact("Sweeps of Anna [0]: ")
    term.sendline("3")
    term.expect_exact("Pile of Bruno [rest]: ")
    term.sendline("")
    term.expect_exact("Sweeps of Bruno [0]: ")
    term.sendline("")
    term.expect_exact("Anna: 3 sweeps need at least 6 cards")
    term.expect_exact("(Enter: leave the hand out): ")
    term.send("swe\t")  # Tab completes the word
    term.expect_exact("sweeps")
    term.sendline("")
    term.expect_exact("Sweeps of Anna [3]: ")
    term.sendline("1")
    term.expect_exact("Sweeps of Bruno [0]: ")
    term.sendline("")
    term.expect_exact("Hand 1 stored.")
    term.expect(pexpect.EOF)
    term.close()
    assert term.exitstatus == 0
    assert shown()["hands"][0]["points"] == {"Anna": 2, "Bruno": 3}  # type: ignore[index]
    assert typed() == [{"piles": {"Anna": "d:A7 h:6 c:5 s:4", "Bruno": "rest"}, "sweeps": {"Anna": 1, "Bruno": 0}}]


def test_the_last_side_takes_the_rest_when_enter_is_pressed() -> None:
    new("--rules", "hurricane", "--side", "Anna", "--side", "Bruno")
    code, _out, err = run("match", "add", "--ask", input="h:A\n0\n\n0\n")
    assert code == 0, err
    assert "Pile of Bruno [rest]: " in err
    assert typed()[0]["piles"] == {"Anna": "h:A", "Bruno": "rest"}


def test_an_empty_pile_says_what_is_expected_and_a_dash_is_a_side_that_took_nothing() -> None:
    new("--rules", "hurricane", "--side", "Anna", "--side", "Bruno")
    code, _out, err = run("match", "add", "--ask", input="\nrest\n0\n-\n0\n")
    assert code == 0, err
    assert ("Type the cards Anna took (like 7d Ad h:6), 'rest' for every card no other pile lists, "
            "or - if Anna took none.\n") in err
    assert err.count("Pile of Anna: ") == 2
    assert typed()[0]["piles"] == {"Anna": "rest", "Bruno": ""}


def test_cirulla_asks_each_side_for_bussata_and_decino() -> None:
    # Italian Wikipedia, Cirulla: a bussata declared scores 3, a decino 10.
    new("--rules", "cirulla", "--side", "Anna", "--side", "Bruno")
    code, _out, err = run("match", "add", "--ask", input="d:A 2d 3d\n0\n1\n0\nrest\n0\n0\n1\n")
    assert code == 0, err
    assert "Declarations of bussata by Anna [0]: Declarations of decino by Anna [0]: " in err
    hand = shown()["hands"][0]  # type: ignore[index]
    assert typed()[0]["declared"] == {"Anna": {"bussata": 1, "decino": 0}, "Bruno": {"bussata": 0, "decino": 1}}
    categories = {c["id"]: c["points"] for c in hand["categories"]}
    assert categories["bussata"] == {"Anna": 3, "Bruno": 0} and categories["decino"] == {"Anna": 0, "Bruno": 10}


def test_a_declaration_is_corrected_after_a_refused_hand() -> None:
    new("--rules", "cirulla", "--side", "Anna", "--side", "Bruno")
    code, _out, err = run("match", "add", "--ask", input="d:A\n0\n1\n0\nh:A\n0\n0\n0\ndecino\n0\n1\nbruno\nrest\n")
    assert code == 0, err
    assert "sweeps / bussata / decino asks again" in err
    declared = typed()[0]["declared"]
    assert declared == {"Anna": {"bussata": 1, "decino": 0}, "Bruno": {"bussata": 0, "decino": 1}}


def test_a_wrong_claim_offers_to_store_the_count() -> None:
    # Hurricane (Parlett): Anna's 39 cards take cards, primiera and the 10d; with 7 hurricanes, 11.
    # Issue 24: Enter stores the count, the claim kept with the hand; the exit code still says 1.
    new("--rules", "hurricane", "--side", "Anna", "--side", "Bruno")
    code, out, err = run("match", "add", "--ask", "--claim", "Anna=12", input="rest\n7\nh:A\n0\n\n")
    assert code == 1, err
    assert "claim of Anna: 12, but the count gives 11" in err
    assert "Store the count? [Y/n]: " in err
    assert "Hand 1 stored with its problems noted." in out
    assert shown()["totals"] == {"Anna": 11, "Bruno": 0}
    assert typed()[0]["claims"] == {"Anna": 12}


def test_a_wrong_claim_refused_at_the_prompt_is_not_stored_and_can_be_corrected() -> None:
    new("--rules", "hurricane", "--side", "Anna", "--side", "Bruno")
    code, _out, err = run("match", "add", "--ask", "--claim", "Anna=12", input="rest\n7\nh:A\n0\nn\n\n")
    assert code == 1
    assert "Correct what?" in err and "To enter it later: scorekeeper match add 1" in err
    assert shown()["hands"] == []


def test_the_piles_of_the_hand_before_are_stored_again_only_when_confirmed() -> None:
    new("--rules", "hurricane", "--side", "Anna", "--side", "Bruno")
    assert run("match", "add", "-p", "Anna=h:A", "-p", "Bruno=rest")[0] == 0
    # the same cards in another order, refused; typed again (other piles), stored
    code, _out, err = run("match", "add", "--ask", input="Ah\n0\n\n0\n\nd:A\n0\n\n0\n")
    assert code == 0, err
    assert "These are the piles of hand 1 again. Store them as a new hand? (y/N): " in err
    assert [hand["piles"]["Anna"] for hand in typed()] == ["h:A", "d:A"]
    code, _out, err = run("match", "add", "--ask", input="d:A\n0\n\n0\ny\n")
    assert code == 0, err
    assert [hand["piles"]["Anna"] for hand in typed()] == ["h:A", "d:A", "d:A"]


def test_match_edit_at_a_terminal_types_each_old_pile_in_to_be_mended_and_keeps_the_sweeps() -> None:
    """Issue 24: ``match edit`` prompts as ``match add`` does, each side's old pile already on the line
    (readline's pre-input), Enter keeping the old sweeps. Scopa: Anna's coins, settebello and sweep
    (3) to Bruno's cards and primiera (2); without her ace of clubs Bruno takes primiera still, and
    Anna keeps her sweep: 3 to 2 again, with the ace now in Bruno's rest."""
    new("--rules", "scopa", "--side", "Anna", "--side", "Bruno")
    assert run("match", "add", "-p", "Anna=d:A234567 h:A2345 s:A c:A", "-p", "Bruno=rest", "-s", "Anna=1")[0] == 0
    term = _terminal("match", "edit", "1")
    term.expect_exact("Enter keeps what it had.")
    term.expect_exact("Pile of Anna: d:A234567 h:A2345 s:A c:A")  # the old pile, on the line
    term.send(BACKSPACE * 4 + "\r")  # " c:A" taken out
    term.expect_exact("Sweeps of Anna [1]: ")
    term.sendline("")
    term.expect_exact("Pile of Bruno: rest")
    term.sendline("")
    term.expect_exact("Sweeps of Bruno [0]: ")
    term.sendline("")
    term.expect_exact("Hand 1 replaced.")
    term.expect(pexpect.EOF)
    term.close()
    assert term.exitstatus == 0
    assert typed() == [{"piles": {"Anna": "d:A234567 h:A2345 s:A", "Bruno": "rest"}, "sweeps": {"Anna": 1, "Bruno": 0}}]
    assert shown()["hands"][0]["typed"] == typed()[0]  # type: ignore[index]


def test_match_edit_keeps_a_sweep_left_out() -> None:
    """Issue 24: ``match edit`` with the piles only silently dropped the hand's sweeps."""
    new("--rules", "scopa", "--side", "Anna", "--side", "Bruno")
    assert run("match", "add", "-p", "Anna=d:A234567 h:A2345 s:A c:A", "-p", "Bruno=rest", "-s", "Anna=1")[0] == 0
    code, _out, err = run("match", "edit", "1", "-p", "Anna=d:A234567 h:A2345 s:A")
    assert (code, err) == (0, "")
    assert typed() == [{"piles": {"Anna": "d:A234567 h:A2345 s:A", "Bruno": "rest"}, "sweeps": {"Anna": 1}}]
    assert shown()["totals"] == {"Anna": 3, "Bruno": 2}
    code, _out, err = run("match", "edit", "1", "-s", "Anna=0")  # the sweeps alone: the piles kept
    assert (code, err) == (0, "")
    assert shown()["totals"] == {"Anna": 2, "Bruno": 2}
