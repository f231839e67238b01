"""Edges of the scoring categories (RULES.md, "Scoring categories") that a plain two-side hand never
reaches: tie-breaks on a counter that has scored before, three sides level, custom selections and
tie-breaks in a rule set of one's own, and the words players read beside each category."""

from __future__ import annotations

import json

import pytest
from conftest import run as run_cli

import scorekeeper as sk
from scorekeeper.match.ending import CategoryPoints, HandPoints, match_settings, state_after
from scorekeeper.rules.options import apply_options
from scorekeeper.scoring.count import Counter


def _points(result, category_id):
    return next(c.points for c in result.categories if c.id == category_id)


def _note(result, category_id):
    return next(c.explain(result.sides) for c in result.categories if c.id == category_id).note


# 2. A tie-break on a counter that has counted before.

ENTRETODOS = {"sevens-ties": "6 A 5"}
UNBROKEN = {"Anna": "7d 7c 6d 6c Ad Ac 5d 5c", "Bruno": "rest"}  # sevens, sixes, aces, fives all 2-2
BROKEN = {"Anna": "7d 7c 6d 6c 6h", "Bruno": "rest"}  # sevens 2-2, sixes 3-1


@pytest.mark.parametrize("order", ["unbroken first", "broken first"])
def test_escoba_sevens_tie_break_on_a_reused_counter_is_decided_by_each_hands_piles(order):
    rules = apply_options(sk.load_rules("escoba"), ENTRETODOS)
    counter = Counter(rules)
    hands = [UNBROKEN, BROKEN] if order == "unbroken first" else [BROKEN, UNBROKEN]
    results = []
    for piles in hands * 2:  # and once more, with both outcomes already seen
        results.append(sk.score(piles, rules=rules))  # the front door keeps one counter per rule set
        results.append(counter.score(_entry(piles, rules)))
    want = {"unbroken first": [(0, 0), (1, 0)], "broken first": [(1, 0), (0, 0)]}[order]
    got = [_points(r, "sevens") for r in results]
    assert got == [want[0]] * 2 + [want[1]] * 2 + [want[0]] * 2 + [want[1]] * 2


def _entry(piles, rules):
    from scorekeeper.scoring.hand import hand_from_mapping

    return hand_from_mapping({"piles": piles}, "hand").entry(rules.cards)


def test_escoba_sevens_tie_broken_note_names_the_tie_break():
    rules = apply_options(sk.load_rules("escoba"), ENTRETODOS)
    result = sk.score(BROKEN, rules=rules)
    assert _note(result, "sevens") == "2-2: tie broken by 6 A 5: Anna scores"
    assert _note(sk.score(UNBROKEN, rules=rules), "sevens") == "2-2: tie at 2, nobody scores"


# 7. Three sides or more.

def test_primiera_two_of_three_sides_level_at_the_top_scores_nobody():
    result = sk.score({"Anna": "7d 7c 6h 6s", "Bruno": "7h 7s 6d 6c", "Carla": "rest"}, rules="scopa")
    assert _points(result, "primiera") == (0, 0, 0)
    assert _note(result, "primiera") == "tie at 78 between Anna and Bruno: nobody scores"


def test_primiera_of_three_the_single_best_scores_even_when_the_others_are_level():
    result = sk.score({"Anna": "7d 7c 7h 7s", "Bruno": "6d 6c 6h 6s", "Carla": "rest"}, rules="scopa")
    assert _points(result, "primiera") == (1, 0, 0)
    assert _note(result, "primiera") == "Anna wins with 84 against 72, 64"


def test_primiera_nobody_with_all_four_suits_scores_nobody_and_says_who_lacks_what():
    result = sk.score({"Anna": "d:A234567JQK", "Bruno": "c:A234567JQK", "Carla": "rest"}, rules="scopa")
    assert _points(result, "primiera") == (0, 0, 0)
    assert _note(result, "primiera") == ("nobody has all four suits (Anna lacks cups, swords, batons; "
                                         "Bruno lacks coins, cups, swords; Carla lacks coins, batons)")


def test_ties_split_scores_the_level_leaders_only_never_the_side_behind(tmp_path):
    path = tmp_path / "split.yaml"
    path.write_text("id: split-cards\nname: Split\nextends: scopa\n"
                    "categories:\n  - id: cards\n    ties: split\n    points: 2\n", encoding="utf-8")
    rules = sk.load_rules(str(path))
    result = sk.score({"Anna": "d:A234567JQK h:A2345", "Bruno": "c:A234567JQK s:A2345", "Carla": "rest"},
                      rules=rules)
    # the two leaders share the category's 2 points (RULES.md: a split tie shares what the category gives)
    assert _points(result, "cards") == (1, 1, 0)
    assert _note(result, "cards") == "15-15-10: tie between Anna and Bruno, who share the points"
    # nobody level: the single leader takes the whole category
    single = sk.score({"Anna": "d:A234567JQK h:A23456", "Bruno": "c:A234567JQK s:A2345", "Carla": "rest"},
                      rules=rules)
    assert _points(single, "cards") == (2, 0, 0)


# 9. A rule set of one's own.

def test_tie_break_naming_a_card_outside_the_deck_is_a_rule_set_error_with_its_place(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("id: mine\nname: Mine\nextends: escoba\ncategories:\n  - id: sevens\n    tie_break: \"6 10d\"\n",
                    encoding="utf-8")
    code, out, err = run_cli("rules", "check", str(path))
    assert code == 2 and "Traceback" not in err
    assert f"{path}:6:16: categories[3].tie_break: 10d is not in the italian-40 deck" in err


def test_selection_of_suits_and_cards_is_their_union(tmp_path):
    path = tmp_path / "union.yaml"
    path.write_text("id: union\nname: Union\nextends: scopa\ncategories:\n"
                    "  - id: coins\n    select: {suits: [d], cards: [7h]}\n", encoding="utf-8")
    rules = sk.load_rules(str(path))
    # Anna: the 7 of cups and one coin (2 of the selection); Bruno: the other nine coins.
    result = sk.score({"Anna": "7h Ad", "Bruno": "rest"}, rules=rules)
    assert _note(result, "coins") == "2-9: Bruno has the most"
    level = sk.score({"Anna": "7h Ad 2d 3d 4d", "Bruno": "rest"}, rules=rules)  # 5 of the 11 against 6
    assert (_points(level, "coins"), _note(level, "coins")) == ((0, 1), "5-6: Bruno has the most")
    ahead = sk.score({"Anna": "7h Ad 2d 3d 4d 5d", "Bruno": "rest"}, rules=rules)  # the 7h makes Anna's sixth
    assert (_points(ahead, "coins"), _note(ahead, "coins")) == ((1, 0), "6-5: Anna has the most")


def test_selection_drops_its_excepted_cards_and_its_excepted_ranks_alike(tmp_path):
    path = tmp_path / "except.yaml"
    path.write_text("id: except\nname: Except\nextends: scopa\ncategories:\n"
                    "  - id: coins\n    select: {suits: [d], except_cards: [7d], except_ranks: [A]}\n",
                    encoding="utf-8")
    rules = sk.load_rules(str(path))
    # The coins less the settebello and the ace: eight cards. Anna's 7d and Ad count for nothing.
    result = sk.score({"Anna": "7d Ad 2d 3d 4d", "Bruno": "rest"}, rules=rules)
    assert _note(result, "coins") == "3-5: Bruno has the most"
    ahead = sk.score({"Anna": "7d Ad 2d 3d 4d 5d 6d", "Bruno": "rest"}, rules=rules)  # 5 of the 8 against 3
    assert (_points(ahead, "coins"), _note(ahead, "coins")) == ((1, 0), "5-3: Anna has the most")


# 10. The words and fields players and scripts read.

def test_each_category_note_gives_cards_and_points_side_by_side():
    result = sk.score({"Anna": "As Ac 2s 10d", "Bruno": "rest"}, rules="cassino")
    assert _points(result, "aces") == (2, 2)
    assert _note(result, "aces") == "cards 2-2, points 2-2"


def test_set_category_note_names_the_holder_of_the_whole_set():
    result = sk.score({"Anna": "d:A234567JQK", "Bruno": "rest"}, rules="scopa", enabled=["cappotto"])
    assert _note(result, "cappotto") == "Ad 2d 3d 4d 5d 6d 7d Jd Qd Kd: Anna holds all"
    assert result.match_winner == "Anna"


def test_kasino_carried_points_keep_the_category_labels_and_the_forced_mark():
    rules = sk.load_rules("kasino")
    settings = match_settings(rules, ["Anna", "Bruno"])
    ids = [c.id for c in rules.categories]
    labels = {c.id: c.title for c in rules.categories}

    def kasino(forced: bool, **points: tuple[int, int]) -> HandPoints:
        return HandPoints(("Anna", "Bruno"), tuple(CategoryPoints(cid, labels[cid], points.get(cid, (0, 0)))
                                                   for cid in ids), None, (), forced)

    state = state_after(settings, [kasino(False, aces=(2, 2)), kasino(True, cards=(1, 0))])
    second = state.lines[1]
    assert second.hand.forced is True
    assert [c.label for c in second.hand.categories] == [labels[cid] for cid in ids]
    assert second.hand.categories[0].points == (2, 0)  # the tied point of the first hand carried on
    assert state.totals == {"Anna": 4, "Bruno": 2}
    assert "most cards: Anna also takes the 1 point carried from a tie" in second.note


def test_match_show_json_marks_each_category_counted_or_not():
    assert run_cli("match", "new", "--rules", "scopa", "--side", "Anna", "--side", "Bruno",
                   "--finish", "count-out", "--target", "2")[0] == 0
    assert run_cli("match", "add", "--pile", "Anna=d:A234567 h:A", "--pile", "Bruno=rest")[0] == 0
    code, out, err = run_cli("match", "show", "--json")
    assert code == 0, err
    hand = json.loads(out)["hands"][0]
    flags = {c["id"]: c["counted"] for c in hand["categories"]}
    # Bruno 1 (cards), Anna 1 (coins), Anna 2 at the settebello: the count stops there.
    assert flags == {"cards": True, "coins": True, "settebello": True, "primiera": False, "sweeps": False}


# What every category kind gives a script (score --json: each category's detail), and the most a deal gives.

@pytest.mark.parametrize(("game", "most"), [("scopa", 4), ("escoba", 4), ("cassino", 11), ("spade-cassino", 26),
                                            ("kasino", 10)])
def test_the_most_a_deal_gives_outside_sweeps_is_the_rules_sanity_sum(game, most):
    # RULES.md: Scopa 4 a hand before sweeps, Escoba 4, Cassino 11, Spade Cassino 26, Finnish Kasino 10.
    from scorekeeper.scoring.count import counter_for

    assert counter_for(sk.load_rules(game)).max_points(2) == most


def test_every_kind_gives_its_detail_for_json():
    result = sk.score({"Anna": "d:A234567JQK h:7", "Bruno": "rest"}, rules="scopa", enabled=["napola", "cappotto"])
    detail = {c.id: c.explain(result.sides).detail for c in result.categories}
    assert detail["cards"] == {"counts": {"Anna": 11, "Bruno": 29}}
    assert detail["settebello"] == {"holder": "Anna"} and detail["cappotto"] == {"holder": "Anna"}
    assert detail["napola"] == {"lengths": {"Anna": 10, "Bruno": 0}}
    assert detail["sweeps"] == {"counts": {"Anna": 0, "Bruno": 0}}
    assert detail["primiera"]["Bruno"] == {"eligible": False, "missing_suits": ["d"],
                                           "best": {"h": "6h", "s": "7s", "c": "7c"}, "total": None}
    spades = sk.score({"Anna": "As Ac 2s 10d", "Bruno": "rest"}, rules="spade-cassino")
    assert {c.id: c.explain(spades.sides).detail for c in spades.categories}["spade-points"] == {
        "counts": {"Anna": 2, "Bruno": 11}}
    assert _points(spades, "spade-points") == (4, 12)  # As, 2s and Js are worth 2 each: 16 in all


def test_a_card_or_set_nobody_holds_is_said_so():
    result = sk.score({"Anna": "Ad 2d", "Bruno": "3d"}, rules="scopa", enabled=["cappotto"])
    assert result.problems  # 37 cards in no pile; every category is still counted for the players to see
    notes = {c.id: c.explain(result.sides) for c in result.categories}
    assert (notes["settebello"].note, notes["settebello"].detail) == ("7d: nobody", {"holder": None})
    assert (notes["cappotto"].note, notes["cappotto"].detail) == (
        "Ad 2d 3d 4d 5d 6d 7d Jd Qd Kd: nobody holds all of them", {"holder": None})


@pytest.mark.parametrize("token", ["10d", "Xd", "7" * 30])
def test_a_tie_break_outside_the_deck_built_by_hand_is_refused_by_the_scorer_too(token):
    # A rule set built in code (not read from a file, so not validated) meets the same refusal when counted.
    from dataclasses import replace

    from scorekeeper.errors import RuleSetError

    rules = sk.load_rules("escoba")
    mine = replace(rules, categories=tuple(replace(c, tie_break=f"6 {token}") if c.id == "sevens" else c
                                           for c in rules.categories))
    with pytest.raises(RuleSetError) as refused:
        Counter(mine)
    assert str(refused.value) == (f"category sevens: tie_break: {token[:20]!r} is neither a rank nor a card "
                                  "of the italian-40 deck")
    assert Counter(replace(rules, categories=tuple(replace(c, tie_break="6 7d") if c.id == "sevens" else c
                                                   for c in rules.categories)))  # a card of the deck is fine


# The dealt table taken by the dealer gives its sweeps for its own cards: Cirulla's table of 9 or
# less is three sweeps for four cards (RULES.md, Cirulla), so a pile of 12 cards may hold 7 sweeps
# (3 from the table's 4 cards, 4 from plays of two cards each), not 8; in Scopa two cards a sweep.
CIRULLA_PILE = {"A": "rest", "B": "Ad 2d 2c 3c 4h 4s 5h 5s 6h 6s Jh Js"}


@pytest.mark.parametrize(("game", "sweeps", "needed"), [("cirulla", 7, None), ("cirulla", 8, 14), ("scopa", 7, 14)])
def test_sweeps_of_a_dealt_table_need_only_the_tables_cards(game, sweeps, needed):
    result = sk.score(CIRULLA_PILE, rules=game, sweeps={"B": sweeps})
    expected = () if needed is None else (
        f"B: {sweeps} sweeps need at least {needed} cards (each a capturing and a captured card); the pile has 12",)
    assert result.problems == expected
    if needed is None:
        assert _points(result, "sweeps") == (0, 7)


def test_verify_takes_a_cirulla_piles_line_with_the_dealt_tables_three_sweeps(tmp_path):
    line = {"rules": "cirulla", "piles": {"A": "rest", "B": CIRULLA_PILE["B"]}, "sweeps": {"B": 7}}
    lines = tmp_path / "hands.jsonl"
    lines.write_text(json.dumps(line) + "\n" + json.dumps({**line, "sweeps": {"B": 8}}) + "\n", encoding="utf-8")
    code, out, err = run_cli("verify", str(lines), "--jobs", "1")
    assert code == 1
    assert "2 hands checked: 1 ok, 1 failed" in out + err
    assert "line 2: B: 8 sweeps need at least 14 cards" in out + err


# Primiera values may be 0 (a rule set of one's own): a side with all four suits still beats one
# lacking a suit at a total of 0, and two sides level at 0 are a tie at 0.
ZERO_PRIMIERA = ('id: zero\nname: Zero\nextends: scopa\ncategories:\n  - id: primiera\n'
                 '    values: {A: 0, "2": 0, "3": 0, "4": 0, "5": 0, "6": 0, "7": 0, J: 0, Q: 0, K: 0}\n')
ALL_COINS_AND_ONE_OF_EACH = "Ad 2d 3d 4d 5d 6d 7d Jd Qd Kd Ac As Ah"


@pytest.mark.parametrize(("piles", "points", "note"), [
    ({"Anna": ALL_COINS_AND_ONE_OF_EACH, "Bruno": "rest"}, (1, 0), "Anna wins with 0 (Bruno lacks coins)"),
    ({"Anna": "rest", "Bruno": ALL_COINS_AND_ONE_OF_EACH}, (0, 1), "Bruno wins with 0 (Anna lacks coins)"),
    ({"Anna": "Ad Ac As Ah", "Bruno": "rest"}, (0, 0), "tie at 0 between Anna and Bruno: nobody scores"),
    ({"Anna": ALL_COINS_AND_ONE_OF_EACH, "Bruno": "2c 3c", "Carla": "rest"}, (1, 0, 0),
     "Anna wins with 0 (Bruno lacks coins, cups, swords; Carla lacks coins)"),
])
def test_a_primiera_of_zero_with_all_four_suits_still_beats_a_side_lacking_one(tmp_path, piles, points, note):
    path = tmp_path / "zero.yaml"
    path.write_text(ZERO_PRIMIERA, encoding="utf-8")
    result = sk.score(piles, rules=sk.load_rules(str(path)))
    assert (_points(result, "primiera"), _note(result, "primiera")) == (points, note)


def test_an_each_category_worth_two_a_card_gives_twice_its_cards_at_most(tmp_path):
    # Cassino's sanity sum is 11 with its four aces at 1 each; at 2 each, 15.
    path = tmp_path / "twice.yaml"
    path.write_text("id: twice\nname: Twice\nextends: cassino\ncategories:\n  - id: aces\n    points: 2\n",
                    encoding="utf-8")
    twice = sk.load_rules(str(path))
    assert (Counter(sk.load_rules("cassino")).max_points(2), Counter(twice).max_points(2)) == (11, 15)
