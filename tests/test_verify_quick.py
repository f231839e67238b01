"""``verify``'s record reader (``Checker.replays``, JSON data straight to the one Game) against
``replay`` (a Record, the same Game) on simulated records, as they are and altered."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.play._checker import Checker
from scorekeeper.play.capture import CaptureEngine
from scorekeeper.play.deals import opening
from scorekeeper.play.simulate import Simulator, json_line
from scorekeeper.rules.catalog import load_rules

SCOPA = load_rules("scopa")
NAMES = [str(card) for card in SCOPA.cards.cards]


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


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["scopa", "scopone", "escoba", "cirulla", "scopa-d-assi", "cassino", "kasino"]),
       st.integers(0, 10_000), st.randoms(use_true_random=False))
def test_verify_reading_a_record_from_its_json_says_it_checks_out_only_when_replay_finds_nothing(
        game: str, seed: int, rng: random.Random) -> None:
    """``Checker.replays`` reads a record's JSON straight to bits and plays it on the one Game; a
    record it passes (sound, or altered as someone might get it wrong) has nothing ``replay``,
    which reads the record as a Record, would report."""
    rules = load_rules(game)
    record = json.loads(json_line(Simulator(rules, seed=seed).hand(0)))
    checker = Checker(rules)
    assert checker.replays(record) and checker.replay(record, "t") == []
    for _ in range(6):
        spoilt = _spoilt(record, rng)
        if checker.replays(spoilt):
            assert checker.replay(spoilt, "t") == [], spoilt


@pytest.mark.slow
@pytest.mark.parametrize("game", ["escoba", "cirulla"])
def test_a_record_whose_dealer_takes_the_dealt_table_checks_out_and_one_sweep_fewer_does_not(game: str) -> None:
    """The dealer's take of the dealt table (its cards and sweeps to the dealer's side, play going on
    from an empty table): every such record of 200 simulated hands checks out, and one sweep fewer
    for the dealer does not."""
    rules = load_rules(game)
    checker, simulator = Checker(rules), Simulator(rules, seed=11)
    met = 0
    for number in range(200):
        record = json.loads(json_line(simulator.hand(number)))
        assert checker.replays(record)
        found = opening(CaptureEngine(rules), checker._mask(record["deal"]["table"]))
        if found is None:
            continue
        met += 1
        dealer = list(record["deal"]["hands"])[-1]  # the last to play in a round deals
        assert record["sweeps"][dealer] >= found.sweeps >= 1
        fewer = copy.deepcopy(record)
        fewer["sweeps"][dealer] -= 1
        assert not checker.replays(fewer) and checker.replay(fewer, "t") != []
    assert met >= 5


@pytest.mark.slow
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
