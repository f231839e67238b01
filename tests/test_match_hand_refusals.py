"""Every refusal of a typed hand before it is counted for a match (``match.hand.resolve``), in the exact
words a player reads: a hand naming another rule set, a side given two piles, a pile of a side that
does not play a playoff hand, options a match fixed when it started, a playing side with no pile.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.errors import HandError, ScorekeeperError
from scorekeeper.match.ending import MatchError, match_settings
from scorekeeper.match.hand import resolve
from scorekeeper.rules.catalog import load_rules
from scorekeeper.scoring.hand import HandSpec, hand_from_mapping

PLAYOFF = ("Anna", "Bruno")  # Carla, third at the tie, does not play the extra hand


@pytest.mark.parametrize(("typed", "kind", "message"), [
    ({"rules": "escoba", "piles": {"Anna": "rest"}}, MatchError,
     "the hand names rules 'escoba', but this match is played under scopa"),
    ({"piles": {"Anna": "rest", "anna": "d:A"}}, HandError, "pile of 'anna': Anna already has a pile in this hand"),
    ({"piles": {"Anna": "rest", "Carla": "d:A"}}, MatchError,
     "pile of Carla: only Anna and Bruno play this playoff hand"),
    ({"piles": {"Anna": "rest", "Bruno": "d:A"}, "options": {"three-kings": "on"}}, MatchError,
     "hand.yaml: options.three-kings: a match's options are chosen when it starts (match new --option); "
     "this hand cannot change them"),
    ({"piles": {"Anna": "rest"}}, HandError, "no pile for Bruno: each side that plays the hand needs one "
     "(--pile SIDE=CARDS, or 'rest' for the cards nobody else took)"),
])
def test_a_hand_the_match_cannot_take_is_refused_in_its_own_words(typed: dict[str, Any],
                                                                 kind: type[ScorekeeperError], message: str):
    settings = match_settings(load_rules("scopa"), ["Anna", "Bruno", "Carla"])
    with pytest.raises(kind) as caught:
        resolve(hand_from_mapping(typed, "hand.yaml"), settings, PLAYOFF)
    assert str(caught.value) == message


def test_an_option_given_by_a_caller_without_a_place_is_named_by_its_id():
    settings = match_settings(load_rules("scopa"), ["Anna", "Bruno"])
    spec = HandSpec(piles={"Anna": ("rest", "--pile Anna"), "Bruno": ("d:A", "--pile Bruno")},
                    options={"three-kings": "on"})
    with pytest.raises(MatchError) as caught:
        resolve(spec, settings, PLAYOFF)
    assert str(caught.value).startswith("option three-kings: a match's options are chosen when it starts")


def test_the_same_rule_set_named_in_a_hand_is_taken_and_the_piles_follow_the_seats():
    settings = match_settings(load_rules("scopa"), ["Anna", "Bruno", "Carla"])
    spec = hand_from_mapping({"rules": "scopa", "piles": {"bruno": "d:A", "ANNA": "rest"}}, "hand.yaml")
    resolved = resolve(spec, settings, PLAYOFF)
    assert list(resolved.piles) == ["Anna", "Bruno"] and resolved.rules is None
