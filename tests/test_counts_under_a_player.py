"""A count typed under one player of a team is the team's (scoring.hand.with_teams), and a message
about it still names it where the player typed it: 'sweeps of Anna', 'declared Anna:bussata',
never the team's name the player did not write."""

from __future__ import annotations

import pytest

import scorekeeper as sk
from scorekeeper.errors import HandError, InputErrors
from scorekeeper.scoring.hand import HandSpec, score_hand

TEAMS = {"Anna+Carla": "Ad 2d 3d 4d 5d 6d 7d Ac", "Bruno+Dario": "rest"}  # canonical: the quick reading sees them first
DECLARATIONS = ("hand: declared {place}: {count} declarations is more than any hand allows (at most 6: in a hand of "
                "cirulla with 2 sides, a side is dealt 6 hands of 3 cards and declares {id} at most once a dealt hand)")


def test_too_many_sweeps_under_a_player_are_named_as_the_player_typed_them():
    with pytest.raises(InputErrors) as refused:
        sk.score(TEAMS, rules="scopone", sweeps={"Anna": 30})
    assert str(refused.value) == (
        "hand: sweeps of Anna: 30 sweeps is more than any hand allows (at most 18: in a hand of scopone with 2 sides, "
        "a side plays 18 cards, each sweeping at most once)")


def test_sweeps_under_a_player_count_for_the_team():
    result = sk.score(TEAMS, rules="scopone", sweeps={"carla": 2}, claims={"dario": 2})
    assert result.totals == (4, 2)
    assert result.problems == ()


def test_declarations_under_players_of_both_teams_are_each_named_as_typed():
    with pytest.raises(InputErrors) as refused:
        sk.score(TEAMS, rules="cirulla", declared={"Anna": {"bussata": 9}, "dario": {"decino": 7}})
    assert str(refused.value).split("\n") == [DECLARATIONS.format(place="Anna:bussata", count=9, id="bussata"),
                                              DECLARATIONS.format(place="dario:decino", count=7, id="decino")]


def test_a_declaration_of_a_category_not_declared_is_named_as_the_player_typed_it():
    with pytest.raises(HandError) as refused:
        sk.score(TEAMS, rules="cirulla", declared={"Anna": {"cards": 1}})
    assert str(refused.value) == "hand: declared Anna:cards: 'cards' is not a declared category of cirulla"


def test_a_team_given_twice_by_two_of_its_players_is_refused_naming_the_second():
    with pytest.raises(HandError) as refused:
        sk.score(TEAMS, rules="cirulla", declared={"Anna": {"bussata": 1}, "Carla": {"decino": 1}})
    assert str(refused.value) == ("hand: declared Carla: 'Anna+Carla' is already given in this hand (name a team "
                                  "once, by its name or by one of its players)")


def test_a_declaration_under_a_player_scores_for_the_team():
    result = sk.score(TEAMS, rules="cirulla", declared={"Anna": {"bussata": 1}})
    bussata = next(c for c in result.categories if c.id == "bussata")
    assert bussata.points == (3, 0)


def test_a_claim_given_twice_for_a_team_is_refused_naming_the_second():
    with pytest.raises(HandError) as refused:
        sk.score(TEAMS, rules="scopone", claims={"Anna": 1, "Carla": 2})
    assert str(refused.value) == ("hand: claim of Carla: 'Anna+Carla' is already given in this hand (name a team "
                                  "once, by its name or by one of its players)")


def test_a_hand_laid_together_by_a_caller_names_the_count_by_its_words():
    """A HandSpec made in code has no places: the count is named by the hand's own words."""
    hand = HandSpec(piles={side: (text, f"pile of {side}") for side, text in TEAMS.items()},
                    sweeps={"Anna": 1, "carla": 2})
    with pytest.raises(HandError) as refused:
        score_hand(hand, sk.load_rules("scopone"))
    assert str(refused.value) == ("sweeps of carla: 'Anna+Carla' is already given in this hand (name a team once, "
                                  "by its name or by one of its players)")
