"""What a match says, word for word, and the fields scripts read (``match show --json``): a new
match, the level and recount sentences, claims, and Finnish Kasino's carried points and stopped
sweeps (RULES.md, "Ending a match" and Kasino)."""

from __future__ import annotations

import pytest
from test_match_edges import AB, ABC, hand

from scorekeeper.match.ending import (
    CategoryPoints,
    Claim,
    HandPoints,
    match_settings,
    state_after,
    state_dict,
)
from scorekeeper.rules.catalog import load_rules


def scopa(finish: str | None = None):
    return match_settings(load_rules("scopa"), list(AB), finish=finish)


def test_a_new_match_is_playing_with_everyone_to_play_and_nothing_said():
    state = state_after(scopa(), [])
    assert state.lines == () and state.totals == {"Anna": 0, "Bruno": 0}
    assert (state.finished, state.winner, state.stake, state.doubled) == (False, None, None, False)
    assert (state.reason, state.playoff, state.next_sides, state.claims) == ("", False, AB, ())


def test_a_hand_that_decides_nothing_has_no_note_and_the_match_no_stake():
    for finish in ("highest", "count-out", "count-out-if-tied", "claim"):
        state = state_after(scopa(finish), [hand("scopa", AB, sweeps=(3, 4))])
        assert (state.lines[0].note, state.reason, state.doubled, state.stake) == ("", "", False, None), finish
        assert (state.lines[0].number, state.lines[0].points) == (1, {"Anna": 3, "Bruno": 4})


def test_hand_lines_are_numbered_from_one_counted_or_not():
    state = state_after(scopa("highest"), [hand("scopa", AB, sweeps=(11, 0)), hand("scopa", AB, sweeps=(1, 0)),
                                           hand("scopa", AB, sweeps=(0, 1))])
    assert [line.number for line in state.lines] == [1, 2, 3]
    assert [line.totals for line in state.lines] == [{"Anna": 11, "Bruno": 0}] * 3
    assert [line.points for line in state.lines] == [{"Anna": 11, "Bruno": 0}, {}, {}]


def test_level_past_the_target_says_who_is_level_on_what():
    state = state_after(scopa("highest"), [hand("scopa", AB, sweeps=(12, 12))])
    assert state.lines[0].note == "Anna and Bruno are level on 12: another hand"
    assert state.reason == ""


def test_the_recount_sentence_names_the_total_the_side_the_target_and_the_category():
    hands = [hand("scopa", AB, sweeps=(9, 10)),
             hand("scopa", AB, cards=(1, 0), coins=(1, 0), settebello=(0, 1), primiera=(0, 1), sweeps=(1, 0))]
    state = state_after(scopa(), hands)
    assert state.reason == "level on 12; recounting the last hand, Anna reached 11 first, at most coins"
    assert state.lines[1].note == state.reason


def test_a_match_winning_category_is_named_by_its_label():
    settings = match_settings(load_rules("scopa"), list(AB), enabled=["cappotto"])
    won = hand("scopa", AB, enabled=("cappotto",), coins=(1, 0), winner=("cappotto", "Anna"))
    assert state_after(settings, [won]).reason == "Anna took cappotto (all ten coins)"


def test_a_claim_before_any_hand_is_false_and_the_other_side_wins():
    state = state_after(scopa("claim"), [], [Claim(0, "Anna")])
    assert (state.finished, state.winner) == (True, "Bruno")
    assert state.reason == "Anna claimed 11 with only 0: a false claim loses"
    assert state.claims == (Claim(0, "Anna"),)


def test_a_claim_for_a_later_hand_listed_first_does_not_hide_one_made_now():
    state = state_after(scopa("claim"), [hand("scopa", AB, sweeps=(3, 11))], [Claim(2, "Anna"), Claim(1, "Bruno")])
    assert (state.winner, state.reason) == ("Bruno", "Bruno claimed 11 with 11: a true claim")


def test_a_false_claim_with_the_others_level_is_said_in_full():
    settings = match_settings(load_rules("scopa"), list(ABC), finish="claim")
    state = state_after(settings, [hand("scopa", ABC, sweeps=(5, 4, 4))], [Claim(1, "Anna")])
    assert state.reason == ("Anna claimed 11 with only 5: a false claim loses; Bruno and Carla are level, "
                            "so nobody wins")


def test_match_show_json_has_the_fields_scripts_read():
    settings = scopa("count-out")
    state = state_after(settings, [hand("scopa", AB, cards=(1, 0), sweeps=(0, 2))])
    shown = state_dict(settings, state)
    assert set(shown) == {"hands", "totals", "finished", "winner", "stake", "reason", "next", "playoff"}
    line = shown["hands"][0]
    assert set(line) == {"number", "sides", "points", "categories", "totals", "forced", "problems", "note"}
    assert (line["number"], line["sides"], line["forced"]) == (1, ["Anna", "Bruno"], False)
    assert line["categories"][0] == {"id": "cards", "label": "most cards", "points": {"Anna": 1, "Bruno": 0},
                                     "counted": True}
    assert (shown["next"], shown["playoff"], shown["totals"]) == (["Anna", "Bruno"], False, {"Anna": 1, "Bruno": 2})


def test_a_hand_is_not_forced_unless_said_and_needs_its_categories_one_way():
    assert HandPoints(AB, ()).forced is False
    with pytest.raises(ValueError, match="^a hand needs its categories, or them packed, not both$"):
        HandPoints(AB)


# Finnish Kasino: tied points carried to the next hand, sweeps stopped at 10.

def _kasino(**points: tuple[int, int]) -> HandPoints:
    rules = load_rules("kasino")
    return HandPoints(AB, tuple(CategoryPoints(c.id, c.title, points.get(c.id, (0, 0))) for c in rules.categories))


def test_kasino_ties_carried_and_taken_are_said_with_their_points_and_joined_to_the_ending():
    settings = match_settings(load_rules("kasino"), list(AB))
    state = state_after(settings, [_kasino(aces=(2, 2)), _kasino(cards=(1, 0), spades=(2, 0), sweeps=(13, 0))])
    assert state.lines[0].note == ("most cards tied: 1 point passes to the next hand; "
                                   "most spades tied: 2 points pass to the next hand")
    assert state.lines[1].note == ("most cards: Anna also takes the 1 point carried from a tie; "
                                   "most spades: Anna also takes the 2 points carried from a tie; "
                                   "Anna reached 16 with the highest total")
    assert state.totals == {"Anna": 21, "Bruno": 2}


def test_kasino_sweeps_stop_once_a_side_has_ten_and_the_note_says_why():
    settings = match_settings(load_rules("kasino"), list(AB))
    state = state_after(settings, [_kasino(sweeps=(10, 0)), _kasino(cards=(1, 0), sweeps=(1, 0))])
    assert state.lines[1].note == ("most cards: Anna also takes the 1 point carried from a tie; "
                                   "most spades tied: 4 points pass to the next hand; "
                                   "sweeps (cancelling) not counted: Anna had 10 before this hand, and no sweep "
                                   "scores once a side has 10")
    assert state.totals == {"Anna": 12, "Bruno": 0}


def test_a_playoff_hand_by_the_wrong_sides_keeps_its_number_and_the_totals_and_scores_nothing():
    settings = match_settings(load_rules("scopa"), list(ABC), finish="highest")
    from dataclasses import replace

    settings = replace(settings, playoff="tied")
    wrong = hand("scopa", ("Anna", "Carla"), sweeps=(1, 0))
    state = state_after(settings, [hand("scopa", ABC, sweeps=(12, 12, 3)), wrong])
    line = state.lines[1]
    assert (line.number, line.hand, line.points) == (2, wrong, {})
    assert line.totals == {"Anna": 12, "Bruno": 12, "Carla": 3}


def test_a_count_out_hand_that_scores_nothing_has_no_note():
    state = state_after(scopa("count-out"), [hand("scopa", AB)])
    assert (state.lines[0].note, state.lines[0].points, state.finished) == ("", {"Anna": 0, "Bruno": 0}, False)


def test_kasino_carried_points_keep_the_ids_and_the_problems_of_a_forced_hand():
    settings = match_settings(load_rules("kasino"), list(AB))
    rules = load_rules("kasino")
    forced = HandPoints(AB, tuple(CategoryPoints(c.id, c.title, (1, 0) if c.id == "cards" else (0, 0))
                                  for c in rules.categories), None, ("pile of Anna: 7d is twice in this pile",), True)
    state = state_after(settings, [_kasino(aces=(2, 2)), forced])
    line = state.lines[1]
    assert line.hand.problems == ("pile of Anna: 7d is twice in this pile",) and line.hand.forced
    assert [c["id"] for c in state_dict(settings, state)["hands"][1]["categories"]] == [c.id for c in rules.categories]


def test_kasino_counted_out_keeps_the_carried_note_and_the_running_totals():
    settings = match_settings(load_rules("kasino"), list(AB), finish="count-out")
    state = state_after(settings, [_kasino(aces=(2, 2)), _kasino(cards=(1, 0))])
    line = state.lines[1]
    assert line.note == ("most cards: Anna also takes the 1 point carried from a tie; "
                         "most spades tied: 4 points pass to the next hand")
    assert line.totals == {"Anna": 4, "Bruno": 2} and line.points == {"Anna": 2, "Bruno": 0}
