"""The one capture engine: what a played card may take from a table, for every rule set.

A rule set's ``capture`` section (values, pairing, sums, fifteens, ace-takes-all, builds) is
turned into per-card arrays once; the table and every capture are bitmasks over the deck, so the
same code settles one argument at the table and plays a million simulated hands.

>>> from scorekeeper.cards import Card
>>> from scorekeeper.rules.catalog import load_rules
>>> engine = CaptureEngine(load_rules("scopa"))
>>> deck = engine.deck
>>> table = Table(deck.mask(Card.parse(t) for t in "3c 4d 7s".split()))
>>> [engine.describe(c.mask) for c in engine.captures(deck.index[Card.parse("7h")], table)]
['7s']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from scorekeeper.cards import Rank
from scorekeeper.errors import RuleSetError, ScorekeeperError
from scorekeeper.rules.ruleset import RuleSet

if TYPE_CHECKING:
    from scorekeeper.scoring.count import Counter


class IllegalPlayError(ScorekeeperError, ValueError):
    """A play the rules do not allow; the message says why in a player's words."""


#: Bounds on working out the captures of one card, so that a table no deal or play could make (the
#: whole pack face up, in a file someone sent) is refused at once instead of working for hours.
#: In 2,000 simulated hands of every built-in game at every table size (20,000 of Sbarazzina) the
#: most captures one card had was 6,656 (Sbarazzina, where the courts count 0 and may join any
#: fifteen: 2**9 ways to add them) and every other game stayed under 60; the most steps one
#: enumeration took was 6,815. The worst legal table found by hand (Sbarazzina, all twelve courts
#: and the 6s and 7s, a 2 played) has 65,536 captures, listed in half a second.
MAX_CAPTURES = 100_000
#: Steps (subsets or unions tried) of one enumeration: a million take about a quarter of a second.
MAX_STEPS = 1_000_000


class TooManyCaptures(ScorekeeperError, ValueError):
    """A table with more ways to capture than can be checked; refused rather than worked on for hours."""

    def __init__(self, limit: int, what: str, where: str = "") -> None:
        self.limit, self.what = limit, what
        super().__init__(f"{where}: " * bool(where) + f"this table has too many ways to capture to check "
                         f"(more than {limit:,} {what}); refused")


@dataclass(frozen=True, slots=True)
class Build:
    """Cards laid together for a declared value, taken whole by a card of that value only."""

    value: int
    mask: int
    owner: int  # the player who last built on it


@dataclass(frozen=True, slots=True)
class Table:
    """The cards face up: loose cards, and builds (Cassino family)."""

    loose: int = 0
    builds: tuple[Build, ...] = ()

    @property
    def mask(self) -> int:
        out = self.loose
        for build in self.builds:
            out |= build.mask
        return out


@dataclass(frozen=True, slots=True)
class Capture:
    """One legal capture: the table cards taken (whole builds included), how, and if it sweeps."""

    mask: int
    kind: str  # pair, sum, total, ace, build, combined
    sweep: bool


class CaptureEngine:
    """A rule set's capture section made ready: per-card values and rank masks over its deck."""

    def __init__(self, rules: RuleSet) -> None:
        if rules.capture is None:
            raise RuleSetError(f"{rules.id} has no capture section, so its plays cannot be checked")
        self.rules = rules
        self.spec = spec = rules.capture
        self.deck = deck = rules.cards
        cards = deck.cards
        self.value = [spec.values[c.rank.value] for c in cards]
        self.hand_value = [spec.hand_values.get(str(c), spec.hand_values.get(c.rank.value, v))
                           for c, v in zip(cards, self.value, strict=True)]
        self.same_rank = [deck.rank_mask(c.rank) for c in cards]
        self.pair_only = deck.mask(c for c in cards if c.rank.value in spec.pair_only)
        self.aces = deck.rank_mask(Rank.ACE)
        self.names = [str(c) for c in cards]
        # A game that scores no sweeps (Spade Cassino) has none to record.
        self.scores_sweeps = any(c.kind == "sweeps" for c in rules.categories)
        self._counter: Counter | None = None

    # --- enumeration ------------------------------------------------------------------------

    def subsets(self, pool: int, target: int, min_size: int) -> list[int]:
        """Every subset of ``pool`` (a mask) whose values add up to ``target``, of ``min_size`` or more."""
        items = []
        while pool:
            low = pool & -pool
            items.append((self.value[low.bit_length() - 1], low))
            pool ^= low
        items.sort(reverse=True)
        n = len(items)
        suffix = [0] * (n + 1)
        for k in range(n - 1, -1, -1):
            suffix[k] = suffix[k + 1] + items[k][0]
        out: list[int] = []
        steps = 0

        def walk(k: int, remaining: int, mask: int, size: int) -> None:
            nonlocal steps
            steps += 1
            if steps > MAX_STEPS:
                raise TooManyCaptures(MAX_STEPS, "combinations tried")
            if remaining == 0 and size >= min_size:
                out.append(mask)  # zero-valued cards (Sbarazzina courts) may still be added
                if len(out) > MAX_CAPTURES:
                    raise TooManyCaptures(MAX_CAPTURES, "captures")
            if suffix[k] < remaining:
                return
            for j in range(k, n):
                value, bit = items[j]
                if value <= remaining:
                    walk(j + 1, remaining - value, mask | bit, size + 1)

        if target >= 0:
            walk(0, target, 0, 0)
        return out

    def ace_takes_all(self, card: int, table: Table) -> bool:
        """Whether this card, an ace, takes the whole table under the rule set's ace rule."""
        mode = self.spec.ace_takes_all
        if mode == "never" or not (self.aces >> card & 1) or not table.mask:
            return False
        return mode == "always" or not (table.mask & self.aces)

    def pairs(self, card: int, table: Table) -> int:
        """The loose table cards this card pairs with (same rank)."""
        if self.spec.pairing == "none":
            return 0
        return table.loose & self.same_rank[card]

    def captures(self, card: int, table: Table, *, last: bool = False) -> list[Capture]:
        """Every legal capture of the card (a deck index) on this table; empty: it must be laid down."""
        spec = self.spec
        whole = table.mask
        if self.ace_takes_all(card, table):
            return [Capture(whole, "ace", self._sweeps(whole, whole, "ace", last))]
        value = self.hand_value[card]
        pairs = self.pairs(card, table)
        numeric = not (self.pair_only >> card & 1)
        pool = table.loose & ~self.pair_only
        found: list[tuple[int, str]] = []
        builds = [b.mask for b in table.builds if numeric and b.value == value]
        if spec.combine:
            groups = _bits(pairs) if spec.pairing == "one" else []
            sums = self.subsets(pool, value, 2) if spec.sums and numeric else []
            required = pairs if spec.pairing == "all" else 0
            found += [(m, _kind_of(m, pairs, builds)) for m in _unions(groups + sums + builds, required)]
        else:
            if spec.pairing == "one":
                found += [(bit, "pair") for bit in _bits(pairs)]
            elif spec.pairing == "all" and pairs:
                found.append((pairs, "pair"))
            if spec.sums and numeric and not (spec.pair_first and pairs):
                found += [(m, "sum") for m in self.subsets(pool & ~pairs, value, 2)]
            found += [(m, "build") for m in builds]
        if spec.total is not None and numeric and not (spec.total_pair_first and pairs):
            found += [(m, "total") for m in self.subsets(table.loose & ~self.pair_only, spec.total - value, 1)]
        seen: set[int] = set()
        out = []
        for mask, kind in found:
            if mask and mask not in seen:
                seen.add(mask)
                out.append(Capture(mask, kind, self._sweeps(mask, whole, kind, last)))
        return out

    def find(self, card: int, table: Table, take: int, *, last: bool = False) -> Capture | None:
        """The legal capture that takes exactly ``take``, or None (``why`` says why not)."""
        for option in self.captures(card, table, last=last):
            if option.mask == take:
                return option
        return None

    @property
    def counter(self) -> Counter:
        """The rule set's counter, built once (replays count many hands)."""
        if self._counter is None:
            from scorekeeper.scoring.count import Counter

            self._counter = Counter(self.rules)
        return self._counter

    def _sweeps(self, mask: int, whole: int, kind: str, last: bool) -> bool:
        if mask != whole or not self.scores_sweeps or (last and not self.spec.last_play_sweeps):
            return False
        return kind != "ace" or self.spec.ace_sweep_counts

    # --- words ------------------------------------------------------------------------------

    def describe(self, mask: int) -> str:
        """Cards of a mask joined with ``+``, lowest value first, e.g. ``3c + 4d``."""
        order = sorted(indexes(mask), key=lambda i: (self.value[i], i))
        return " + ".join(self.names[i] for i in order) or "nothing"

    def counts(self, card: int) -> str:
        """How a card counts, said so that a surprise (a Wall Street King is 7) is visible."""
        name = self.names[card]
        if self.pair_only >> card & 1:
            return f"the {name} has no value in sums (it only pairs)"
        return f"the {name} counts {self.hand_value[card]}"



def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def indexes(mask: int) -> list[int]:
    """The deck indexes of a mask, lowest first."""
    return [bit.bit_length() - 1 for bit in _bits(mask)]


def _kind_of(mask: int, pairs: int, builds: list[int]) -> str:
    if mask & pairs and not mask & ~pairs:
        return "pair"
    if any(mask == b for b in builds):
        return "build"
    return "combined" if mask & pairs or any(mask & b for b in builds) else "sum"


def _unions(groups: list[int], required: int) -> list[int]:
    """Every union of pairwise disjoint groups, with the ``required`` cards always added (Cassino).

    A group may share cards with ``required`` (a table ace both pairs and sums in Kasino)."""
    out: set[int] = {required} if required else set()
    steps = 0

    def walk(k: int, used: int) -> None:
        nonlocal steps
        for j in range(k, len(groups)):
            steps += 1
            if steps > MAX_STEPS:
                raise TooManyCaptures(MAX_STEPS, "combinations tried")
            if not groups[j] & used:
                union = used | groups[j]
                out.add(union | required)
                if len(out) > MAX_CAPTURES:
                    raise TooManyCaptures(MAX_CAPTURES, "captures")
                walk(j + 1, union)

    walk(0, 0)
    return sorted(out, key=lambda m: (m.bit_count(), m))

