"""The capture engine against a plain reading of each rule set's capture rules, subset by subset.

``plain_captures`` reads a rule set's ``capture`` section as a player would, without masks or
tables made in advance: it tries every combination of the table's cards (``itertools``) and keeps
those the rules allow, with their kind and whether they sweep. The engine, which compiles the
same rules into integer tables, must give exactly the same captures on random tables of every
built-in game, and a simulated hand, replayed by this plain reading, must give the piles, sweeps
and count the engine's replay gives.
"""

from __future__ import annotations

import copy
import os
from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cards import Card, Rank
from scorekeeper.cli.common import with_options
from scorekeeper.play.capture import Build, CaptureEngine, Table
from scorekeeper.play.deals import opening
from scorekeeper.play.game import Game
from scorekeeper.play.records import read_record
from scorekeeper.play.replay import replay
from scorekeeper.play.simulate import Simulator
from scorekeeper.rules.catalog import builtin_ids, load_rules
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.scoring.count import Counter
from scorekeeper.scoring.hand import HandSpec

GAMES = builtin_ids()
RULES = {game: load_rules(game) for game in GAMES}
ENGINES = {game: CaptureEngine(rules) for game, rules in RULES.items()}
EXAMPLES = settings(max_examples=int(os.environ.get("SK_EXAMPLES", "60")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

Found = dict[frozenset[int], tuple[str, bool]]  # the cards taken -> (kind, sweep)


# --- the plain reading ----------------------------------------------------------------------------

def worths(rules: RuleSet, card: Card) -> list[int]:
    """What a card played from the hand may count: its hand value (else its value), or a chosen one."""
    spec = rules.capture
    assert spec is not None
    own = spec.hand_values.get(str(card), spec.hand_values.get(card.rank.value, spec.values[card.rank.value]))
    chosen = spec.choice_values.get(card.rank.value)
    return [own] if chosen is None or chosen == own else [own, chosen]


def in_groups(need: set[int], free: set[int], target: int, value: dict[int, int]) -> bool:
    """Whether every card of ``need`` lies in some group of two or more ``free`` cards adding up to
    ``target``, the groups sharing no card."""
    if not need:
        return True
    first = min(need)
    if first not in free:
        return False
    others = sorted(free - {first})
    for size in range(1, len(others) + 1):
        for combo in combinations(others, size):
            if value[first] + sum(value[c] for c in combo) == target:
                used = {first, *combo}
                if in_groups(need - used, free - used, target, value):
                    return True
    return False


def plain_captures(rules: RuleSet, loose: list[int], builds: list[Build], played: int, *,
                   last: bool = False, last_deal: bool = False) -> Found:
    """Every legal capture of the played card (a deck index), straight from the rule words."""
    spec = rules.capture
    assert spec is not None
    cards = rules.cards.cards
    card = cards[played]
    value = {i: spec.values[cards[i].rank.value] for i in range(len(cards))}
    courts = set(spec.pair_only)
    court = card.rank.value in courts
    built = [i for b in builds for i in range(len(cards)) if b.mask >> i & 1]
    everything = frozenset(loose + built)
    scores_sweeps = any(c.kind == "sweeps" and not c.optional for c in rules.categories)

    def sweeps(taken: frozenset[int], kind: str) -> bool:
        return (taken == everything and scores_sweeps and (spec.last_play_sweeps or not last)
                and (spec.last_deal_sweeps or not last_deal) and (kind != "ace" or spec.ace_sweep_counts))

    if card.rank is Rank.ACE and everything and spec.ace_takes_all != "never":
        aces_on_table = any(cards[i].rank is Rank.ACE for i in everything)
        if spec.ace_takes_all == "always" or not aces_on_table:
            return {everything: ("ace", sweeps(everything, "ace"))}
    pairing = spec.court_takes if court and spec.court_takes else spec.pairing
    numbers = [i for i in loose if cards[i].rank.value not in courts]  # courts never count in sums
    found: list[tuple[frozenset[int], str]] = []
    for worth in worths(rules, card):
        mates = {i for i in loose if pairing != "none" and cards[i].rank == card.rank
                 and value[i] in worths(rules, card)}
        takeable = [b for b in builds if not court and b.value == worth]
        if spec.combine:
            for size in range(len(loose) + 1):
                for combo in combinations(loose, size):
                    chosen = set(combo)
                    if pairing == "all" and not mates <= chosen or pairing == "one" and len(chosen & mates) > 1:
                        continue
                    free = chosen & set(numbers) if spec.sums and not court else set()
                    if not in_groups(chosen - mates, free, worth, value):
                        continue
                    for n in range(len(takeable) + 1):
                        for picked in combinations(takeable, n):
                            taken = frozenset(chosen | {i for b in picked for i in built if b.mask >> i & 1})
                            if not taken:
                                continue
                            if taken <= mates:
                                kind = "pair"
                            elif not chosen and n == 1:
                                kind = "build"
                            else:
                                kind = "combined" if chosen & mates or picked else "sum"
                            found.append((taken, kind))
        else:
            if pairing == "one":
                found += [(frozenset({m}), "pair") for m in sorted(mates)]
            elif pairing == "all" and mates:
                found.append((frozenset(mates), "pair"))
            if spec.sums and not court and not (spec.pair_first and mates):
                for size in range(2, len(numbers) + 1):
                    found += [(frozenset(c), "sum") for c in combinations(numbers, size)
                              if sum(value[i] for i in c) == worth and not set(c) & mates]
            found += [(frozenset(i for i in built if b.mask >> i & 1), "build") for b in takeable]
        if spec.total is not None and not court and not (spec.total_pair_first and mates):
            for size in range(1, len(numbers) + 1):
                found += [(frozenset(c), "total") for c in combinations(numbers, size)
                          if worth + sum(value[i] for i in c) == spec.total]
    sums = [len(taken) for taken, kind in found if kind == "sum"]
    if spec.fewest_cards and sums:
        found = [(taken, kind) for taken, kind in found if kind != "sum" or len(taken) == min(sums)]
    out: Found = {}
    for taken, kind in found:
        out.setdefault(taken, (kind, sweeps(taken, kind)))
    return out


def engine_captures(engine: CaptureEngine, loose: list[int], builds: list[Build], played: int, *,
                    last: bool = False, last_deal: bool = False) -> Found:
    table = Table(sum(1 << i for i in loose), tuple(builds))
    options = engine.captures(played, table, last=last, last_deal=last_deal)
    out = {frozenset(i for i in range(len(engine.deck.cards)) if c.mask >> i & 1): (c.kind, c.sweep)
           for c in options}
    assert len(out) == len(options), "a capture is listed twice"
    return out


# --- random tables --------------------------------------------------------------------------------

@st.composite
def tables(draw: st.DrawFn, game: str) -> tuple[list[int], list[Build], int]:
    """Loose cards, builds (in games with builds) and a card to play, all different cards."""
    rules = RULES[game]
    spec = rules.capture
    assert spec is not None
    cards = rules.cards.cards
    size = len(cards)
    chosen = draw(st.lists(st.integers(0, size - 1), min_size=1, max_size=10, unique=True))
    played, rest = chosen[0], chosen[1:]
    builds: list[Build] = []
    if spec.builds:
        numbers = [i for i in rest if cards[i].rank.value not in spec.pair_only]
        while len(builds) < 2 and len(numbers) >= 2 and draw(st.booleans()):
            group, numbers = numbers[:2], numbers[2:]
            worth = sum(spec.values[cards[i].rank.value] for i in group)
            builds.append(Build(worth, (1 << group[0]) | (1 << group[1]), draw(st.integers(0, 1))))
    in_builds = {i for b in builds for i in range(size) if b.mask >> i & 1}
    loose = [i for i in rest if i not in in_builds][:8]
    return loose, builds, played


@pytest.mark.slow
@EXAMPLES
@given(st.sampled_from(GAMES), st.data(), st.booleans(), st.booleans())
def test_every_game_captures_exactly_what_a_subset_by_subset_reading_allows(
        game: str, data: st.DataObject, last: bool, last_deal: bool) -> None:
    loose, builds, played = data.draw(tables(game))
    expected = plain_captures(RULES[game], loose, builds, played, last=last, last_deal=last_deal)
    assert engine_captures(ENGINES[game], loose, builds, played, last=last, last_deal=last_deal) == expected


@pytest.mark.slow
@EXAMPLES
@given(st.sampled_from(GAMES), st.data(), st.booleans(), st.booleans())
def test_checking_one_taking_agrees_with_the_plain_reading_whatever_is_taken(
        game: str, data: st.DataObject, last: bool, last_deal: bool) -> None:
    # A replay checks the cards said to be taken (find) and whether a card laid down could have
    # captured (can_capture), without listing every capture: both must read the rules the same way.
    loose, builds, played = data.draw(tables(game))
    engine = ENGINES[game]
    expected = plain_captures(RULES[game], loose, builds, played, last=last, last_deal=last_deal)
    table = Table(sum(1 << i for i in loose), tuple(builds))
    assert engine.can_capture(played, table) == bool(expected)
    on_table = loose + [i for b in builds for i in range(len(engine.deck.cards)) if b.mask >> i & 1]
    tries = [set(taken) for taken in expected]
    tries += data.draw(st.lists(st.sets(st.sampled_from(on_table)) if on_table else st.just(set()), max_size=6))
    for taken in tries:
        found = engine.find(played, table, sum(1 << i for i in taken), last=last, last_deal=last_deal)
        assert (None if found is None else (found.kind, found.sweep)) == expected.get(frozenset(taken))


@EXAMPLES
@given(st.sampled_from(GAMES), st.data())
def test_tables_of_one_value_repeated_capture_as_the_plain_reading(game: str, data: st.DataObject) -> None:
    # Many cards of few values (every way to make a sum from them): where a search could skip or repeat one.
    cards = RULES[game].cards.cards
    low = [i for i, c in enumerate(cards) if c.rank.value in ("A", "2", "3", "4", "J", "Q", "K")]
    chosen = data.draw(st.lists(st.sampled_from(low), min_size=2, max_size=9, unique=True))
    played, loose = chosen[0], chosen[1:]
    assert engine_captures(ENGINES[game], loose, [], played) == plain_captures(RULES[game], loose, [], played)


def test_plain_reading_of_royal_cassino_ace_counts_one_or_fourteen() -> None:
    # Foster's Hoyle: an ace from the hand counts 1 or 14; on the table 1. Table Ac 4d 9h: as 1 it pairs
    # the Ac (and Cassino's pairing takes every card of the rank), as 14 it takes 1 + 4 + 9; 4 + 9 is 13.
    rules = RULES["royal-cassino"]
    index = rules.cards.index
    loose = [index[Card.parse(t)] for t in ("Ac", "4d", "9h")]
    found = plain_captures(rules, loose, [], index[Card.parse("Ah")])
    names = {" ".join(sorted(str(rules.cards.cards[i]) for i in taken)): kind for taken, (kind, _) in found.items()}
    assert names == {"Ac": "pair", "4d 9h Ac": "combined"}
    assert engine_captures(ENGINES["royal-cassino"], loose, [], index[Card.parse("Ah")]) == found



def test_plain_reading_of_the_seed_example_quindici_five() -> None:
    # Scopa a quindici: a card played takes cards that make fifteen with it. Table Ad 3c 7h Ks, the
    # 5d played: 5 + 3 + 7 and 5 + K (10) make fifteen; 5 + A + 3 + 7 is 16 and 5 + A is 6.
    rules = RULES["scopa-quindici"]
    index = rules.cards.index
    loose = [index[Card.parse(t)] for t in ("Ad", "3c", "7h", "Ks")]
    found = plain_captures(rules, loose, [], index[Card.parse("5d")])
    assert {frozenset(str(rules.cards.cards[i]) for i in taken) for taken in found} == {
        frozenset({"3c", "7h"}), frozenset({"Ks"})}
    assert engine_captures(ENGINES["scopa-quindici"], loose, [], index[Card.parse("5d")]) == found


@EXAMPLES
@given(st.sampled_from(GAMES), st.data(), st.permutations(range(4)))
def test_captures_kept_for_one_table_come_back_on_another_in_the_order_a_search_lists_them(
        game: str, data: st.DataObject, suits: list[int]) -> None:
    # Simulate draws a capture by its place in the list. The engine keeps a list by the classes of
    # the table's cards and gives it back, in the table's own cards, for every table of the same
    # classes: the same table with its suits exchanged must get the very list, in the very order,
    # that a search with nothing kept gives (Cassino's unions are ordered by their masks, which the
    # exchange reorders). Low cards and a high one played: many ways to make its value or a total.
    deck = RULES[game].cards
    low = [i for i, c in enumerate(deck.cards) if c.rank.value in ("A", "2", "3", "4", "5", "6", "J", "Q")]
    high = [i for i, c in enumerate(deck.cards) if c.rank.value in ("7", "8", "9", "10", "K")]
    loose = data.draw(st.lists(st.sampled_from(low), min_size=3, max_size=9, unique=True))
    played = data.draw(st.sampled_from(high))
    order = sorted({c.suit for c in deck.cards}, key=str)
    moved = {i: deck.index[Card(c.rank, order[suits[order.index(c.suit)]])] for i, c in enumerate(deck.cards)}
    engine = ENGINES[game]
    for cards, card in ((loose, played), ([moved[i] for i in loose], moved[played])):
        table = Table(sum(1 << i for i in cards))
        assert engine.captures(card, table) == CaptureEngine(RULES[game]).captures(card, table)


def test_a_ruling_kept_for_a_take_reads_the_rest_of_the_table_where_the_rules_do() -> None:
    # Rulings are kept by classes of cards. In Scopa a 7 takes 3 + 4 only where no 7 lies on the
    # table (a card that can pair must pair): the rest of the table is part of the ruling, in
    # either order of asking. In Escoba (no pairing) a 5 takes 6 + 4 whatever else lies there.
    for tables in (("3c 4d", "3c 4d 7s"), ("3c 4d 7s", "3c 4d")):
        engine = CaptureEngine(RULES["scopa"])
        deck = engine.deck
        verdicts = [engine.find(deck.index[Card.parse("7h")], Table(deck.mask(map(Card.parse, table.split()))),
                                deck.mask(map(Card.parse, ("3c", "4d")))) is not None for table in tables]
        assert verdicts == ["7s" not in table for table in tables]
    engine = CaptureEngine(RULES["escoba"])
    deck = engine.deck
    for table in ("6c 4d", "6c 4d 5s", "6c 4d Kd Ks"):
        taken = engine.find(deck.index[Card.parse("5h")], Table(deck.mask(map(Card.parse, table.split()))),
                            deck.mask(map(Card.parse, ("6c", "4d"))))
        assert taken is not None and taken.kind == "total"


def test_sbarazzina_courts_of_any_rank_join_a_fifteen_kept_for_courts_of_other_ranks() -> None:
    # Sbarazzina's courts count 0 and pair with nothing: a list kept for Jd Qh is given back for Kc Js,
    # in the order a search of that table lists it.
    engine = CaptureEngine(RULES["sbarazzina"])
    deck = engine.deck
    for table in ("7d 6d Jd Qh", "7c 6s Kc Js"):
        cards = Table(deck.mask(map(Card.parse, table.split())))
        captures = engine.captures(deck.index[Card.parse("2h")], cards)
        assert captures == CaptureEngine(RULES["sbarazzina"]).captures(deck.index[Card.parse("2h")], cards)
        assert len(captures) == 4 and {c.mask.bit_count() for c in captures} == {2, 3, 4}


def test_royal_cassino_ace_captures_come_back_in_order_on_a_table_of_other_suits() -> None:
    # As 1 the ace pairs the table's ace, as 14 it takes 1 + 4 + 9: listed a value at a time.
    engine = CaptureEngine(RULES["royal-cassino"])
    deck = engine.deck
    for table, ace in (("Ac 4d 9h", "Ah"), ("Ad 4c 9s", "Ah"), ("As 4h 9c", "Ad")):
        captures = engine.captures(deck.index[Card.parse(ace)], Table(deck.mask(map(Card.parse, table.split()))))
        assert [(engine.text(c.mask), c.kind) for c in captures] == [
            (table.split()[0], "pair"), (engine.text(deck.mask(map(Card.parse, table.split()))), "combined")]

# --- whole hands, replayed by the plain reading -----------------------------------------------------

def plain_replay(game: str, record: dict[str, Any]) -> tuple[dict[str, list[str]], dict[str, int]]:
    """Piles and sweeps of a simulated record, every play checked against ``plain_captures``."""
    rules = RULES[game]
    deck = rules.cards
    cards = deck.cards
    index = {str(c): i for i, c in enumerate(cards)}
    players = list(record["deal"]["hands"])
    teams = record.get("teams") or {p: [p] for p in players}
    side_of = {p: side for side, members in teams.items() for p in members}
    dealt = record["deal"]["hands"]
    per_round = sum(len(rounds[0].split()) for rounds in dealt.values())
    rounds = len(dealt[players[0]])
    piles: dict[str, set[int]] = {side: set() for side in teams}
    sweeps = dict.fromkeys(teams, 0)
    loose = [index[t] for t in record["deal"]["table"].split()]
    builds: list[Build] = []
    taker = None
    opened = opening(ENGINES[game], sum(1 << i for i in loose))  # the deal, not a capture: as the library reads it
    if opened is not None:
        taker = side_of[players[-1]]
        piles[taker] |= set(loose)
        sweeps[taker] += opened.sweeps if any(c.kind == "sweeps" and not c.optional for c in rules.categories) else 0
        loose = []
    plays = record["plays"]
    for number, play in enumerate(plays):
        card = index[play["card"]]
        side = side_of[play["side"]]
        if "build" in play:
            onto = {index[t] for t in play["onto"].split()}
            merged = [b for b in builds if any(b.mask >> i & 1 for i in onto)]
            builds = [b for b in builds if b not in merged]
            loose = [i for i in loose if i not in onto]
            builds.append(Build(play["build"], sum(1 << i for i in onto | {card}), 0))
            continue
        found = plain_captures(rules, loose, builds, card, last=number == len(plays) - 1,
                               last_deal=number // per_round == rounds - 1)
        if "take" not in play:
            assert not found, f"play {number + 1}: {play['card']} must capture"
            loose.append(card)
            continue
        taken = frozenset(index[t] for t in play["take"].split())
        assert taken in found, f"play {number + 1}: {play['card']} may not take {play['take']}"
        piles[side] |= taken | {card}
        sweeps[side] += found[taken][1]
        loose = [i for i in loose if i not in taken]
        builds = [b for b in builds if not any(b.mask >> i & 1 for i in taken)]
        taker = side
    left = set(loose) | {i for b in builds for i in range(len(cards)) if b.mask >> i & 1}
    piles[taker if taker is not None else side_of[plays[-1]["side"]]] |= left
    return {side: [str(cards[i]) for i in sorted(pile)] for side, pile in piles.items()}, sweeps


@pytest.mark.slow
@settings(max_examples=int(os.environ.get("SK_EXAMPLES", "60")) // 2, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 10**6), st.integers(0, 200))
def test_simulated_hands_replay_to_the_piles_sweeps_and_score_of_the_plain_reading(
        game: str, seed: int, number: int) -> None:
    rules = RULES[game]
    engine = ENGINES[game]
    record = Simulator(rules, seed=seed).hand(number)
    piles, sweeps = plain_replay(game, record)
    assert {side: text.split() for side, text in record["piles"].items()} == piles
    assert record["sweeps"] == sweeps
    outcome = replay(read_record(record, "record", engine.deck), engine)
    assert outcome.ok
    assert {side: [str(c) for c in outcome.deck.cards_in(m)] for side, m in zip(outcome.sides, outcome.piles,
                                                                                   strict=True)} == piles
    spec = with_options(HandSpec(), piles=[f"{s}={' '.join(p)}" for s, p in piles.items()],
                        sweeps=[f"{s}={n}" for s, n in sweeps.items()])
    assert outcome.result is not None
    assert outcome.result.to_dict() == Counter(rules).score(spec.entry(rules.cards)).to_dict()


@pytest.mark.slow
@EXAMPLES
@given(st.sampled_from(GAMES), st.integers(0, 10_000), st.data())
def test_a_record_with_one_play_altered_is_caught_unless_that_play_is_also_legal(
        game: str, seed: int, data: st.DataObject) -> None:
    engine = ENGINES[game]
    record = Simulator(RULES[game], seed=seed).hand(0)
    k = data.draw(st.integers(0, len(record["plays"]) - 1))
    before = _state_before(engine, record, k)
    if before.table.builds or "build" in record["plays"][k]:
        return  # builds are checked by their own tests; here the table is loose cards
    loose = [i for i in range(len(engine.deck.cards)) if before.table.loose >> i & 1]
    held = [i for i in range(len(engine.deck.cards)) if before.holding[before.player] >> i & 1]
    card = data.draw(st.sampled_from(held))
    take = data.draw(st.lists(st.sampled_from(loose), unique=True) if loose else st.just([]))
    altered = copy.deepcopy(record)
    altered["plays"][k] = {"side": record["plays"][k]["side"], "card": str(engine.deck.cards[card])}
    if take:
        altered["plays"][k]["take"] = " ".join(str(engine.deck.cards[t]) for t in take)
    legal = plain_captures(RULES[game], loose, [], card, last=before.last, last_deal=before.last_deal)
    expected_legal = frozenset(take) in legal if take else not legal
    outcome = replay(read_record(altered, "record", engine.deck), engine)
    caught_here = outcome.illegal is not None and outcome.illegal[0] == k + 1
    assert caught_here != expected_legal


def _state_before(engine: CaptureEngine, record: dict[str, Any], k: int) -> Game:
    """The hand as it stands before play ``k`` (from 0) of a legal record."""
    parsed = read_record(record, "record", engine.deck)
    batches = [list(rounds) for rounds in parsed.batches]
    players = list(parsed.players)
    sides = list(parsed.teams) if parsed.teams else players
    side_of = [next(i for i, s in enumerate(sides) if p in parsed.teams[s]) if parsed.teams else j
               for j, p in enumerate(players)]
    game = Game(engine, batches, parsed.table, side_of, len(sides))
    for play in parsed.plays[:k]:
        build = None if play.build is None else (play.build, play.onto)
        game.play(players.index(play.player), play.card, play.take, build)
    return game
