"""``Counter.score_masks`` is what ``Counter.score`` does once the piles are read: for a hand whose
piles hold every card once, the same totals, categories, sweeps, claims and problems, declarations
and optional categories included (the front door counts plain piles this way)."""

from __future__ import annotations

import pytest

import scorekeeper as sk
from scorekeeper import _hand
from scorekeeper.rules.catalog import load_rules
from scorekeeper.scoring.count import Counter
from scorekeeper.scoring.piles import read_piles

HANDS = [
    ("cirulla", {"Anna": "d:A23 h:7", "Bruno": "rest"}, {"declared": {"Anna": {"bussata": 2}, "Bruno": {"decino": 1}}}),
    ("cirulla", {"Anna": "d:A23 h:7", "Bruno": "rest"}, {"declared": {"Bruno": {"decino": 1}}, "claims": {"Bruno": 3}}),
    ("scopa", {"Anna": "d:A234567 c:A", "Bruno": "rest"}, {"sweeps": {"Anna": 5}, "claims": {"Anna": 7, "Bruno": 3}}),
    ("scopa", {"Anna": "d:A23", "Bruno": "rest"}, {"with": ["napola"], "claims": {"Anna": 4}}),
    ("spade-cassino", {"Anna": "Ad 7c 2c 3c", "Bruno": "rest"}, {"sweeps": {"Anna": 2}}),
]


@pytest.mark.parametrize(("game", "piles", "facts"), HANDS)
def test_score_masks_counts_as_score_does_once_the_piles_are_read(game, piles, facts):
    rules = load_rules(game)
    entry = _hand(piles, facts, False).entry(rules.cards)
    read = read_piles(rules, entry.sides, entry.piles)
    assert read.problems == ()
    by_masks = Counter(rules).score_masks(entry, read.masks)
    by_piles = Counter(rules).score(entry)
    assert by_masks.to_dict() == by_piles.to_dict()
    assert by_masks.problems == by_piles.problems


def test_declarations_count_through_score_masks():
    rules = load_rules("cirulla")
    hand = _hand({"Anna": "d:A23 h:7", "Bruno": "rest"}, {"declared": {"Anna": {"bussata": 2}}}, False)
    entry = hand.entry(rules.cards)
    result = Counter(rules).score_masks(entry, read_piles(rules, entry.sides, entry.piles).masks)
    assert next(c.points for c in result.categories if c.id == "bussata") == (6, 0)
    assert next(c.points for c in result.categories if c.id == "decino") == (0, 0)


def test_count_of_masks_checks_a_claim_without_a_list_of_problems_given():
    """Counter.count, the bulk checks' path, starts its own list of problems when given none."""
    rules = load_rules("scopa")
    anna = read_piles(rules, ("Anna", "Bruno"), _hand({"Anna": "Ad 2d 3d 4d 5d 6d 7d Ac", "Bruno": "rest"}, {},
                                                      False).entry(rules.cards).piles).masks
    result = Counter(rules).count(("Anna", "Bruno"), anna, (0, 0), {}, (), {"Anna": 2, "Bruno": 3})
    assert result.totals == (2, 2)
    assert [p.split(",")[0] for p in result.problems] == ["claim of Bruno: 3"]
    assert result.claims == {"Anna": 2, "Bruno": 3}
    unclaimed = Counter(rules).count(("Anna", "Bruno"), anna, (0, 0), {})
    assert (unclaimed.totals, unclaimed.claims, unclaimed.problems) == ((2, 2), {}, ())


ALL_OPTIONAL = """\
id: all-optional
name: All optional
deck: italian-40
sides: {min: 2, max: 4}
categories:
  - id: cards
    label: most cards
    kind: most
    optional: true
match: {target: 11}
"""


def test_a_hand_with_no_category_on_scores_nothing_for_each_side(tmp_path):
    path = tmp_path / "all-optional.yaml"
    path.write_text(ALL_OPTIONAL, encoding="utf-8")
    result = sk.score({"A": "7d", "B": "Ad", "C": "rest"}, rules=sk.load_rules(str(path)))
    assert (result.totals, result.to_dict()["totals"], result.problems) == ((0, 0, 0), {"A": 0, "B": 0, "C": 0}, ())
