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
from scorekeeper.cards import Card, Rank, bits_of
from scorekeeper.errors import RuleSetError, ScorekeeperError
from scorekeeper.i18n import _
from scorekeeper.play._masks import BYTE_INDEXES, Build, Capture, Table, fewest, indexes, kind_of, new_tuple
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
#: Lists of captures the engine keeps (by card and the table cards it can reach) before starting afresh.
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



class CaptureEngine:
    """A rule set's capture section made ready: per-card values and rank masks over its deck."""

    def __init__(self, rules: RuleSet, enabled: Iterable[str] = (), counts_as: tuple[int, Rank] | None = None) -> None:
        if rules.capture is None:
            raise RuleSetError(_("{rules} has no capture section, so its plays cannot be checked").format(
                rules=rules.id))
        self.rules = rules
        self.spec = spec = rules.capture
        self.deck = deck = rules.cards
        cards = deck.cards
        # Each card's rank as the rules see it: its own, or for the card ``counts_as`` names (its
        # deck index) the rank it counts as (Cirulla's matta named in a declaration, ``as_named``).
        ranks = [c.rank for c in cards]
        if counts_as is not None:
            ranks[counts_as[0]] = counts_as[1]
        self.value = [spec.values[r.value] for r in ranks]
        self.hand_value = [spec.hand_values.get(str(c), spec.hand_values.get(r.value, v))
                           for c, r, v in zip(cards, ranks, self.value, strict=True)]
        # Every value a played card may take with: its hand value, or the one its player may
        # choose instead (Royal Cassino's ace, 1 or 14).
        self.capture_values = [(h,) + tuple(x for x in (spec.choice_values.get(r.value),) if x not in (None, h))
                               for r, h in zip(ranks, self.hand_value, strict=True)]
        # A card pairs with a card of its rank only when that card is worth on the table what the
        # played one is worth from the hand: in Finnish Kasino an ace (14 from the hand) does not
        # take a table ace (1), nor the 2s (15) a 2, nor the 10d (16) a 10 (korttipelit.net, pagat).
        self.same_rank = [deck.mask(o for o, q, v in zip(cards, ranks, self.value, strict=True)
                                    if q == r and v in self.capture_values[i]) for i, r in enumerate(ranks)]
        self.pair_only = deck.mask(c for c, r in zip(cards, ranks, strict=True) if r.value in spec.pair_only)
        self.aces = deck.mask(c for c, r in zip(cards, ranks, strict=True) if r is Rank.ACE)
        self.names = [str(c) for c in cards]
        # A game that scores no sweeps (Spade Cassino) has none to record.
        # An optional sweeps category (Spade Cassino's, "when the players agree") counts only when
        # it is turned on (``enabled``: a record's ``with``).
        self.enabled = tuple(enabled)
        self.scores_sweeps = rules.counts_sweeps(self.enabled)
        self._named: dict[Rank, CaptureEngine] = {}  # see as_named
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
        # The table cards that can take part in a capture of each card: those it pairs with, and
        # those worth no more than the largest sum or total it makes (values are never negative).
        # Its captures on a table without builds are those on these cards alone, so they are kept
        # by them (``_kept``): a low card sees few of them, met again and again.
        self.reach = [self.mates[i] | (deck.mask(c for c, v in zip(cards, self.value, strict=True)
                                                 if v <= self._limit(i)) & self.sum_pool if self.numeric_card[i] else 0)
                      for i in range(len(cards))]
        self._kept: dict[int, list[tuple[int, str]]] = {}
        self.must_capture = spec.must_capture
        # The cards of the rank that voids a dealt table (``deals.misdeal``): Scopa's Kings; the deck
        # index of the wild card of a dealt table (``deals.opening``): Cirulla's matta.
        self.redeal = deck.rank_mask(Rank(spec.deal.redeal_rank)) if spec.deal.redeal else 0
        self.wild = deck.index.get(Card.parse(spec.opening_wild)) if spec.opening_wild else None
        # Whether a ruling on what the card takes reads the rest of the table: a pair that bars sums
        # or must go along, or the fewest cards to take; else it reads the cards taken alone.
        self.reads_table = [bool(self.mates[i]) or spec.fewest_cards for i in range(len(cards))]
        # Cards the rules see alike (values, pairing, worth, and the rank where the card pairs by it)
        # are of one class: a rank, part of one (Kasino's 10d, worth 16 from the hand, is a class of
        # its own), or several (Sbarazzina's courts, all worth 0, pair with nothing). Where every
        # card pairs with and reaches whole classes, a ruling on a table holds for every table of
        # the same classes: ``find`` and ``can_capture`` keep theirs by the card's class and the
        # classes of the table cards it can reach and of the take (0: whether it takes anything),
        # each counted in the bits that hold its number of cards.
        classes: dict[tuple[object, ...], int] = {}
        self.class_of = [classes.setdefault((ranks[i] if self.mates[i] else None, self.value[i], self.capture_values[i],
                                             self.pairings[i], self.numeric_card[i], self.takes_all[i]), len(classes))
                         for i in range(len(cards))]
        members = [deck.mask(c for i, c in enumerate(cards) if self.class_of[i] == k) for k in range(len(classes))]
        width = max(map(int.bit_count, members), default=0).bit_length()
        alike = len(classes) * width <= 64
        for i, k in enumerate(self.class_of):
            first = (members[k] & -members[k]).bit_length() - 1
            for masks in (self.mates, self.reach):
                alike = alike and masks[i] == masks[first] and all(masks[i] & whole in (0, whole) for whole in members)
        self.alike = alike
        units = [1 << width * k for k in self.class_of]
        self._rank_bytes = [[sum(units[8 * at + k] for k in range(8) if byte >> k & 1 and 8 * at + k < len(units))
                             for byte in range(256)] for at in range((len(units) + 7) // 8)]
        self._rulings: dict[int, str] = {}
        # The same tables for the take, 64 bits higher: the classes of the reachable table cards and
        # of the take counted in one pass over the bytes of ``near | take << 8 * size``.
        self._ruling_bytes = self._rank_bytes + [[count << 64 for count in counts] for counts in self._rank_bytes]
        self._ruling_size = len(self._rank_bytes)
        self._take_units = [0] + [unit << 64 for unit in units]  # by a one-card take's bit length
        # What a ruling's key reads of each card, in one look-up: its reach, whether the ruling reads
        # the rest of the table, its class in the key's low bits (the lowest set: 0 means no key).
        self._key_parts = [(self.reach[i], self.reads_table[i], self.class_of[i] << 1 | 1) for i in range(len(cards))]
        # Where, besides, every class has a value of its own, the captures on tables of the same
        # classes are the same, in the same order, read as places in the table's cards by falling
        # value, class, deck index (the search's order): the list is kept once for all such tables
        # (``_by_ranks``, by card); combined captures (Cassino's unions, listed by size and mask)
        # are kept so where there are no totals, for cards of one value, and put back in that order.
        worth = {self.class_of[i]: self.value[i] for i in range(len(cards))}
        self.by_ranks = [alike and (len(set(worth.values())) == len(worth) if not spec.combine else
                                    spec.total is None and len(values) == 1) for values in self.capture_values]
        self._order = [(self.value[i] << 7 | self.class_of[i]) << 7 | i for i in range(len(cards))]
        self._by_ranks: dict[int, list[tuple[tuple[int, ...], str]]] = {}
        self._name_bytes = [[" ".join(self.names[i] for i in BYTE_INDEXES[256 * at + byte] if i < len(cards))
                             for byte in range(256)] for at in range((len(cards) + 7) // 8)]

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

    def _limit(self, card: int) -> int:
        """The highest table value that can take part in a sum or total made with ``card``."""
        total = self.spec.total
        return max(v if total is None else max(v, total - v) for v in self.capture_values[card])

    def subsets(self, pool: int, target: int, min_size: int, most: int = 0) -> list[int]:
        """Every subset of ``pool`` (a mask) whose values add up to ``target``, of ``min_size`` or
        more; the first ``most`` only, if given (1: whether there is one)."""
        if target < 0 or pool.bit_count() < min_size:
            return []
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
        # Cards worth 0 (Sbarazzina's courts) come last: while something is still to make, a path
        # through one of them leads nowhere, so they are tried only once the sum is made.
        worthy = n - values.count(0)
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

    def pairing(self, card: int) -> str:
        """How this card pairs: with one equal card, every equal card, or none (courts may differ)."""
        if self.spec.court_takes is not None and self.pair_only >> card & 1:
            return self.spec.court_takes
        return self.spec.pairing

    def captures(self, card: int, table: Table, *, last: bool = False, last_deal: bool = False) -> list[Capture]:
        """Every legal capture of the card (a deck index) on this table; empty: it must be laid down.

        ``last``: the last play of the hand; ``last_deal``: a play of the last deal of the pack.
        """
        whole = table.mask if table.builds else table.loose
        sweeps = self.sweep_ok[last, last_deal]
        if self.takes_all[card] and self._takes_all(card, whole):
            return [Capture(whole, "ace", sweeps and self.spec.ace_sweep_counts)]
        return [new_tuple(Capture, (mask, kind, sweeps and mask == whole)) for mask, kind in self._listed(card, table)]

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

    def _listed(self, card: int, table: Table, within: int = -1, first: bool = False) -> list[tuple[int, str]]:
        """The captures of the card other than an ace's taking all, each with its kind, no mask twice,
        in the order ``simulate`` draws from. Narrowed as a replay asks: only those within the cards
        ``within``, or (``first``) one at most, to know whether there is any. A table without builds
        has its full list kept by the card and the table cards it can reach."""
        key = -1  # where the list is kept: -1 nowhere
        near = 0
        # Whether there is a capture is asked for every card laid down: kept by ranks (but where
        # unions are put back in order), or else worked out to the first capture found.
        if not table.builds and within == -1 and (self.by_ranks[card] and not self.spec.combine or not first):
            near = table.loose & self.reach[card]
            if self.by_ranks[card]:
                tables = self._rank_bytes
                counts = sum(map(list.__getitem__, tables, near.to_bytes(len(tables), "little")))
                key = counts << 8 | self.class_of[card]
                placed = self._by_ranks.get(key)
                if placed is not None:
                    if not placed:  # no capture (most cards laid down): the cards' order is not needed
                        return []
                    if len(placed) > MAX_CAPTURES:  # kept under a bound since lowered: refused as if new
                        raise TooManyCaptures(MAX_CAPTURES, "captures")
                    order = sorted(indexes(near), key=self._order.__getitem__, reverse=True)
                    bit = (1).__lshift__
                    out = [(sum(map(bit, map(order.__getitem__, places))), kind) for places, kind in placed]
                    if self.spec.combine:  # by size, then mask, as _unions lists them
                        out.sort(key=lambda found: (found[0].bit_count(), found[0]))
                    return out[:1] if first else out
            else:
                key = near << 7 | card
                kept = self._kept.get(key)
                if kept is not None:
                    if len(kept) > MAX_CAPTURES:  # kept under a bound since lowered: refused as if new
                        raise TooManyCaptures(MAX_CAPTURES, "captures")
                    return kept[:1] if first else kept
            first = False  # worked out whole, then kept
        values = self.capture_values[card]
        found = self._found(card, values[0], table, within, first)
        for value in values[1:]:
            if first and found:
                break
            found += self._found(card, value, table, within, first)
        if self.spec.fewest_cards and found:
            found = fewest(found)
        if len(found) > 1:  # the same cards taken two ways (a pair that is also a total) listed once
            unique: dict[int, str] = {}
            for mask, kind in found:
                unique.setdefault(mask, kind)
            found = list(unique.items())
        if key >= 0 and self.by_ranks[card]:
            if len(self._by_ranks) >= MAX_KEPT:
                self._by_ranks.clear()
            order = sorted(indexes(near), key=self._order.__getitem__, reverse=True)
            place = {card: at for at, card in enumerate(order)}.__getitem__
            self._by_ranks[key] = [(tuple(map(place, indexes(mask))), kind) for mask, kind in found]
        elif key >= 0:
            if len(self._kept) >= MAX_KEPT:
                self._kept.clear()
            self._kept[key] = found
        return found

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
            found += [(m, kind_of(m, pairs, builds)) for m in _unions(items[:1] if first else items, required)
                      if pairing != "one" or (m & pairs).bit_count() <= 1]
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

    # --- words ------------------------------------------------------------------------------

    def text(self, mask: int) -> str:
        """The canonical names of a mask's cards, lowest deck index first, one space apart (the card
        codec's way back: ``scoring.piles.token_bits`` reads them)."""
        return " ".join([part for part in map(list.__getitem__, self._name_bytes,
                                              mask.to_bytes(len(self._name_bytes), "little")) if part])

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

