"""Capture rules, one test per rule, including every capture example of the seed texts."""

from __future__ import annotations

import pytest

from scorekeeper.errors import InputErrors, NotationError, RuleSetError
from scorekeeper.play.ruling import Labels, rule_on_capture


def takes(rules: str, table: str, card: str, *, last: bool = False) -> list[str]:
    """The legal captures, each as its cards joined by spaces (lowest value first)."""
    return [" ".join(c.cards) for c in rule_on_capture(rules, table, card, last=last).captures]


def check(rules: str, table: str, card: str, take: str, **kw: bool) -> tuple[bool | None, str | None]:
    s = rule_on_capture(rules, table, card, take=take, **kw)
    return s.legal, s.reason


# --- Scopa: pairing, summing, and which comes first (seeds 001, 002, 003) -----------------------

def test_scopa_pairing_takes_one_card_of_equal_value() -> None:
    assert takes("scopa", "7d 7s 2c", "7h") == ["7d", "7s"]
    legal, reason = check("scopa", "7d 7s 2c", "7h", "7d 7s")
    assert not legal and reason == "a card pairs with one equal card only: the 7h takes one of 7d + 7s, not both"


def test_scopa_summing_takes_two_or_more_cards_adding_up_to_the_card() -> None:
    assert takes("scopa", "2c 5h Kd", "7h") == ["2c 5h"]


def test_scopa_courts_count_eight_nine_ten_in_sums() -> None:
    assert takes("scopa", "3c 5h", "Jd") == ["3c 5h"]  # J = 8
    assert takes("scopa", "4c 5h", "Qd") == ["4c 5h"]  # Q = 9
    assert takes("scopa", "3c 7h", "Kd") == ["3c 7h"]  # K = 10


def test_scopa_card_that_can_pair_must_pair_not_sum() -> None:
    assert takes("scopa", "7d 3c 4h", "7h") == ["7d"]
    legal, reason = check("scopa", "7d 3c 4h", "7h", "3c 4h")
    assert not legal
    assert reason == ("the 7h pairs with 7d on the table, so it must take that card, not 3c + 4h "
                      "(a card that can pair may not take a sum)")


def test_scopone_scientifico_nine_takes_five_and_four_or_four_three_two() -> None:
    assert takes("scopone-scientifico", "5c 4h", "Qd") == ["4h 5c"]
    assert takes("scopone-scientifico", "4c 3h 2s", "Qd") == ["2s 3h 4c"]


def test_scopone_scientifico_nine_on_table_must_be_taken_by_a_nine() -> None:
    assert takes("scopone-scientifico", "5c 4h Qs", "Qd") == ["Qs"]


def test_scopone_five_takes_ace_and_four_from_a_3_4_j() -> None:
    assert takes("scopone", "Ac 3h 4s Jd", "5d") == ["Ac 4s"]


def test_scopone_mulinello_king_takes_ace_four_five_leaving_the_three() -> None:
    legal, _ = check("scopone", "Ac 3h 4s 5d", "Kc", "Ac 4s 5d")
    assert legal


def test_scopone_pairing_beats_summing_a_five_on_the_table_blocks_ace_and_four() -> None:
    assert takes("scopone", "Ac 4s 5d", "5h") == ["5d"]


def test_card_that_can_capture_must_capture() -> None:
    legal, reason = check("scopa", "7d", "7h", "")
    assert not legal and reason.startswith("the 7h can take 7d, and a card that can capture must capture")


def test_card_that_cannot_capture_is_laid_on_the_table() -> None:
    s = rule_on_capture("scopa", "Kd 9c", "2h", take="")
    assert s.trail and s.captures == () and s.legal
    assert s.reason == "the 2h captures nothing here, so it is laid on the table"


def test_a_card_on_an_empty_table_is_laid_down() -> None:
    assert rule_on_capture("scopa", "", "7h").trail


def test_clearing_the_table_is_a_sweep() -> None:
    assert [c.sweep for c in rule_on_capture("scopa", "3c 4h", "7h").captures] == [True]


def test_clearing_the_table_on_the_last_play_is_no_sweep() -> None:
    s = rule_on_capture("scopa", "3c 4h", "7h", take="3c 4h", last=True)
    assert [c.sweep for c in s.captures] == [False] and s.legal
    assert s.reason == ("3c + 4h add up to 7, and the 7h counts 7; it clears the table, but on the last play "
                        "of the hand that is no sweep")


def test_taking_a_card_not_on_the_table_is_refused() -> None:
    legal, reason = check("scopa", "3c 4h", "7h", "3c 4d")
    assert not legal and reason == "4d is not on the table"


# --- Wall Street (seed 000) ---------------------------------------------------------------------

def test_wall_street_king_is_worth_seven_and_captures_a_three_and_a_four() -> None:
    assert takes("wall-street", "3c 4h 8d", "Kh") == ["3c 4h"]


def test_wall_street_king_cannot_take_an_eight() -> None:
    legal, reason = check("wall-street", "3c 4h 8d", "Kh", "8d")
    assert not legal
    assert reason == "the Kh cannot take 8d: 8d counts 8 and the Kh counts 7; it may take 3c + 4h"


def test_wall_street_card_matching_several_takes_only_one_of_them() -> None:
    assert takes("wall-street", "9c 9h", "9d") == ["9h", "9c"]


def test_wall_street_single_card_before_sum() -> None:
    assert takes("wall-street", "9c 4h 5s", "9d") == ["9c"]


def test_wall_street_has_no_sevens_jacks_or_queens() -> None:
    with pytest.raises(InputErrors, match="not in the wall-street-40 deck"):
        rule_on_capture("wall-street", "3c", "7h")


# --- Scopa variants (seed 002) ------------------------------------------------------------------

def test_quindici_five_captures_three_and_seven_from_a_3_7_k() -> None:
    legal, reason = check("scopa-quindici", "Ad 3c 7h Ks", "5d", "3c 7h")
    assert legal and reason == "the 5d and 3c + 7h make 15"


def test_quindici_five_may_take_the_king_instead() -> None:
    assert takes("scopa-quindici", "Ad 3c 7h Ks", "5d") == ["Ks", "3c 7h"]


def test_quindici_keeps_ordinary_captures() -> None:
    assert takes("scopa-quindici", "2c 3h", "5d") == ["2c 3h"]


def test_undici_card_and_captured_cards_make_eleven() -> None:
    assert takes("scopa-undici", "Ad 3c 6h", "5d") == ["6h"]
    legal, reason = check("scopa-undici", "4c 2h Kd", "5d", "4c 2h")
    assert legal and reason == "the 5d and 2h + 4c make 11"


def test_d_assi_ace_takes_the_whole_table() -> None:
    assert takes("scopa-d-assi", "3c 4h Kd", "Ah") == ["3c 4h Kd"]
    legal, reason = check("scopa-d-assi", "3c 4h Kd", "Ah", "3c")
    assert not legal and reason == "an ace takes the whole table here (3c + 4h + Kd), not part of it"


def test_d_assi_ace_sweep_does_not_count_as_a_sweep() -> None:
    s = rule_on_capture("scopa-d-assi", "3c 4h Kd", "Ah", take="3c 4h Kd")
    assert s.legal and [c.sweep for c in s.captures] == [False]
    assert s.reason.endswith("clearing the table with an ace scores no sweep in this game")


def test_d_assi_ace_takes_only_the_ace_when_an_ace_lies_on_the_table() -> None:
    assert takes("scopa-d-assi", "3c 4h Ad", "Ah") == ["Ad"]
    legal, reason = check("scopa-d-assi", "3c 4h Ad", "Ah", "3c 4h Ad")
    assert not legal and reason.startswith("an ace takes the whole table only when no ace lies there")


def test_sbarazzina_six_takes_2_7_k_courts_counting_nothing() -> None:
    assert takes("sbarazzina", "2c 7h Kd", "6s") == ["2c 7h", "Kd 2c 7h"]


def test_sbarazzina_captures_only_by_fifteens_no_pairing() -> None:
    assert takes("sbarazzina", "6c", "6s") == []


def test_sbarazzina_ace_sweeps_unless_another_ace_is_on_the_table() -> None:
    assert takes("sbarazzina", "2c 7h", "Ad") == ["2c 7h"]
    assert takes("sbarazzina", "Ac 7h", "Ad") == []  # 1 + 1 + 7 is no fifteen


# --- Fifteens: Escoba and Cirulla (rules written in their rule sets) -------------------------------

def test_escoba_played_card_and_captured_cards_total_fifteen() -> None:
    assert takes("escoba", "2c 7h Kd 5s", "3s") == ["2c Kd", "5s 7h"]


def test_escoba_has_no_pairing() -> None:
    assert takes("escoba", "5c", "5s") == []
    legal, reason = check("escoba", "5c", "5s", "5c")
    assert not legal and reason == ("the 5s captures nothing on this table (with the 5s they make 10, not 15): "
                                    "it must be laid down")


def test_cirulla_fifteen_is_allowed_beside_a_pairing() -> None:
    assert takes("cirulla", "3c 5h 6s 7d", "7h") == ["7d", "3c 5h"]


def test_cirulla_ace_takes_the_table_and_it_counts_as_a_sweep() -> None:
    assert [c.sweep for c in rule_on_capture("cirulla", "3c 5h", "Ad").captures] == [True]


# --- Cassino family (seed 001) ------------------------------------------------------------------

def test_cassino_pairing_takes_every_card_of_that_rank() -> None:
    assert takes("cassino", "8c 8d 5s", "8h") == ["8d 8c"]
    legal, reason = check("cassino", "8c 8d 5s", "8h", "8c")
    assert not legal and reason == "a card takes every table card of its rank in Cassino: the 8h must also take 8d"


def test_cassino_one_card_takes_pairs_and_sums_together() -> None:
    options = takes("cassino", "8c 5s 3h 6c 2d", "8h")
    assert "2d 3h 5s 6c 8c" in options and "8c" in options


def test_cassino_courts_cannot_be_taken_by_addition() -> None:
    assert takes("cassino", "3c 7h", "Kd") == []
    # A court takes one court of its rank (pagat Casino); Britannica's every-card pairing is an option.
    assert takes("cassino", "Kc Kh", "Kd") == ["Kh", "Kc"]


def test_kasino_ace_counts_fourteen_from_the_hand() -> None:
    # The ace counts 14 from the hand: it takes Ad + Kc (1 + 13), but does not pair with the Ad,
    # which is worth 1 on the table (pagat Nordic Casino; korttipelit.net).
    assert takes("kasino", "Kc Ad 5s", "Ah") == ["Ad Kc"]


def test_spade_cassino_sweeps_only_when_its_optional_sweeps_category_is_on() -> None:
    # Bicycle: sweeps count in Spade Cassino only "if played" (agreed): the plain game marks none.
    assert [c.sweep for c in rule_on_capture("spade-cassino", "3c 4h", "7h").captures] == [False]
    assert [c.sweep for c in rule_on_capture("cassino", "3c 4h", "7h").captures] == [True]


# --- bad input ----------------------------------------------------------------------------------

def test_bad_card_token_names_the_part_and_token() -> None:
    with pytest.raises(InputErrors) as exc:
        rule_on_capture("scopa", "3c 4x", "7h")
    assert exc.value.messages == ["table, token 2: '4x' is not a card: 'x' is not a suit"]


def test_played_card_already_on_the_table_is_refused() -> None:
    with pytest.raises(NotationError, match="the 7h is already on the table"):
        rule_on_capture("scopa", "3c 7h", "7h")


def test_rule_set_without_capture_rules_is_refused(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "plain.yaml"
    path.write_text("id: plain\nname: Plain\ndeck: italian-40\ncategories: [{id: cards, kind: most}]\n"
                    "match: {target: 11}\n")
    with pytest.raises(RuleSetError, match="plain has no capture section"):
        rule_on_capture(str(path), "3c", "7h")


def test_cassino_clearing_the_table_on_the_last_play_is_a_sweep() -> None:
    s = rule_on_capture("cassino", "3c 4h", "7h", take="3c 4h", last=True)
    assert s.legal and [c.sweep for c in s.captures] == [True]


def test_wall_street_takeover_is_not_scored_on_the_last_play() -> None:
    assert [c.sweep for c in rule_on_capture("wall-street", "3c 4h", "Kh", last=True).captures] == [False]
    assert [c.sweep for c in rule_on_capture("wall-street", "3c 4h", "Kh").captures] == [True]


def test_scopone_six_takes_two_and_four() -> None:
    assert takes("scopone", "2c 4h Jd", "6s") == ["2c 4h"]


def test_quindici_with_sums_turned_off_takes_only_fifteens(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "only-fifteens.yaml"
    path.write_text("extends: scopa-quindici\nid: only-fifteens\ncapture:\n  sums: false\n")
    assert takes(str(path), "2c 3h", "5d") == []
    assert takes(str(path), "4c 6h", "5d") == ["4c 6h"]


def test_messages_name_the_parts_of_the_hand_or_the_labels_given() -> None:
    with pytest.raises(InputErrors) as exc:
        rule_on_capture("cassino", "3c", "7h 2d", builds=("7=5h,2x", "seven"))
    assert exc.value.messages == ["build 7=5h,2x, token 2: '2x' is not a card: 'x' is not a suit",
                                  "build 'seven': write VALUE=CARDS, like 7=5h,2c",
                                  "card played '7h 2d': give exactly one card"]
    with pytest.raises(InputErrors) as exc:
        rule_on_capture("scopa", "3c", "Zz", labels=Labels(card="--card"))
    assert exc.value.messages == ["--card, token 1: 'Zz' is not a card: 'z' is not a suit"]
