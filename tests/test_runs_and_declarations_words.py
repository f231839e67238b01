"""What players and scripts read for a run in one suit (Scopa's napola, Cirulla's piccola) and for
declared points (Cirulla's bussata and decino): each category's note and detail, the napoleone that
wins the match, and a claim's difference explained by a run that was not made (the most a run can
give is its length times its points, held to its cap)."""

from __future__ import annotations

import scorekeeper as sk


def _category(result, category_id):
    return next(c for c in result.to_dict()["categories"] if c["id"] == category_id)


def test_a_run_of_three_coins_from_the_ace_is_named_card_by_card():
    result = sk.score({"Anna": "d:A23", "Bruno": "rest"}, rules="scopa", enabled=["napola"])
    napola = _category(result, "napola")
    assert (napola["kind"], napola["points"], napola["note"], napola["detail"]) == (
        "sequence", {"Anna": 3, "Bruno": 0}, "Anna Ad 2d 3d", {"lengths": {"Anna": 3, "Bruno": 0}})
    assert result.match_winner is None


def test_a_run_shorter_than_three_scores_nothing_and_says_so():
    result = sk.score({"Anna": "d:A2 c:A23", "Bruno": "rest"}, rules="scopa", enabled=["napola"])
    napola = _category(result, "napola")
    assert (napola["points"], napola["note"], napola["detail"]) == (
        {"Anna": 0, "Bruno": 0}, "nobody has 3 in a row from A", {"lengths": {"Anna": 2, "Bruno": 0}})


def test_napoleone_the_whole_suit_in_a_row_wins_the_match():
    result = sk.score({"Anna": "d:A234567JQK", "Bruno": "rest"}, rules="scopa", enabled=["napola"])
    napola = _category(result, "napola")
    assert napola["points"] == {"Anna": 10, "Bruno": 0}
    assert napola["note"] == "Anna Ad 2d 3d 4d 5d 6d 7d Jd Qd Kd; Anna has the whole suit in a row and wins the match"
    assert result.match_winner == "Anna"


def test_cirulla_piccola_among_three_sides():
    result = sk.score({"Anna": "d:A23", "Bruno": "c:A234", "Carla": "rest"}, rules="cirulla")
    piccola = _category(result, "piccola")
    assert (piccola["points"], piccola["note"]) == ({"Anna": 3, "Bruno": 0, "Carla": 0}, "Anna Ad 2d 3d")


def test_declared_points_note_the_count_of_each_side_and_the_points_each():
    result = sk.score({"Anna": "d:A23", "Bruno": "rest"}, rules="cirulla",
                      declared={"Anna": {"bussata": 2}, "Bruno": {"decino": 1}})
    bussata, decino = _category(result, "bussata"), _category(result, "decino")
    assert (bussata["kind"], bussata["points"], bussata["note"], bussata["detail"]) == (
        "declared", {"Anna": 6, "Bruno": 0}, "declared 2-0, 3 each", {"counts": {"Anna": 2, "Bruno": 0}})
    assert (decino["points"], decino["note"], decino["detail"]) == (
        {"Anna": 0, "Bruno": 10}, "declared 0-1, 10 each", {"counts": {"Anna": 0, "Bruno": 1}})


def test_a_claim_six_too_high_is_cirullas_capped_piccola_not_won():
    result = sk.score({"Anna": "d:A2", "Bruno": "rest"}, rules="cirulla", claims={"Anna": 6})
    assert result.problems[0].startswith(
        "claim of Anna: 6, but the count gives 0 (nothing); the difference of 6 is piccola (A-2-3 of coins and on) "
        "(claimed but not won?); ")


def test_a_claim_ten_too_high_is_napola_not_won():
    result = sk.score({"Anna": "d:A2", "Bruno": "rest"}, rules="scopa", enabled=["napola"], claims={"Anna": 10})
    assert result.problems[0].startswith(
        "claim of Anna: 10, but the count gives 0 (nothing); the difference of 10 is napola (claimed but not won?); ")
    assert result.problems[0].endswith("; napola: nobody has 3 in a row from A")


CUPS_FROM_TWO = """\
id: cups-run
name: Cups run
extends: scopa
categories:
  - id: cups
    label: cups from the two
    kind: sequence
    suit: h
    start: "2"
    min_length: 3
"""


def test_a_run_of_ones_own_in_another_suit_from_another_rank(tmp_path):
    path = tmp_path / "cups-run.yaml"
    path.write_text(CUPS_FROM_TWO, encoding="utf-8")
    rules = sk.load_rules(str(path))
    made = _category(sk.score({"Anna": "2h 3h 4h 5h Ad 2d", "Bruno": "rest"}, rules=rules), "cups")
    assert (made["points"], made["note"]) == ({"Anna": 4, "Bruno": 0}, "Anna 2h 3h 4h 5h")
    # the run ends with the suit: the swords' ace and two after the king of cups are not part of it
    whole = _category(sk.score({"Anna": "h:234567JQK s:A2", "Bruno": "rest"}, rules=rules), "cups")
    assert (whole["points"], whole["detail"]) == ({"Anna": 9, "Bruno": 0}, {"lengths": {"Anna": 9, "Bruno": 0}})
    short = _category(sk.score({"Anna": "Ah 2h 3h 5h", "Bruno": "rest"}, rules=rules), "cups")
    assert (short["points"], short["note"]) == ({"Anna": 0, "Bruno": 0}, "nobody has 3 in a row from 2")


RUN_OF_TWO = """\
id: double-run
name: Double run
extends: scopa
categories:
  - id: run
    label: run of coins
    kind: sequence
    suit: d
    start: A
    min_length: 3
    points: 2
    win_match: true
"""


def test_a_run_of_ones_own_worth_two_a_card_that_wins_the_match(tmp_path):
    path = tmp_path / "double-run.yaml"
    path.write_text(RUN_OF_TWO, encoding="utf-8")
    rules = sk.load_rules(str(path))
    made = sk.score({"Anna": "d:A23", "Bruno": "rest"}, rules=rules)
    assert (_category(made, "run")["points"], made.match_winner) == ({"Anna": 6, "Bruno": 0}, "Anna")
    assert _category(made, "run")["note"] == "Anna Ad 2d 3d"  # won by the run, not by the whole suit
    missed = sk.score({"Anna": "d:A2", "Bruno": "rest"}, rules=rules, claims={"Anna": 20})
    assert missed.match_winner is None
    # the whole suit, ten cards at two points each, is the most the run can give
    assert "the difference of 20 is run of coins (claimed but not won?)" in missed.problems[0]
