"""How the capture question reads what a player typed: Italian suit letters, builds written
VALUE=CARDS (anything else named as such), the options under the command's own label, and the
highest build a rule set allows."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.errors import InputErrors, NotationError, ScorekeeperError
from scorekeeper.play.ruling import Labels, rule_on_capture


def test_italian_suit_letters_are_read_when_asked_for() -> None:
    # b (bastoni) is clubs, c (coppe) is hearts: a 7 of cups on a 7 of clubs pairs.
    ruling = rule_on_capture("scopa", "7b", "7c", italian_suits=True)
    assert (ruling.card, ruling.table, [c.cards for c in ruling.captures]) == ("7h", ("7c",), [("7c",)])


@pytest.mark.parametrize(("build", "refusal"), [
    ("x=5h,2c", "build 'x=5h,2c': write VALUE=CARDS, like 7=5h,2c"),
    ("²=5h,2c", "build '²=5h,2c': write VALUE=CARDS, like 7=5h,2c"),  # a digit to isdigit(), not to int()
    ("7=", "build '7=': write VALUE=CARDS, like 7=5h,2c"),
    ("7=5h=2c", "build 7=5h=2c, token 1: '5h=2c' is not a card: '5h=2' is not a rank (A 2 ... 10 J Q K, or F C R / "
                "S C R for the courts)"),  # the value ends at the first "="
])
def test_a_build_not_written_value_equals_cards_is_named(build: str, refusal: str) -> None:
    with pytest.raises(InputErrors) as caught:
        rule_on_capture("cassino", "3c", "7h", builds=(build,))
    assert caught.value.messages == [refusal]


def test_an_unknown_option_is_named_with_the_commands_label() -> None:
    with pytest.raises(ScorekeeperError) as caught:
        rule_on_capture("cassino", "3c", "7h", options={"nope": 1}, labels=Labels(option="--option"))
    assert str(caught.value) == ("--option nope: cassino has no option 'nope' (its options: courts-take, raise-builds, "
                                 "owner-may-trail)")


def test_the_highest_build_is_what_a_card_that_sums_can_take(tmp_path: Path) -> None:
    # Courts worth 11-13 that only pair take no build: the highest is still 10.
    path = tmp_path / "worthy-courts.yaml"
    path.write_text('extends: cassino\nid: worthy-courts\nname: Worthy Courts\ncapture:\n  values: {A: 1, "2": 2, '
                    '"3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, J: 11, Q: 12, K: 13}\n')
    with pytest.raises(InputErrors) as caught:
        rule_on_capture(str(path), "3c", "7h", builds=("12=5h,7c",))
    assert caught.value.messages == ["build '12=5h,7c': no card takes a build of 12 in Worthy Courts (a build is worth "
                                     "1 to 10)"]


@pytest.mark.parametrize(("card", "build", "taken"), [
    ("10h", "010=4h,6c", ("4h", "6c")),  # three digits are read
    ("Ah", "1=Ac,Ad", ("Ad", "Ac")),  # building aces: the lowest build there is
])
def test_a_build_within_the_bounds_is_taken(card: str, build: str, taken: tuple[str, ...]) -> None:
    assert [c.cards for c in rule_on_capture("cassino", "", card, builds=(build,)).captures] == [taken]


@pytest.mark.parametrize(("rules", "build", "refusal"), [
    ("cassino", "0010=4h,6c",
     "build '0010=4h,6c': no card takes a build of 0010 in Cassino (a build is worth 1 to 10)"),
    ("scopa", "7=5h,2c", "build '7=5h,2c': Scopa has no builds"),
])
def test_a_build_out_of_bounds_is_refused(rules: str, build: str, refusal: str) -> None:
    with pytest.raises(InputErrors) as caught:
        rule_on_capture(rules, "3c", "7h", builds=(build,))
    assert caught.value.messages == [refusal]


@pytest.mark.parametrize(("table", "card", "builds", "refusal"), [
    ("5h 3c", "9s", ("7=5h,2c",), "table/build: 5h listed twice"),
    ("4d", "9s", ("7=5h,2c", "9=5c,4d"), "table/build: 4d listed twice"),  # on the table and in the second build
    ("3c", "9s", ("7=5h,2c", "8=6c,2c"), "table/build: 2c listed twice"),  # in two builds
    ("7c", "7c", (), "card played '7c': the 7c is already on the table"),
    ("3c", "5h", ("7=4h,3h", "7=5h,2c"), "card played '5h': the 5h is already on the table"),  # in a build
])
def test_a_card_given_twice_is_named(table: str, card: str, builds: tuple[str, ...], refusal: str) -> None:
    with pytest.raises(NotationError) as caught:
        rule_on_capture("cassino", table, card, builds=builds)
    assert str(caught.value) == refusal


@pytest.mark.parametrize(("must_capture", "legal"), [(True, False), (False, True)])
def test_the_ruling_says_whether_a_card_that_can_capture_may_be_laid_down(must_capture: bool, legal: bool) -> None:
    # Escoba's must-capture option: the 7 could take 3 + 5 to make fifteen.
    ruling = rule_on_capture("escoba", "3c 5d", "7h", take="", options={"must-capture": must_capture})
    assert (ruling.rules_id, ruling.rules_name, ruling.must_capture, ruling.legal) == (
        "escoba", "Escoba", must_capture, legal)
