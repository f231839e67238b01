"""Properties over random hands of every built-in deck (hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.notation import PileText
from scorekeeper.rules.catalog import builtin_ids, load_rules
from scorekeeper.scoring.count import Counter, HandEntry

RULE_SETS = builtin_ids()


@st.composite
def split_hands(draw: st.DrawFn) -> tuple[str, list[list[int]]]:
    """A rule set and a random split of its whole deck into an allowed number of sides."""
    rules = load_rules(draw(st.sampled_from(RULE_SETS)))
    n = draw(st.integers(rules.sides.min, rules.sides.max))
    owners = draw(st.lists(st.integers(0, n - 1), min_size=len(rules.cards.cards), max_size=len(rules.cards.cards)))
    piles: list[list[int]] = [[] for _ in range(n)]
    for index, side in enumerate(owners):
        piles[side].append(index)
    return rules.id, piles


def entry(rules_id: str, piles: list[list[int]]) -> HandEntry:
    deck = load_rules(rules_id).cards
    texts = tuple(PileText(cards=[deck.cards[i] for i in pile]) for pile in piles)
    return HandEntry(tuple(f"S{i}" for i in range(len(piles))), texts)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(split_hands())
def test_any_split_of_a_built_in_deck_verifies_clean(hand: tuple[str, list[list[int]]]) -> None:
    rules_id, piles = hand
    assert Counter(load_rules(rules_id)).score(entry(rules_id, piles)).problems == ()


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(split_hands(), st.data())
def test_removing_a_card_is_always_reported(hand: tuple[str, list[list[int]]], data: st.DataObject) -> None:
    rules_id, piles = hand
    side = data.draw(st.sampled_from([i for i, p in enumerate(piles) if p]))
    removed = piles[side].pop(data.draw(st.integers(0, len(piles[side]) - 1)))
    result = Counter(load_rules(rules_id)).score(entry(rules_id, piles))
    card = load_rules(rules_id).cards.cards[removed]
    assert any("in no pile" in p and card.rank.value in p for p in result.problems)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(split_hands(), st.data())
def test_duplicating_a_card_is_always_reported(hand: tuple[str, list[list[int]]], data: st.DataObject) -> None:
    rules_id, piles = hand
    source = data.draw(st.sampled_from([i for i, p in enumerate(piles) if p]))
    card_index = data.draw(st.sampled_from(piles[source]))
    piles[data.draw(st.integers(0, len(piles) - 1))].append(card_index)
    card = str(load_rules(rules_id).cards.cards[card_index])
    problems = Counter(load_rules(rules_id)).score(entry(rules_id, piles)).problems
    assert any(f"{card} is twice" in p or f"{card} is also in" in p for p in problems)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(split_hands(), st.data())
def test_points_outside_sweeps_and_declared_never_exceed_the_maximum(
        hand: tuple[str, list[list[int]]], data: st.DataObject) -> None:
    rules_id, piles = hand
    rules = load_rules(rules_id)
    enabled = tuple(data.draw(st.lists(st.sampled_from(rules.optional_ids), unique=True))) if rules.optional_ids else ()
    counter = Counter(rules)
    e = entry(rules_id, piles)
    result = counter.score(HandEntry(e.sides, e.piles, enabled=enabled))
    bounded = sum(sum(c.points) for c in result.categories if c.scorer.spec.kind not in ("sweeps", "declared"))
    assert bounded <= counter.max_points(len(piles), enabled=enabled)
