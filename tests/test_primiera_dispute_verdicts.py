"""A primiera dispute names a winner only when the piles shown are right, and is settled under the
rule set given, not the one the hand names (scoring.dispute)."""

from __future__ import annotations

from scorekeeper.cli.common import with_options
from scorekeeper.rules.catalog import load_rules
from scorekeeper.scoring.dispute import settle_primiera
from scorekeeper.scoring.hand import HandSpec


def test_no_winner_while_a_card_is_in_two_piles_even_when_one_side_leads():
    # Anna's four sevens (84) would beat anything; the 7d is also in Bruno's pile
    dispute = settle_primiera(with_options(HandSpec(), piles=("Anna=7d 7c 7s 7h", "Bruno=7d Ad")))
    assert dispute.problems == ("pile of Bruno: 7d is also in the pile of Anna",)
    assert (dispute.winner, dispute.reason) == (None, "no verdict until the piles are right")
    assert dispute.to_dict()["winner"] is None


def test_the_rule_set_given_settles_the_dispute_not_the_default():
    hand = with_options(HandSpec(), piles=("Anna=Ad Ah As Ac", "Bruno=7d 7h"))
    dispute = settle_primiera(hand, load_rules("scopa-52"))
    assert dispute.rules.id == "scopa-52"
    assert dispute.reason == "Anna wins with 64 (Bruno lacks spades, clubs)"
