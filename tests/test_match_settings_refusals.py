"""Every refusal of a new match's settings (``match new`` options, the new-match page's fields, a
club file's tables), in the exact words a player reads, and what is taken at the edge of each limit.

From RULES.md: Scopa is played by 2 to 4 players or teams of 2x2, 2x3, 3x2, to 11, finishing
count-out-if-tied; Scopone by 2 teams of 2 only; Cassino by 2 to 4 sides. A match's target is 1 to
10,000 (MAX_TARGET: far past any game's).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from scorekeeper.errors import ScorekeeperError
from scorekeeper.match.settings import Fields, MatchError, match_settings, parse_sides
from scorekeeper.rules.catalog import load_rules

#: How the new-match page names its fields (web.forms gives the translated words).
PAGE = Fields(side="side", name="name", target="target", with_="optional category", option="option", form=True)


@pytest.mark.parametrize(("rules", "sides", "settings", "message"), [
    ("scopa", ["Anna", "Bru=no"], {}, "--side 'Bru=no': '=' cannot be part of a name (it separates values in options)"),
    ("scopa", ["Anna", "Bru:no"], {}, "--side 'Bru:no': ':' cannot be part of a name (it separates values in options)"),
    ("scopa", ["Anna", "Bru\x1bno"], {},
     "--side 'Bru\\x1bno': '\\x1b' cannot be part of a name (it is a control character, not text)"),
    ("scopa", ["Anna", " "], {}, "--side 2 ' ': a side is a name, or names joined by '+'"),
    ("scopa", ["Anna", "Bruno+"], {}, "--side 2 'Bruno+': a side is a name, or names joined by '+'"),
    ("scopa", ["Anna", "bruno+ANNA"], {}, "--side 'bruno+ANNA': 'ANNA' is already in side 'Anna'"),
    ("scopa", ["Anna"], {}, "scopa is played by 2 to 4 sides; --side was given 1 time"),
    ("scopa", ["A", "B", "C", "D", "E"], {}, "scopa is played by 2 to 4 sides; --side was given 5 times"),
    ("scopone", ["Anna", "Bruno"], {}, "scopone is played by teams (2x2); write a team as --side 'Anna+Bruno'"),
    ("scopone", ["Anna+Bruno+Carla", "Dario+Ezio+Fabio"], {},
     "scopone does not allow teams of 2x3 (sides x players); allowed: 2x2"),
    ("scopa", ["Anna+Bruno", "Carla"], {},
     "scopa does not allow teams of mixed sizes (sides x players); allowed: 2x2, 2x3, 3x2"),
    ("scopa", ["Anna", "Bruno"], {"name": "M\x07"}, "--name 'M\\x07': '\\x07' cannot be part of a name"),
    ("scopa", ["Anna", "Bruno"], {"name": "123"}, "--name '123': a name cannot be only digits (those are match ids)"),
    ("scopa", ["Anna", "Bruno"], {"target": 0}, "--target 0: the target must be 1 or more"),
    ("scopa", ["Anna", "Bruno"], {"target": 10_001},
     "--target 10001: the target must be 10,000 or less (no game is played to more)"),
    ("scopa", ["Anna", "Bruno"], {"finish": "sudden"},
     "--finish 'sudden': not a policy (one of highest, count-out, count-out-if-tied, claim)"),
    ("scopa", ["Anna", "Bruno"], {"enabled": ["cards"]},
     "--with cards: 'cards' is always counted in scopa; optional ones: re-bello, napola, cappotto"),
    ("scopa", ["Anna", "Bruno"], {"enabled": ["kings"]},
     "scopa has no category 'kings' (it has: cards, coins, settebello, re-bello, primiera, napola, sweeps, cappotto)"),
    ("scopa", ["Anna", "Bruno"], {"options": {"kings": "on"}},
     "--option kings: scopa has no option 'kings' (its options: three-kings, napoleone)"),
])
def test_a_new_match_the_rules_do_not_allow_is_refused_in_its_own_words(rules: str, sides: list[str],
                                                                       settings: dict[str, Any], message: str):
    with pytest.raises(ScorekeeperError) as caught:
        match_settings(load_rules(rules), sides, **settings)
    assert str(caught.value) == message


@pytest.mark.parametrize(("rules", "sides", "settings", "message"), [
    ("scopa", ["Anna"], {}, "Scopa is played by 2 to 4 sides and the form names 1"),
    ("cassino", ["A", "B", "C", "D", "E"], {},
     "Cassino is played by 2 to 4 sides and the form names 5: write a team in one box, as Anna+Bruno"),
    ("scopone", ["A", "B", "C"], {}, "Scopone is played by 2 sides and the form names 3: write a team in one box, "
     "as Anna+Bruno"),
    ("scopone", ["Anna", "Bruno"], {}, "Scopone is played by teams (2x2): write each team in one box, as Anna+Bruno"),
    ("scopone", ["Anna+Bruno+Carla", "Dario+Ezio+Fabio"], {},
     "Scopone is not played by these teams; it is played by 2x2 (sides x players)"),
    ("scopa", ["Anna", "Bruno"], {"enabled": ["kings"]},
     "optional category 'kings': Scopa has no such optional category (its optional ones: re-bello, napola, cappotto)"),
    ("hurricane", ["Anna+Bruno", "Carla+Dario"], {},
     "Hurricane is not played by these teams; it is played by players alone (sides x players)"),
    ("cassino", ["Anna", "Bruno"], {"enabled": ["napola"]},
     "optional category 'napola': Cassino has no such optional category (its optional ones: none)"),
    ("scopa", ["Anna", "Bruno"], {"options": {"kings": "on"}},
     "option kings: scopa has no option 'kings' (its options: three-kings, napoleone)"),
    ("scopa", ["Anna", "Bruno"], {"target": 0}, "target 0: the target must be 1 or more"),
    ("scopa", ["Anna", "Bruno"], {"name": "123"}, "name '123': a name cannot be only digits (those are match ids)"),
])
def test_the_new_match_page_names_its_own_fields_and_the_game_by_its_name(rules: str, sides: list[str],
                                                                          settings: dict[str, Any], message: str):
    with pytest.raises(ScorekeeperError) as caught:
        match_settings(load_rules(rules), sides, fields=PAGE, **settings)
    assert str(caught.value) == message


def test_sides_read_from_a_file_are_named_by_their_place():
    where = "club.toml: table 3"
    with pytest.raises(MatchError) as caught:
        parse_sides(load_rules("scopa"), ["Anna"], where=where)
    assert str(caught.value) == "scopa is played by 2 to 4 sides; club.toml: table 3 has 1"
    with pytest.raises(MatchError) as caught:
        parse_sides(load_rules("scopone"), ["Anna", "Bruno"], where=where)
    assert str(caught.value) == "scopone is played by teams (2x2); club.toml: table 3 has no team"


def test_the_limits_themselves_are_taken():
    settings = match_settings(load_rules("scopa"), ["Anna", "Bruno", "Carla", "Dario"], target=10_000,
                              enabled=["napola", "napola", "cappotto"], name="Friday 7")
    assert (settings.side_names, settings.target, settings.enabled, settings.name) == (
        ("Anna", "Bruno", "Carla", "Dario"), 10_000, ("napola", "cappotto"), "Friday 7")
    assert match_settings(load_rules("scopa"), ["Anna", "Bruno"], target=1).target == 1
    one_team_each = match_settings(load_rules("scopone"), [" Anna + Carla", "Bruno+Dario"])
    assert [(s.name, s.players) for s in one_team_each.sides] == [
        ("Anna+Carla", ("Anna", "Carla")), ("Bruno+Dario", ("Bruno", "Dario"))]


def test_the_rule_sets_own_target_and_policy_are_used_unless_given_and_a_match_has_no_name_unless_given():
    default = match_settings(load_rules("scopa"), ["Anna", "Bruno"])
    assert (default.target, default.finish, default.playoff, default.name) == (11, "count-out-if-tied", "all", "")
    given = match_settings(load_rules("scopa"), ["Anna", "Bruno"], target=21, finish="highest")
    assert (given.target, given.finish) == (21, "highest")


def test_a_custom_rule_sets_target_beyond_the_limit_asks_for_a_target():
    rules = load_rules("scopa")
    huge = dataclasses.replace(rules, match=dataclasses.replace(rules.match, target=20_000))
    with pytest.raises(MatchError) as caught:
        match_settings(huge, ["Anna", "Bruno"])
    assert str(caught.value) == ("scopa is played to 20000, but the target must be 10,000 or less (no game is "
                                 "played to more): give --target")
    assert match_settings(huge, ["Anna", "Bruno"], target=21).target == 21


def test_an_option_chosen_for_the_match_changes_the_rules_it_keeps():
    plain = load_rules("scopa")
    chosen = match_settings(plain, ["Anna", "Bruno"], options={"three-kings": "off"})
    assert (plain.capture.deal.redeal, chosen.rules.capture.deal.redeal) == (True, False)


def test_every_team_shape_of_the_game_is_listed():
    # a custom Scopone also played by three teams of two: both shapes named when players come alone
    rules = load_rules("scopone")
    six = dataclasses.replace(rules, sides=dataclasses.replace(rules.sides, max=3, teams=("2x2", "3x2")))
    with pytest.raises(MatchError) as caught:
        match_settings(six, ["Anna", "Bruno", "Carla"])
    assert str(caught.value) == "scopone is played by teams (2x2, 3x2); write a team as --side 'Anna+Bruno'"
    with pytest.raises(MatchError) as caught:
        match_settings(load_rules("scopa"), ["Anna+Bruno", "Carla"], fields=PAGE)
    assert str(caught.value) == "Scopa is not played by these teams; it is played by 2x2, 2x3, 3x2 (sides x players)"
