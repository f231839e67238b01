"""Settling a primiera dispute in the library: the piles are read as the count reads them."""

from __future__ import annotations

from conftest import count, points

from scorekeeper.cli.common import with_options
from scorekeeper.scoring.dispute import settle_primiera
from scorekeeper.scoring.hand import HandSpec


def shown(*piles: str, rules: str | None = None) -> HandSpec:
    return with_options(HandSpec(), piles=piles, rules=rules)


def test_rest_takes_every_unlisted_card_and_agrees_with_the_count() -> None:
    dispute = settle_primiera(shown("Anna=7c 7d 6s 6h", "Bruno=rest"))
    assert [side.total for side in dispute.by_side] == [78, 78]
    assert (dispute.winner, dispute.reason, dispute.problems) == (
        None, "tie at 78 between Anna and Bruno: nobody scores", ())
    assert points(count("scopa", "Anna=7c 7d 6s 6h", "Bruno=rest"), "primiera") == (0, 0)


def test_a_card_in_both_piles_is_a_problem_and_names_no_winner() -> None:
    dispute = settle_primiera(shown("Anna=7d 7c 6s 6h", "Bruno=7d 7h 7s 6c 6d"))
    assert dispute.problems == ("pile of Bruno: 7d is also in the pile of Anna",)
    assert (dispute.winner, dispute.ok) == (None, False)
    assert dispute.to_dict()["problems"] == list(dispute.problems)


def test_cards_nobody_shows_are_not_a_problem() -> None:
    dispute = settle_primiera(shown("Anna=Ad Ah As Ac", "Bruno=7d 7h 7c"))
    assert (dispute.winner, dispute.problems) == ("Anna", ())
    assert dispute.reason == "Anna wins with 64 (Bruno lacks swords)"
    assert dispute.detail["Bruno"]["missing_suits"] == ["s"]


def test_a_missing_suit_is_named_as_the_pack_names_it() -> None:
    """The Italian pack's spade are swords, the French pack's spades are spades."""
    italian = settle_primiera(shown("Anna=Ad Ah As Ac", "Bruno=7d 7h"))
    french = settle_primiera(shown("Anna=Ad Ah As Ac", "Bruno=7d 7h", rules="scopa-52"))
    assert italian.reason == "Anna wins with 64 (Bruno lacks swords, batons)"
    assert french.reason == "Anna wins with 64 (Bruno lacks spades, clubs)"


def test_a_rule_set_without_primiera_is_settled_by_the_usual_table() -> None:
    dispute = settle_primiera(shown("Anna=Kd 10h 2s 3c", "Bruno=Ad Ah As Ac", rules="wall-street"))
    assert [side.total for side in dispute.by_side] == [45, 64]
    assert dispute.winner == "Bruno"
