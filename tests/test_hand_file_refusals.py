"""Every refusal of a hand file names the bad key or value and where it stands (file:line:column),
in the words a player reads (scoring.hand.hand_from_mapping); a hand file that is right is counted."""

from __future__ import annotations

import pytest

from scorekeeper.errors import ScorekeeperError
from scorekeeper.scoring.hand import HandSpec, hand_from_mapping, read_hand_file, score_hand

PILES = "piles:\n  Anna: 7d\n  Bruno: rest\n"
ALWAYS = "optional category cards: 'cards' is always counted in scopa; optional ones: re-bello, napola, cappotto"

REFUSALS = [
    ("- 7d\n", "NotationError", "{f}: a hand must be a mapping with at least 'piles'"),
    ("rules: scopa\n", "NotationError", "{f}: piles: give each side's cards, like 'Anna: 7d Ad 6h'"),
    ("piles: {}\n", "NotationError", "{f}:1:8: piles: give each side's cards, like 'Anna: 7d Ad 6h'"),
    ("piles: [7d]\n", "NotationError", "{f}:1:8: piles: give each side's cards, like 'Anna: 7d Ad 6h'"),
    ("piles:\n  Anna: 7\n  Bruno: rest\n", "NotationError",
     "{f}:2:9: piles.Anna: must be cards as text, like '7d Ad 6h'"),
    ("piles:\n  Anna: 7x Qz\n  Bruno: 9y\n", "InputErrors",  # every bad token of every pile at once
     "{f}:2:9: pile of Anna, token 1: '7x' is not a card: 'x' is not a suit\n"
     "{f}:2:9: pile of Anna, token 2: 'Qz' is not a card: 'z' is not a suit\n"
     "{f}:3:10: pile of Bruno, token 1: '9y' is not a card: 'y' is not a suit"),
    (PILES + "sweeps: [1]\n", "NotationError", "{f}:4:9: sweeps: must map each side to a number"),
    (PILES + "claims: 3\n", "NotationError", "{f}:4:9: claims: must map each side to a number"),
    (PILES + "sweeps: {Anna: -1}\n", "NotationError",
     "{f}:4:16: sweeps.Anna: -1 is not a count (a whole number, 0 or more)"),
    (PILES + "claims: {Anna: yes}\n", "NotationError",
     "{f}:4:16: claims.Anna: True is not a count (a whole number, 0 or more)"),
    (PILES + "sweeps: {Anna: 19}\n", "InputErrors",
     "{f}:4:16: sweeps of Anna: 19 sweeps is more than any hand allows (at most 18: in a hand of scopa with 2 "
     "sides, a side plays 18 cards, each sweeping at most once)"),
    (PILES + "claims: {Carla: 1}\n", "HandError",
     "{f}:4:17: claim of Carla: no pile has that side (sides: Anna, Bruno)"),
    (PILES + "declared: [1]\n", "NotationError", "{f}:4:11: declared: must map each side to its declarations"),
    ("rules: cirulla\n" + PILES + "declared:\n  Anna: {bussata: 7}\n", "InputErrors",
     "{f}:6:19: declared Anna:bussata: 7 declarations is more than any hand allows (at most 6: in a hand of cirulla "
     "with 2 sides, a side is dealt 6 hands of 3 cards and declares bussata at most once a dealt hand)"),
    ("rules: cirulla\n" + PILES + "declared:\n  Anna: {bussata: -1}\n", "NotationError",
     "{f}:6:19: declared.Anna.bussata: -1 is not a count (a whole number, 0 or more)"),
    ("rules: cirulla\n" + PILES + "declared:\n  Anna: 3\n", "NotationError",
     "{f}:6:9: declared.Anna: must map each declared category to a number"),
    ("rules: cirulla\n" + PILES + "declared:\n  Carla: {bussata: 1}\n", "HandError",
     "{f}:6:10: declared Carla: no pile has that side (sides: Anna, Bruno)"),
    ("rules: cirulla\n" + PILES + "declared:\n  Anna: {cards: 1}\n", "HandError",
     "{f}:6:17: declared Anna:cards: 'cards' is not a declared category of cirulla"),
    (PILES + "with: 3\n", "NotationError", "{f}:4:7: with: must list category ids"),
    (PILES + "with: [napola, 3]\n", "NotationError", "{f}:4:7: with: must list category ids"),
    (PILES + "with: cards\n", "HandError", "{f}:4:7: " + ALWAYS),
    (PILES + "with: [napola, cards]\n", "HandError", "{f}:4:16: " + ALWAYS),
    ("rules: 3\n" + PILES, "NotationError", "{f}:1:8: rules: must be a rule-set id or path"),
    ("rules: nothere.yaml\n" + PILES, "RuleSetError", "{f}:1:8: rules: no rule set 'nothere.yaml'"),
    ("suit_letters: german\n" + PILES, "NotationError",
     "{f}:1:15: suit_letters: 'german' is not french, italian or spanish"),
    (PILES + "options: [1]\n", "NotationError", "{f}:4:10: options: must map option ids to values"),
    (PILES + "options: {napoleone: [1]}\n", "NotationError",
     "{f}:4:22: options.napoleone: must be on, off, a number or a word"),
    (PILES + "options: {napoleone: 1}\n", "RuleSetError",
     "{f}:4:22: options.napoleone: '1' is not one of its choices: off, on"),
    (PILES + "options: {napoleone: 1000000000000000}\n", "DocumentError",
     "{f}:4:22: the number '1000000000000000' is too large"),
    (PILES + "options: {nope: on}\n", "RuleSetError",
     "{f}:4:17: options.nope: scopa has no option 'nope' (its options: three-kings, napoleone)"),
    (PILES + "sweep: {Anna: 1}\n", "NotationError",
     "{f}:4:8: unknown key 'sweep' (a hand has: rules, suit_letters, with, options, piles, sweeps, declared, claims)"),
    ("rules: scopone\npiles:\n  Anna+Carla: 7d\n  Bruno+Dario: rest\nsweeps: {Anna: 1, Carla: 2}\n", "HandError",
     "{f}:5:26: sweeps of Carla: 'Anna+Carla' is already given in this hand (name a team once, by its name or by "
     "one of its players)"),
]


@pytest.mark.parametrize(("text", "kind", "message"), REFUSALS)
def test_a_bad_hand_file_is_refused_naming_what_and_where(tmp_path, text, kind, message):
    path = tmp_path / "hand.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScorekeeperError) as refused:
        score_hand(read_hand_file(path))
    assert (type(refused.value).__name__, str(refused.value)) == (kind, message.format(f=path))


@pytest.mark.parametrize(("letters", "anna"), [("french", "7d Ad"), ("italian", "7D 1D"), ("spanish", "7O 1O")])
def test_suit_letters_read_the_piles_as_the_file_says(tmp_path, letters, anna):
    path = tmp_path / "hand.yaml"
    path.write_text(f"suit_letters: {letters}\npiles:\n  Anna: {anna}\n  Bruno: rest\nwith: napola\n"
                    "sweeps: {Anna: 1}\nclaims: {Anna: 3, Bruno: 3}\n", encoding="utf-8")
    result = score_hand(read_hand_file(path))
    # Anna: the settebello and a sweep; Bruno the other 38 cards
    assert (result.totals, result.sweeps, result.problems) == ((2, 3), (1, 0), (
        "claim of Anna: 3, but the count gives 2 (settebello (7d) 1, sweeps (scope) 1); the difference of 1 is most "
        "cards or most coins or primiera (claimed but not won?); most cards: 2-38: Bruno has the most; most coins: "
        "2-8: Bruno has the most; primiera: Bruno wins with 81 (Anna lacks cups, swords, batons); napola: nobody has "
        "3 in a row from A",))


@pytest.mark.parametrize(("choice", "winner"), [("on", "Anna"), ("off", None)])
def test_an_option_chosen_in_the_hand_file_applies_to_its_count(tmp_path, choice, winner):
    # napoleone: the run through all ten coins wins the match only with the option on
    path = tmp_path / "hand.yaml"
    path.write_text(f"piles:\n  Anna: d:A234567JQK\n  Bruno: rest\nwith: napola\noptions: {{napoleone: {choice}}}\n",
                    encoding="utf-8")
    result = score_hand(read_hand_file(path))
    assert (result.totals, result.match_winner) == ((12, 1), winner)


def test_a_hand_laid_together_with_no_piles_is_refused():
    with pytest.raises(ScorekeeperError) as refused:
        score_hand(HandSpec())
    assert str(refused.value) == "no piles: a hand needs a pile for each side"


PLAIN = {"piles": {"Anna": "7d", "Bruno": "rest"}}


@pytest.mark.parametrize(("extra", "message"), [
    ({"declared": [1]}, "hand.json: declared: must map each side to its declarations"),
    ({"rules": 3}, "hand.json: rules: must be a rule-set id or path"),
    ({"suit_letters": "german"}, "hand.json: suit_letters: 'german' is not french, italian or spanish"),
    ({"with": 3}, "hand.json: with: must list category ids"),
    ({"options": [1]}, "hand.json: options: must map option ids to values"),
    ({"options": {"napoleone": [1]}}, "hand.json: options.napoleone: must be on, off, a number or a word"),
    ({"options": {"napoleone": 10**15}}, "hand.json: options.napoleone: must be on, off, a number or a word"),
    ({"options": {"napoleone": 10**15 - 1}}, "hand.json: options.napoleone: '999999999999999' is not one of its "
                                             "choices: off, on"),
    ({"options": {"nope": "on"}}, "hand.json: options.nope: scopa has no option 'nope' (its options: three-kings, "
                                  "napoleone)"),
    ({"sweeps": [1]}, "hand.json: sweeps: must map each side to a number"),
    ({"piles": []}, "hand.json: piles: give each side's cards, like 'Anna: 7d Ad 6h'"),
    ({"piles": {"Anna": 7}}, "hand.json: piles.Anna: must be cards as text, like '7d Ad 6h'"),
    ({"rules": "cirulla", "declared": {"Anna": {"bussata": -1}}},
     "hand.json: declared.Anna.bussata: -1 is not a count (a whole number, 0 or more)"),
    ({"rules": "cirulla", "declared": {"Anna": 3}},
     "hand.json: declared.Anna: must map each declared category to a number"),
])
def test_a_hand_without_places_is_refused_naming_its_source(extra, message):
    """A JSON line or a mapping made in code knows no lines: the source names the hand."""
    with pytest.raises(ScorekeeperError) as refused:
        score_hand(hand_from_mapping(PLAIN | extra, "hand.json"))
    assert str(refused.value) == message


def test_a_hand_that_is_not_a_mapping_is_refused_naming_its_source():
    with pytest.raises(ScorekeeperError) as refused:
        hand_from_mapping([1], "hand.json")
    assert str(refused.value) == "hand.json: a hand must be a mapping with at least 'piles'"


def test_a_json_hand_naming_a_rule_set_that_is_not_there_is_refused_naming_the_file(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text('{"rules": "nothere.yaml", "piles": {"Anna": "7d", "Bruno": "rest"}}', encoding="utf-8")
    with pytest.raises(ScorekeeperError) as refused:
        score_hand(read_hand_file(path))
    assert str(refused.value) == f"{path}: rules: no rule set 'nothere.yaml'"
