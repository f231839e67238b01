"""Every refusal of a Cassino build, in the exact words a player reads at the table (pagat Casino,
Foster's Hoyle): a build made, raised, extended, taken or left, and the cards given as one."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.cards import Card
from scorekeeper.errors import InputErrors
from scorekeeper.play.builds import build_error, splits, trail_problem
from scorekeeper.play.capture import Build, CaptureEngine, Table
from scorekeeper.play.ruling import rule_on_capture
from scorekeeper.rules.catalog import load_rules
from scorekeeper.rules.options import apply_options

DECK = load_rules("cassino").cards


def cassino(**options: object) -> CaptureEngine:
    """A fresh engine: one kept across tests would answer from what earlier tests asked it."""
    return CaptureEngine(apply_options(load_rules("cassino"), options))


def mask(text: str) -> int:
    return DECK.mask(Card.parse(t) for t in text.split())


def sixes(*groups: str) -> tuple[Build, ...]:
    """Single builds of 6 owned by player 0, one a group of cards."""
    return tuple(Build(6, mask(g), 0) for g in groups)


# (what is tried, loose table cards, card played, declared value, cards built on, the player's hand,
#  builds on the table, the refusal)
REFUSALS = [
    ("one card built on is not on the table",
     "5c", "2h", 7, "5d", "2h 7s", (), "5d is not on the table"),
    ("two cards built on are not on the table",
     "5c", "2h", 7, "5d 4d", "2h 7s", (), "4d 5d are not on the table"),
    ("the builder holds nothing else",
     "5c", "2h", 7, "5c", "2h", (), "to build 7 the builder must hold another card that takes 7; 2h's player holds no "
                                    "other card"),
    ("one card of a build of three",
     "", "2h", 7, "5c", "2h 7s", (Build(10, mask("Ac 4c 5c"), 0),),
     "5c is part of the build Ac 4c 5c: a build is built on whole or not at all"),
    ("two cards of a build of three",
     "", "2h", 7, "5c Ac", "2h 7s", (Build(10, mask("Ac 4c 5c"), 0),),
     "Ac 5c are part of the build Ac 4c 5c: a build is built on whole or not at all"),
    ("a build of 6 lowered to 4",
     "", "2h", 4, "3c 3d", "2h 4s", sixes("3c 3d"), "a build is raised, never lowered: the build 3d 3c is worth 6, "
                                                    "not 4"),
    ("two builds of 6 raised to 8 in one play",
     "", "2h", 8, "3c 3d 4c 2c", "2h 8s", sixes("3c 3d", "4c 2c"),
     "one play raises one build: 3d 3c and 2c 4c cannot both become 8"),
    ("a raise that, with a loose card, makes no set of 8s",
     "4d", "2h", 8, "3c 3d 4d", "2h 8s", sixes("3c 3d"),
     "the 2h and 4d with the build of 6 do not make 8 (together they count 12, which is no set of 8s)"),
    ("a raise that makes 9, not 8",
     "", "3h", 8, "3c 3d", "3h 8s", sixes("3c 3d"),
     "the 3h with the build of 6 do not make 8 (together they count 9, which is no set of 8s)"),
    ("a 3 laid on a build of 7 as 7",
     "", "3h", 7, "5c 2c", "3h 7s", (Build(7, mask("5c 2c"), 0),),
     "the 3h do not make 7 (together they count 3, which is no set of 7s)"),
    ("a 2 and a 6 do not make 9",
     "6h", "2h", 9, "6h", "2h 9s", (), "the 2h and 6h do not make 9 (together they count 8, which is no set of 9s)"),
]


@pytest.mark.parametrize(("loose", "card", "value", "onto", "holding", "builds", "refusal"),
                         [case[1:] for case in REFUSALS], ids=[case[0] for case in REFUSALS])
def test_a_refused_build_says_why(loose: str, card: str, value: int, onto: str, holding: str,
                                  builds: tuple[Build, ...], refusal: str) -> None:
    table = Table(mask(loose), builds)
    assert build_error(cassino(), DECK.index[Card.parse(card)], table, mask(holding), value, mask(onto)) == refusal


def test_a_single_build_is_raised_by_a_card_from_the_hand() -> None:
    # 3+3 built as 6, raised to 8 with a 2 (Foster's Hoyle); the same play is refused where raising is off.
    card, table = DECK.index[Card.parse("2h")], Table(0, sixes("3c 3d"))
    assert build_error(cassino(), card, table, mask("2h 8s"), 8, mask("3c 3d")) is None
    assert build_error(cassino(**{"raise-builds": False}), card, table, mask("2h 8s"), 8, mask("3c 3d")) == \
        "the build 3d 3c was declared as 6; it can only be extended as a build of 6, not 8"


def test_the_owner_of_a_build_may_not_trail_while_a_card_captures() -> None:
    table = Table(mask("9d"), (Build(10, mask("Ac 4c 5c"), 0),))
    assert trail_problem(cassino(), table, 0, mask("10s 9h 2d")) == (
        "a player who owns a build (Ac 4c 5c, worth 10) may not lay a card down while a card of theirs captures: "
        "play 9h 10s to capture, or build (pagat Casino)")
    assert trail_problem(cassino(), table, 1, mask("10s 9h 2d")) is None  # not their build


@pytest.mark.parametrize(("build", "refusal"), [
    ("10=Jh,5c", "courts cannot be built: Jh only pair with their own rank"),
    ("10=Jh,Qc", "courts cannot be built: Jh Qc only pair with their own rank"),
    ("9=5c,3d", "3d 5c cannot be a build of 9: a build holds two or more cards that make one or more sets of 9 "
                "(these count 8)"),
    ("5=5c", "5c cannot be a build of 5: a build holds two or more cards that make one or more sets of 5 "
             "(these count 5)"),
])
def test_cards_given_as_a_build_that_cannot_be_one(build: str, refusal: str) -> None:
    with pytest.raises(InputErrors) as caught:
        rule_on_capture("cassino", "", "9s", builds=(build,))
    assert caught.value.messages == [f"build {build!r}: {refusal}"]


def test_a_take_of_part_of_a_build_names_the_cards_in_it() -> None:
    ruling = rule_on_capture("cassino", "", "5s", take="Ac 4c", builds=("10=Ac,4c,5c",))
    assert not ruling.legal
    assert ruling.reason == "Ac 4c are part of the build Ac 4c 5c (worth 10): a build is taken whole or not at all"


def test_a_build_left_alone_does_not_explain_a_wrong_take() -> None:
    ruling = rule_on_capture("cassino", "7d 2c", "7s", take="7d 2c", builds=("10=5h,5c",))
    assert ruling.reason == "the 7s cannot take 2c + 7d: 2c + 7d add up to 9, and the 7s counts 7; it may take 7d"


@pytest.mark.parametrize(("values", "target", "expected"), [
    ([2, 5], 7, True),
    ([8, 8], 8, True),
    ([1, 1], 1, True),  # building aces
    ([3, 4, 7], 7, True),
    ([6, 4, 4], 7, False),  # adds up to 14, yet the 6 finds no 1
    ([9, 1, 6, 6, 8], 10, False),  # 9 + 1 is a set of 10, but 8, 6, 6 make none
    ([], 7, False),  # no cards, no build
    ([3], 0, False),  # nothing is built to 0
    ([8, 7, 6, 5, 2, 2], 10, False),  # 40 is four 10s, yet after 8 + 2 (or 6 + 2 + 2) the rest never is
    ([7, 7, 6, 2, 1, 1], 12, False),  # Royal Cassino: a 7 finds no 5 in 2, 1, 1 (each card once)
])
def test_which_cards_split_into_sets_of_a_value(values: list[int], target: int, expected: bool) -> None:
    assert splits(values, target) is expected


def test_a_court_that_only_pairs_never_takes_a_build_even_with_a_value(tmp_path: Path) -> None:
    # A custom Cassino whose courts are worth 11-13 yet only pair: a jack takes a jack, not 6 + 5,
    # so it is no card to take a build of 11 with.
    path = tmp_path / "worthy-courts.yaml"
    path.write_text('extends: cassino\nid: worthy-courts\nname: Worthy Courts\ncapture:\n  values: {A: 1, "2": 2, '
                    '"3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, J: 11, Q: 12, K: 13}\n')
    engine = CaptureEngine(load_rules(str(path)))
    deck = engine.deck
    table = Table(deck.mask([Card.parse("6c")]))
    assert build_error(engine, deck.index[Card.parse("5h")], table, deck.mask([Card.parse("5h"), Card.parse("Jh")]),
                       11, table.loose) == ("to build 11 the builder must hold another card that takes 11; 5h's player "
                                            "holds Jh")


@pytest.mark.parametrize(("loose", "take", "reason"), [
    ("3d", "5h 2c", "the 7s takes the build 2c + 5h"),
    ("3d 4d", "3d 4d", "3d + 4d add up to 7, and the 7s counts 7"),  # the build beside it stays
    ("3d 4d", "5h 2c 3d 4d", "the 7s takes 2c + 3d + 4d + 5h, in groups each worth 7; it clears the table: a sweep"),
])
def test_taking_a_build_is_said_as_such(loose: str, take: str, reason: str) -> None:
    ruling = rule_on_capture("cassino", loose, "7s", take=take, builds=("7=5h,2c",))
    assert ruling.legal and ruling.reason == reason
