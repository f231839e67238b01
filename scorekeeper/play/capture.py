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

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from scorekeeper.cards import Rank, bits_of
from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import _
from scorekeeper.play._masks import Build, Capture, Table, fewest, indexes, kind_of, new_tuple
from scorekeeper.play._tables import CardTables
from scorekeeper.rules.ruleset import RuleSet

if TYPE_CHECKING:
    from scorekeeper.scoring.count import Counter

__all__ = ["MAX_CAPTURES", "MAX_STEPS", "Build", "Capture", "CaptureEngine", "IllegalPlayError",  # not for players
           "Table", "TooManyCaptures", "indexes"]  # not for players: names


class IllegalPlayError(ScorekeeperError, ValueError):
    """A play the rules do not allow; the message says why in a player's words."""


#: Bounds on working out the captures of one card, so that a table no deal or play could make (the
#: whole pack face up, in a file someone sent) is refused at once instead of working for hours.
#: Far above what a real table gives: the worst legal table found (Sbarazzina, all twelve courts,
#: which count 0 and may join any fifteen, and the 6s and 7s, a 2 played) has 65,536 captures.
MAX_CAPTURES = 100_000
#: Steps (subsets or unions tried) of one enumeration.
MAX_STEPS = 1_000_000
#: Lists of captures, and rulings, the engine keeps (each by ranks) before starting afresh.
MAX_KEPT = 100_000


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


class CaptureEngine(CardTables):
    """The capture generator over a rule set's tables (``CardTables``): listing a card's captures,
    checking a given take and asking whether there is any are one search, narrowed; the answers
    it works out are kept by what the rules make them depend on."""

    def __init__(self, rules: RuleSet, enabled: Iterable[str] = (), counts_as: tuple[int, Rank] | None = None) -> None:
        super().__init__(rules, enabled, counts_as)
        self._named: dict[Rank, CaptureEngine] = {}  # see as_named
        self._counter: Counter | None = None
        self._rulings: dict[int, str] = {}  # rulings by _ruling_key
        self._prepared: tuple[int, list[int], list[int], list[int], int] = (-1, [], [], [], 0)  # see subsets
        # Captures by ranks (see by_ranks): the table's cards in the search's order and the captures on
        # them; combined captures, all read at every use, as places in that order.
        self._by_ranks: dict[int, tuple[list[int], list[tuple[Any, str]], int]] = {}

    def as_named(self, rank: Rank) -> CaptureEngine:
        """The engine a hand is played on once the matta (``opening_wild``) is named ``rank`` in its
        holder's declaration: where the rules play it as named (``wild_as_named``), one on which it
        counts as a card of that rank, made once a rank; else this one (it stays a plain card)."""
        spec = self.spec
        if not spec.wild_as_named or self.wild is None:
            return self
        named = self._named.get(rank)
        if named is None:
            named = self._named[rank] = CaptureEngine(self.rules, self.enabled, (self.wild, rank))
        return named

    # --- enumeration ------------------------------------------------------------------------

    def subsets(self, pool: int, target: int, min_size: int, most: int = 0) -> list[int]:
        """Every subset of ``pool`` (a mask) whose values add up to ``target``, of ``min_size`` or
        more; the first ``most`` only, if given (1: whether there is one)."""
        if target < 0 or pool.bit_count() < min_size:
            return []
        # The pool's cards by falling value, and what those from each on add up to: kept for the
        # last pool, asked again for each value a player could build (simulate) and for the sums.
        prepared = self._prepared
        if prepared[0] != pool:
            value = self.value
            items = []
            rest = pool
            while rest:
                low = rest & -rest
                items.append((value[low.bit_length() - 1], low))
                rest ^= low
            items.sort(reverse=True)
            values = [v for v, _ in items]
            suffix = [0] * (len(items) + 1)
            for k in range(len(items) - 1, -1, -1):
                suffix[k] = suffix[k + 1] + values[k]
            # Cards worth 0 (Sbarazzina's courts) come last: while something is still to make, a path
            # through one of them leads nowhere, so they are tried only once the sum is made.
            self._prepared = prepared = (pool, values, [b for _, b in items], suffix, len(values) - values.count(0))
        _, values, bits, suffix, worthy = prepared
        n = len(values)
        # Depth first over the cards by falling value, on a stack of (next card, still to make,
        # mask, size): simulate draws from the order found.
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
                if len(out) == most:
                    return out
                if len(out) > MAX_CAPTURES:
                    raise TooManyCaptures(MAX_CAPTURES, "captures")
            if suffix[k] < remaining:
                continue
            for j in range((worthy if remaining else n) - 1, k - 1, -1):  # pushed last first, so taken in order
                worth = values[j]
                if worth > remaining:  # the values rise as j falls: none further fits
                    break
                push((j + 1, remaining - worth, mask | bits[j], size + 1))
        return out

    def captures(self, card: int, table: Table, *, last: bool = False, last_deal: bool = False,
                 draw: Callable[[int], int] | None = None) -> list[Capture]:
        """Every legal capture of the card (a deck index) on this table; empty: it must be laid down.

        ``last``: the last play of the hand; ``last_deal``: a play of the last deal of the pack.
        ``draw``: given how many there are, the place of one (``random.Random.randrange``, as
        ``choice`` draws): that one alone, the others not made (simulate plays one of many).
        """
        whole = table.mask if table.builds else table.loose
        sweeps = self.sweep_ok[last, last_deal]
        if self.takes_all[card] and self._takes_all(card, whole):
            if draw:
                draw(1)  # the one capture drawn as from a list of one
            return [Capture(whole, "ace", sweeps and self.spec.ace_sweep_counts)]
        return [new_tuple(Capture, (mask, kind, sweeps and mask == whole))
                for mask, kind in self._listed(card, table, draw=draw)]

    def find(self, card: int, table: Table, take: int, *, last: bool = False,
             last_deal: bool = False) -> Capture | None:
        """The legal capture that takes exactly ``take``, or None (``why`` says why not): looked for
        in the card's captures kept for this table, else in those listed within the cards taken
        (all of them where the fewest cards must be taken)."""
        whole = table.mask if table.builds else table.loose
        if not take or take & ~whole:
            return None
        if self.takes_all[card] and self._takes_all(card, whole):
            sweeps = self.sweep_ok[last, last_deal] and self.spec.ace_sweep_counts
            return Capture(whole, "ace", sweeps) if take == whole else None
        key = self._ruling_key(card, table, take)
        kind = self._rulings.get(key) if key else None
        if kind is None:
            kind = ""
            for mask, found in self._listed(card, table, -1 if self.spec.fewest_cards else take):
                if mask == take:
                    kind = found
                    break
            if key:
                self._keep(key, kind)
        return new_tuple(Capture, (take, kind, take == whole and self.sweep_ok[last, last_deal])) if kind else None

    def can_capture(self, card: int, table: Table) -> bool:
        """Whether the card has any legal capture on this table: ``bool(self.captures(card, table))``."""
        if self.takes_all[card] and self._takes_all(card, table.mask):
            return True
        if not table.builds and not table.loose & self.reach[card]:  # a capture is of the cards the card reaches
            return False
        key = self._ruling_key(card, table, 0)
        ruling = self._rulings.get(key) if key else None
        if ruling is None:
            ruling = "any" if self._listed(card, table, first=True) else ""
            if key:
                self._keep(key, ruling)
        return bool(ruling)

    def _ruling_key(self, card: int, table: Table, take: int) -> int:
        """The card's class, the classes of the loose table cards it can reach (where the ruling reads
        them) and of those ``take`` holds, the builds of its value on the table and those ``take``
        holds (a build is taken whole, as one group: its cards change no ruling), as one integer,
        where the engine rules on classes alone; else 0."""
        if not self.alike:
            return 0
        builds = 0
        if table.builds:
            values = self.capture_values[card] if self.numeric_card[card] else ()
            other = take & ~table.loose  # cards taken from builds
            for build in table.builds:
                if build.value in values:
                    held = build.mask & take
                    if held and held != build.mask:  # part of a build: no ruling kept
                        return 0
                    builds += 257 if held else 1  # each counted in the low byte, those held in the high too
                    other &= ~held
            if other:  # a build of another value taken: no ruling kept
                return 0
            take &= table.loose
        reach, reads_table, tag = self._key_parts[card]
        near = table.loose & reach if reads_table or not take else 0
        size, tables = self._ruling_size, self._ruling_bytes
        if take & (take - 1):  # several cards: the table's and the take's counted in one pass
            counts = sum(map(list.__getitem__, tables, (near | take << 8 * size).to_bytes(2 * size, "little")))
        else:  # none or one (most captures): its class's count added to the table's
            counts = sum(map(list.__getitem__, tables, near.to_bytes(size, "little")))
            counts += self._take_units[take.bit_length()]
        return (counts << 16 | builds) << 9 | tag

    def _keep(self, key: int, ruling: str) -> None:
        if len(self._rulings) >= MAX_KEPT:
            self._rulings.clear()
        self._rulings[key] = ruling

    def may_lay(self, card: int, table: Table) -> bool:
        """Whether the card may be laid on the table: it captures nothing, or the rules let a card
        that can capture be laid down all the same (``must_capture`` off)."""
        return not (self.must_capture and self.can_capture(card, table))

    def _takes_all(self, card: int, whole: int) -> bool:
        """Whether the card is an ace that takes the whole table under the rule set's ace rule."""
        return self.takes_all[card] and bool(whole) and (self.spec.ace_takes_all == "always" or not whole & self.aces)

    def _listed(self, card: int, table: Table, within: int = -1, first: bool = False,
                draw: Callable[[int], int] | None = None) -> list[tuple[int, str]]:
        """The captures of the card other than an ace's taking all, each with its kind, no mask twice,
        in the order ``simulate`` draws from. Narrowed as a replay asks: only those within the cards
        ``within``, or (``first``) one at most, to know whether there is any; or as simulate asks,
        the one at the place ``draw`` gives for their number (none drawn from none). The full list is
        kept by ranks (``by_ranks``): by the card's class and the classes of the table cards it can
        reach (and the builds of each value it may take, for combined captures); a rule set whose
        lists do not hold across such tables keeps none."""
        key = -1  # where the list is kept: -1 nowhere
        near = 0
        builds: list[int] = []  # on a table with builds, those the card may take
        # Whether there is a capture (``first``) is worked out to the first capture found, never
        # kept here: ``can_capture`` keeps its ruling. A table with builds keeps its list where a
        # build is a group of combined captures, taken whole: by how many of each value the card
        # may take, each read as a place after the table's cards.
        keeps = self.by_ranks and within == -1 and not first
        built = 0  # how many builds of each value, a byte each above the table's classes
        if table.builds:
            keeps = keeps and self.spec.combine
            for at, value in enumerate(self.capture_values[card] if keeps and self.numeric_card[card] else ()):
                of_value = [b.mask for b in table.builds if b.value == value]  # in table order
                builds += of_value
                built += len(of_value) << 64 + 8 * at
        if keeps:
            near = table.loose & self.reach[card]
            if not near and not builds:  # a capture is of the cards the card reaches, and of builds
                return []
            tables = self._rank_bytes
            counts = sum(map(list.__getitem__, tables, near.to_bytes(len(tables), "little"))) | built
            key = counts << 8 | self.class_of[card]
            kept = self._by_ranks.get(key)
            if kept is not None:
                was, out, split = kept
                if not out:  # no capture (most cards laid down): the cards' order is not needed
                    return []
                if len(out) > MAX_CAPTURES:  # kept under a bound since lowered: refused as if new
                    raise TooManyCaptures(MAX_CAPTURES, "captures")
                order = sorted(indexes(near), key=self._order.__getitem__, reverse=True)
                if self.spec.combine:  # kept as places in the table's cards, put back in order: by size, then mask
                    units = [1 << placed for placed in order] + builds
                    out = [(sum(map(units.__getitem__, places)), kind) for places, kind in out]
                    # Each value's captures by size, then mask (an ace's as 1 first, then as 14).
                    out = sorted(out[:split], key=_size_mask) + sorted(out[split:], key=_size_mask)
                    return [out[draw(len(out))]] if draw else out
                # Kept as the cards of the table it was worked out on: only what is asked for is moved
                # onto this table's, each card onto the one in its place.
                out = [out[draw(len(out))]] if draw else out
                if order != was:
                    bit = dict(zip(was, map((1).__lshift__, order), strict=True)).__getitem__
                    out = [(sum(map(bit, indexes(mask))), kind) for mask, kind in out]
                return out
        values = self.capture_values[card]
        found = self._found(card, values[0], table, within, first)
        # The first value's captures, listed first, counted where the list is kept (an ace's as 1).
        heads = {mask for mask, _ in found} if key >= 0 and len(values) > 1 else ()
        for value in values[1:]:
            if first and found:
                break
            found += self._found(card, value, table, within, first)
        if self.spec.fewest_cards and found:
            found = fewest(found)
        if len(found) > 1 and len({mask for mask, _ in found}) < len(found):
            unique: dict[int, str] = {}  # the same cards taken two ways (a pair that is also a total) listed once
            for mask, kind in found:
                unique.setdefault(mask, kind)
            found = list(unique.items())
        if key >= 0:
            if len(self._by_ranks) >= MAX_KEPT:
                self._by_ranks.clear()
            # Kept with the table's cards in the search's order: another table of the same classes
            # reads them as the cards in the same places of its own.
            order = sorted(indexes(near), key=self._order.__getitem__, reverse=True)
            if self.spec.combine:  # every capture is read at every use: as places, read without a look-up
                units = [1 << placed for placed in order] + builds
                self._by_ranks[key] = (order, [(tuple(at for at, unit in enumerate(units) if mask & unit), kind)
                                               for mask, kind in found], sum(mask in heads for mask, _ in found))
            else:
                self._by_ranks[key] = (order, found, 0)
        return [found[draw(len(found))]] if draw and found else found

    def _found(self, card: int, value: int, table: Table, within: int, first: bool) -> list[tuple[int, str]]:
        """The captures of the card counting ``value`` within the cards ``within`` (the first only,
        with ``first``), each with its kind; what the whole table holds (the cards of the rank that
        must go along, a pairing that bars sums) is read from the whole table."""
        spec = self.spec
        most = 1 if first else 0
        pairing = self.pairings[card]
        loose = table.loose
        pairs = loose & self.mates[card]
        numeric = self.numeric_card[card]
        pool = loose & self.sum_pool & within
        found: list[tuple[int, str]] = []
        builds = [b.mask for b in table.builds if b.value == value and not b.mask & ~within] \
            if numeric and table.builds else []
        if spec.combine:
            groups = bits_of(pairs & within) if pairing == "one" else []
            required = pairs if pairing == "all" else 0
            if first and (groups or builds or required):  # a capture without looking for sums
                sums = []
            else:
                sums = self.subsets(pool, value, 2, most) if spec.sums and numeric else []
            items = groups + sums + builds
            found += sorted(((m, kind_of(m, pairs, builds)) for m in _unions(items[:1] if first else items, required)
                             if pairing != "one" or (m & pairs).bit_count() <= 1), key=_size_mask)
        else:
            if pairing == "one":
                found += [(bit, "pair") for bit in bits_of(pairs & within)]
            elif pairing == "all" and pairs:
                found.append((pairs, "pair"))
            if spec.sums and numeric and not (spec.pair_first and pairs) and not (first and found):
                found += [(m, "sum") for m in self.subsets(pool & ~pairs, value, 2, most)]
            found += [(m, "build") for m in builds]
        if spec.total is not None and numeric and not (spec.total_pair_first and pairs) and not (first and found):
            found += [(m, "total") for m in self.subsets(pool, spec.total - value, 1, most)]
        return found

    @property
    def counter(self) -> Counter:
        """The rule set's counter, built once (replays count many hands)."""
        if self._counter is None:
            from scorekeeper.scoring.count import Counter

            self._counter = Counter(self.rules)
        return self._counter

def _unions(groups: list[int], required: int) -> set[int]:
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
    return out


def _size_mask(found: tuple[int, str]) -> tuple[int, int]:
    """A combined capture's place in its list: by size, then mask (``_found``'s order, and a kept list's)."""
    return found[0].bit_count(), found[0]

