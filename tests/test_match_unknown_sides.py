"""A hand naming a side the match does not have is refused with the fact that names it (pile,
sweeps, declared, claim) and the match's sides; and the sides a list of players makes when a match
is started from the players alone (``seat_players``: the settings file's players, the new-match page).

Sides from RULES.md: Cirulla is played by 2 or 3 players or 2 teams of 2; Scopa by 2 to 4 players
or teams of 2x2, 2x3, 3x2; Scopone by 2 teams of 2 only.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.errors import HandError
from scorekeeper.match.ending import match_settings
from scorekeeper.match.hand import resolve
from scorekeeper.match.settings import seat_players
from scorekeeper.rules.catalog import load_rules
from scorekeeper.scoring.hand import hand_from_mapping

PILES = {"anna": "rest", "Dario": "d:A"}  # a team named by one of its players, in any letter case


@pytest.mark.parametrize(("extra", "fact"), [
    ({"piles": {"anna": "rest", "Ezio": "d:A"}}, "pile of 'Ezio'"),
    ({"sweeps": {"Ezio": 1}}, "sweeps of 'Ezio'"),
    ({"declared": {"Ezio": {"bussata": 1}}}, "declared of 'Ezio'"),
    ({"claims": {"Ezio": 3}}, "claim of 'Ezio'"),
])
def test_a_fact_for_a_side_the_match_does_not_have_names_the_fact_and_the_sides(extra: dict[str, Any], fact: str):
    settings = match_settings(load_rules("cirulla"), ["Anna+Bruno", "Carla+Dario"])
    spec = hand_from_mapping({"piles": PILES, **extra}, "hand.yaml")
    with pytest.raises(HandError) as caught:
        resolve(spec, settings, settings.side_names)
    assert str(caught.value) == f"{fact}: no such side in this match (sides: Anna+Bruno, Carla+Dario)"


def test_facts_for_known_sides_are_put_under_the_sides_names():
    settings = match_settings(load_rules("cirulla"), ["Anna+Bruno", "Carla+Dario"])
    spec = hand_from_mapping({"piles": PILES, "sweeps": {"BRUNO": 2}, "declared": {"carla": {"decino": 1}},
                              "claims": {"Anna+Bruno": 5}}, "hand.yaml")
    resolved = resolve(spec, settings, settings.side_names)
    assert list(resolved.piles) == ["Anna+Bruno", "Carla+Dario"]
    assert (resolved.sweeps, resolved.declared, resolved.claims) == (
        {"Anna+Bruno": 2}, {"Carla+Dario": {"decino": 1}}, {"Anna+Bruno": 5})


@pytest.mark.parametrize(("rules", "players", "sides"), [
    ("scopa", ["Anna", "Bruno"], ["Anna", "Bruno"]),  # the fewest players alone
    ("scopa", ["Anna", "Bruno", "Carla", "Dario"], ["Anna", "Bruno", "Carla", "Dario"]),  # the most alone
    ("scopa", ["Anna", "Bruno", "Carla", "Dario", "Ezio"], []),  # five: too many alone, no team shape fits
    ("scopa", ["A", "B", "C", "D", "E", "F"], ["A+C+E", "B+D+F"]),  # 2x3, the first shape of six, partners opposite
    ("scopone", ["Anna", "Bruno", "Carla", "Dario"], ["Anna+Carla", "Bruno+Dario"]),  # teams only
    ("scopone", ["Anna", "Bruno"], []),
    ("scopa", [], []),
])
def test_players_alone_are_seated_as_sides_when_the_game_allows_it_else_in_teams(rules, players, sides):
    assert seat_players(load_rules(rules), players) == sides
