"""The checks of a hand: every problem found, each named, all reported together."""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import count, points

from scorekeeper.cards import Card
from scorekeeper.errors import HandError, NotationError, RuleSetError
from scorekeeper.notation import PileText
from scorekeeper.rules.catalog import load_rules
from scorekeeper.scoring.count import Counter, HandEntry
from scorekeeper.scoring.hand import HandSpec, score_hand
from scorekeeper.scoring.piles import split_deck


def test_a_full_clean_hand_has_no_problem() -> None:
    assert count("scopa", "A=d:A27K c:356 h:7 s:JQ", "B=rest").problems == ()


def test_card_not_in_this_deck_says_which_deck_and_why() -> None:
    result = count("wall-street", "A=7d Jh", "B=rest")
    assert result.problems == (
        "pile of A: 7d is not in the wall-street-40 deck: it has no 7s, Jacks or Queens",
        "pile of A: Jh is not in the wall-street-40 deck: it has no 7s, Jacks or Queens",
    )


def test_card_in_two_piles_and_twice_in_one() -> None:
    result = count("scopa", "A=7d 7d Ad", "B=Ad", "C=rest")
    assert result.problems == ("pile of A: 7d is twice in this pile", "pile of B: Ad is also in the pile of A")


def test_missing_cards_are_listed_by_suit() -> None:
    result = count("scopa", "A=d:A234567JQ h:A234567JQK", "B=s:A234567JQK c:A234567JQ")
    assert result.problems == ("2 cards of the italian-40 deck in no pile: coins K; batons K",)


def test_only_one_pile_may_be_rest() -> None:
    assert count("scopa", "A=rest", "B=rest").problems[0] == "only one pile may be 'rest'; A and B all say rest"


@pytest.mark.parametrize(("rules", "sides", "message"), [
    ("scopa", 5, "scopa is played by 2 to 4 sides; this hand has 5"),
    ("hurricane", 3, "hurricane is played by 2 sides; this hand has 3"),
    ("scopa", 1, "scopa is played by 2 to 4 sides; this hand has 1"),
])
def test_wrong_number_of_sides(rules: str, sides: int, message: str) -> None:
    piles = [f"S{i}=" for i in range(sides - 1)] + ["Z=rest"]
    assert count(rules, *piles).problems == (message,)


def test_each_sweep_needs_a_capturing_and_a_captured_card() -> None:
    result = count("scopa", "A=Ad 2d 3d 4d 5d", "B=rest", sweeps=("A=3",))
    assert result.problems == ("A: 3 sweeps need at least 6 cards (each a capturing and a captured card); "
                               "the pile has 5",)


def test_marked_sweep_cards_must_agree_with_the_typed_count() -> None:
    result = count("scopa", "A=Ad* 2d* 3d 4d 5d", "B=rest", sweeps=("A=1",))
    assert result.problems == ("pile of A: 2 cards marked as sweeps but 1 sweep typed",)


def test_marked_sweep_cards_count_as_the_sweeps_when_none_are_typed() -> None:
    result = count("scopa", "A=Ad* 2d* 3d 4d 5d 6d", "B=rest")
    assert result.sweeps == (2, 0) and result.totals[0] == 3  # coins 6-4 and two sweeps


def test_sweeps_typed_for_a_game_without_sweeps() -> None:
    cassino = load_rules("cassino")
    no_sweeps = replace(cassino, categories=tuple(c for c in cassino.categories if c.kind != "sweeps"))
    assert count(no_sweeps, "A=d:A23", "B=rest", sweeps=("A=1",)).problems == (
        "A: cassino does not score sweeps, yet 1 were typed",)


def test_sweeps_typed_for_spade_cassino_need_its_optional_sweeps_turned_on() -> None:
    """Spade Cassino scores sweeps only when the players agree to (Bicycle rules): typed while the
    optional category is off, they are refused, naming the option, not silently dropped."""
    refused = count("spade-cassino", "A=d:A23", "B=rest", sweeps=("A=1",))
    assert refused.problems == (
        "A: 1 sweep typed, but sweeps is an optional category of spade-cassino, not turned on (--with sweeps)",)
    counted = count("spade-cassino", "A=d:A23", "B=rest", sweeps=("A=1",), enabled=("sweeps",))
    assert counted.problems == () and points(counted, "sweeps") == (1, 0)


def test_wrong_claim_names_the_category_that_explains_it() -> None:
    result = count("scopa", "A=7d Ad 6h 5c 4s", "B=rest", sweeps=("A=1",), claims=("A=1", "B=3"))
    assert result.totals == (2, 3)
    assert result.problems == (
        "claim of A: 1, but the count gives 2 (settebello (7d) 1, sweeps (scope) 1); the difference of 1 is "
        "settebello (7d) or sweeps (scope) (not counted in the claim?)",)


def test_over_claim_explains_the_category_not_won() -> None:
    result = count("scopa", "A=7c 7d 6s 6h", "B=rest", claims=("A=2",))
    assert result.problems == (
        "claim of A: 2, but the count gives 1 (settebello (7d) 1); the difference of 1 is most cards or most coins "
        "or primiera (claimed but not won?); most cards: 4-36: B has the most; most coins: 1-9: B has the most; "
        "primiera: tie at 78 between A and B: nobody scores",)


def test_all_problems_of_a_hand_are_reported_together() -> None:
    result = count("scopa", "A=7d 7d", "B=Ad", sweeps=("B=1",), claims=("A=9",))
    assert len(result.problems) == 4
    assert [p.split(":")[0] for p in result.problems] == [
        "pile of A", "38 cards of the italian-40 deck in no pile", "B", "claim of A"]


def test_counts_for_an_unknown_side_are_not_understood() -> None:
    with pytest.raises(HandError, match=r"^--sweeps C: no pile has that side \(sides: A, B\)$"):
        count("scopa", "A=rest", "B=", sweeps=("C=1",))


def test_unknown_or_always_on_category_for_with_is_not_understood() -> None:
    with pytest.raises(RuleSetError, match="scopa has no category 'napoli'"):
        count("scopa", "A=rest", "B=", enabled=("napoli",))
    with pytest.raises(HandError, match="'primiera' is always counted in scopa"):
        count("scopa", "A=rest", "B=", enabled=("primiera",))


def test_declaring_a_category_that_is_not_declared() -> None:
    with pytest.raises(HandError, match="'sweeps' is not a declared category of cirulla"):
        count("cirulla", "A=rest", "B=", declare=("A:sweeps=1",))


def test_a_side_given_twice_is_a_problem_naming_both_piles() -> None:
    entry = HandEntry(("A", "B", "A"), (PileText([Card.parse("7d")]), PileText(rest=True), PileText()))
    assert Counter(load_rules("scopa")).score(entry).problems == ("side A given twice: piles 1 and 3 of the hand",)


def test_the_hands_own_words_when_no_option_or_file_place_is_known() -> None:
    hand = HandSpec(piles={"A": ("rest", "pile of A"), "B": ("", "pile of B")})
    with pytest.raises(HandError, match=r"^sweeps of C: no pile has that side \(sides: A, B\)$"):
        score_hand(replace(hand, sweeps={"C": 1}))
    with pytest.raises(HandError, match=r"^claim of C: no pile has that side"):
        score_hand(replace(hand, claims={"C": 1}))
    with pytest.raises(HandError, match=r"^optional category cards: 'cards' is always counted in scopa"):
        score_hand(replace(hand, enabled=("cards",)))
    with pytest.raises(HandError, match=r"^declared A:sweeps: 'sweeps' is not a declared category of cirulla"):
        score_hand(replace(hand, declared={"A": {"sweeps": 1}}, rules="cirulla"))
    with pytest.raises(NotationError, match=r"^no piles: a hand needs a pile for each side$"):
        score_hand(HandSpec())


def test_split_deck_finds_every_card_out_of_place_for_any_grouping() -> None:
    deck = load_rules("wall-street").cards
    cards = [Card.parse(t) for t in ("Kd", "7d", "Kd", "Ad")]
    split = split_deck(deck, [cards[:2], cards[2:], [cards[3]]])
    assert split.foreign == ((0, Card.parse("7d")),)
    assert split.repeated == ((1, Card.parse("Kd"), 0), (2, Card.parse("Ad"), 1))
    assert split.unplaced == deck.full & ~deck.mask([Card.parse("Kd"), Card.parse("Ad")])
    assert not split.exact
    assert split_deck(deck, [deck.cards[:7], deck.cards[7:]]).exact
