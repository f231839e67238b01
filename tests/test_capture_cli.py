"""The capture command: exact output, JSON shape and exit codes."""

from __future__ import annotations

import json

from conftest import run


def test_capture_lists_every_legal_capture() -> None:
    assert run("capture", "-r", "scopa-quindici", "--table", "Ad 3c 7h Ks", "--card", "5d") == (0, """\
5d on Ad 3c 7h Ks (scopa-quindici): the 5d counts 5
It must capture; its legal captures:
  Ks  (makes 15)
  3c + 7h  (makes 15)
""", "")


def test_capture_take_that_breaks_pairing_precedence_exits_1_with_the_reason() -> None:
    assert run("capture", "--table", "7d 3c 4h", "--card", "7h", "--take", "3c 4h") == (1, """\
7h on 3c 4h 7d (scopa): the 7h counts 7
It must capture; its legal captures:
  7d
--take 3c 4h: not legal: the 7h pairs with 7d on the table, so it must take that card, not 3c + 4h \
(a card that can pair may not take a sum)
""", "")


def test_capture_wall_street_king_takes_three_and_four_legal() -> None:
    code, out, _ = run("capture", "-r", "wall-street", "--table", "3c 4h", "--card", "Kh", "--take", "4h 3c")
    assert code == 0
    assert out.splitlines()[-1] == ("--take 4h 3c: legal: 3c + 4h add up to 7, and the Kh counts 7; "
                                    "it clears the table: a sweep")
    assert out.splitlines()[2] == "  3c + 4h  (sweep)"


def test_capture_trail_when_nothing_can_be_taken() -> None:
    assert run("capture", "--table", "Kd 9c", "--card", "2h", "--take", "") == (0, """\
2h on Qc Kd (scopa): the 2h counts 2
It captures nothing here: it is laid on the table.
--take '': legal: the 2h captures nothing here, so it is laid on the table
""", "")


def test_capture_json_shape() -> None:
    code, out, _ = run("capture", "--table", "3c 4h 7d", "--card", "7h", "--json")
    assert code == 0
    assert json.loads(out) == {"captures": [{"cards": ["7d"], "sweep": False}], "trail": False}


def test_capture_json_with_take_adds_legal_and_reason() -> None:
    code, out, _ = run("capture", "--table", "3c 4h", "--card", "7h", "--take", "3c 4h", "--last", "--json")
    assert code == 0
    assert json.loads(out) == {
        "captures": [{"cards": ["3c", "4h"], "sweep": False}], "trail": False, "legal": True,
        "reason": "3c + 4h add up to 7, and the 7h counts 7; it clears the table, but on the last play of the hand "
                  "that is no sweep"}


def test_capture_json_trail() -> None:
    code, out, _ = run("capture", "--table", "", "--card", "7h", "--json")
    assert (code, json.loads(out)) == (0, {"captures": [], "trail": True})


def test_capture_cassino_build_on_the_table() -> None:
    code, out, _ = run("capture", "-r", "cassino", "--table", "9d", "--build", "9=4d,5c", "--card", "9s")
    assert code == 0 and out.splitlines()[2:] == ["  9d", "  4d + 5c + 9d  (several groups, sweep)"]


def test_capture_bad_card_is_one_line_naming_the_token_exit_2() -> None:
    assert run("capture", "--table", "3c 4q", "--card", "7h") == \
        (2, "", "error: --table, token 2: '4q' is not a card: 'q' is not a suit\n")


def test_capture_card_outside_the_deck_exit_2() -> None:
    assert run("capture", "-r", "wall-street", "--table", "3c", "--card", "Jh") == \
        (2, "", "error: --card: Jh is not in the wall-street-40 deck: it has no 7s, Jacks or Queens\n")


def test_capture_bad_build_option_exit_2() -> None:
    assert run("capture", "-r", "cassino", "--table", "3c", "--card", "7h", "--build", "seven") == \
        (2, "", "error: --build 'seven': write VALUE=CARDS, like 7=5h,2c\n")


def test_capture_d_assi_ace_says_it_takes_the_table() -> None:
    code, out, _ = run("capture", "-r", "scopa-d-assi", "--table", "3c Kd", "--card", "Ah")
    assert code == 0
    assert out.splitlines()[1:] == ["It must capture; its legal captures:", "  3c + Kd  (the ace takes the table)"]


def test_capture_in_italian_lists_the_legal_captures_and_rules_on_the_take() -> None:
    code, out, _ = run("--lang", "it", "capture", "--table", "7d 3c 4h", "--card", "7h", "--take", "3c 4h")
    lines = out.splitlines()
    assert code == 1 and lines[1:3] == ["Deve prendere; le prese valide:", "  7d"]
    assert lines[3].startswith("--take 3c 4h: non valida: ")
    code, out, _ = run("--lang", "it", "capture", "--table", "", "--card", "2h")
    assert code == 0 and out.splitlines() == [out.splitlines()[0], "Qui non prende nulla: va in tavola."]
    assert out.startswith("2h su un tavolo vuoto (scopa): ")
