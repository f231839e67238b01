"""Scopone's tournament rule (low-table-redeal 10): four table cards dealt totalling 10 or less
are dealt again; 11 is played, and so is any table when the option is 0 (the Italian rules)."""

from __future__ import annotations

import pytest

from scorekeeper.cards import Card
from scorekeeper.play.capture import CaptureEngine
from scorekeeper.play.deals import misdeal
from scorekeeper.rules.catalog import load_rules
from scorekeeper.rules.options import apply_options


def scopone(low: int) -> CaptureEngine:
    return CaptureEngine(apply_options(load_rules("scopone"), {"low-table-redeal": low}))


def dealt(engine: CaptureEngine, cards: str) -> int:
    return engine.deck.mask(Card.parse(t) for t in cards.split())


def test_a_table_of_10_or_less_is_dealt_again() -> None:
    engine = scopone(10)
    assert misdeal(engine, dealt(engine, "Ad 2d 3h 4s")) == (
        "the table dealt (Ad 2d 3h 4s) totals 10: in Scopone a table of 10 or less is dealt again")


@pytest.mark.parametrize(("low", "cards"), [
    (10, "Ad 2d 3h 5s"),  # 11: played
    (10, "Ad 2d 3h"),  # not a whole table of four
    (0, "Ad 2d 3h 4s"),  # the option off: every table is played
])
def test_other_tables_are_played(low: int, cards: str) -> None:
    engine = scopone(low)
    assert misdeal(engine, dealt(engine, cards)) is None
