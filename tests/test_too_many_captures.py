"""A table no deal could make (the whole pack face up, in a file someone sent) is refused in one
line saying which bound it passed, and where in a replay, instead of being worked on for hours."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import rules_named

from scorekeeper.cards import Card
from scorekeeper.play import builds as builds_module
from scorekeeper.play import capture as capture_module
from scorekeeper.play.builds import splits
from scorekeeper.play.capture import Build, CaptureEngine, Table, TooManyCaptures
from scorekeeper.play.records import read_record
from scorekeeper.play.replay import replay
from scorekeeper.play.simulate import Simulator
from scorekeeper.rules.catalog import load_rules


def test_the_whole_cassino_pack_on_the_table_passes_a_million_combinations() -> None:
    engine = CaptureEngine(load_rules("cassino"))
    ten = engine.deck.index[Card.parse("10c")]
    with pytest.raises(TooManyCaptures) as caught:
        engine.captures(ten, Table(engine.deck.full & ~(1 << ten)))
    assert str(caught.value) == ("this table has too many ways to capture to check (more than 1,000,000 "
                                 "combinations tried); refused")


def test_more_captures_than_the_bound_are_refused_as_captures(monkeypatch: pytest.MonkeyPatch) -> None:
    # Sbarazzina's courts count 0 and may join any fifteen: a 2 takes 7 + 6 with any of them, eight ways.
    monkeypatch.setattr(capture_module, "MAX_CAPTURES", 8)
    engine = CaptureEngine(load_rules("sbarazzina"))
    table = Table(engine.deck.mask(Card.parse(t) for t in ["7d", "6d", "Jd", "Qd", "Kd"]))
    assert len(engine.captures(engine.deck.index[Card.parse("2h")], table)) == 8  # "more than 8" refuses
    monkeypatch.setattr(capture_module, "MAX_CAPTURES", 7)
    engine = CaptureEngine(load_rules("sbarazzina"))
    with pytest.raises(TooManyCaptures) as caught:
        engine.captures(engine.deck.index[Card.parse("2h")], table)
    assert str(caught.value) == "this table has too many ways to capture to check (more than 7 captures); refused"


def test_a_replay_past_the_bound_names_the_record_and_the_play(monkeypatch: pytest.MonkeyPatch) -> None:
    record = Simulator(load_rules("scopa"), seed=2).hand(0)  # made under the real bound
    monkeypatch.setattr(capture_module, "MAX_STEPS", 1)
    engine = CaptureEngine(load_rules("scopa"))
    with pytest.raises(TooManyCaptures) as caught:
        replay(read_record(record, "hands.jsonl line 3", engine.deck), engine)
    assert str(caught.value) == ("hands.jsonl line 3: play 1: this table has too many ways to capture to check "
                                 "(more than 1 combinations tried); refused")


def test_a_build_too_large_to_split_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(builds_module, "MAX_STEPS", 10)
    with pytest.raises(TooManyCaptures) as caught:
        splits([6] * 20 + [3] * 20, 10)  # 180 is eighteen 10s, but 6s and 3s never make 10
    assert str(caught.value) == ("this table has too many ways to capture to check (more than 10 combinations "
                                 "tried); refused")


def test_the_build_bound_counts_each_group_tried(monkeypatch: pytest.MonkeyPatch) -> None:
    # A 7, a 4 and a 3 are two sevens: the 7 alone, then the 4, then the 4 with the 3 (three groups tried).
    monkeypatch.setattr(builds_module, "MAX_STEPS", 3)
    assert splits([3, 4, 7], 7)
    monkeypatch.setattr(builds_module, "MAX_STEPS", 2)
    with pytest.raises(TooManyCaptures, match=r"\(more than 2 combinations tried\); refused$"):
        splits([3, 4, 7], 7)


@pytest.mark.parametrize(("rules", "table", "card", "count"), [
    ("scopa", ["Ad", "2d", "3d", "4d", "5d", "6d"], "7h", 4),  # kept by ranks: 1+6, 2+5, 3+4, 1+2+4
    ("sbarazzina", ["7d", "6d", "Jd", "Qd", "Kd"], "2h", 8),  # kept by ranks, the courts worth 0
    ("royal-cassino", ["2d", "3d", "4d", "5d", "9d"], "Ah", 3),  # an ace (1 or 14): kept by ranks, as places
    ("queens-as-jacks", ["Ad", "2d", "3d", "4d", "5d", "6d"], "7h", 4),  # kept nowhere: worked out afresh
])
def test_captures_kept_under_a_bound_since_lowered_are_refused_as_if_new(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, rules: str, table: list[str], card: str, count: int) -> None:
    engine = CaptureEngine(rules_named(rules, tmp_path))
    assert engine.by_ranks == (rules != "queens-as-jacks")
    played, on = engine.deck.index[Card.parse(card)], Table(engine.deck.mask(Card.parse(t) for t in table))
    assert len(engine.captures(played, on)) == count
    monkeypatch.setattr(capture_module, "MAX_CAPTURES", count)
    assert len(engine.captures(played, on)) == count  # the bound is "more than"
    monkeypatch.setattr(capture_module, "MAX_CAPTURES", count - 1)
    with pytest.raises(TooManyCaptures) as caught:
        engine.captures(played, on)
    assert str(caught.value) == (f"this table has too many ways to capture to check (more than {count - 1} captures); "
                                 "refused")


@pytest.mark.parametrize(("rules", "table", "card", "count"), [
    ("sbarazzina", ["7d", "6d", "Jd", "Qd", "Kd"], "2h", 8),
    ("royal-cassino", ["2d", "3d", "4d", "5d", "9d"], "Ah", 3),  # as 14, after nothing as 1
    ("scopa", ["Ad", "6d", "2d", "5d", "3d", "4d"], "7h", 4),  # the first sum
])
def test_whether_a_card_can_capture_stops_at_the_first_capture_under_any_bound(
        monkeypatch: pytest.MonkeyPatch, rules: str, table: list[str], card: str, count: int) -> None:
    # One capture found says yes: a table with more captures than the bound is refused only where
    # the whole list is asked for.
    monkeypatch.setattr(capture_module, "MAX_CAPTURES", count - 1)
    engine = CaptureEngine(load_rules(rules))
    played, on = engine.deck.index[Card.parse(card)], Table(engine.deck.mask(Card.parse(t) for t in table))
    assert engine.can_capture(played, on)
    with pytest.raises(TooManyCaptures):
        engine.captures(played, on)


def test_whether_a_card_can_capture_beside_builds_stops_at_the_first_build(monkeypatch: pytest.MonkeyPatch) -> None:
    # Cassino: two builds of 9 give the 9h three captures (either, or both); with the bound at two,
    # the list is refused, but whether the 9h can capture is answered by the first build alone.
    monkeypatch.setattr(capture_module, "MAX_CAPTURES", 2)
    engine = CaptureEngine(load_rules("cassino"))
    deck = engine.deck
    builds = tuple(Build(9, deck.mask(Card.parse(t) for t in cards), 0) for cards in (("6h", "3c"), ("4d", "5s")))
    nine, on = deck.index[Card.parse("9h")], Table(0, builds)
    assert engine.can_capture(nine, on)
    with pytest.raises(TooManyCaptures):
        engine.captures(nine, on)
