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

from collections.abc import Iterable
from typing import TYPE_CHECKING

from scorekeeper._words import or_list
from scorekeeper.cards import Rank
from scorekeeper.errors import RuleSetError, ScorekeeperError
from scorekeeper.i18n import _
from scorekeeper.play._taking import TakingChecks, kind_of
from scorekeeper.rules.ruleset import RuleSet

if TYPE_CHECKING:
    from dataclasses import dataclass

    from scorekeeper.scoring.count import Counter
else:
    from scorekeeper._frozen import dataclass


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
        self.limit, self.what = limit, what  # what was counted: "steps" or "captures"
        if what == "steps":
            problem = _("this table has too many ways to capture to check (more than {limit} combinations tried); "
                        "refused")
        else:
            problem = _("this table has too many ways to capture to check (more than {limit} captures); refused")
        super().__init__(f"{where}: " * bool(where) + problem.format(limit=f"{limit:,}"))


# The engine's three values are made in every search of the general path (simulate's builds, the
# Cassino family): each writes its ``__init__`` as the standard frozen dataclass would, instead of
# compiling it and five other methods at every start (3 ms, dataclasses' own timing; see _frozen).


@dataclass(frozen=True)
class Build:
    """Cards laid together for a declared value, taken whole by a card of that value only."""

    value: int
    mask: int
    owner: int  # the player who last built on it

    def __init__(self, value: int, mask: int, owner: int) -> None:
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "mask", mask)
        object.__setattr__(self, "owner", owner)


@dataclass(frozen=True)
class Table:
    """The cards face up: loose cards, and builds (Cassino family)."""

    loose: int = 0
    builds: tuple[Build, ...] = ()

    def __init__(self, loose: int = 0, builds: tuple[Build, ...] = ()) -> None:
        object.__setattr__(self, "loose", loose)
        object.__setattr__(self, "builds", builds)

    @property
    def mask(self) -> int:
        out = self.loose
        for build in self.builds:
            out |= build.mask
        return out


@dataclass(frozen=True)
class Capture:
    """One legal capture: the table cards taken (whole builds included), how, and if it sweeps."""

    mask: int
    kind: str  # pair, sum, total, ace, build, combined
    sweep: bool

    def __init__(self, mask: int, kind: str, sweep: bool) -> None:
        object.__setattr__(self, "mask", mask)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "sweep", sweep)


class CaptureEngine(TakingChecks):
    """A rule set's capture section made ready: per-card values and rank masks over its deck."""

    def __init__(self, rules: RuleSet, enabled: Iterable[str] = ()) -> None:
        if rules.capture is None:
            raise RuleSetError(_("{rules} has no capture section, so its plays cannot be checked").format(
                rules=rules.id))
        self.rules = rules
        self.spec = spec = rules.capture
        self.deck = deck = rules.cards
        cards = deck.cards
        self.value = [spec.values[c.rank.value] for c in cards]
        self.hand_value = [spec.hand_values.get(str(c), spec.hand_values.get(c.rank.value, v))
                           for c, v in zip(cards, self.value, strict=True)]
        # Every value a played card may take with: its hand value, or the one its player may
        # choose instead (Royal Cassino's ace, 1 or 14).
        self.capture_values = [(h,) + tuple(x for x in (spec.choice_values.get(c.rank.value),) if x not in (None, h))
                               for c, h in zip(cards, self.hand_value, strict=True)]
        # A card pairs with a card of its rank only when that card is worth on the table what the
        # played one is worth from the hand: in Finnish Kasino an ace (14 from the hand) does not
        # take a table ace (1), nor the 2s (15) a 2, nor the 10d (16) a 10 (korttipelit.net, pagat).
        self.same_rank = [deck.rank_mask(c.rank) & deck.mask(o for o, v in zip(cards, self.value, strict=True)
                                                             if o.rank == c.rank and v in self.capture_values[i])
                          for i, c in enumerate(cards)]
        self.pair_only = deck.mask(c for c in cards if c.rank.value in spec.pair_only)
        self.aces = deck.rank_mask(Rank.ACE)
        self.names = [str(c) for c in cards]
        # A game that scores no sweeps (Spade Cassino) has none to record.
        # An optional sweeps category (Spade Cassino's, "when the players agree") counts only when
        # it is turned on (``enabled``: a record's ``with``).
        self.scores_sweeps = rules.counts_sweeps(tuple(enabled))
        self._counter: Counter | None = None
        # The rules compiled into per-card integer tables, read by every play without looking at
        # the rule set again: how the card pairs, the table cards it pairs with (0: it never
        # pairs), whether it counts in sums, whether it is an ace that may take the whole table.
        self.pairings = [self.pairing(i) for i in range(len(cards))]
        self.mates = [0 if p == "none" else m for p, m in zip(self.pairings, self.same_rank, strict=True)]
        self.numeric_card = [not self.pair_only >> i & 1 for i in range(len(cards))]
        self.sum_pool = deck.full & ~self.pair_only
        self.takes_all = [spec.ace_takes_all != "never" and bool(self.aces >> i & 1) for i in range(len(cards))]
        # Whether clearing the table sweeps, by (last play of the hand, play of the last deal).
        self.sweep_ok = {(last, deal): self.scores_sweeps and (spec.last_play_sweeps or not last)
                          and (spec.last_deal_sweeps or not deal) for last in (False, True) for deal in (False, True)}

    # --- enumeration ------------------------------------------------------------------------

    def subsets(self, pool: int, target: int, min_size: int) -> list[int]:
        """Every subset of ``pool`` (a mask) whose values add up to ``target``, of ``min_size`` or more."""
        if target < 0 or pool.bit_count() < min_size:
            return []  # a card or none left loose: no sum of two (an eighth of the searches in simulated Scopa)
        value = self.value
        items = []
        while pool:
            low = pool & -pool
            items.append((value[low.bit_length() - 1], low))
            pool ^= low
        items.sort(reverse=True)
        n = len(items)
        values = [v for v, _ in items]
        bits = [b for _, b in items]
        suffix = [0] * (n + 1)
        for k in range(n - 1, -1, -1):
            suffix[k] = suffix[k + 1] + values[k]
        # Depth first over the cards by falling value, on a stack of (next card, still to make, mask,
        # size) instead of a nested function: the same subsets in the same order (simulate draws
        # from that order). On the searches of 300 simulated hands: Scopa 17.8 -> 14.9 us, Kasino
        # 20.2 -> 13.8, Sbarazzina 56 -> 31. Precomputing every subset sum of the table (grouped by
        # sum, kept per table) was tried and lost: 2 to 4 times slower, tables repeat too rarely.
        out: list[int] = []
        stack = [(0, target, 0, 0)]
        pop, push = stack.pop, stack.append
        steps = 0
        while stack:
            k, remaining, mask, size = pop()
            steps += 1
            if steps > MAX_STEPS:
                raise TooManyCaptures(MAX_STEPS, "steps")
            if remaining == 0 and size >= min_size:
                out.append(mask)  # zero-valued cards (Sbarazzina courts) may still be added
                if len(out) > MAX_CAPTURES:
                    raise TooManyCaptures(MAX_CAPTURES, "captures")
            if suffix[k] < remaining:
                continue
            for j in range(n - 1, k - 1, -1):  # pushed last first, so taken in order
                if values[j] <= remaining:
                    push((j + 1, remaining - values[j], mask | bits[j], size + 1))
        return out

    def ace_takes_all(self, card: int, table: Table) -> bool:
        """Whether this card, an ace, takes the whole table under the rule set's ace rule."""
        mode = self.spec.ace_takes_all
        if mode == "never" or not (self.aces >> card & 1) or not table.mask:
            return False
        return mode == "always" or not (table.mask & self.aces)

    def pairs(self, card: int, table: Table) -> int:
        """The loose table cards this card pairs with (same rank, same worth)."""
        if self.pairing(card) == "none":
            return 0
        return table.loose & self.same_rank[card]

    def pairing(self, card: int) -> str:
        """How this card pairs: with one equal card, every equal card, or none (courts may differ)."""
        if self.spec.court_takes is not None and self.pair_only >> card & 1:
            return self.spec.court_takes
        return self.spec.pairing

    def captures(self, card: int, table: Table, *, last: bool = False, last_deal: bool = False) -> list[Capture]:
        """Every legal capture of the card (a deck index) on this table; empty: it must be laid down.

        ``last``: the last play of the hand; ``last_deal``: a play of the last deal of the pack.
        """
        whole = table.loose
        for build in table.builds:
            whole |= build.mask
        sweeps = self.sweep_ok[last, last_deal]
        if self.takes_all[card] and whole and (self.spec.ace_takes_all == "always" or not whole & self.aces):
            return [Capture(whole, "ace", sweeps and self.spec.ace_sweep_counts)]
        values = self.capture_values[card]
        found = self._found(card, values[0], table)
        for value in values[1:]:
            found += self._found(card, value, table)
        if self.spec.fewest_cards and found:
            found = _fewest(found)
        if len(found) < 2:  # most plays: nothing to take, or one way
            return [Capture(mask, kind, sweeps and mask == whole) for mask, kind in found if mask]
        seen: set[int] = set()
        out = []
        for mask, kind in found:
            if mask and mask not in seen:
                seen.add(mask)
                out.append(Capture(mask, kind, sweeps and mask == whole))
        return out

    def _found(self, card: int, value: int, table: Table) -> list[tuple[int, str]]:
        """The captures of the card counting ``value``, each with its kind (repeats allowed)."""
        spec = self.spec
        pairing = self.pairings[card]
        loose = table.loose
        pairs = loose & self.mates[card]
        numeric = self.numeric_card[card]
        pool = loose & self.sum_pool
        found: list[tuple[int, str]] = []
        builds = [b.mask for b in table.builds if b.value == value] if numeric and table.builds else []
        if spec.combine:
            groups = _bits(pairs) if pairing == "one" else []
            sums = self.subsets(pool, value, 2) if spec.sums and numeric else []
            required = pairs if pairing == "all" else 0
            found += [(m, kind_of(m, pairs, builds)) for m in _unions(groups + sums + builds, required)
                      if pairing != "one" or (m & pairs).bit_count() <= 1]
        else:
            if pairing == "one":
                found += [(bit, "pair") for bit in _bits(pairs)]
            elif pairing == "all" and pairs:
                found.append((pairs, "pair"))
            if spec.sums and numeric and not (spec.pair_first and pairs):
                found += [(m, "sum") for m in self.subsets(pool & ~pairs, value, 2)]
            found += [(m, "build") for m in builds]
        if spec.total is not None and numeric and not (spec.total_pair_first and pairs):
            found += [(m, "total") for m in self.subsets(pool, spec.total - value, 1)]
        return found

    def find(self, card: int, table: Table, take: int, *, last: bool = False,
             last_deal: bool = False) -> Capture | None:
        """The legal capture that takes exactly ``take``, or None (``why`` says why not)."""
        whole = table.mask
        if not take or take & ~whole:
            return None
        if self.spec.fewest_cards or self.takes_all[card]:
            for option in self.captures(card, table, last=last, last_deal=last_deal):
                if option.mask == take:
                    return option
            return None
        # The cards taken are checked against the rules directly (their values add up, they are
        # the cards of the rank, whole builds), instead of listing every capture to look for them:
        # a replay always knows what was taken. 2.4 times as fast on the plays of simulated Scopa.
        for value in self.capture_values[card]:
            kind = self.taken_as(card, value, table, take)
            if kind is not None:
                return Capture(take, kind, self.sweep_ok[last, last_deal] and take == whole)
        return None

    @property
    def counter(self) -> Counter:
        """The rule set's counter, built once (replays count many hands)."""
        if self._counter is None:
            from scorekeeper.scoring.count import Counter

            self._counter = Counter(self.rules)
        return self._counter

    # --- words ------------------------------------------------------------------------------

    def describe(self, mask: int) -> str:
        """Cards of a mask joined with ``+``, lowest value first, e.g. ``3c + 4d``."""
        order = sorted(indexes(mask), key=lambda i: (self.value[i], i))
        return " + ".join(self.names[i] for i in order) or _("nothing")

    def counts(self, card: int) -> str:
        """How a card counts, said so that a surprise (a Wall Street King is 7) is visible."""
        name = self.names[card]
        if self.pair_only >> card & 1:
            return _("the {card} has no value in sums (it only pairs)").format(card=name)
        return _("the {card} counts {values}").format(card=name, values=or_list(map(str, self.capture_values[card])))


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def indexes(mask: int) -> list[int]:
    """The deck indexes of a mask, lowest first."""
    out = []  # one pass, not _bits then a list of their lengths: a simulated hand asks for 70 of these
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _fewest(found: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Only the sum captures with the fewest cards stay; pairs and other kinds are untouched."""
    sizes = [mask.bit_count() for mask, kind in found if kind == "sum"]
    return [(mask, kind) for mask, kind in found if kind != "sum" or mask.bit_count() == min(sizes)]


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
                raise TooManyCaptures(MAX_STEPS, "steps")
            if not groups[j] & used:
                union = used | groups[j]
                out.add(union | required)
                if len(out) > MAX_CAPTURES:
                    raise TooManyCaptures(MAX_CAPTURES, "captures")
                walk(j + 1, union)

    walk(0, 0)
    return sorted(out, key=lambda m: (m.bit_count(), m))

