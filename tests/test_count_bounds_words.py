"""Typed sweeps and declarations beyond what any hand of the game allows are refused (exit 1 at the
command line), each with the limit and why, in the words for one side or several: a side plays
(deck - table) / sides cards and sweeps at most once a card, plus the dealt table's sweeps
(Cirulla: 3 more); it declares each category once a dealt hand, or once a card when the game deals
no hands. The limit itself is allowed (scoring.bounds)."""

from __future__ import annotations

import pytest

import scorekeeper as sk
from scorekeeper.errors import InputErrors
from scorekeeper.rules.catalog import load_rules
from scorekeeper.scoring.bounds import fewest_cards
from scorekeeper.scoring.count import Counter

ONE_OF_EACH = ("declared {side}:{id}: {count} declarations is more than any hand allows (at most {most}: in a "
               "hand of cirulla with 2 sides, a side is dealt 6 hands of 3 cards and declares {id} at most once a "
               "dealt hand)")

TALLY = """\
id: tally
name: Tally
deck: italian-40
sides: {min: 2, max: 4}
categories:
  - id: cards
    label: most cards
    kind: most
  - id: calls
    label: calls
    kind: declared
    points: 1
match: {target: 11}
"""


def _refusal(piles, **facts):
    with pytest.raises(InputErrors) as refused:
        sk.score(piles, **facts)
    return str(refused.value)


def test_scopa_eighteen_sweeps_a_side_are_the_limit_nineteen_are_refused():
    # 40 cards, 4 on the table: each of two sides plays 18
    assert sk.score({"Anna": "rest", "Bruno": "7d"}, sweeps={"Anna": 18}).sweeps == (18, 0)
    assert _refusal({"Anna": "rest", "Bruno": "7d"}, sweeps={"Anna": 19}) == (
        "hand: sweeps of Anna: 19 sweeps is more than any hand allows (at most 18: in a hand of scopa with 2 sides, "
        "a side plays 18 cards, each sweeping at most once)")


def test_a_hand_of_one_side_is_worded_for_one_side():
    assert _refusal({"Anna": "rest"}, sweeps={"Anna": 50}) == (
        "hand: sweeps of Anna: 50 sweeps is more than any hand allows (at most 36: in a hand of scopa with 1 side, "
        "a side plays 36 cards, each sweeping at most once)")
    assert _refusal({"Anna": "rest"}, rules="cirulla", sweeps={"Anna": 40}) == (
        "hand: sweeps of Anna: 40 sweeps is more than any hand allows (at most 39: in a hand of cirulla with 1 side, "
        "a side plays 36 cards, each sweeping at most once, and the dealt table may give the dealer 3 more)")
    assert _refusal({"Anna": "rest"}, rules="cirulla", declared={"Anna": {"bussata": 13}}) == (
        "hand: declared Anna:bussata: 13 declarations is more than any hand allows (at most 12: in a hand of cirulla "
        "with 1 side, a side is dealt 12 hands of 3 cards and declares bussata at most once a dealt hand)")


def test_cirulla_sweeps_count_the_dealt_tables_three_more():
    assert sk.score({"Anna": "rest", "Bruno": "7d"}, rules="cirulla", sweeps={"Anna": 21}).sweeps == (21, 0)
    assert _refusal({"Anna": "rest", "Bruno": "7d"}, rules="cirulla", sweeps={"Anna": 22}) == (
        "hand: sweeps of Anna: 22 sweeps is more than any hand allows (at most 21: in a hand of cirulla with 2 sides, "
        "a side plays 18 cards, each sweeping at most once, and the dealt table may give the dealer 3 more)")


def test_cirulla_six_declarations_are_the_limit_and_each_category_is_checked():
    allowed = sk.score({"Anna": "rest", "Bruno": "7d"}, rules="cirulla", declared={"Anna": {"bussata": 6}})
    assert next(c.points for c in allowed.categories if c.id == "bussata") == (18, 0)
    # bussata within the limit does not stop decino from being checked
    assert _refusal({"Anna": "rest", "Bruno": "7d"}, rules="cirulla",
                    declared={"Anna": {"bussata": 1, "decino": 7}, "Bruno": {"bussata": 8}}).split("\n") == [
        "hand: " + ONE_OF_EACH.format(side="Anna", id="decino", count=7, most=6),
        "hand: " + ONE_OF_EACH.format(side="Bruno", id="bussata", count=8, most=6)]


def test_a_game_that_deals_no_hands_allows_a_declaration_a_card(tmp_path):
    path = tmp_path / "tally.yaml"
    path.write_text(TALLY, encoding="utf-8")
    rules = sk.load_rules(str(path))
    assert sk.score({"Anna": "rest", "Bruno": "7d"}, rules=rules, declared={"Anna": {"calls": 20}}).totals == (21, 0)
    assert _refusal({"Anna": "rest", "Bruno": "7d"}, rules=rules, declared={"Anna": {"calls": 21}}) == (
        "hand: declared Anna:calls: 21 declarations is more than any hand allows (at most 20: in a hand of tally with "
        "2 sides, a side is dealt 20 cards and declares calls at most once a card)")
    # no capture rules: no dealt table, so no sweeps beyond one a card played
    assert _refusal({"Anna": "rest", "Bruno": "7d"}, rules=rules, sweeps={"Anna": 21}) == (
        "hand: sweeps of Anna: 21 sweeps is more than any hand allows (at most 20: in a hand of tally with 2 sides, "
        "a side plays 20 cards, each sweeping at most once)")
    assert _refusal({"Anna": "rest"}, rules=rules, declared={"Anna": {"calls": 41}}) == (
        "hand: declared Anna:calls: 41 declarations is more than any hand allows (at most 40: in a hand of tally with "
        "1 side, a side is dealt 40 cards and declares calls at most once a card)")


def test_only_the_counts_beyond_the_limit_are_named():
    # Bruno's 18 sweeps and Anna's 6 decini are each the most a side can have: allowed, not named
    assert _refusal({"Anna": "rest", "Bruno": "7d"}, sweeps={"Anna": 19, "Bruno": 18}) == (
        "hand: sweeps of Anna: 19 sweeps is more than any hand allows (at most 18: in a hand of scopa with 2 sides, "
        "a side plays 18 cards, each sweeping at most once)")
    assert _refusal({"Anna": "rest", "Bruno": "7d"}, rules="cirulla",
                    declared={"Anna": {"bussata": 7, "decino": 6}}) == (
        "hand: " + ONE_OF_EACH.format(side="Anna", id="bussata", count=7, most=6))


@pytest.mark.parametrize(("sweeps", "pile", "problems"), [
    (1, "Ad 2d", ()),
    (1, "Ad", ("Anna: 1 sweep needs at least 2 cards (each a capturing and a captured card); the pile has 1",)),
    (3, "Ad 2d 3d 4d", ()),  # the dealt table of 9 or less: three sweeps for its four cards
    (3, "Ad 2d 3d", ("Anna: 3 sweeps need at least 4 cards (each a capturing and a captured card); the pile has 3",)),
    (4, "Ad 2d 3d 4d 5d 6d", ()),  # and one more sweep, two cards
    (4, "Ad 2d 3d 4d 5d", ("Anna: 4 sweeps need at least 6 cards (each a capturing and a captured card); the pile "
                           "has 5",)),
])
def test_cirulla_sweeps_need_the_dealt_tables_cards_then_two_a_sweep(sweeps, pile, problems):
    result = sk.score({"Anna": pile, "Bruno": "rest"}, rules="cirulla", sweeps={"Anna": sweeps})
    assert result.problems == problems


@pytest.mark.parametrize(("game", "fewest"), [
    ("scopa", [0, 2, 4, 6, 8, 10, 12]),  # two cards a sweep: the card played and one taken
    ("cirulla", [0, 2, 4, 4, 6, 8, 10]),  # the dealt table's three sweeps for its four cards, then two a sweep
])
def test_the_fewest_cards_a_pile_of_so_many_sweeps_holds(game, fewest):
    assert [fewest_cards(load_rules(game), sweeps) for sweeps in range(7)] == fewest


@pytest.mark.parametrize(("game", "count", "held", "enabled", "fits"), [
    ("scopa", 0, 0, (), True),  # no sweeps fit any pile
    ("scopa", 1, 2, (), True),
    ("scopa", 1, 1, (), False),
    ("scopa", 2, 4, (), True),
    ("scopa", 2, 3, (), False),
    ("cirulla", 1, 2, (), True),
    ("cirulla", 1, 1, (), False),
    ("cirulla", 3, 4, (), True),  # the dealt table's three sweeps in its four cards
    ("cirulla", 3, 3, (), False),
    ("cirulla", 4, 6, (), True),
    ("cirulla", 4, 5, (), False),
    ("spade-cassino", 1, 10, (), False),  # sweeps score only when the players turn them on
    ("spade-cassino", 1, 10, ("sweeps",), True),
])
def test_the_one_sweeps_check_verify_and_the_replay_ask(game, count, held, enabled, fits):
    assert Counter(load_rules(game)).sweeps_fit(count, held, enabled) is fits
