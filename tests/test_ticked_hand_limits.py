"""What a hand entered by categories (``--took``, the score-pad page) refuses, in the exact words a
player reads, and what it takes at the edge of each limit; counted with the rule set's own scorers.

Numbers from RULES.md: Cirulla deals hands of three from a pack of 40 with a table of four, so two
sides are dealt 6 hands each (18 cards) and three sides 4 each (12 cards); bussata is 3 points a
declaration, decino 10, grande (J Q K of coins) 5, and all ten coins win the match. Cassino counts
1 an ace; Spade Cassino gives As, Js and 2s two points each, every other spade one. Scopa for two
plays 18 cards a side after a table of four: 18 sweeps at most.
"""

from __future__ import annotations

import pytest

from scorekeeper.errors import InputErrors
from scorekeeper.match.by_categories import TickedHand, Ticks, read_ticks, ticked_categories
from scorekeeper.match.ending import match_settings
from scorekeeper.rules.catalog import load_rules


def ticked(rules: str, took: dict[str, dict[str, int]], sweeps: dict[str, int] | None = None, *,
           sides: tuple[str, ...] = ("Anna", "Bruno"), playing: tuple[str, ...] | None = None,
           enabled: tuple[str, ...] = ()) -> TickedHand:
    settings = match_settings(load_rules(rules), list(sides), enabled=enabled)
    return ticked_categories(Ticks(took, sweeps or {}), settings, playing or sides)


def refusals(rules: str, took: dict[str, dict[str, int]], sweeps: dict[str, int] | None = None, *,
             sides: tuple[str, ...] = ("Anna", "Bruno"), playing: tuple[str, ...] | None = None,
             enabled: tuple[str, ...] = ()) -> list[str]:
    with pytest.raises(InputErrors) as caught:
        ticked(rules, took, sweeps, sides=sides, playing=playing, enabled=enabled)
    return caught.value.messages


def points_of(hand: TickedHand) -> dict[str, tuple[int, ...]]:
    return dict(hand.categories)


def test_cirulla_declarations_by_ticks_score_per_declaration_up_to_one_a_dealt_hand():
    hand = ticked("cirulla", {"bussata": {"Anna": 6}, "decino": {"Bruno": 1}})
    assert points_of(hand)["bussata"] == (6 * 3, 0)
    assert points_of(hand)["decino"] == (0, 10)
    assert hand.points == {"Anna": 18, "Bruno": 10}


def test_cirulla_more_declarations_than_dealt_hands_are_refused_for_each_side():
    assert refusals("cirulla", {"bussata": {"Anna": 7, "Bruno": 9}}) == [
        "--took bussata=Anna:7: more than a hand allows (at most 6)",
        "--took bussata=Bruno:9: more than a hand allows (at most 6)"]


def test_cirulla_for_three_is_dealt_four_hands_a_side():
    sides = ("Anna", "Bruno", "Carla")
    assert points_of(ticked("cirulla", {"bussata": {"Anna": 4}}, sides=sides))["bussata"] == (12, 0, 0)
    assert refusals("cirulla", {"bussata": {"Anna": 5}}, sides=sides) == [
        "--took bussata=Anna:5: more than a hand allows (at most 4)"]


def test_sweeps_at_the_limit_are_taken_and_one_more_is_refused():
    assert points_of(ticked("scopa", {}, {"Anna": 18}))["sweeps"] == (18, 0)
    assert refusals("scopa", {}, {"Anna": 19}) == [
        "--sweeps Anna=19: more than a side can make in a hand of scopa (at most 18)"]


def test_sides_outside_a_playoff_are_named_with_every_other_problem():
    # Carla is ticked a category, and only Anna (beyond the limit) a sweep: both problems are told
    messages = refusals("scopa", {"cards": {"Carla": 1}}, {"Anna": 19}, sides=("Anna", "Bruno", "Carla"),
                        playing=("Anna", "Bruno"))
    assert messages == ["Carla does not play this hand (it is played by Anna, Bruno)",
                        "--sweeps Anna=19: more than a side can make in a hand of scopa (at most 18)"]


def test_a_side_outside_the_playoff_with_sweeps_only_is_named_too():
    messages = refusals("scopa", {}, {"Anna": 1}, sides=("Anna", "Bruno", "Carla"), playing=("Bruno", "Carla"))
    assert messages == ["Anna does not play this hand (it is played by Bruno, Carla)"]


def test_aces_counted_per_card_take_all_four_and_refuse_a_fifth():
    assert points_of(ticked("cassino", {"aces": {"Anna": 4}}))["aces"] == (4, 0)
    assert refusals("cassino", {"aces": {"Anna": 5}}) == [
        "--took aces: 5 cards in all, more than the 4 it counts",
        "--took aces:5: give how many of its 4 cards, no more"]


def test_spade_cassino_spades_cannot_be_ticked_since_three_spades_score_two():
    assert refusals("spade-cassino", {"spade-points": {"Anna": 1}}) == [
        "spades gives some cards other points: type the cards, not a tick"]


def test_cirulla_grande_is_five_points_and_its_cards_cannot_also_go_to_all_ten_coins_of_the_other_side():
    assert points_of(ticked("cirulla", {"grande": {"Anna": 1}}))["grande"] == (5, 0)
    assert refusals("cirulla", {"grande": {"Anna": 1}, "all-coins": {"Bruno": 1}}) == [
        f"all ten coins to Bruno needs {card}, which Anna holds for grande (J Q K of coins)"
        for card in ("Jd", "Qd", "Kd")]


def test_one_side_may_take_every_category_that_shares_its_cards():
    hand = ticked("cirulla", {"settebello": {"Anna": 1}, "grande": {"Anna": 1}, "piccola": {"Anna": 3},
                              "all-coins": {"Anna": 1}})
    assert points_of(hand)["grande"] == (5, 0) and points_of(hand)["settebello"] == (1, 0)
    assert hand.match_winner == ("all-coins", "Anna")


def test_a_refused_run_holds_no_card_for_a_later_category():
    # napola of 2 is refused; it must not then claim the ace of coins against Bruno's cappotto
    assert refusals("scopa", {"napola": {"Anna": 2}, "cappotto": {"Bruno": 1}},
                    enabled=("napola", "cappotto")) == ["--took napola:2: a run of 3 to 10 cards"]


def test_declarations_sweeps_and_all_ten_coins_count_in_one_hand():
    # Cirulla counts the sweeps, then the declarations, then all ten coins: each scores its own
    hand = ticked("cirulla", {"decino": {"Anna": 1}, "all-coins": {"Bruno": 1}}, {"Anna": 2})
    assert [cid for cid, _points in hand.categories][-4:] == ["sweeps", "bussata", "decino", "all-coins"]
    assert hand.points == {"Anna": 2 + 10, "Bruno": 0}
    assert hand.match_winner == ("all-coins", "Bruno")


def test_a_plain_tick_of_a_category_counted_per_card_is_one_card():
    settings = match_settings(load_rules("cassino"), ["Anna", "Bruno"])
    ticks = read_ticks(["aces=Anna", "aces=Bruno:3"], [], settings)
    assert ticks.took == {"aces": {"Anna": 1, "Bruno": 3}}
    assert points_of(ticked_categories(ticks, settings, ("Anna", "Bruno")))["aces"] == (1, 3)


def test_every_bad_took_and_sweeps_text_is_named_at_once_in_its_own_words():
    settings = match_settings(load_rules("cassino"), ["Anna", "Bruno"])
    took = ["cards", "=Anna", "cards=", "cards=Anna=Bruno", "kings=Anna", "aces=Anna:x", "aces=Anna:12345",
            "aces=Anna:1", "aces=anna:2", "most cards=bruno"]
    with pytest.raises(InputErrors) as caught:
        read_ticks(took, ["Anna", "Anna=x", "Ezio=1", "Bruno=12345"], settings)
    sides = "(sides: Anna, Bruno)"
    assert caught.value.messages == [
        "--took 'cards': write it CATEGORY=SIDE, like cards=Anna",
        "--took '=Anna': write it CATEGORY=SIDE, like cards=Anna",
        "--took 'cards=': write it CATEGORY=SIDE, like cards=Anna",
        f"--took 'cards=Anna=Bruno': no such side in this match {sides}",  # a name holds no '='
        "--took 'kings=Anna': 'kings' is not a category this match counts by ticks "
        "(cards, spades, big-cassino, little-cassino, aces)",
        "--took 'aces=Anna:x': 'x' is not a whole number",
        "--took 'aces=Anna:12345': '12345' is not a whole number",
        "--took 'aces=anna:2': aces was ticked for Anna already",
        f"--sweeps 'Anna': write it SIDE=N with a side of this match {sides}",
        f"--sweeps 'Anna=x': write it SIDE=N with a side of this match {sides}",
        f"--sweeps 'Ezio=1': write it SIDE=N with a side of this match {sides}",
        f"--sweeps 'Bruno=12345': write it SIDE=N with a side of this match {sides}"]


def test_counts_of_four_digits_are_read_and_then_refused_by_the_games_bounds():
    settings = match_settings(load_rules("cassino"), ["Anna", "Bruno"])
    ticks = read_ticks(["aces=Anna:1000"], ["Bruno=1000"], settings)
    assert (ticks.took, ticks.sweeps) == ({"aces": {"Anna": 1000}}, {"Bruno": 1000})
    with pytest.raises(InputErrors) as caught:
        ticked_categories(ticks, settings, ("Anna", "Bruno"))
    assert caught.value.messages[0].startswith("--sweeps Bruno=1000: more than a side can make in a hand of cassino")
    assert caught.value.messages[1:] == ["--took aces: 1000 cards in all, more than the 4 it counts",
                                         "--took aces:1000: give how many of its 4 cards, no more"]
