"""The pages speak to players, not to a terminal: no command option in a message, games by their
names, endings in words, teams offered as Anna+Bruno, and the form in sight after a mistake."""

from __future__ import annotations

import re
from html import unescape

import pytest
from test_web_pages import joined, messages, shown, start


def new_match(c: object, csrf: str, rules: str, *sides: str, **fields: str) -> tuple[int, str]:
    form = {"csrf": csrf, "rules": rules, **{f"side_{i}": s for i, s in enumerate(sides, start=1)}, **fields}
    answer = c.post("/matches", data=form, follow_redirects=False)  # type: ignore[attr-defined]
    return answer.status_code, answer.text


def test_bug_web_messages_name_no_command_option() -> None:
    # "--side was given 4 times" was what a phone said for Scopone with one name a box
    c, csrf = joined()
    cases = [("scopa", ("Anna",), {}, "Scopa is played by 2 to 4 sides and the form names 1"),
             ("cassino", ("A", "B", "C", "D", "E"), {},
              "Cassino is played by 2 to 4 sides and the form names 5: write a team in one box, as Anna+Bruno"),
             ("scopa", ("Anna", "Anna"), {}, "side 'Anna': 'Anna' is already in side 'Anna'"),
             ("scopa", ("Anna", "Bruno"), {"target": "0"}, "target 0: the target must be 1 or more"),
             ("scopa", ("Anna", "Bruno"), {"with": "nope"},
              "optional category 'nope': Scopa has no such optional category (its optional ones: re-bello, "
              "napola, cappotto)"),
             ("scopone-scientifico", ("Anna+Bruno", "Carla"), {},
              "Scopone Scientifico is not played by these teams; it is played by 2x2 (sides x players)")]
    for rules, sides, fields, said in cases:
        status, page = new_match(c, csrf, rules, *sides, **fields)
        assert status == 400 and messages(page)[0] == said, (rules, sides, messages(page))
        assert "--" not in messages(page)[0]


def test_bug_web_messages_name_no_command_option_in_italian() -> None:
    c, csrf = joined()
    c.get("/lang?to=it&back=/")
    status, page = new_match(c, csrf, "scopa", "Anna")
    assert status == 400
    assert messages(page)[0] == "Scopa: parti da 2 a 4, il modulo ne indica 1"


def test_a_team_game_given_one_player_a_box_comes_back_with_the_teams_offered() -> None:
    c, csrf = joined()
    status, page = new_match(c, csrf, "scopone-scientifico", "Anna", "Bruno", "Carla", "Dario")
    assert status == 400
    assert messages(page)[0] == ("Scopone Scientifico is played by teams: the form now offers Anna+Carla and "
                                 "Bruno+Dario (partners sit opposite); start the match if that is right.")
    boxes = dict(re.findall(r'<input name="(side_\d)" value="([^"]*)"', page))
    assert (boxes["side_1"], boxes["side_2"], boxes["side_3"], boxes["side_4"]) == ("Anna+Carla", "Bruno+Dario", "", "")
    # one tap on "Start the match" sends the form as it came back
    assert start(c, csrf, "Anna+Carla", "Bruno+Dario", rules="scopone-scientifico") == 1
    assert shown(1)["sides"] == ["Anna+Carla", "Bruno+Dario"]


def test_the_form_offers_anna_plus_bruno_for_a_game_played_by_teams() -> None:
    c, _csrf = joined()
    page = c.get("/").text
    options = dict(re.findall(r'<option value="([a-z0-9-]+)"( data-teams)?', page))
    assert options["scopone-scientifico"] and options["scopone"]
    assert not options["scopa"] and not options["escoba"]
    first = re.search(r'<input name="side_1"[^>]*>', page)
    assert first and 'data-team="Team 1, e.g. Anna+Bruno"' in first[0] and 'placeholder="Side 1"' in first[0]


@pytest.mark.slow
def test_endings_in_words_on_the_form_and_the_sheet() -> None:
    c, csrf = joined()
    page = unescape(c.get("/").text)
    finishes = dict(re.findall(r'<option value="(highest|count-out|count-out-if-tied|claim)"[^>]*>([^<]*)<', page))
    assert finishes == {"highest": "the highest total wins once a side reaches the target",
                        "count-out": "the first to reach the target wins at once",
                        "count-out-if-tied":
                            "the highest total wins once a side reaches the target; a tie is counted out",
                        "claim": "a side claims to have reached the target"}
    m = start(c, csrf, "Anna", "Bruno", **{"with": "napola"})
    sheet = unescape(c.get(f"/m/{m}").text)
    line = re.search(r'<p class="sub">(.*?)</p>', sheet, re.S)
    assert line
    assert " ".join(line[1].split()) == ("Scopa · to 11 · the highest total wins once a side reaches the target; "
                                         "a tie is counted out · with napola")


def test_after_a_mistake_the_new_match_form_is_above_the_list() -> None:
    c, csrf = joined()
    start(c, csrf, "Anna", "Bruno")
    fine = c.get("/").text
    assert fine.index('class="matches"') < fine.index('id="new-match"')  # the list first, as usual
    status, page = new_match(c, csrf, "scopa", "Anna")
    assert status == 400
    assert page.index('class="problems"') < page.index('id="new-match"') < page.index('class="matches"')
    assert page.count('id="new-match"') == 1


def test_the_teams_offered_come_with_whatever_else_the_form_has_wrong() -> None:
    c, csrf = joined()
    status, page = new_match(c, csrf, "scopone-scientifico", "Anna", "Bruno", "Carla", "Dario", target="0")
    assert status == 400
    said = messages(page)
    assert said[0].startswith("Scopone Scientifico is played by teams: the form now offers Anna+Carla and Bruno+Dario")
    assert said[1:] == ["target 0: the target must be 1 or more"]
    # three names make no teams of two: the form says how to write a team
    status, page = new_match(c, csrf, "scopone-scientifico", "Anna", "Bruno", "Carla")
    assert messages(page)[0] == ("Scopone Scientifico is played by 2 sides and the form names 3: write a team in "
                                 "one box, as Anna+Bruno")
