"""Ending a match (RULES.md): every policy, playoffs, stakes and match-winning categories,
with hands built to hit each edge."""

from __future__ import annotations

import pytest

from scorekeeper.cli.common import with_options
from scorekeeper.match.ending import (
    CategoryPoints,
    Claim,
    HandPoints,
    MatchError,
    match_settings,
    parse_sides,
    state_after,
)
from scorekeeper.match.hand import count_for
from scorekeeper.rules.catalog import load_rules
from scorekeeper.scoring.hand import HandSpec


def hand(rules_id: str, sides: tuple[str, ...], **points: tuple[int, ...]) -> HandPoints:
    """A hand giving ``points[category]`` per side, every other category nothing, in count order."""
    rules = load_rules(rules_id)
    categories = tuple(CategoryPoints(c.id, c.title, points.pop(c.id.replace("-", "_"), (0,) * len(sides)))
                       for c in rules.categories if not c.optional)
    assert not points, f"unknown categories {points}"
    return HandPoints(sides, categories)


AB = ("Anna", "Bruno")


def scopa(finish: str | None = None, target: int | None = None):
    return match_settings(load_rules("scopa"), list(AB), finish=finish, target=target)


def test_highest_both_sides_past_target_the_higher_total_wins():
    settings = scopa("highest")
    hands = [hand("scopa", AB, cards=(1, 0), coins=(1, 0), settebello=(1, 0), primiera=(1, 0), sweeps=(6, 8)),
             hand("scopa", AB, cards=(0, 1), coins=(1, 0), settebello=(0, 1), primiera=(0, 1), sweeps=(0, 0))]
    state = state_after(settings, hands)
    assert state.totals == {"Anna": 11, "Bruno": 11}
    assert not state.finished and state.playoff and state.next_sides == AB  # level: another hand, everyone plays
    hands.append(hand("scopa", AB, cards=(1, 0), sweeps=(1, 2)))
    state = state_after(settings, hands)
    assert state.totals == {"Anna": 13, "Bruno": 13}
    hands[-1] = hand("scopa", AB, cards=(1, 0), coins=(1, 0), sweeps=(0, 1))
    state = state_after(settings, hands)
    assert (state.finished, state.winner, state.totals, state.stake) == (True, "Anna", {"Anna": 13, "Bruno": 12}, 1)


def test_highest_a_side_reaching_target_alone_wins_even_if_behind_before():
    hands = [hand("scopa", AB, sweeps=(10, 9)), hand("scopa", AB, cards=(1, 0), sweeps=(0, 3))]
    state = state_after(scopa("highest"), hands)
    assert (state.winner, state.totals) == ("Bruno", {"Anna": 11, "Bruno": 12})


def test_parlett_equal_totals_settled_by_recounting_the_last_hand_in_order():
    # 9-10 before the last hand, which ends 12-12.
    before = hand("scopa", AB, sweeps=(9, 10))
    last = hand("scopa", AB, cards=(1, 0), coins=(1, 0), settebello=(0, 1), primiera=(0, 1), sweeps=(1, 0))
    state = state_after(scopa(), [before, last])
    assert state.totals == {"Anna": 12, "Bruno": 12}
    # Recount from 9-10: cards 10-10, coins 11-10: Anna reaches 11 first although Bruno got there too.
    assert (state.finished, state.winner) == (True, "Anna")
    assert "recounting the last hand" in state.reason and "most coins" in state.reason


def test_parlett_equal_even_after_the_recount_means_another_hand():
    # 9-10 before; the last hand: settebello to Anna (10-10), then one sweep each (11-11 in one category).
    before = hand("scopa", AB, sweeps=(9, 10))
    last = hand("scopa", AB, settebello=(1, 0), sweeps=(1, 1))
    settings = scopa()
    state = state_after(settings, [before, last])
    assert state.totals == {"Anna": 11, "Bruno": 11}
    assert (state.finished, state.playoff, state.next_sides) == (False, True, AB)
    decider = hand("scopa", AB, cards=(0, 1), settebello=(1, 0))
    state = state_after(settings, [before, last, decider])
    # level again, 12-12: recounting from 11-11, Bruno's most cards puts him ahead first
    assert (state.winner, state.totals) == ("Bruno", {"Anna": 12, "Bruno": 12})
    assert "at most cards" in state.reason
    final = state_after(settings, [before, last, hand("scopa", AB, cards=(0, 1), coins=(1, 0), primiera=(1, 0))])
    assert (final.winner, final.totals) == ("Anna", {"Anna": 13, "Bruno": 12})


def test_denexa_count_out_lower_final_total_wins_because_it_got_there_first():
    before = hand("scopa", AB, sweeps=(10, 8))
    last = hand("scopa", AB, cards=(0, 1), coins=(0, 1), settebello=(0, 1), primiera=(1, 0), sweeps=(3, 0))
    counted_out = state_after(scopa("count-out"), [before, last])
    # Bruno: 9 after cards, 10 after coins, 11 after settebello: he wins, and primiera and the
    # sweeps (which would have put Anna on 14) are never counted.
    assert (counted_out.winner, counted_out.totals) == ("Bruno", {"Anna": 10, "Bruno": 11})
    assert counted_out.lines[1].counted == (True, True, True, False, False)
    assert counted_out.lines[1].points == {"Anna": 0, "Bruno": 3}
    highest = state_after(scopa("highest"), [before, last])
    assert (highest.winner, highest.totals) == ("Anna", {"Anna": 14, "Bruno": 11})


def test_count_out_two_sides_reaching_in_one_category_the_higher_wins():
    before = hand("scopa", AB, sweeps=(10, 9))
    last = hand("scopa", AB, cards=(0, 1), sweeps=(1, 3))
    state = state_after(scopa("count-out"), [before, last])
    assert (state.winner, state.totals) == ("Bruno", {"Anna": 11, "Bruno": 13})


def test_count_out_equal_in_one_category_stops_the_hand_and_another_is_played():
    before = hand("scopa", AB, sweeps=(9, 10))
    last = hand("scopa", AB, settebello=(1, 0), sweeps=(1, 1))
    state = state_after(scopa("count-out"), [before, last])
    assert (state.finished, state.playoff, state.totals) == (False, True, {"Anna": 11, "Bruno": 11})
    decider = hand("scopa", AB, cards=(0, 0), coins=(1, 0), settebello=(0, 1))
    state = state_after(scopa("count-out"), [before, last, decider])
    assert (state.winner, state.totals) == ("Anna", {"Anna": 12, "Bruno": 11})


WS = ("Anna", "Bruno", "Carla")


def test_wall_street_three_players_two_tie_on_10_and_only_they_play_on():
    settings = match_settings(load_rules("wall-street"), list(WS))
    assert (settings.target, settings.finish, settings.playoff) == (10, "highest", "tied")
    first = hand("wall-street", WS, investors=(1, 0, 0), preferred=(0, 1, 0), common=(0, 0, 1), takeovers=(7, 8, 3))
    state = state_after(settings, [first])
    assert state.totals == {"Anna": 8, "Bruno": 9, "Carla": 4} and not state.finished
    second = hand("wall-street", WS, investors=(1, 0, 0), takeovers=(1, 1, 1))
    state = state_after(settings, [first, second])
    assert state.totals == {"Anna": 10, "Bruno": 10, "Carla": 5}
    assert (state.finished, state.playoff, state.next_sides) == (False, True, ("Anna", "Bruno"))
    assert state.lines[1].points == {"Anna": 2, "Bruno": 1, "Carla": 1}
    # A hand of all three is not the playoff: it is not counted.
    wrong = state_after(settings, [first, second, hand("wall-street", WS, common=(0, 0, 1))])
    assert wrong.totals["Carla"] == 5 and "not counted" in wrong.lines[2].note
    playoff = hand("wall-street", ("Anna", "Bruno"), preferred=(0, 1))
    state = state_after(settings, [first, second, playoff])
    assert (state.winner, state.totals) == ("Bruno", {"Anna": 10, "Bruno": 11, "Carla": 5})


def test_wall_street_playoff_hand_takes_only_the_tied_players_piles():
    rules = load_rules("wall-street")
    settings = match_settings(rules, list(WS))
    spec = with_options(HandSpec(), piles=["Anna=K♦ K♥ K♠", "Bruno=rest", "Carla=Ac"])
    with pytest.raises(MatchError, match="only Anna and Bruno play this playoff hand"):
        count_for(settings, ("Anna", "Bruno"), spec)
    counted = count_for(settings, ("Anna", "Bruno"), with_options(HandSpec(), piles=["anna=Kd Kh Ks", "BRUNO=rest"]))
    assert counted.points.sides == ("Anna", "Bruno") and counted.result.ok
    assert counted.points.total("Anna") == 1 and counted.points.total("Bruno") == 2


def test_hurricane_16_7_is_won_double():
    settings = match_settings(load_rules("hurricane"), list(AB))
    state = state_after(settings, [hand("hurricane", AB, cards=(1, 0), hurricanes=(15, 7))])
    assert (state.winner, state.totals, state.stake) == ("Anna", {"Anna": 16, "Bruno": 7}, 2)
    state = state_after(settings, [hand("hurricane", AB, cards=(1, 0), hurricanes=(15, 8))])
    assert (state.winner, state.stake) == ("Anna", 1)


def test_spade_cassino_margin_doubled_when_loser_under_31():
    settings = match_settings(load_rules("spade-cassino"), list(AB))
    state = state_after(settings, [hand("spade-cassino", AB, cards=(3, 0), spades=(60, 40))])
    assert (state.winner, state.totals, state.stake) == ("Anna", {"Anna": 63, "Bruno": 40}, 23)
    state = state_after(settings, [hand("spade-cassino", AB, cards=(3, 0), spades=(60, 30))])
    assert (state.winner, state.stake) == ("Anna", 66)


def test_cappotto_all_ten_coins_wins_the_match_at_once():
    settings = match_settings(load_rules("scopa"), list(AB), enabled=["cappotto"])
    spec = with_options(HandSpec(), piles=["Anna=d:A234567JQK h:7", "Bruno=rest"])
    counted = count_for(settings, AB, spec)
    assert counted.points.match_winner == ("cappotto", "Anna")
    state = state_after(settings, [counted.points])
    assert (state.finished, state.winner) == (True, "Anna")
    assert state.totals["Anna"] < 11 and "cappotto" in state.reason


def test_cirulla_all_ten_diamonds_wins_the_match():
    settings = match_settings(load_rules("cirulla"), list(AB))
    counted = count_for(settings, AB, with_options(HandSpec(), piles=["Anna=d:A234567JQK", "Bruno=rest"]))
    state = state_after(settings, [counted.points])
    assert (state.winner, counted.points.match_winner) == ("Anna", ("all-coins", "Anna"))


def test_claim_true_claim_wins_false_claim_loses():
    settings = scopa("claim")
    hands = [hand("scopa", AB, cards=(1, 0), sweeps=(10, 3))]
    assert not state_after(settings, hands).finished  # past the target, but nobody has claimed
    true = state_after(settings, hands, [Claim(1, "Anna")])
    assert (true.winner, true.finished) == ("Anna", True)
    false = state_after(settings, hands, [Claim(1, "Bruno")])
    assert (false.winner, false.totals) == ("Anna", {"Anna": 11, "Bruno": 3})
    assert "false claim" in false.reason


def test_a_match_may_override_target_and_policy():
    settings = match_settings(load_rules("cassino"), list(AB), target=11, finish="count-out")
    assert (settings.target, settings.finish) == (11, "count-out")
    with pytest.raises(MatchError, match="--finish 'first': not a policy"):
        match_settings(load_rules("cassino"), list(AB), finish="first")


@pytest.mark.parametrize(("rules_id", "sides", "message"), [
    ("scopone", ["Anna", "Bruno"], "played by teams"),
    ("scopa", ["Anna+Bruno", "Carla"], "mixed sizes"),
    ("hurricane", ["Anna", "Bruno", "Carla"], "hurricane is played by 2 sides; --side was given 3 times"),
    ("scopa", ["Anna", "anna"], "'anna' is already in side 'Anna'"),
    ("scopa", ["Anna=1", "Bruno"], "'=' cannot be part of a name"),
])
def test_sides_must_fit_the_shapes_the_rule_set_allows(rules_id, sides, message):
    with pytest.raises(MatchError, match=message):
        parse_sides(load_rules(rules_id), sides)


def test_scopone_two_teams_of_two():
    sides = parse_sides(load_rules("scopone"), ["Anna+Bruno", "Carla + Dario"])
    assert [s.name for s in sides] == ["Anna+Bruno", "Carla+Dario"] and sides[1].players == ("Carla", "Dario")


def test_a_match_name_of_digits_only_is_refused_as_it_would_read_as_an_id():
    with pytest.raises(MatchError, match=r"--name '12': a name cannot be only digits \(those are match ids\)"):
        match_settings(load_rules("scopa"), list(AB), name="12")


def test_the_stake_is_doubled_once_and_the_state_says_so():
    settings = match_settings(load_rules("hurricane"), list(AB))
    state = state_after(settings, [hand("hurricane", AB, cards=(1, 0), hurricanes=(15, 7))])
    assert (state.winner, state.stake, state.doubled) == ("Anna", 2, True)
    state = state_after(settings, [hand("hurricane", AB, cards=(1, 0), hurricanes=(15, 8))])
    assert (state.winner, state.stake, state.doubled) == ("Anna", 1, False)
