"""A rule set's capture section compiled once into per-card tables over its deck, and the words
that read them.

Every play reads these tables, never the rule set: each card's values, the table cards it pairs
with and can reach, its class (the cards the rules see alike), the byte tables that count a mask's
classes and name its cards. ``capture.CaptureEngine`` is these tables with the capture generator
over them and the answers it keeps.
"""

from __future__ import annotations

from collections.abc import Iterable

from scorekeeper._words import or_list
from scorekeeper.cards import Card, Rank
from scorekeeper.errors import RuleSetError
from scorekeeper.i18n import _
from scorekeeper.play._masks import BYTE_INDEXES, indexes
from scorekeeper.rules.ruleset import RuleSet


class CardTables:
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
        # by their classes (``by_ranks``): a low card sees few of them, met again and again.
        self.reach = [self.mates[i] | (deck.mask(c for c, v in zip(cards, self.value, strict=True)
                                                 if v <= self._limit(i)) & self.sum_pool if self.numeric_card[i] else 0)
                      for i in range(len(cards))]
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
        # (``_by_ranks``, by card); combined captures (Cassino's unions, listed by size and mask, for
        # each value the card takes with) are kept so where there are no totals, and put back in that
        # order.
        worth = {self.class_of[i]: self.value[i] for i in range(len(cards))}
        self.by_ranks = alike and (len(set(worth.values())) == len(worth) if not spec.combine else spec.total is None)
        self._order = [(self.value[i] << 7 | self.class_of[i]) << 7 | i for i in range(len(cards))]
        self._name_bytes = [[" ".join(self.names[i] for i in BYTE_INDEXES[256 * at + byte] if i < len(cards))
                             for byte in range(256)] for at in range((len(cards) + 7) // 8)]

    def _limit(self, card: int) -> int:
        """The highest table value that can take part in a sum or total made with ``card``."""
        total = self.spec.total
        return max(v if total is None else max(v, total - v) for v in self.capture_values[card])

    def pairing(self, card: int) -> str:
        """How this card pairs: with one equal card, every equal card, or none (courts may differ)."""
        if self.spec.court_takes is not None and self.pair_only >> card & 1:
            return self.spec.court_takes
        return self.spec.pairing

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
