"""``verify``'s quick paths (issue 9) against the paths they stand in for: the piles read in bytes
(``_partition``) against splitting them into names, a block of lines (``_blocks``) against checking
each line alone, and the quick replay (``_quick_replay``) against ``replay`` on simulated records,
as they are and altered."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.play._blocks import check_lines
from scorekeeper.play._checker import Checker
from scorekeeper.play._partition import Partition
from scorekeeper.play.simulate import Simulator, json_line
from scorekeeper.play.verify import _Verifier
from scorekeeper.rules.catalog import load_rules

SCOPA = load_rules("scopa")
NAMES = [str(card) for card in SCOPA.cards.cards]
GAMES = ["scopa", "scopone", "escoba", "cirulla", "cassino"]


def _piles_text(order: list[str], cut: int) -> str:
    return " ".join(order[:cut]) + " " + " ".join(order[cut:])


# A deck's names shuffled and cut in two, then perhaps spoilt: a name twice, one left out, a
# letter changed (to another rank, a lower case, a letter no card has), a double space.
_SPOIL = st.sampled_from(["none", "twice", "missing", "letter", "lower", "space", "unknown"])


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False), _SPOIL)
def test_piles_read_in_bytes_say_what_their_names_split_say(rng: random.Random, spoil: str) -> None:
    order = NAMES[:]
    rng.shuffle(order)
    at = rng.randrange(len(order))
    if spoil == "twice":
        order[at] = order[(at + 1) % len(order)]
    elif spoil == "missing":
        order[at] = order[at][0]  # one letter: the text is a byte short
    elif spoil == "letter":
        order[at] = rng.choice("A234567JQK") + order[at][1]
    elif spoil == "lower":
        order[at] = order[at][0].lower() + order[at][1]
    elif spoil == "unknown":
        order[at] = order[at][0] + rng.choice("xyé")
    text = _piles_text(order, rng.randrange(1, len(order)))
    if spoil == "space":
        text = text.replace(" ", "  ", 1)
    cut = Partition(NAMES)
    raw = text.encode()
    if len(text) == cut.length and raw[2::3] == cut.spaces:
        tokens = text.split()
        assert cut.whole(raw) == (len(tokens) == len(NAMES) and set(tokens) == set(NAMES))
    else:
        assert spoil in ("missing", "space", "unknown")  # texts the caller splits instead


def test_a_deck_with_three_letter_names_is_left_to_the_split() -> None:
    assert not Partition([str(card) for card in load_rules("cassino").cards.cards]).ready
    assert Partition(NAMES).ready


def _piles_line(record: dict[str, Any], spoil: int) -> str:
    line = {"rules": record["rules"], "piles": dict(record["piles"]), "sweeps": dict(record["sweeps"])}
    side = next(iter(line["piles"]))
    if spoil == 1:
        line["sweeps"][side] = 99
    elif spoil == 2:
        line["piles"][side] = line["piles"][side].replace(" ", "\t", 1)
    elif spoil == 3:
        line["sweeps"][side] = True
    elif spoil == 4:
        line["piles"][side] = line["piles"][side].split(" ", 1)[1]
    elif spoil == 5:
        line["claims"] = {side: ["primiera"]}
    text = json.dumps(line)
    if spoil == 6:
        text = " " + text
    elif spoil == 7:
        text = text.replace('"A"', '"\\u0041"')
    elif spoil == 8:
        text = text.replace("0}", "1" * 40 + "}")
    return text


@pytest.mark.parametrize("game", GAMES)
def test_a_block_of_lines_gets_the_verdicts_each_line_gets_alone(game: str) -> None:
    simulator = Simulator(load_rules(game), seed=7)
    lines = [_piles_line(simulator.hand(n), n % 10) for n in range(40)] + ["", "{", "[]", "not json"]
    alone = _Verifier("t", None, True)
    expected = [v for v in (alone.check(n, line) for n, line in enumerate(lines, start=1)) if v is not None]
    block = _Verifier("t", None, True)
    assert check_lines(lines, 1, block.checkers, None, block.check) == expected
    assert check_lines(lines, 1, block.checkers, None, block.check) == expected  # its checkers now built
    assert sum(type(v) is int for v in expected) >= 20  # most lines check out: the quick path was taken


def _spoilt(record: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The record with one thing changed, as someone might get it wrong."""
    record = copy.deepcopy(record)
    plays = record["plays"]
    what = rng.randrange(7)
    at = rng.randrange(len(plays))
    if what == 0:  # a take dropped, or one made up
        if "take" in plays[at]:
            del plays[at]["take"]
        else:
            plays[at]["take"] = rng.choice(NAMES)
    elif what == 1:  # two plays swapped
        other = rng.randrange(len(plays))
        plays[at]["card"], plays[other]["card"] = plays[other]["card"], plays[at]["card"]
    elif what == 2:  # the stated piles one card off
        side = next(iter(record["piles"]))
        record["piles"][side] = record["piles"][side].split(" ", 1)[1]
    elif what == 3:  # a sweep more
        side = next(iter(record["sweeps"]))
        record["sweeps"][side] += 1
    elif what == 4:  # a take of one more card
        if plays[at].get("take"):
            plays[at]["take"] += " " + rng.choice(NAMES)
    elif what == 5:  # a card of a hand swapped with the table's
        hands = record["deal"]["hands"]
        player = next(iter(hands))
        first, table = hands[player][0].split(), record["deal"]["table"].split()
        first[0], table[0] = table[0], first[0]
        hands[player][0], record["deal"]["table"] = " ".join(first), " ".join(table)
    else:  # a play out of turn
        plays.insert(0, plays.pop(at))
    return record


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["scopa", "scopone", "escoba", "cirulla", "scopa-d-assi"]), st.integers(0, 10_000),
       st.randoms(use_true_random=False))
def test_the_quick_replay_says_a_record_checks_out_only_when_replay_finds_nothing(game: str, seed: int,
                                                                                   rng: random.Random) -> None:
    rules = load_rules(game)
    record = json.loads(json_line(Simulator(rules, seed=seed).hand(0)))
    checker = Checker(rules)
    assert checker.replays(record) and checker.replay(record, "t") == []
    assert checker.quick is not None
    assert checker.quick.check(record) or (game in ("escoba", "cirulla") and rules.capture is not None
                                           and checker.quick.openings)  # a table the dealer takes: Game does it
    for _ in range(4):
        spoilt = _spoilt(record, rng)
        quick = checker.quick.check(spoilt) if checker.quick is not None else None
        if quick:
            assert checker.replay(spoilt, "t") == [], spoilt
        if checker.replays(spoilt):  # a quick path may leave a sound record to replay, never the reverse
            assert checker.replay(spoilt, "t") == [], spoilt
