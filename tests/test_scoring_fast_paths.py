"""The fast paths of scoring (issue 9) give exactly what the plain paths give.

- the front door reads plain pile texts straight into a HandEntry, and piles that hold every card
  once straight into masks (``scoring._plain``): the same result, or the same refusal, as the
  hand-file reader and ``parse_pile``;
- scorers write out the two-side hand and keep the outcomes they have seen: a fresh Counter and one
  that has counted many hands agree, and a third, empty side changes nobody's points or taker;
- primiera's one-sum total is the total of the best card of each suit, read off the ladders.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scorekeeper
from scorekeeper import _hand
from scorekeeper.cards import Card
from scorekeeper.errors import HandError, ScorekeeperError
from scorekeeper.notation import PileText
from scorekeeper.rules.builtins import builtin_ids
from scorekeeper.rules.catalog import load_rules
from scorekeeper.scoring.count import Counter, HandEntry
from scorekeeper.scoring.hand import score_hand
from scorekeeper.scoring.primiera import PrimieraScorer

GAMES = ("scopa", "scopone", "cassino", "cirulla", "escoba", "spade-cassino", "wall-street", "scopa-52")
TOKENS = ["7d", "Ad", "10h", "Kc", "8s", "Jd", "rest", "REST", "d:A27", "7d*", "settebello", "7x", "Qs,Js", "7D"]


def _outcome(work: Any) -> Any:
    try:
        return work().to_dict()
    except ScorekeeperError as exc:
        return f"{type(exc).__name__}: {exc}"


@st.composite
def _front_door_hands(draw: Any) -> tuple[str, dict[Any, Any], dict[str, Any]]:
    """Pile texts of a game: most of them each card's canonical text split between the sides, some
    with a token to parse or a bad one, some with counts of the wrong kind."""
    game = draw(st.sampled_from(GAMES))
    rules = load_rules(game)
    n = draw(st.integers(rules.sides.min, rules.sides.max))
    sides = [f"S{i}" for i in range(n)]
    owner = [draw(st.integers(0, n - 1)) for _ in rules.cards.cards]
    piles: dict[Any, Any] = {s: " ".join(str(c) for c, o in zip(rules.cards.cards, owner, strict=True) if o == i)
                             for i, s in enumerate(sides)}
    if draw(st.booleans()):
        piles[sides[-1]] = "rest"
    if draw(st.integers(0, 3)) == 0:
        piles[sides[0]] += " " + " ".join(draw(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=3)))
    counts = st.one_of(st.integers(0, 30), st.just(-1), st.just(True), st.just(10**15), st.just("2"))
    names = st.one_of(st.sampled_from(sides), st.just("Nobody"), st.just(1))
    facts = {
        "sweeps": draw(st.none() | st.dictionaries(names, counts, max_size=2)),
        "claims": draw(st.none() | st.dictionaries(names, counts, max_size=2)),
        "enabled": draw(st.lists(st.sampled_from([*rules.optional_ids, "cards", "nonsense"]), max_size=2)),
        "italian_suits": draw(st.integers(0, 9)) == 0,
    }
    if draw(st.integers(0, 9)) == 0:
        piles = {1: "7d", "B": "rest"} if draw(st.booleans()) else {"A": ["7d", "Ad"], "B": "rest"}
    return game, piles, facts


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(_front_door_hands())
def test_the_front_door_gives_for_plain_piles_what_the_hand_file_reader_gives(
        hand: tuple[str, dict[Any, Any], dict[str, Any]]) -> None:
    game, piles, facts = hand
    rules = load_rules(game)

    def full() -> Any:
        read = {"sweeps": facts["sweeps"], "declared": None, "claims": facts["claims"], "with": list(facts["enabled"])}
        return score_hand(_hand(piles, read, facts["italian_suits"]), rules)  # the score command's function

    assert _outcome(lambda: scorekeeper.score(piles, rules=game, **facts)) == _outcome(full)


@st.composite
def _masks(draw: Any) -> tuple[str, tuple[int, ...], tuple[int, ...], tuple[str, ...]]:
    """Two piles of a game's deck as masks, often a split of the whole deck, sometimes not."""
    game = draw(st.sampled_from(sorted(builtin_ids())))
    rules = load_rules(game)
    size = len(rules.cards.cards)
    first = draw(st.integers(0, (1 << size) - 1) | st.sampled_from([0, (1 << size) - 1, (1 << (size // 4)) - 1]))
    second = rules.cards.full & ~first if draw(st.booleans()) else draw(st.integers(0, (1 << size) - 1))
    sweeps = (draw(st.integers(0, 4)), draw(st.integers(0, 4)))
    enabled = tuple(draw(st.lists(st.sampled_from(rules.optional_ids), unique=True))) if rules.optional_ids else ()
    return game, (first, second), sweeps, enabled


KEPT = {game: Counter(load_rules(game)) for game in builtin_ids()}  # counts every example: keeps outcomes


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(_masks())
def test_a_counter_that_keeps_outcomes_counts_as_a_fresh_one(hand: tuple[str, tuple[int, ...], tuple[int, ...],
                                                                         tuple[str, ...]]) -> None:
    game, masks, sweeps, enabled = hand
    declared = {c.id: (1, 0) for c in load_rules(game).categories if c.kind == "declared"}
    kept = KEPT[game].count(("A", "B"), masks, sweeps, declared, enabled, {"A": 3})
    fresh = Counter(load_rules(game)).count(("A", "B"), masks, sweeps, declared, enabled, {"A": 3})
    assert kept.to_dict() == fresh.to_dict()
    assert [c.scored for c in kept.categories] == [c.scored for c in fresh.categories]


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(_masks())
def test_an_empty_third_side_changes_no_points_or_taker_of_the_first_two(
        hand: tuple[str, tuple[int, ...], tuple[int, ...], tuple[str, ...]]) -> None:
    """The written-out two-side scoring against the loop over any number of sides."""
    game, masks, sweeps, _enabled = hand
    for scorer in Counter(load_rules(game)).scorers:
        two = scorer.score(masks, sweeps, (1, 2))
        three = scorer.score((*masks, 0), (*sweeps, 0), (1, 2, 0))
        assert two.points == three.points[:2]
        assert two.taker == three.taker
        assert scorer.match_taker(two) == scorer.match_taker(three)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["scopa", "scopa-52", "scopone"]), st.integers(0, (1 << 52) - 1))
def test_primiera_total_is_the_best_card_of_each_suit_added_up(game: str, bits: int) -> None:
    rules = load_rules(game)
    scorer = next(s for s in Counter(rules).scorers if isinstance(s, PrimieraScorer))
    pile = bits & rules.cards.full
    assert scorer.total(pile) == scorer.side(pile).total


@settings(max_examples=300, deadline=None)
@given(_masks(), st.sampled_from([{}, {"A": 3}, {"B": 0}]))
def test_the_problems_of_a_hand_without_counting_are_those_of_its_count(
        hand: tuple[str, tuple[int, ...], tuple[int, ...], tuple[str, ...]], claims: dict[str, int]) -> None:
    """``Counter.problems_of`` (verify's replayed records) finds what ``score_masks`` finds, the
    categories counted only where a claim needs their totals; a count no hand can have is refused alike."""
    game, (first, _second), sweeps, enabled = hand
    rules = load_rules(game)
    masks = (first, rules.cards.full & ~first)  # replayed piles split the deck
    entry = HandEntry(("A", "B"), (), {"A": sweeps[0], "B": sweeps[1]}, {}, claims, enabled)
    counter = Counter(rules)
    try:
        expected = counter.score_masks(entry, masks).problems
    except HandError as exc:
        with pytest.raises(HandError, match=re.escape(str(exc))):
            counter.problems_of(entry, masks)
        return
    assert counter.problems_of(entry, masks) == expected


def test_a_counter_reads_a_card_of_another_deck_as_no_card_of_its_own() -> None:
    """Wall Street's deck has no sevens: a typed pile holding the 7d, beside a pile of the rest, is
    not taken as a partition of the deck (the 7d read as some card of it); it is refused in words."""
    rules = load_rules("wall-street")
    entry = HandEntry(("Anna", "Bruno"), (PileText([Card.parse("7d")]), PileText(rest=True)), {})
    assert Counter(rules).score(entry).problems == (
        "pile of Anna: 7d is not in the wall-street-40 deck: it has no 7s, Jacks or Queens",)
