"""The pack shuffled, and a number drawn below ``n``, as ``random.Random`` does them, in fewer frames.

``simulate`` must draw the same numbers in the same order forever (a seed names a file). CPython 3.11's
``randrange(n)`` and ``choice`` draw ``getrandbits(n.bit_length())`` until the number is below ``n``, and
``shuffle`` swaps each place from the last down with such a number below ``i + 1`` (Lib/random.py);
tests/test_simulate.py checks both against ``random.Random`` itself, so a Python that draws otherwise is caught.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar

#: Bit lengths of the sizes drawn from (a pack of at most 52 cards, a hand, most lists of captures), looked up
#: instead of asked; a larger size asks.
BITS = [n.bit_length() for n in range(128)]

T = TypeVar("T")


def below(rng: random.Random) -> Callable[[int], int]:
    """``below(rng)(n)`` draws what ``rng.randrange(n)`` would (``n`` positive), in one frame."""
    getrandbits, bits = rng.getrandbits, BITS

    def draw(size: int) -> int:
        width = bits[size] if size < 128 else size.bit_length()
        j = getrandbits(width)
        while j >= size:
            j = getrandbits(width)
        return j

    return draw


def shuffle(rng: random.Random, cards: list[T]) -> None:
    """``rng.shuffle(cards)``: the same swaps from the same numbers."""
    draw = below(rng)
    for i in range(len(cards) - 1, 0, -1):
        j = draw(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
