"""Each category kind of RULES.md, on hands built to show its rule."""

from __future__ import annotations

import dataclasses

from conftest import count, points

from scorekeeper.rules.catalog import load_rules
from scorekeeper.rules.ruleset import MostCategory


def test_most_needs_strictly_more_than_every_other_side() -> None:
    result = count("scopa", "A=d:A234567JQK h:A", "B=rest")  # 11 cards against 29
    assert points(result, "cards") == (0, 1)
    assert points(result, "coins") == (1, 0)


def test_most_tie_scores_nobody_by_default() -> None:
    result = count("scopa", "A=d:A2345 h:A2345 s:A2345 c:A2345", "B=rest")  # 20 cards each
    assert points(result, "cards") == (0, 0)
    assert points(result, "coins") == (0, 0)  # 5 coins each


def test_most_with_ties_split_shares_the_points_among_the_tied_leaders() -> None:
    # RULES.md, shared majorities: two sides tied for 2 points get 1 each; a point that cannot be
    # shared evenly (1 between two) is scored by nobody, so a deal never gives more than its points.
    scopa = load_rules("scopa")
    split = tuple(dataclasses.replace(c, ties="split", points=2) if isinstance(c, MostCategory) else c
                  for c in scopa.categories)
    rules = dataclasses.replace(scopa, categories=split)
    result = count(rules, "A=d:A2345 h:A2345 s:A2345 c:A2345", "B=rest")
    assert points(result, "cards") == (1, 1)
    one = tuple(dataclasses.replace(c, ties="split") if isinstance(c, MostCategory) else c for c in scopa.categories)
    assert points(count(dataclasses.replace(scopa, categories=one), "A=d:A2345 h:A2345 s:A2345 c:A2345", "B=rest"),
                  "cards") == (0, 0)


def test_card_goes_to_its_holder() -> None:
    assert points(count("hurricane", "A=7h", "B=rest"), "seven-of-hearts") == (1, 0)
    assert points(count("cassino", "A=10d 2s", "B=rest"), "big-cassino") == (2, 0)
    assert points(count("cassino", "A=10d 2s", "B=rest"), "little-cassino") == (1, 0)


def test_each_counts_every_ace_in_cassino() -> None:
    assert points(count("cassino", "A=Ad Ah As", "B=rest"), "aces") == (3, 1)


def test_spade_cassino_spades_one_each_and_as_js_2s_two_each() -> None:
    # As, Js, 2s (2 each) and 3s (1): 7 points; the other nine spades give B 9.
    assert points(count("spade-cassino", "A=As Js 2s 3s", "B=rest"), "spade-points") == (7, 9)


def test_sequence_caps_the_piccola_of_cirulla_at_6() -> None:
    assert points(count("cirulla", "A=d:A234567", "B=rest"), "piccola") == (6, 0)
    assert points(count("cirulla", "A=d:A2345", "B=rest"), "piccola") == (5, 0)


def test_set_grande_needs_all_of_j_q_k_of_coins() -> None:
    assert points(count("cirulla", "A=Jd Qd Kd", "B=rest"), "grande") == (5, 0)
    assert points(count("cirulla", "A=Jd Qd", "B=rest"), "grande") == (0, 0)


def test_cappotto_all_ten_coins_wins_the_match_when_turned_on() -> None:
    assert count("scopa", "A=d:A234567JQK", "B=rest", enabled=("cappotto",)).match_winner == "A"
    assert count("scopa", "A=d:A234567JQK", "B=rest").match_winner is None  # optional, off


def test_cirulla_all_ten_coins_always_wins_the_match() -> None:
    assert count("cirulla", "A=rest", "B=Ah").match_winner == "A"


def test_sweeps_score_per_sweep() -> None:
    assert points(count("scopa", "A=d:A234567", "B=rest", sweeps=("A=3", "B=2")), "sweeps") == (3, 2)


def test_kasino_sweeps_cancel_only_the_difference_scores() -> None:
    assert points(count("kasino", "A=s:A23456789", "B=rest", sweeps=("A=3", "B=1")), "sweeps") == (2, 0)


def test_declared_points_count_per_declaration() -> None:
    result = count("cirulla", "A=Ah", "B=rest", declare=("A:bussata=2", "B:decino=1"))
    assert points(result, "bussata") == (6, 0)
    assert points(result, "decino") == (0, 10)


def test_re_bello_is_optional_in_scopa_and_always_on_in_sbarazzina() -> None:
    assert "re-bello" not in [c.id for c in count("scopa", "A=Kd", "B=rest").categories]
    assert points(count("scopa", "A=Kd", "B=rest", enabled=("re-bello",)), "re-bello") == (1, 0)
    assert points(count("sbarazzina", "A=Kd", "B=rest"), "re-bello") == (1, 0)
