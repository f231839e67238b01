"""Rules of the capture engine that a replay relies on, each on the smallest table that shows it:
Cirulla's ace taking the whole table, its sum of the fewest cards, how a court counts, the order
captures are listed in, and the bound on Cassino's combined captures."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from scorekeeper.cards import Card
from scorekeeper.errors import RuleSetError
from scorekeeper.play import capture as capture_module
from scorekeeper.play.capture import CaptureEngine, Table, TooManyCaptures
from scorekeeper.play.ruling import rule_on_capture
from scorekeeper.rules.catalog import load_rules


def engine_of(rules: str) -> CaptureEngine:
    """A fresh engine: one kept across tests would answer from what earlier tests asked it."""
    return CaptureEngine(load_rules(rules))


def mask(engine: CaptureEngine, text: str) -> int:
    return engine.deck.mask(Card.parse(t) for t in text.split())


def index(engine: CaptureEngine, text: str) -> int:
    return engine.deck.index[Card.parse(text)]


def test_cirullas_ace_takes_the_whole_table_or_nothing() -> None:
    # No ace on the table: an ace played takes it all (a sweep, ace_sweep_counts), never part of it.
    cirulla = engine_of("cirulla")
    ace, table = index(cirulla, "Ah"), Table(mask(cirulla, "3c 5d 7s"))
    whole = cirulla.find(ace, table, table.loose)
    assert whole is not None and (whole.kind, whole.sweep) == ("ace", True)
    assert cirulla.find(ace, table, mask(cirulla, "3c")) is None
    assert cirulla.can_capture(ace, table) and not cirulla.may_lay(ace, table)


def test_cirullas_ace_on_the_last_play_takes_the_table_without_a_sweep() -> None:
    cirulla = engine_of("cirulla")
    ace, table = index(cirulla, "Ah"), Table(mask(cirulla, "3c 5d 7s"))
    last = cirulla.find(ace, table, table.loose, last=True)
    assert last is not None and (last.kind, last.sweep) == ("ace", False)


def test_cirullas_sum_is_taken_with_the_fewest_cards() -> None:
    cirulla = engine_of("cirulla")
    seven = index(cirulla, "7h")
    table = Table(mask(cirulla, "Ad 2d 4s 3c 5c"))
    assert cirulla.find(seven, table, mask(cirulla, "Ad 2d 4s")) is None  # 2d + 5c, 3c + 4s are two cards
    assert cirulla.find(seven, table, mask(cirulla, "2d 5c")) is not None
    aces = Table(mask(cirulla, "Ad 6s 3c 4c"))
    found = cirulla.find(seven, aces, mask(cirulla, "Ad 6s"))
    assert found is not None and found.kind == "sum"


def test_a_court_in_cassino_has_no_value_in_sums() -> None:
    ruling = rule_on_capture("cassino", "5c Jd", "Jh", take="5c")
    assert ruling.counts == "the Jh has no value in sums (it only pairs)"
    assert ruling.reason == "the Jh cannot take 5c: courts (Jh) only pair with their own rank; it may take Jd"


def test_cassinos_captures_are_listed_fewest_cards_first() -> None:
    ruling = rule_on_capture("cassino", "7d 6c Ac 5s 2s 4d 3d", "7h")
    assert [c.cards for c in ruling.captures] == [
        ("7d",), ("3d", "4d", "7d"), ("2s", "5s", "7d"), ("Ac", "6c", "7d"), ("Ac", "2s", "4d", "7d"),
        ("2s", "3d", "4d", "5s", "7d"), ("Ac", "3d", "4d", "6c", "7d"), ("Ac", "2s", "5s", "6c", "7d"),
        ("Ac", "2s", "3d", "4d", "5s", "6c", "7d")]


JACKS = "Jd Js Jc"  # a court takes one court of its rank (pagat Casino): three ways, seven unions tried


def test_combining_captures_counts_each_union_tried(monkeypatch: pytest.MonkeyPatch) -> None:
    # The bound is "more than N combinations": the seven unions of three jacks fit a bound of 7.
    monkeypatch.setattr(capture_module, "MAX_STEPS", 7)
    engine = CaptureEngine(load_rules("cassino"))
    assert len(engine.captures(index(engine, "Jh"), Table(mask(engine, JACKS)))) == 3
    monkeypatch.setattr(capture_module, "MAX_STEPS", 6)
    engine = CaptureEngine(load_rules("cassino"))
    with pytest.raises(TooManyCaptures) as caught:
        engine.captures(index(engine, "Jh"), Table(mask(engine, JACKS)))
    assert str(caught.value) == ("this table has too many ways to capture to check (more than 6 combinations "
                                 "tried); refused")


def test_combining_captures_is_bounded_by_the_captures_found(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(capture_module, "MAX_CAPTURES", 7)
    engine = CaptureEngine(load_rules("cassino"))
    assert len(engine.captures(index(engine, "Jh"), Table(mask(engine, JACKS)))) == 3
    monkeypatch.setattr(capture_module, "MAX_CAPTURES", 6)
    engine = CaptureEngine(load_rules("cassino"))
    with pytest.raises(TooManyCaptures) as caught:
        engine.captures(index(engine, "Jh"), Table(mask(engine, JACKS)))
    assert str(caught.value) == "this table has too many ways to capture to check (more than 6 captures); refused"


def test_a_capture_asked_without_saying_when_is_not_the_last_play() -> None:
    # Cirulla scores no sweep on the last play of the hand, Kasino none in the last deal of the pack:
    # a question that does not say when is about any other play, where clearing the table sweeps.
    cirulla = engine_of("cirulla")
    seven = index(cirulla, "7h")
    assert [c.sweep for c in cirulla.captures(seven, Table(mask(cirulla, "7d")))] == [True]
    kasino = CaptureEngine(load_rules("kasino"))
    five, table = index(kasino, "5h"), Table(mask(kasino, "5d"))
    found = kasino.find(five, table, table.loose)
    assert [c.sweep for c in kasino.captures(five, table)] == [True] and found is not None and found.sweep
    assert [c.sweep for c in kasino.captures(five, table, last_deal=True)] == [False]


def test_every_set_of_table_cards_that_makes_a_value() -> None:
    # What a build of 7 may be laid on: a 7 alone counts only where one card is enough.
    cassino = engine_of("cassino")
    pool = mask(cassino, "3c 4d 2s 5h 7c")
    assert [cassino.describe(m) for m in cassino.subsets(pool, 7, 2)] == ["2s + 5h", "3c + 4d"]
    assert [cassino.describe(m) for m in cassino.subsets(pool, 7, 1)] == ["7c", "2s + 5h", "3c + 4d"]
    assert [cassino.describe(m) for m in cassino.subsets(pool, 7, 2, most=1)] == ["2s + 5h"]


def test_a_card_worth_the_builds_value_extends_it_alone() -> None:
    # Nothing left to make: no table card is needed (an 8 laid on a build of 8s), none can help.
    cassino = engine_of("cassino")
    assert cassino.subsets(mask(cassino, "3c 4d"), 0, 0) == [0]
    assert cassino.subsets(mask(cassino, "3c 4d"), -1, 0) == []


def test_a_crowded_cassino_table_is_answered_within_the_bound() -> None:
    # Fourteen cards, seven pairs making 10 and many more sets: every union of disjoint sets is
    # tried once (each union from the groups after the last one added), far below the bound.
    cassino = engine_of("cassino")
    table = Table(mask(cassino, "Ac 9c 2d 8d 3s 7s 4h 6h 5c 5d Ad 9d 2c 8c"))
    assert len(cassino.captures(index(cassino, "10h"), table)) == 765


def test_a_royal_cassino_ace_captures_as_1_and_as_14() -> None:
    # Foster's Hoyle: the ace played counts 1 or 14, as its player wishes; a table ace goes along.
    royal = engine_of("royal-cassino")
    ace = index(royal, "Ah")
    assert [(royal.describe(c.mask), c.kind) for c in royal.captures(ace, Table(mask(royal, "Ad 9c 5d")))] == [
        ("Ad", "pair"), ("Ad + 5d + 9c", "combined")]
    assert royal.can_capture(ace, Table(mask(royal, "Ad"))) and not royal.may_lay(ace, Table(mask(royal, "Ad")))


def custom(tmp_path: Path, capture: str) -> CaptureEngine:
    path = tmp_path / "variant.yaml"
    path.write_text(f"extends: scopa\nid: variant\nname: Variant\ncapture:\n{capture}")
    return CaptureEngine(load_rules(str(path)))


def test_where_a_pair_need_not_come_first_a_sum_may_be_taken_instead(tmp_path: Path) -> None:
    # A house Scopa (pair_first off): the 7 may take the 7 or the 3 + 4.
    engine = custom(tmp_path, "  pair_first: false\n")
    captures = engine.captures(index(engine, "7h"), Table(mask(engine, "7d 3c 4s")))
    assert [(engine.describe(c.mask), c.kind) for c in captures] == [("7d", "pair"), ("3c + 4s", "sum")]


def test_a_card_that_takes_every_card_of_its_rank_without_combining(tmp_path: Path) -> None:
    engine = custom(tmp_path, "  pairing: all\n")
    seven = index(engine, "7h")
    assert [(engine.describe(c.mask), c.kind) for c in engine.captures(seven, Table(mask(engine, "7d 7s 3c 4d")))] \
        == [("7d + 7s", "pair")]
    assert [(engine.describe(c.mask), c.kind) for c in engine.captures(seven, Table(mask(engine, "3c 4d")))] \
        == [("3c + 4d", "sum")]


def test_a_card_of_another_rank_is_no_pair() -> None:
    # Scopa: the 7 pairs with the 7; the 3 beside it is no capture on its own.
    scopa = engine_of("scopa")
    seven, table = index(scopa, "7h"), Table(mask(scopa, "7d 3c"))
    assert scopa.find(seven, table, mask(scopa, "3c")) is None
    found = scopa.find(seven, table, mask(scopa, "7d"))
    assert found is not None and found.kind == "pair"


def test_a_rule_set_without_a_capture_section_cannot_check_plays(tmp_path: Path) -> None:
    # A score-only rule set (Scopa's scoring, no capture section): counted, never replayed.
    data = yaml.safe_load((Path(__file__).parents[1] / "rulesets" / "scopa.yaml").read_text(encoding="utf-8"))
    del data["capture"]
    data.update(id="tally", name="Tally", options=[o for o in data.get("options", [])
                                                   if not str(o.get("field", "")).startswith("capture")])
    path = tmp_path / "tally.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(RuleSetError) as caught:
        CaptureEngine(load_rules(str(path)))
    assert str(caught.value) == "tally has no capture section, so its plays cannot be checked"


def test_a_court_that_only_pairs_takes_no_sum_even_with_a_value(tmp_path: Path) -> None:
    # A custom Cassino whose courts are worth 11-13 yet only pair: a jack takes the jack, not 6 + 5.
    path = tmp_path / "worthy-courts.yaml"
    path.write_text('extends: cassino\nid: worthy-courts\nname: Worthy Courts\ncapture:\n  values: {A: 1, "2": 2, '
                    '"3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, J: 11, Q: 12, K: 13}\n')
    engine = CaptureEngine(load_rules(str(path)))
    captures = engine.captures(index(engine, "Jh"), Table(mask(engine, "6c 5d Jd")))
    assert [engine.describe(c.mask) for c in captures] == ["Jd"]


def test_a_new_engines_first_search_reads_its_own_pool() -> None:
    # simulate's first build may look for one card making the value: the engine's first search,
    # on a pool of the deck's first card (the Ad, worth 1) alone, finds it.
    engine = CaptureEngine(load_rules("cassino"))
    assert engine.subsets(1, 1, 1) == [1]
    assert engine.subsets(1, 2, 1) == []
