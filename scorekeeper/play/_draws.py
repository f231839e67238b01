"""The pack shuffled, and a number drawn below ``n``, the way ``random.Random`` does them, without
its Python frames per draw.

``simulate`` must draw the same numbers in the same order forever (a seed names a file). In CPython
3.11 ``shuffle`` swaps each place from the last down with one ``_randbelow(i + 1)`` below it, and
``_randbelow(n)`` draws ``getrandbits(n.bit_length())`` until the number is below ``n``
(Lib/random.py), as ``randrange(n)`` and ``choice`` do. ``shuffle`` and ``below`` do the same with
one call to ``getrandbits`` per number drawn; tests/test_simulate.py checks them against
``random.Random`` itself, so a Python that draws otherwise is caught at once.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar

#: Bit lengths of the sizes drawn from, looked up instead of asked (a pack has at most 52 cards).
BITS = [n.bit_length() for n in range(128)]

T = TypeVar("T")


def shuffle(rng: random.Random, cards: list[T]) -> None:
    """``rng.shuffle(cards)``, the same swaps from the same numbers, with fewer calls."""
    getrandbits, bits = rng.getrandbits, BITS
    for i in range(len(cards) - 1, 0, -1):
        size = i + 1
        width = bits[size] if size < 128 else size.bit_length()
        j = getrandbits(width)
        while j >= size:
            j = getrandbits(width)
        cards[i], cards[j] = cards[j], cards[i]


def below(rng: random.Random) -> Callable[[int], int]:
    """``rng.randrange`` for a positive ``n``: ``below(rng)(n)`` draws what ``rng.randrange(n)``
    would, in one frame."""
    getrandbits, bits = rng.getrandbits, BITS

    def draw(size: int) -> int:
        width = bits[size] if size < 128 else size.bit_length()
        j = getrandbits(width)
        while j >= size:
            j = getrandbits(width)
        return j

    return draw
