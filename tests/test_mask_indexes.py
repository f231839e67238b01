"""The deck indexes of a mask, read a bit at a time for a hand or a table and a byte at a time for
a pile of more than twelve cards: both ways give every index once, lowest first."""

from __future__ import annotations

import random

import pytest

from scorekeeper.play._masks import indexes


@pytest.mark.parametrize("size", [0, 1, 12, 13, 20, 40, 52])
def test_indexes_are_every_set_bit_lowest_first(size: int) -> None:
    rng = random.Random(size)
    for _ in range(50):
        chosen = sorted(rng.sample(range(64), size))
        assert indexes(sum(1 << i for i in chosen)) == chosen


def test_a_whole_pack_of_52_and_its_last_card() -> None:
    assert indexes((1 << 52) - 1) == list(range(52))
    assert indexes(1 << 63 | (1 << 13) - 1) == [*range(13), 63]
