"""The Cassino family as its sources play it: Cassino, Royal Cassino, Spade Cassino, Finnish Kasino.

Each test names the rule it checks and the source it follows; most run through the library and
the command line both.
"""

from __future__ import annotations

import dataclasses
import json

from conftest import count, points, run

from scorekeeper.match.ending import state_after
from scorekeeper.match.settings import match_settings
from scorekeeper.play.builds import build_error, trail_problem
from scorekeeper.play.capture import Build, CaptureEngine, Table
from scorekeeper.play.game import Game
from scorekeeper.play.ruling import rule_on_capture
from scorekeeper.rules.catalog import load_rules
from scorekeeper.rules.options import apply_options
from scorekeeper.rules.ruleset import RuleSet

CASSINO = CaptureEngine(load_rules("cassino"))


def mask(engine: CaptureEngine, text: str) -> int:
    return sum(1 << engine.names.index(t) for t in text.split())


def takes(rules: str | RuleSet, table: str, card: str, **kw: bool) -> list[str]:
    return [" ".join(c.cards) for c in rule_on_capture(rules, table, card, **kw).captures]


def capture_json(*args: str) -> tuple[int, dict[str, object]]:
    code, out, _ = run("capture", *args, "--json")
    return code, json.loads(out)


# --- Finnish Kasino ---------------------------------------------------------------------------

def test_kasino_ace_from_the_hand_counts_14_and_does_not_take_a_table_ace() -> None:
    # korttipelit.net: an ace cannot take an ace, being 14 in the hand and 1 on the table.
    assert takes("kasino", "Ac 5d", "Ah") == []
    code, out, _ = run("capture", "--rules", "kasino", "--table", "Ac 5d", "--card", "Ah")
    assert code == 0 and "Ac" not in out.split("\n", 1)[1] and "laid on the table" in out


def test_kasino_two_of_spades_counts_15_and_takes_no_two() -> None:
    # pagat Nordic Casino: the 2s is worth 15 from the hand, 2 on the table.
    assert takes("kasino", "2h Kc", "2s") == ["2h Kc"]
    assert takes("kasino", "2h 5c", "2s") == []


def test_kasino_ten_of_diamonds_counts_16_and_takes_no_ten() -> None:
    assert takes("kasino", "10h 6c", "10d") == ["6c 10h"]
    code, data = capture_json("-r", "kasino", "--table", "10h", "--card", "10d")
    assert code == 0 and data["trail"] is True


def test_kasino_other_cards_still_pair_with_the_special_cards_by_their_table_value() -> None:
    # The 2s lies on the table as a 2, the 10d as a 10: ordinary 2s and 10s take them.
    assert takes("kasino", "2s", "2h") == ["2s"]
    assert takes("kasino", "10d", "10h") == ["10d"]


def test_kasino_no_sweep_in_the_last_deal_of_the_pack() -> None:
    # pagat Nordic Casino: once the dealer has dealt the last cards, clearing the table scores nothing.
    assert [c.sweep for c in rule_on_capture("kasino", "3c 4h", "7h").captures] == [True]
    ruling = rule_on_capture("kasino", "3c 4h", "7h", take="3c 4h", last_deal=True)
    assert [c.sweep for c in ruling.captures] == [False]
    assert ruling.legal and ruling.reason is not None and "last deal of the pack" in ruling.reason
    on = apply_options(load_rules("kasino"), {"last-deal-sweeps": "on"})
    assert [c.sweep for c in rule_on_capture(on, "3c 4h", "7h", last_deal=True).captures] == [True]


def test_kasino_replayed_play_in_the_last_deal_clears_the_table_without_a_sweep() -> None:
    engine = CaptureEngine(load_rules("kasino"))

    def sweeps_after_7h_clears(deals: list[list[str]]) -> list[int]:
        game = Game(engine, [[mask(engine, h) for h in hands] for hands in deals], mask(engine, "3c 4h"), [0, 1], 2)
        game.play(0, engine.names.index("7h"), mask(engine, "3c 4h"))
        return game.sweeps

    assert sweeps_after_7h_clears([["7h 9c", "9d 9h"], ["8c 8d", "8h 8s"]]) == [1, 0]  # the first of two deals
    assert sweeps_after_7h_clears([["7h 9c 9d 9h"], ["8c 8d 8h 8s"]]) == [0, 0]  # the last deal


def test_kasino_sweeps_stop_once_a_side_has_ten_points() -> None:
    # pagat Nordic Casino: no sweep scores after any player has 10 points or more.
    settings = match_settings(load_rules("kasino"), ["Anna", "Bruno"])
    result = count("kasino", "Bruno=3c", "Anna=rest")
    assert sum(points(result, c.id)[1] for c in result.categories) == 10  # Anna sits second
    run("match", "new", "--rules", "kasino", "--side", "Anna", "--side", "Bruno", "--name", "k")
    assert run("match", "add", "k", "--pile", "Bruno=3c", "--pile", "Anna=rest")[0] == 0
    assert run("match", "add", "k", "--pile", "Bruno=3c 4c*", "--pile", "Anna=rest", "--sweeps", "Bruno=1")[0] == 0
    shown = json.loads(run("match", "show", "k", "--json")[1])
    assert shown["totals"] == {"Anna": 20, "Bruno": 0}
    assert "sweeps (cancelling) not counted: Anna had 10 before this hand" in shown["hands"][1]["note"]
    assert settings.rules.category("sweeps").stop_at == 10  # type: ignore[union-attr]


def test_kasino_tied_most_cards_point_passes_to_the_next_deal() -> None:
    # Finnish Wikipedia: a tied card point "stays in the pack": the next deal's most cards is worth 2.
    run("match", "new", "--rules", "kasino", "--side", "Anna", "--side", "Bruno", "--name", "t")
    run("match", "add", "t", "--pile", "Anna=d:A2345678910JQK h:A2345678910JQK", "--pile", "Bruno=rest")
    run("match", "add", "t", "--pile", "Anna=d:A2345678910JQK h:A2345678910JQK s:A", "--pile", "Bruno=rest")
    shown = json.loads(run("match", "show", "t", "--json")[1])
    first, second = shown["hands"]
    assert "most cards tied: 1 point passes to the next hand" in first["note"]
    cards = next(c for c in second["categories"] if c["id"] == "cards")
    assert cards["points"] == {"Anna": 2, "Bruno": 0}
    assert shown["totals"] == {"Anna": 4 + 7, "Bruno": 5 + 4}


def test_kasino_tie_carries_over_two_ties_in_the_library() -> None:
    from scorekeeper.match.ending import CategoryPoints, HandPoints

    rules = load_rules("kasino")
    settings = match_settings(rules, ["A", "B"])

    def hand(cards: tuple[int, int]) -> HandPoints:
        return HandPoints(("A", "B"), tuple(CategoryPoints(c.id, c.title, cards if c.id == "cards" else (0, 0))
                                            for c in rules.categories))

    state = state_after(settings, [hand((0, 0)), hand((0, 0)), hand((0, 1))])
    assert state.totals == {"A": 0, "B": 3}


def test_kasino_is_played_by_two_to_four_four_as_two_teams() -> None:
    rules = load_rules("kasino")
    assert (rules.sides.min, rules.sides.max, rules.sides.teams) == (2, 4, ("2x2",))
    for players in (3, 4):
        path_code, out, _ = run("simulate", "-r", "kasino", "--players", str(players), "-n", "2")
        assert path_code == 0 and len(out.splitlines()) == 2


def test_kasino_spades_tie_may_be_split_as_an_option() -> None:
    split = apply_options(load_rules("kasino"), {"spades-ties": "split"})
    result = count(split, "A=s:A23456", "B=s:789", "C=rest")
    assert points(result, "spades")[:2] == (2, 0)


def test_kasino_spades_ties_split_shares_the_points_one_each_in_a_two_way_tie() -> None:
    # Finnish Wikipedia (three players) and pagat's Nordic Casino share a tied majority: the deal
    # keeps its 10 points before sweeps, so the two tied sides score 1 each, not 2 each.
    split = apply_options(load_rules("kasino"), {"spades-ties": "split"})
    result = count(split, "A=s:A23456 d:A", "B=s:789JQ 10s", "C=rest")
    assert points(result, "spades") == (1, 1, 0)
    three = count(split, "A=s:A234", "B=s:5678", "C=s:9JQK", "D=rest")
    assert points(three, "spades") == (0, 0, 0, 0)  # 2 points among three: 0 each, the remainder scored by nobody


# --- Cassino ----------------------------------------------------------------------------------

def test_cassino_build_of_six_made_of_three_and_three_raised_to_eight_with_a_two() -> None:
    # Britannica, Cassell's, Chambers: a single build may be raised by a card from the hand.
    six = Build(6, mask(CASSINO, "3c 3d"), 1)
    table = Table(0, (six,))
    holding = mask(CASSINO, "2h 8s")
    assert build_error(CASSINO, CASSINO.names.index("2h"), table, holding, 8, six.mask) is None
    code, data = capture_json("-r", "cassino", "--table", "", "--build", "8=3c,3d,2h", "--card", "8s")
    assert code == 0 and data["captures"] == [{"cards": ["2h", "3d", "3c"], "sweep": True}]


def test_cassino_multiple_build_of_threes_cannot_be_raised() -> None:
    # pagat Casino: the value of a multiple build ("building threes") never changes.
    threes = Build(3, mask(CASSINO, "3c 3d"), 1)
    problem = build_error(CASSINO, CASSINO.names.index("2h"), Table(0, (threes,)), mask(CASSINO, "2h 8s"), 8,
                          threes.mask)
    assert problem == "the build 3d 3c is a multiple build of 3s: its value can never change, so it cannot become 8"


def test_cassino_raising_is_an_option_that_can_be_turned_off() -> None:
    engine = CaptureEngine(apply_options(load_rules("cassino"), {"raise-builds": "off"}))
    six = Build(6, mask(engine, "3c 3d"), 1)
    problem = build_error(engine, engine.names.index("2h"), Table(0, (six,)), mask(engine, "2h 8s"), 8, six.mask)
    assert problem is not None and "can only be extended as a build of 6" in problem


def test_cassino_a_build_on_the_table_must_make_its_value() -> None:
    # No card takes a build of 14, and 10c + 4h make no build of 7: both refused with the reason.
    code, _, err = run("capture", "--rules", "cassino", "--table", "", "--build", "14=10c,4h", "--card", "9h")
    assert code == 2 and "no card takes a build of 14 in Cassino (a build is worth 1 to 10)" in err
    code, _, err = run("capture", "--rules", "cassino", "--table", "", "--build", "7=10c,4h", "--card", "7h")
    assert code == 2 and "4h 10c cannot be a build of 7" in err and "(these count 14)" in err


def test_kasino_has_no_builds_to_put_on_the_table() -> None:
    code, _, err = run("capture", "--rules", "kasino", "--table", "", "--build", "7=3c,4h", "--card", "7h")
    assert code == 2 and "Kasino (Finnish) has no builds" in err


def test_cassino_build_owner_may_not_lay_a_card_down() -> None:
    # pagat Casino: a player with a build on the table must capture or build, not trail.
    seven = Build(7, mask(CASSINO, "5h 2c"), 0)
    table = Table(mask(CASSINO, "9d"), (seven,))
    holding = mask(CASSINO, "7s 3h")
    problem = trail_problem(CASSINO, table, 0, holding)
    assert problem is not None and "may not lay a card down" in problem and "7s" in problem
    assert trail_problem(CASSINO, table, 1, holding) is None  # the other player may
    relaxed = CaptureEngine(apply_options(load_rules("cassino"), {"owner-may-trail": "on"}))
    assert trail_problem(relaxed, table, 0, holding) is None


def test_cassino_build_owner_trailing_is_an_illegal_play_in_a_replay() -> None:
    engine = CASSINO
    batches = [[mask(engine, "2c 3h 7s 9h")], [mask(engine, "4d 6d 8d 10d")]]
    game = Game(engine, batches, mask(engine, "5h Kc Qs Jd"), [0, 1], 2)
    game.play(0, engine.names.index("2c"), 0, (7, mask(engine, "5h")))
    game.play(1, engine.names.index("4d"), 0)
    try:
        game.play(0, engine.names.index("3h"), 0)
    except Exception as exc:  # noqa: BLE001 - the message is what is checked
        assert "may not lay a card down" in str(exc)
    else:
        raise AssertionError("the build's owner trailed")


def test_cassino_court_takes_one_court_of_its_rank() -> None:
    # pagat Casino: courts are paired one at a time; Britannica's every-card pairing is the other choice.
    code, data = capture_json("-r", "cassino", "--table", "Kc Kh", "--card", "Kd")
    assert code == 0 and [c["cards"] for c in data["captures"]] == [["Kh"], ["Kc"]]
    every = apply_options(load_rules("cassino"), {"courts-take": "all"})
    assert takes(every, "Kc Kh", "Kd") == ["Kh Kc"]


# --- Spade Cassino -----------------------------------------------------------------------------

def test_spade_cassino_scores_26_a_deal_as_the_bicycle_rules() -> None:
    # Bicycle: cards 3, spades 1, big cassino 2, aces 4, every spade 1 and As, Js, 2s 2 each = 26.
    result = count("spade-cassino", "A=rest", "B=")
    assert sum(points(result, c.id)[0] for c in result.categories) == 26
    assert points(result, "spades") == (1, 0) and points(result, "spade-points") == (16, 0)
    assert "little-cassino" not in [c.id for c in load_rules("spade-cassino").categories]


def test_spade_cassino_sweeps_score_only_when_the_players_agree() -> None:
    code, out, _ = run("score", "--rules", "spade-cassino", "--pile", "A=3c* 4c", "--pile", "B=rest",
                       "--sweeps", "A=1", "--json")
    assert all(c["id"] != "sweeps" or not any(c["points"].values()) for c in json.loads(out)["categories"])
    code, out, _ = run("score", "--rules", "spade-cassino", "--pile", "A=3c* 4c", "--pile", "B=rest",
                       "--sweeps", "A=1", "--with", "sweeps", "--json")
    sweeps = next(c for c in json.loads(out)["categories"] if c["id"] == "sweeps")
    assert code == 0 and sweeps["points"] == {"A": 1, "B": 0}


def test_spade_cassino_is_played_by_two_to_four() -> None:
    rules = load_rules("spade-cassino")
    assert (rules.sides.min, rules.sides.max) == (2, 4)


# --- Royal Cassino -----------------------------------------------------------------------------

def test_royal_cassino_king_counts_13_and_takes_a_ten_and_a_three() -> None:
    # Foster's Hoyle, Bicycle: J=11, Q=12, K=13.
    code, data = capture_json("-r", "royal-cassino", "--table", "10d 3h 9c", "--card", "Ks")
    assert code == 0 and [c["cards"] for c in data["captures"]] == [["3h", "10d"]]


def test_royal_cassino_ace_counts_one_or_fourteen() -> None:
    assert takes("royal-cassino", "Kc 5h", "Ah") == []
    assert takes("royal-cassino", "10c 4h", "Ah") == ["4h 10c"]  # as 14
    assert takes("royal-cassino", "Ac 5h", "Ah") == ["Ac"]  # as 1, pairing
    code, out, _ = run("capture", "-r", "royal-cassino", "--table", "10c 4h", "--card", "Ah")
    assert code == 0 and "the Ah counts 1 or 14" in out


def test_royal_cassino_courts_can_be_built() -> None:
    engine = CaptureEngine(load_rules("royal-cassino"))
    table = Table(mask(engine, "6c"))
    assert build_error(engine, engine.names.index("5h"), table, mask(engine, "5h Js"), 11, mask(engine, "6c")) is None


# --- the fewest cards (a house rule the Scopa family declares as an option) ---------------------

def test_fewest_cards_a_sum_capture_takes_the_fewest_cards() -> None:
    scopa = load_rules("scopa")
    assert scopa.capture is not None
    fewest = dataclasses.replace(scopa, capture=dataclasses.replace(scopa.capture, fewest_cards=True))
    assert takes("scopa", "Ac 2d 4h 3s", "7d") == ["3s 4h", "Ac 2d 4h"]
    assert takes(fewest, "Ac 2d 4h 3s", "7d") == ["3s 4h"]
    ruling = rule_on_capture(fewest, "Ac 2d 4h 3s", "7d", take="Ac 2d 4h")
    assert not ruling.legal and ruling.reason is not None and "fewest cards" in ruling.reason


def test_spade_cassino_on_royal_cassino_values_is_its_own_rule_set() -> None:
    # Bicycle: "either regular Cassino or Royal Cassino is played" for Spade Cassino. A king (13)
    # takes a 10 and a 3 there, scored as Spade Cassino (26 a deal).
    royal = rule_on_capture("royal-spade-cassino", "10c 3d", "Kh")
    assert [sorted(c.cards) for c in royal.captures] == [["10c", "3d"]]
    assert rule_on_capture("spade-cassino", "10c 3d", "Kh").captures == ()
    result = count("royal-spade-cassino", "A=rest", "B=")
    assert sum(result.totals) == 26
