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
from scorekeeper.play.capture import CaptureEngine
from scorekeeper.play.deals import opening
from scorekeeper.play.records import read_record
from scorekeeper.play.replay import replay as replay_record
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


# What a two-side piles line as simulate writes it may have changed, for the regular expression
# that reads such lines (``_blocks._TWO_SIDES``): each is JSON it must read as the scanner does, or
# text it must leave to the scanner.
_COMPACT_SPOILS = ["none", "same names", "sweeps of another", "sweeps twice", "count 01", "count -1", "count 99",
                   "count 100", "a name with a space", "a name not ASCII", "rules unknown", "a sweep", "two sweeps",
                   "pile cut", "a space after a comma", "a trailing return", "an escaped name", "empty pile",
                   "30 sweeps of the second side"]


def _compact_line(record: dict[str, Any], spoil: str, rng: random.Random) -> str:
    (a, pile_a), (b, pile_b) = record["piles"].items()
    rules, piles, sweeps = record["rules"], [[a, pile_a], [b, pile_b]], [[a, "0"], [b, "0"]]
    if spoil == "same names":
        piles[1][0] = a
    elif spoil in ("a name with a space", "a name not ASCII"):
        piles[0][0] = sweeps[0][0] = a + (" x" if spoil == "a name with a space" else "\u00e9")
    elif spoil == "empty pile":
        piles = [[a, ""], [b, pile_a + " " + pile_b]]
    elif spoil == "pile cut":
        piles[0][1] = pile_a.split(" ", 1)[1]
    elif spoil.startswith("count "):
        sweeps[0][1] = spoil[len("count "):]
    elif spoil == "a sweep":
        sweeps[rng.randrange(2)][1] = "1"
    elif spoil == "two sweeps":
        sweeps = [[a, str(rng.randrange(1, 4))], [b, str(rng.randrange(1, 4))]]
    elif spoil == "30 sweeps of the second side":
        sweeps[1][1] = "30"
    elif spoil == "sweeps of another":
        sweeps[1][0] = "Z"
    elif spoil == "sweeps twice":
        sweeps[0][0] = b
    elif spoil == "rules unknown":
        rules = "nope"
    texts = ",".join(f'"{name}":"{pile}"' for name, pile in piles)
    counts = ",".join(f'"{name}":{count}' for name, count in sweeps)
    line = f'{{"rules":"{rules}","piles":{{{texts}}},"sweeps":{{{counts}}}}}'
    if spoil == "a space after a comma":
        line = line.replace(",", ", ", 1)
    elif spoil == "a trailing return":
        line += "\r"
    elif spoil == "an escaped name":
        line = line.replace('"piles":{"', '"piles":{"\\u0041', 1)
    return line


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["scopa", "scopone", "escoba"]), st.integers(0, 10_000), st.randoms(use_true_random=False),
       st.sampled_from([None, "scopa"]))
def test_a_two_side_line_read_by_the_regular_expression_gets_the_scanners_verdict(
        game: str, seed: int, rng: random.Random, rules: str | None) -> None:
    simulator = Simulator(load_rules(game), seed=seed)
    lines = [_compact_line(simulator.hand(n), rng.choice(_COMPACT_SPOILS), rng) for n in range(12)]
    alone = _Verifier("t", rules, True)
    expected = [v for v in (alone.check(n, line) for n, line in enumerate(lines, start=1)) if v is not None]
    block = _Verifier("t", rules, True)
    for ref in ("scopa", game):
        block.check(0, f'{{"rules":"{ref}","piles":{{"A":"rest","B":""}}}}')  # the rule sets met: quick paths open
    assert check_lines(lines, 1, block.checkers, rules, block.check) == expected


def test_a_two_side_piles_line_as_simulate_writes_it_is_read_by_the_regular_expression() -> None:
    from scorekeeper.play._blocks import _TWO_SIDES

    for game in ("scopa", "scopone", "escoba"):
        record = Simulator(load_rules(game), seed=3).hand(0)
        line = json_line({key: record[key] for key in ("rules", "piles", "sweeps")})
        assert _TWO_SIDES.fullmatch(line) is not None
        assert line == _compact_line(record, "none", random.Random(1))


def _spoilt(record: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The record with one thing changed, as someone might get it wrong."""
    record = copy.deepcopy(record)
    plays = record["plays"]
    what = rng.randrange(9)
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
    elif what == 6:  # a play out of turn
        plays.insert(0, plays.pop(at))
    elif what == 7:  # another play's take (often of several cards, met before: the quick replay keeps those) put here
        other = rng.choice([play for play in plays if "take" in play] or plays)
        plays[at]["take"] = other.get("take", rng.choice(NAMES))
    else:  # a card taken named with another suit: the same rank, most likely not on the table
        play = rng.choice([play for play in plays if "take" in play] or plays)
        tokens = play.get("take", play["card"]).split()
        first = tokens[0]
        tokens[0] = rng.choice([n for n in NAMES if n[:-1] == first[:-1] and n != first] or [first])
        play["take"] = " ".join(tokens)
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
    assert checker.quick.check(record)
    for _ in range(4):
        spoilt = _spoilt(record, rng)
        quick = checker.quick.check(spoilt) if checker.quick is not None else None
        if quick:
            assert checker.replay(spoilt, "t") == [], spoilt
        if checker.replays(spoilt):  # a quick path may leave a sound record to replay, never the reverse
            assert checker.replay(spoilt, "t") == [], spoilt


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["scopa", "scopone", "escoba", "cirulla", "scopa-d-assi"]), st.integers(0, 10_000),
       st.randoms(use_true_random=False))
def test_the_quick_replay_lets_no_illegal_play_through_even_when_the_stated_piles_would_agree(
        game: str, seed: int, rng: random.Random) -> None:
    """The stated piles and sweeps taken as agreeing whatever they say, so that only the plays are
    judged: a record the quick replay passes has no illegal play for ``replay`` (a take of a card not on
    the table, of a card of the same rank as the one that is, a take met before put where it is not)."""
    rules = load_rules(game)
    record = json.loads(json_line(Simulator(rules, seed=seed).hand(0)))
    checker = Checker(rules)
    simulator = Simulator(rules, seed=seed + 1)
    for number in range(20):  # rulings kept from sound records, as in a file: a spoilt play may meet one
        assert checker.replays(json.loads(json_line(simulator.hand(number))))
    assert checker.replays(record) and checker.quick is not None
    checker.agrees = lambda *_: True  # type: ignore[method-assign]
    for _ in range(6):
        spoilt = _spoilt(record, rng)
        if checker.quick.check(spoilt):
            outcome = replay_record(read_record(spoilt, "t", rules.cards), CaptureEngine(rules))
            assert outcome.illegal is None, (outcome.illegal, spoilt)


@pytest.mark.parametrize("game", ["escoba", "cirulla"])
def test_whether_the_dealer_takes_a_dealt_table_is_kept_by_its_ranks_and_says_what_the_deal_rules_say(
        game: str) -> None:
    """The quick replay keeps ``opening``'s answer by the table's ranks (and whether the wild card is
    there): 3,000 random tables of 4 to 6 cards, the kept answers asked again and again, each as
    ``opening`` says for that very table."""
    rules = load_rules(game)
    checker = Checker(rules)
    assert checker.replays(json.loads(json_line(Simulator(rules, seed=3).hand(0))))
    quick = checker.quick
    assert quick is not None and quick.openings
    names = [str(card) for card in rules.cards.cards]
    rng = random.Random(game)
    taken = 0
    for _ in range(3000):
        tokens = rng.sample(names, rng.randint(4, 6))
        table = sum(checker.bits[t] for t in tokens)
        ranks = sum(quick.counts[t] for t in tokens)
        found = opening(quick.engine, table)
        assert quick._opening(table, ranks) == (-1 if found is None else found.sweeps), tokens
        taken += found is not None
    assert len(quick.opened) < 3000 and 100 < taken < 2900  # answers were kept and met again; both kinds met


@pytest.mark.parametrize("game", ["escoba", "cirulla"])
def test_a_record_whose_dealer_takes_the_dealt_table_is_read_by_the_quick_replay(game: str) -> None:
    """The dealer's take of the dealt table (its cards and sweeps to the dealer's side, play going on
    from an empty table) as Game makes it: every such record of 400 simulated hands checks out, and
    one sweep fewer for the dealer, or the table's cards in the other pile, does not."""
    rules = load_rules(game)
    checker, simulator = Checker(rules), Simulator(rules, seed=11)
    met = 0
    for number in range(400):
        record = json.loads(json_line(simulator.hand(number)))
        assert checker.replays(record)
        quick = checker.quick
        assert quick is not None
        swept = quick._opening(checker._mask(record["deal"]["table"]),
                               sum(quick.counts[t] for t in record["deal"]["table"].split()))
        if swept < 0:
            continue
        met += 1
        assert quick.check(record) and checker.replay(record, "t") == []
        assert "teams" not in record
        dealer = list(record["deal"]["hands"])[-1]  # the last to play in a round deals
        assert record["sweeps"][dealer] >= swept >= 1
        fewer = copy.deepcopy(record)
        fewer["sweeps"][dealer] -= 1
        assert not quick.check(fewer) and checker.replay(fewer, "t") != []
        moved = copy.deepcopy(record)
        table = moved["deal"]["table"].split()
        first, second = list(moved["piles"])
        holder, other = (first, second) if table[0] in moved["piles"][first].split() else (second, first)
        moved["piles"][holder] = " ".join(t for t in moved["piles"][holder].split() if t != table[0])
        moved["piles"][other] += " " + table[0]
        assert not quick.check(moved) and checker.replay(moved, "t") != []
    assert met >= 10


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["scopa", "cassino"]), st.randoms(use_true_random=False))
def test_a_mask_written_as_text_names_its_cards_in_deck_order_and_reads_back(game: str, rng: random.Random) -> None:
    """The text a record's stated pile is compared with: its cards' names, lowest deck index first."""
    checker = Checker(load_rules(game))
    names = list(checker.index)
    mask = rng.getrandbits(len(names))
    text = checker.text(mask)
    assert text == " ".join(name for i, name in enumerate(names) if mask >> i & 1)
    assert checker._mask(text) == mask if mask else text == ""
