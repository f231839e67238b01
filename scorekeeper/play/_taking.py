"""Whether a card takes exactly the cards said, checked against the rules without listing captures.

A replay knows what each play took, so ``CaptureEngine.find`` asks only whether those cards make
a legal capture: their values add up, they are the cards of the rank, builds are taken whole. The
answer (and its kind) is the one the full list of captures gives, which tests/test_engine_oracle.py
checks against a subset-by-subset reading of every built-in game.
"""

from __future__ import annotations

from typing import Protocol

from scorekeeper.rules.ruleset import CaptureRules


class _Build(Protocol):
    @property
    def value(self) -> int: ...
    @property
    def mask(self) -> int: ...


class _Table(Protocol):
    @property
    def loose(self) -> int: ...
    @property
    def builds(self) -> tuple[_Build, ...]: ...
    @property
    def mask(self) -> int: ...


def kind_of(mask: int, pairs: int, builds: list[int]) -> str:
    """The kind of a Cassino-style capture: a pairing, a build, pairs or builds with sums, or sums."""
    if mask & pairs and not mask & ~pairs:
        return "pair"
    if any(mask == b for b in builds):
        return "build"
    return "combined" if mask & pairs or any(mask & b for b in builds) else "sum"


class TakingChecks:
    """The checks a replay makes on one play, read from the engine's compiled tables (a mixin of
    ``CaptureEngine``, which fills in these attributes and the bounded ``subsets`` search)."""

    spec: CaptureRules
    value: list[int]
    capture_values: list[tuple[int, ...]]
    pairings: list[str]
    mates: list[int]
    numeric_card: list[bool]
    sum_pool: int
    takes_all: list[bool]
    aces: int

    def subsets(self, pool: int, target: int, min_size: int) -> list[int]:
        raise NotImplementedError  # CaptureEngine's

    def taken_as(self, card: int, value: int, table: _Table, take: int) -> str | None:
        """How the card counting ``value`` takes exactly ``take``: the first kind the engine's list of
        captures gives it; None: it does not. ``take`` lies on the table, and no ace takes it all."""
        spec = self.spec
        pairing = self.pairings[card]
        loose = table.loose
        pairs = loose & self.mates[card]
        numeric = self.numeric_card[card]
        pool = loose & self.sum_pool
        if spec.combine:
            # Cassino, Kasino: the cards of the rank that must go along, whole builds of the value, and
            # every other card in some group adding up to the value.
            for build in table.builds:
                part = take & build.mask
                if part and (part != build.mask or build.value != value or not numeric):
                    return self._as_total(card, value, pool, pairs, take)
            required = pairs if pairing == "all" else 0
            ones = pairs if pairing == "one" else 0
            if take & required != required or (take & ones).bit_count() > 1:
                return self._as_total(card, value, pool, pairs, take)
            need = take & loose & ~pairs
            if need and not (spec.sums and numeric and self._in_groups(need, take & pool, value)):
                return self._as_total(card, value, pool, pairs, take)
            return kind_of(take, pairs, [b.mask for b in table.builds if numeric and b.value == value]
                           if table.builds else [])
        if pairing == "one" and take & pairs == take and take.bit_count() == 1:
            return "pair"
        if pairing == "all" and pairs and take == pairs:
            return "pair"
        if spec.sums and numeric and not (spec.pair_first and pairs) and not take & ~(pool & ~pairs) \
                and take.bit_count() >= 2 and self.worth(take) == value:
            return "sum"
        if numeric and table.builds and any(b.mask == take and b.value == value for b in table.builds):
            return "build"
        return self._as_total(card, value, pool, pairs, take)


    def _as_total(self, card: int, value: int, pool: int, pairs: int, take: int) -> str | None:
        """"total" when the card and ``take`` make the rule set's total (Escoba's fifteen), else None."""
        spec = self.spec
        if spec.total is None or not self.numeric_card[card] or (spec.total_pair_first and pairs) or take & ~pool:
            return None
        return "total" if self.worth(take) + value == spec.total else None


    def _in_groups(self, need: int, free: int, value: int) -> bool:
        """Whether disjoint groups of two or more ``free`` cards, each adding up to ``value``, hold every
        ``need`` card."""
        if not need:
            return True
        low = need & -need
        if not low & free:
            return False  # a court, or a card of a build: in no sum
        rest = free & ~low
        return any(self._in_groups(need & ~group & ~low, rest & ~group, value)
                   for group in self.subsets(rest, value - self.value[low.bit_length() - 1], 1))


    def worth(self, mask: int) -> int:
        """The cards of a mask added up at their table values."""
        values, total = self.value, 0
        while mask:
            low = mask & -mask
            total += values[low.bit_length() - 1]
            mask ^= low
        return total


    def can_capture(self, card: int, table: _Table) -> bool:
        """Whether the card has any legal capture on this table: ``bool(self.captures(card, table))``."""
        spec = self.spec
        loose = table.loose
        if self.takes_all[card] and (loose or table.builds) and (
                spec.ace_takes_all == "always" or not table.mask & self.aces):
            return True
        if loose & self.mates[card]:
            return True  # any pairing is a capture, alone or with the cards it must take along
        if not self.numeric_card[card]:
            return False
        pool = loose & self.sum_pool
        builds = table.builds  # tested before any() over it: 0.46 -> 0.02 us without builds (most tables)
        for value in self.capture_values[card]:
            if builds and any(b.value == value for b in builds):
                return True
            if spec.sums and reaches(self.value, pool, value, 2):
                return True
            if spec.total is not None and reaches(self.value, pool, spec.total - value, 1):
                return True
        return False


def reaches(value: list[int], pool: int, target: int, min_size: int) -> bool:
    """Whether some subset of ``pool`` of ``min_size`` (1 or 2) or more cards adds up to ``target``."""
    if target < 0:
        return False
    # The sums within reach as the bits of two integers (one card or more, two or more), a shift
    # and an or per card: whether a card must be laid down is known without listing a single
    # capture, in as many steps as the table has cards, the whole pack included.
    limit = (2 << target) - 1
    one = two = 0
    while pool:
        low = pool & -pool
        v = value[low.bit_length() - 1]
        two |= one << v & limit
        one |= (one << v | 1 << v) & limit
        pool ^= low
    return bool((one if min_size <= 1 else two) >> target & 1)
