"""``scorekeeper.score`` with plain values: the same totals, problems and refusals, word for word,
as the hand-file reader gives for the same hand (the score command's path), whichever way the
front door reads it (``scoring._plain`` takes canonical piles and plain counts straight to a
hand; anything else goes the full way). A script calling ``score`` relies on these words.

The random comparison of both paths is ``test_scoring_fast_paths.py`` (slow); these are the
cases at the edges of what the quick reading takes, each with what the player reads."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

import pytest

import scorekeeper as sk
from scorekeeper import _hand
from scorekeeper.documents import parse_text
from scorekeeper.errors import HandError, InputErrors, ScorekeeperError
from scorekeeper.rules.catalog import load_rules
from scorekeeper.scoring._plain import plain_entry
from scorekeeper.scoring.hand import score_hand
from scorekeeper.scoring.piles import read_piles

# Anna: seven coins from the ace and the ace of cups (8 cards); Bruno takes the other 32.
ANNA = "Ad 2d 3d 4d 5d 6d 7d Ac"  # canonical tokens: the quick reading takes them
PILES = {"Anna": ANNA, "Bruno": "rest"}
TOO_MANY = (
    "hand: sweeps of Anna: 19 sweeps is more than any hand allows (at most 18: in a hand of scopa with 2 "
    "sides, a side plays 18 cards, each sweeping at most once)")
NO_PILE = "hand: {fact}: no pile has that side (sides: Anna, Bruno)"
NOT_A_COUNT = "hand: {key}.Anna: {value} is not a count (a whole number, 0 or more)"


def _outcome(work: Any) -> Any:
    try:
        result = work()
    except ScorekeeperError as exc:
        return type(exc).__name__, str(exc)
    return result.totals, result.problems


def _the_score_command(piles: Any, game: str = "scopa", **facts: Any) -> Any:
    read = {"sweeps": facts.get("sweeps"), "declared": None, "claims": facts.get("claims"),
            "with": list(facts.get("enabled", ()))}
    return _outcome(lambda: score_hand(_hand(piles, read, False), load_rules(game)))


CASES = [
    # the usual hand: Anna has most coins and the settebello, Bruno most cards and primiera
    (PILES, {}, ((2, 2), ())),
    (PILES, {"sweeps": {"Anna": 0}}, ((2, 2), ())),
    (PILES, {"sweeps": {"Anna": 2}}, ((4, 2), ())),
    (PILES, {"sweeps": MappingProxyType({"Anna": 2})}, ((4, 2), ())),
    (MappingProxyType(PILES), {"sweeps": {"Bruno": 1}}, ((2, 3), ())),
    (PILES, {"claims": {"Anna": 2, "Bruno": 2}}, ((2, 2), ())),
    # a 'rest' pile first, then a pile that is wrong: both piles are read
    ({"Anna": "rest", "Bruno": "7d 7d"}, {}, ((3, 1), ("pile of Bruno: 7d is twice in this pile",))),
    ({"Anna": "rest", "Bruno": "7d"}, {"sweeps": {"Bruno": 2}},
     ((3, 3), ("Bruno: 2 sweeps need at least 4 cards (each a capturing and a captured card); the pile has 1",))),
    # piles the quick reading leaves to the full one, which words what is wrong
    ({"A": "rest", "B": "7d", "C": "rest"}, {},
     ((0, 3, 0), ("only one pile may be 'rest'; A and C all say rest",
                  "39 cards of the italian-40 deck in no pile: coins A 2 3 4 5 6 J Q K; cups A 2 3 4 5 6 7 J Q K; "
                  "swords A 2 3 4 5 6 7 J Q K; batons A 2 3 4 5 6 7 J Q K"))),
    ({"A": "d:A234567JQK h:A234567JQK s:A234567JQK", "B": "c:A2"}, {},
     ((3, 0), ("8 cards of the italian-40 deck in no pile: batons 3 4 5 6 7 J Q K",))),
    ({"A": "d:A234567JQ h:A234567JQK s:A234567JQK", "B": "c:A234567JQK"}, {},
     ((3, 0), ("1 card of the italian-40 deck in no pile: coins K",))),
    ({"Anna": "Ad 2d", "Bruno": "rest 7d*"}, {}, ((0, 5), ())),  # the rest pile keeps its marked sweep card
    ({"Anna": "Ad 2d 2d", "Bruno": "rest 7d*"}, {}, ((0, 5), ("pile of Anna: 2d is twice in this pile",))),
    ({"A": "7d", "B": "7d", "C": "rest"}, {}, ((1, 0, 3), ("pile of B: 7d is also in the pile of A",))),
    ({"A": "rest", "B": "Ad 7d 7d"}, {}, ((3, 1), ("pile of B: 7d is twice in this pile",))),
    ({"A": "rest"}, {}, ((4,), ("scopa is played by 2 to 4 sides; this hand has 1",))),
    ({"A": "7d", "B": "Ad", "C": "2d", "D": "3d", "E": "rest"}, {},
     ((1, 0, 0, 0, 3), ("scopa is played by 2 to 4 sides; this hand has 5",))),
    ({"A": "7d", "B": "Ad", "C": "2d", "D": "rest"}, {}, ((1, 0, 0, 3), ())),
    # sweeps the pile cannot hold: eight cards hold four at most
    (PILES, {"sweeps": {"Anna": 5}},
     ((7, 2), ("Anna: 5 sweeps need at least 10 cards (each a capturing and a captured card); the pile has 8",))),
    # a claim that is wrong, with the categories that would make up the difference
    (PILES, {"claims": {"Anna": 3}},
     ((2, 2), ("claim of Anna: 3, but the count gives 2 (most coins 1, settebello (7d) 1); the difference of 1 is "
               "most cards or primiera (claimed but not won?); most cards: 8-32: Bruno has the most; primiera: "
               "Bruno wins with 73 (Anna lacks cups, swords)",))),
    # counts no hand can have, named where they were given
    (PILES, {"sweeps": {"Anna": 19}}, ("InputErrors", TOO_MANY)),
    (PILES, {"sweeps": {"Anna": 10**15 - 1}}, ("InputErrors", TOO_MANY.replace(": 19 ", ": 999999999999999 "))),
    (PILES, {"sweeps": {"Anna": -1}}, ("NotationError", NOT_A_COUNT.format(key="sweeps", value=-1))),
    (PILES, {"sweeps": {"Anna": True}}, ("NotationError", NOT_A_COUNT.format(key="sweeps", value=True))),
    (PILES, {"sweeps": {"Anna": "2"}}, ("NotationError", NOT_A_COUNT.format(key="sweeps", value="'2'"))),
    (PILES, {"sweeps": {"Anna": 10**15}},
     ("NotationError", "hand: sweeps.Anna: 1000000000000000... is too large for a count")),
    (PILES, {"sweeps": {"Anna": 10**25}},  # the first twenty digits
     ("NotationError", "hand: sweeps.Anna: 10000000000000000000... is too large for a count")),
    (PILES, {"claims": {"Anna": -1}}, ("NotationError", NOT_A_COUNT.format(key="claims", value=-1))),
    (PILES, {"claims": {"Anna": True}}, ("NotationError", NOT_A_COUNT.format(key="claims", value=True))),
    (PILES, {"sweeps": [("Anna", 1)]}, ("NotationError", "hand: sweeps: must map each side to a number")),
    (PILES, {"claims": [("Anna", 1)]}, ("NotationError", "hand: claims: must map each side to a number")),
    # counts for a side with no pile
    (PILES, {"sweeps": {"Nobody": 1}}, ("HandError", NO_PILE.format(fact="sweeps of Nobody"))),
    (PILES, {"sweeps": {1: 1}}, ("HandError", NO_PILE.format(fact="sweeps of 1"))),
    (PILES, {"claims": {"Nobody": 3}}, ("HandError", NO_PILE.format(fact="claim of Nobody"))),
    (PILES, {"sweeps": {"Anna": 1}, "claims": {"Nobody": 3}}, ("HandError", NO_PILE.format(fact="claim of Nobody"))),
    (PILES, {"sweeps": {"Nobody": 1}, "claims": {"Anna": 2}}, ("HandError", NO_PILE.format(fact="sweeps of Nobody"))),
    (PILES, {"sweeps": {"Anna": -1}, "claims": {"Anna": 2}},
     ("NotationError", NOT_A_COUNT.format(key="sweeps", value=-1))),
    (PILES, {"sweeps": {"Anna": 1}, "claims": {"Anna": -1}},
     ("NotationError", NOT_A_COUNT.format(key="claims", value=-1))),
    # optional categories
    (PILES, {"enabled": ["cards"]},
     ("HandError", "hand: optional category cards: 'cards' is always counted in scopa; optional ones: re-bello, "
                   "napola, cappotto")),
    (PILES, {"enabled": [5]}, ("NotationError", "hand: with: must list category ids")),
    # sides written as teams: their shape is checked as the score command checks it
    ({"Anna+Bruno": "Ad", "Carla": "rest"}, {},
     ("HandError", "scopa does not allow teams of mixed sizes (sides x players); allowed: 2x2, 2x3, 3x2")),
    ({"Anna+Bruno": "Ad", "Bruno+Dario": "rest"}, {},
     ("HandError", "pile of 'Bruno+Dario': 'Bruno' is already in side 'Anna+Bruno'")),
    ({"Anna+Carla": ANNA, "Bruno+Dario": "rest"}, {"sweeps": {"Anna+Carla": 1}}, ((3, 2), ())),
    # piles that are not text by side
    ({}, {}, ("NotationError", "hand: piles: give each side's cards, like 'Anna: 7d Ad 6h'")),
    ({1: "7d", "B": "rest"}, {}, ((1, 3), ())),
    ({"A": ["7d"], "B": "rest"}, {}, ((1, 3), ())),
]


@pytest.mark.parametrize(("piles", "facts", "expected"), CASES)
def test_score_with_plain_values_gives_the_score_commands_totals_problems_and_refusals(piles, facts, expected):
    got = _outcome(lambda: sk.score(piles, **facts))
    assert got == expected
    assert got == _the_score_command(piles, **facts)


def test_a_claim_given_with_sweeps_is_checked_against_the_count_with_the_sweeps():
    result = sk.score(PILES, sweeps={"Anna": 2}, claims={"Anna": 4, "Bruno": 3})
    assert result.totals == (4, 2)
    assert result.claims == {"Anna": 4, "Bruno": 3}
    as_json = result.to_dict()
    assert (as_json["sweeps"], as_json["claims"], as_json["totals"]) == (
        {"Anna": 2, "Bruno": 0}, {"Anna": 4, "Bruno": 3}, {"Anna": 4, "Bruno": 2})
    assert result.problems == (
        "claim of Bruno: 3, but the count gives 2 (most cards 1, primiera 1); the difference of 1 is most coins or "
        "settebello (7d) (claimed but not won?); most coins: 7-3: Anna has the most; settebello (7d): 7d: Anna",)


def test_counts_typed_in_another_letter_case_count_for_the_side():
    result = sk.score(PILES, sweeps={"anna": 2}, claims={"BRUNO": 2})
    assert (result.sides, result.sweeps, result.totals, result.claims) == (
        ("Anna", "Bruno"), (2, 0), (4, 2), {"Bruno": 2})
    with pytest.raises(HandError) as refused:
        sk.score(PILES, sweeps={"anna": 2, "Anna": 1})
    assert str(refused.value) == ("hand: sweeps of anna: 'Anna' is already given in this hand (name a team once, by "
                                  "its name or by one of its players)")


def test_sides_given_as_numbers_are_named_as_text_as_the_score_command_names_them():
    result = sk.score({1: "7d", 2: "rest"})
    assert (result.sides, result.totals) == (("1", "2"), (1, 3))
    assert result.to_dict()["totals"] == {"1": 1, "2": 3}


def test_piles_given_as_lists_of_cards_are_read_as_text():
    result = sk.score({"A": ["7d", "Ad"], "B": ["rest"]})
    assert (result.sides, result.totals, result.problems) == (("A", "B"), (1, 3), ())


def test_counts_read_from_a_file_are_named_where_they_stood_in_it():
    data = parse_text("piles:\n  Anna: 7d Ad\n  Bruno: rest\nsweeps:\n  Anna: 19\n", "table.yaml")
    with pytest.raises(InputErrors) as refused:
        sk.score(dict(data["piles"]), sweeps=data["sweeps"])
    assert str(refused.value) == TOO_MANY.replace("hand:", "table.yaml:5:9:")


def test_a_card_of_another_deck_is_named_not_counted():
    """Wall Street's deck has no sevens: 7d is refused in words, never taken for another card."""
    for piles in ({"Anna": "7d", "Bruno": "rest"}, {"Anna": "7d Ad", "Bruno": "rest"}):
        result = sk.score(piles, rules="wall-street")
        assert result.problems == ("pile of Anna: 7d is not in the wall-street-40 deck: it has no 7s, Jacks or Queens",)
        assert result.to_dict() == _the_score_command_result(piles, "wall-street")


def _the_score_command_result(piles: Any, game: str) -> Any:
    read = {"sweeps": None, "declared": None, "claims": None, "with": []}
    return score_hand(_hand(piles, read, False), load_rules(game)).to_dict()


def test_the_quick_reading_makes_the_hand_the_hand_file_reader_makes():
    """scoring._plain's promise: the same HandEntry, with the same words for where each fact was given."""
    rules = load_rules("scopa")
    facts = {"sweeps": {"Anna": 2}, "claims": {"Anna": 4, "Bruno": 2}, "with": ["napola"]}
    plain = plain_entry(PILES, facts["sweeps"], facts["claims"], facts["with"], rules)
    assert plain is not None
    quick, masks = plain
    full = _hand(PILES, facts, False).entry(rules.cards)
    assert (quick.sides, quick.sweeps, quick.claims, quick.enabled) == (full.sides, full.sweeps, full.claims,
                                                                        full.enabled)
    assert dict(quick.where) == dict(full.where) == {
        ("with", "napola"): "hand: optional category napola", ("sweeps", "Anna"): "hand: sweeps of Anna",
        ("claims", "Anna"): "hand: claim of Anna", ("claims", "Bruno"): "hand: claim of Bruno"}
    assert len(quick.where) == 4
    assert masks == read_piles(rules, full.sides, full.piles).masks
