"""The capture engine's values over bitmasks of a deck: the table, a build, a capture, and the
few helpers that read a mask's cards (``capture`` holds the engine that works on them)."""

from __future__ import annotations

from itertools import chain
from typing import NamedTuple

# Named tuples, not dataclasses: every play makes a Table and many a Capture; a named tuple is made
# by one call to tuple.__new__, a frozen dataclass sets each field through object.__setattr__.

#: Makes a named tuple from all its fields in one C call, where its class's own ``__new__`` (a Python
#: function, for the defaults) would be called: for the tables, captures and plays made at every play.
new_tuple = tuple.__new__


class Build(NamedTuple):
    """Cards laid together for a declared value, taken whole by a card of that value only."""

    value: int
    mask: int
    owner: int  # the player who last built on it


class Table(NamedTuple):
    """The cards face up: loose cards, and builds (Cassino family)."""

    loose: int = 0
    builds: tuple[Build, ...] = ()

    @property
    def mask(self) -> int:
        out = self.loose
        for build in self.builds:
            out |= build.mask
        return out


class Capture(NamedTuple):
    """One legal capture: the table cards taken (whole builds included), how, and if it sweeps."""

    mask: int
    kind: str  # pair, sum, total, ace, build, combined
    sweep: bool


#: The deck indexes of each byte of a mask, by the byte's place: masks read a byte at a time.
BYTE_INDEXES = [[8 * at + k for k in range(8) if byte >> k & 1] for at in range(8) for byte in range(256)]


def indexes(mask: int) -> list[int]:
    """The deck indexes of a mask, lowest first."""
    if mask.bit_count() > 12 and not mask >> 64:  # a whole pile: a byte at a time
        return list(chain.from_iterable(map(BYTE_INDEXES.__getitem__, map(
            int.__add__, range(0, 2048, 256), mask.to_bytes((mask.bit_length() + 7) // 8, "little")))))
    out = []  # a hand or a table: a bit at a time
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def kind_of(mask: int, pairs: int, builds: list[int]) -> str:
    """The kind of a Cassino-style capture: a pairing, a build, pairs or builds with sums, or sums."""
    if mask & pairs and not mask & ~pairs:
        return "pair"
    if any(mask == b for b in builds):
        return "build"
    return "combined" if mask & pairs or any(mask & b for b in builds) else "sum"


def fewest(found: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Only the sum captures with the fewest cards stay; pairs and other kinds are untouched."""
    sizes = [mask.bit_count() for mask, kind in found if kind == "sum"]
    return [(mask, kind) for mask, kind in found if kind != "sum" or mask.bit_count() == min(sizes)]
