"""Edges of a match's ending rules (RULES.md, "Ending a match") that only a built hand reaches:
count-out against a match-winning category, playoffs by the wrong sides, hands after the end,
false claims with the others level, who plays a playoff of three, and the margin stake."""

from __future__ import annotations

import pytest

from scorekeeper.cli.common import with_options
from scorekeeper.match.ending import CategoryPoints, Claim, HandPoints, match_settings, state_after, state_dict
from scorekeeper.match.hand import count_for
from scorekeeper.rules.catalog import load_rules
from scorekeeper.scoring.hand import HandSpec

AB = ("Anna", "Bruno")
ABC = ("Anna", "Bruno", "Carla")


def hand(rules_id: str, sides: tuple[str, ...], *, enabled: tuple[str, ...] = (), winner: tuple[str, str] | None = None,
         **points: tuple[int, ...]) -> HandPoints:
    """A hand giving ``points[category]`` per side, every other category nothing, in count order."""
    rules = load_rules(rules_id)
    categories = tuple(CategoryPoints(c.id, c.title, points.pop(c.id.replace("-", "_"), (0,) * len(sides)))
                       for c in rules.categories if not c.optional or c.id in enabled)
    assert not points, f"unknown categories {points}"
    return HandPoints(sides, categories, winner)


# 1. Count-out with a match-winning category.

def test_count_out_napoleone_ends_the_match_at_its_category_and_later_ones_are_not_counted():
    settings = match_settings(load_rules("scopa"), list(AB), finish="count-out", enabled=["napola", "cappotto"])
    # Anna holds all ten coins: the napola's whole run (napoleone) wins the match where it stands in
    # the count, so Bruno's nine sweeps and the cappotto after it are never counted.
    counted = count_for(settings, AB, with_options(HandSpec(), piles=["Anna=d:A234567JQK", "Bruno=rest"],
                                                   sweeps=["Bruno=9"]))
    assert counted.points.match_winner == ("napola", "Anna")
    state = state_after(settings, [counted.points])
    assert (state.finished, state.winner, state.reason) == (True, "Anna", "Anna took napola")
    assert list(counted.points.ids) == ["cards", "coins", "settebello", "primiera", "napola", "sweeps", "cappotto"]
    assert state.lines[0].counted == (True, True, True, True, True, False, False)
    assert state.totals == {"Anna": 12, "Bruno": 1}


def test_count_out_a_side_past_the_target_before_cappotto_wins_and_cappotto_is_not_counted():
    settings = match_settings(load_rules("scopa"), list(AB), finish="count-out", enabled=["cappotto"])
    earlier = hand("scopa", AB, sweeps=(0, 9), enabled=("cappotto",))
    counted = count_for(settings, AB, with_options(HandSpec(), piles=["Anna=d:A234567JQK h:7", "Bruno=rest"],
                                                   sweeps=["Bruno=3"]))
    assert counted.points.match_winner == ("cappotto", "Anna")
    state = state_after(settings, [earlier, counted.points])
    # 9 + most cards + three sweeps: Bruno reaches 13 at the sweeps, before cappotto (counted last) is reached.
    assert (state.finished, state.winner) == (True, "Bruno")
    assert state.reason == "Bruno reached 11 first, at sweeps (scope)"
    assert state.lines[1].counted == (True, True, True, True, True, False)
    assert state.totals == {"Anna": 2, "Bruno": 13}


def test_count_out_match_winning_category_before_the_target_is_reached():
    settings = match_settings(load_rules("scopa"), list(AB), finish="count-out", enabled=["cappotto"])
    counted = count_for(settings, AB, with_options(HandSpec(), piles=["Anna=d:A234567JQK h:7", "Bruno=rest"]))
    state = state_after(settings, [counted.points])
    assert (state.finished, state.winner) == (True, "Anna")
    assert all(state.lines[0].counted)  # cappotto is the last category: everything before it counted
    assert state.totals["Anna"] < 11 and state.next_sides == ()


# 3. A playoff hand played by the wrong sides.

def _wall_street_tied() -> tuple[object, list[HandPoints]]:
    settings = match_settings(load_rules("wall-street"), list(ABC))
    first = hand("wall-street", ABC, investors=(1, 0, 0), preferred=(0, 1, 0), common=(0, 0, 1), takeovers=(7, 8, 3))
    second = hand("wall-street", ABC, investors=(1, 0, 0), takeovers=(1, 1, 1))
    state = state_after(settings, [first, second])
    assert state.next_sides == ("Anna", "Bruno") and state.playoff
    return settings, [first, second]


def test_playoff_hand_by_a_wrong_pair_of_the_right_size_is_not_counted():
    settings, hands = _wall_street_tied()
    wrong = state_after(settings, [*hands, hand("wall-street", ("Anna", "Carla"), investors=(1, 0))])
    assert wrong.totals == {"Anna": 10, "Bruno": 10, "Carla": 5}
    assert wrong.lines[2].counted == (False,) * len(wrong.lines[2].counted)
    assert wrong.lines[2].note == "not counted: played by Anna and Carla, but Anna and Bruno were to play it"
    assert not wrong.finished


def test_playoff_hand_by_the_right_sides_in_another_order_is_counted():
    settings, hands = _wall_street_tied()
    state = state_after(settings, [*hands, hand("wall-street", ("Bruno", "Anna"), investors=(1, 0))])
    assert (state.finished, state.winner) == (True, "Bruno")
    assert state.totals == {"Anna": 10, "Bruno": 11, "Carla": 5}


# 4. A hand entered after the match ended.

def test_hand_entered_after_the_match_ended_is_not_counted_and_changes_no_total():
    settings = match_settings(load_rules("scopa"), list(AB), finish="highest")
    won = hand("scopa", AB, cards=(1, 0), sweeps=(10, 0))
    late = hand("scopa", AB, cards=(0, 1), sweeps=(0, 20))
    state = state_after(settings, [won, late])
    assert (state.winner, state.totals) == ("Anna", {"Anna": 11, "Bruno": 0})
    assert state.lines[1].points == {} and not any(state.lines[1].counted)
    assert state.lines[1].totals == {"Anna": 11, "Bruno": 0}
    assert state.lines[1].note == "not counted: entered after the match ended"
    assert state_dict(settings, state)["hands"][1]["categories"][0]["counted"] is False


# 5. A false claim while the other sides are level.

def test_false_claim_with_the_others_level_ends_the_match_and_nobody_wins():
    settings = match_settings(load_rules("scopa"), list(ABC), finish="claim")
    hands = [hand("scopa", ABC, sweeps=(5, 4, 4))]
    state = state_after(settings, hands, [Claim(1, "Anna")])
    assert state.finished and state.winner is None and state.stake is None
    assert "Bruno and Carla are level, so nobody wins" in state.reason
    assert state.next_sides == ()


def test_false_claim_with_one_other_side_ahead_gives_that_side_the_match():
    settings = match_settings(load_rules("scopa"), list(ABC), finish="claim")
    state = state_after(settings, [hand("scopa", ABC, sweeps=(5, 6, 4))], [Claim(1, "Anna")])
    assert (state.finished, state.winner) == (True, "Bruno")


# 6. Who plays a playoff of three or more sides.

def _three_level(playoff: str, finish: str = "highest"):
    from dataclasses import replace

    settings = match_settings(load_rules("scopa"), list(ABC), finish=finish)
    return replace(settings, playoff=playoff)


def test_playoff_all_three_sides_play_on_though_only_two_are_level():
    settings = _three_level("all")
    state = state_after(settings, [hand("scopa", ABC, sweeps=(12, 12, 3))])
    assert (state.finished, state.playoff, state.next_sides) == (False, True, ABC)


def test_playoff_tied_only_the_level_leaders_play_on():
    settings = _three_level("tied")
    state = state_after(settings, [hand("scopa", ABC, sweeps=(12, 12, 3))])
    assert (state.finished, state.playoff, state.next_sides) == (False, True, ("Anna", "Bruno"))
    # Carla's pile is not part of the playoff hand, and a hand with her in it is not counted.
    later = state_after(settings, [hand("scopa", ABC, sweeps=(12, 12, 3)), hand("scopa", ABC, cards=(0, 0, 1))])
    assert not later.lines[1].points and not later.finished


def test_count_out_with_playoff_tied_sends_only_the_sides_level_at_the_category():
    settings = _three_level("tied", "count-out")
    before = hand("scopa", ABC, sweeps=(10, 10, 2))
    last = hand("scopa", ABC, cards=(1, 1, 0))
    state = state_after(settings, [before, last])
    assert (state.finished, state.playoff, state.next_sides) == (False, True, ("Anna", "Bruno"))
    assert state.lines[1].note == "Anna and Bruno reached 11 together at most cards: another hand"
    assert state.lines[1].counted[0] and not any(state.lines[1].counted[1:])


# 8. Stakes.

def test_spade_cassino_margin_stake_won_by_one_point_is_one():
    settings = match_settings(load_rules("spade-cassino"), list(AB))
    state = state_after(settings, [hand("spade-cassino", AB, cards=(3, 0), spade_points=(58, 60))])
    assert (state.winner, state.totals, state.stake, state.doubled) == ("Anna", {"Anna": 61, "Bruno": 60}, 1, False)
    assert state.next_sides == ()


def test_unfinished_match_has_no_stake_and_knows_who_plays_next():
    settings = match_settings(load_rules("spade-cassino"), list(AB))
    state = state_after(settings, [hand("spade-cassino", AB, cards=(3, 0), spade_points=(20, 10))])
    assert (state.finished, state.winner, state.stake) == (False, None, None)
    assert state.next_sides == AB


@pytest.mark.parametrize(("loser", "stake"), [(30, 62), (31, 30)])
def test_spade_cassino_margin_doubled_only_under_31(loser, stake):
    settings = match_settings(load_rules("spade-cassino"), list(AB))
    state = state_after(settings, [hand("spade-cassino", AB, cards=(3, 0), spade_points=(58, loser))])
    assert state.stake == stake
