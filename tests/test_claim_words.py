"""A wrong claim is explained with the smallest sets of categories that make up the difference, as a
player reads them: what the side has of a category it holds in part, sets joined by '+', at most
four alternatives, and never sweeps or declarations (they have no most) when the claim is too high
(scoring._claims)."""

from __future__ import annotations

import scorekeeper as sk

LOST_CIRULLA = ("most cards: 2-38: Bruno has the most; most coins: 0-10: Bruno has the most; settebello (7d): 7d: "
                "Bruno; primiera: Bruno wins with 84 (Anna lacks coins, cups, swords); piccola (A-2-3 of coins and "
                "on): Bruno Ad 2d 3d 4d 5d 6d 7d Jd Qd Kd; grande (J Q K of coins): Jd Qd Kd: Bruno holds all; all ten "
                "coins: Ad 2d 3d 4d 5d 6d 7d Jd Qd Kd: Bruno holds all")


def test_a_run_held_in_part_explains_the_rest_of_its_points():
    # napola: Anna's A-2-3 gives 3 of the 10 the whole suit would; she claims the other 7 too
    result = sk.score({"Anna": "Ad 2d 3d", "Bruno": "rest"}, rules="scopa", enabled=["napola"], claims={"Anna": 10})
    assert result.problems == (
        "claim of Anna: 10, but the count gives 3 (napola 3); the difference of 7 is napola (claimed but not won?); "
        "most cards: 3-37: Bruno has the most; most coins: 3-7: Bruno has the most; settebello (7d): 7d: Bruno; "
        "primiera: Bruno wins with 84 (Anna lacks cups, swords, batons)",)


def test_three_points_too_many_are_three_categories_never_a_declaration():
    # a bussata (3 points) would fit alone, but declarations are not won from the piles
    result = sk.score({"Anna": "Ac 2c", "Bruno": "rest"}, rules="cirulla", claims={"Anna": 3})
    assert result.problems == (
        "claim of Anna: 3, but the count gives 0 (nothing); the difference of 3 is most cards+most coins+settebello "
        "(7d) or most cards+most coins+primiera or most cards+settebello (7d)+primiera or most coins+settebello "
        "(7d)+primiera (claimed but not won?); " + LOST_CIRULLA,)


def test_at_most_four_ways_to_make_up_the_difference_are_named():
    # six pairs of the four one-point categories make 2; the first four are named
    result = sk.score({"Anna": "Ac 2c", "Bruno": "rest"}, rules="cirulla", claims={"Anna": 2})
    assert result.problems == (
        "claim of Anna: 2, but the count gives 0 (nothing); the difference of 2 is most cards+most coins or most "
        "cards+settebello (7d) or most cards+primiera or most coins+settebello (7d) (claimed but not won?); "
        + LOST_CIRULLA,)


def test_five_points_too_many_are_never_guessed_from_five_categories():
    # only all five one-point categories would make 5: more than four are never offered
    result = sk.score({"Anna": "Ac", "Bruno": "rest"}, rules="scopa", enabled=["re-bello"], claims={"Anna": 5})
    assert result.problems == (
        "claim of Anna: 5, but the count gives 0 (nothing); most cards: 1-39: Bruno has the most; most coins: 0-10: "
        "Bruno has the most; settebello (7d): 7d: Bruno; re bello (Kd): Kd: Bruno; primiera: Bruno wins with 84 (Anna "
        "lacks coins, cups, swords)",)


def test_the_categories_lost_leave_out_those_scored_card_by_card():
    # Cassino's aces score one each: Anna, with none, has lost no race for them
    result = sk.score({"Anna": "2c", "Bruno": "rest"}, rules="cassino", claims={"Anna": 3})
    assert result.problems == (
        "claim of Anna: 3, but the count gives 0 (nothing); the difference of 3 is most cards (claimed but not won?); "
        "most cards: 1-51: Bruno has the most; most spades: 0-13: Bruno has the most; big cassino (10d): 10d: Bruno; "
        "little cassino (2s): 2s: Bruno",)
