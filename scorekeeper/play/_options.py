"""The captures of a card on a table of loose cards, worked out once per kind of table and kept.

What a card may take from loose cards depends only on what the rules see of each card: the played
card's rank and the values it counts (its *play class*), and each table card's rank and table
value (its *table class*). The engine's list of captures, in the order ``simulate`` draws from,
is then the same for every table holding the same classes in the same order, read as positions
in that table instead of deck bits.

Which order: the engine lists sums and fifteens over the cards by falling value, then falling
deck index, and pairs by rising deck index among cards of one rank (one class): so where it never
compares masks (no Cassino-style combining) a table is read in that order, and two tables with
the same classes share their captures whatever the suits (Scopa: the table 3c 4d and 3h 4s). The
combining games sort their captures as masks, which depends on the deck order of every card, so
their tables are read in deck order.

Kept this way, 2,000 simulated Scopa hands asked the engine for 3,159 of their 72,000 plays, and
a look-up costs about a sixtieth of asking the engine (0.3 against 17 to 26 us).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING

from scorekeeper.play import capture as _capture

if TYPE_CHECKING:
    from scorekeeper.play.capture import CaptureEngine

#: One capture in positions of the table read (from ``cut``): the positions taken, highest first
#: (so that deleting them one by one leaves the others in place), and whether it sweeps where the
#: rules let a play sweep (the whole table read; an ace's, if its sweep counts).
Option = tuple[tuple[int, ...], bool]

#: Kinds of table kept in all, shared out among the play classes, each class's starting afresh
#: when full: about 250 bytes each, 25 MB at most (2,000 Kasino hands keep 64,600, 16 MB).
MAX_KEPT = 100_000


class LooseOptions:
    """An engine's captures on tables without builds, kept by the classes of the cards they saw.

    A table is a list of *codes*, rising: ``code[card]`` puts the cards in the order the engine
    reads them, ``card_of[code]`` gives the card back. Where every table class has a value of its
    own (Scopa, Escoba; not Sbarazzina, whose courts all count 0), the classes on a table, in that
    order, are known from how many cards of each class it holds: ``counted`` is True, and a table
    is also kept as an integer, a field of ``unit[card]`` per class by rising value, so that one
    addition or subtraction a play keeps it, and ``key & low[card]`` is what ``card`` reads of it
    (instead of a tuple of the classes made at each play: 711,000 -> 538,000 instructions a Scopa
    hand, valgrind)."""

    def __init__(self, engine: CaptureEngine) -> None:
        self.engine = engine
        spec, cards = engine.spec, engine.deck.cards
        size = len(cards)
        top = max(engine.value, default=0)
        plays: dict[tuple[object, ...], int] = {}
        self.play_class = [plays.setdefault((c.rank, engine.capture_values[i]), len(plays))
                           for i, c in enumerate(cards)]
        self.kept: list[dict[object, list[Option]]] = [{} for _kind in plays]
        self.most = max(1, MAX_KEPT // (len(plays) or 1))  # kept per play class
        # The classes numbered by rising value, so that the fields a card reads are the low ones.
        kinds = sorted({(engine.value[i], c.rank) for i, c in enumerate(cards)})
        table_class = [kinds.index((engine.value[i], c.rank)) for i, c in enumerate(cards)]
        if spec.combine:
            self.code = list(range(size))
            self.cut = [0] * size
        else:
            self.code = [(top - engine.value[i]) * size + size - 1 - i for i in range(size)]
            # A card worth more than any sum or total the played card makes, and of another rank,
            # takes no part in its captures (values are never negative): those cards lead the table
            # in this order, and only the codes from ``cut[card]`` on are read. The low cards of
            # Scopa then see small tables, met again and again: 2,000 hands asked the engine
            # 13,200 -> 3,200 times. (An ace that takes the whole table reads it all.)
            self.cut = [0 if engine.takes_all[i] else max(0, top - self.limit(i)) * size for i in range(size)]
        self.card_of = [0] * (max(self.code, default=0) + 1)
        for i, code in enumerate(self.code):
            self.card_of[code] = i
        self.class_of = [table_class[card] for card in self.card_of]  # by code
        self.counted = not spec.combine and len({value for value, _rank in kinds}) == len(kinds)
        width = max(table_class.count(k) for k in range(len(kinds))).bit_length() if kinds else 1
        self.unit = [1 << width * table_class[i] for i in range(size)]
        self.low = [(1 << width * len([k for k in kinds if k[0] <= self.limit(i)])) - 1 if self.cut[i] else -1
                    for i in range(size)]
        # The bounds the kept lists were worked out under: a lowered bound (a test's) starts afresh.
        self.bounds = (_capture.MAX_CAPTURES, _capture.MAX_STEPS)

    def limit(self, card: int) -> int:
        """The highest table value that takes part in a capture of ``card`` (not by its rank)."""
        total = self.engine.spec.total
        return max(value if total is None else max(value, total - value) for value in self.engine.capture_values[card])

    def check_bounds(self) -> None:
        """Start afresh if the engine's bounds changed since the kept lists were worked out (a test
        lowers them to see a table refused): a kept list would let a refused table through."""
        if self.bounds != (_capture.MAX_CAPTURES, _capture.MAX_STEPS):
            self.bounds = (_capture.MAX_CAPTURES, _capture.MAX_STEPS)
            for kept in self.kept:
                kept.clear()

    def options(self, card: int, loose: list[int], key: int) -> list[Option]:
        """The captures of ``card`` (a deck index) on the ``loose`` cards (codes, rising; ``key``:
        the table as ``unit`` counts), in the engine's order, in positions from ``cut[card]`` on;
        empty: the card is laid down. ``check_bounds`` first, once in a while."""
        kept = self.kept[self.play_class[card]]
        start = bisect_left(loose, self.cut[card])
        seen = loose[start:]
        kind: object = key & self.low[card] if self.counted else tuple(map(self.class_of.__getitem__, seen))
        found = kept.get(kind)
        if found is None:
            found = self.work_out(card, seen)
            if len(kept) >= self.most:
                kept.clear()
            kept[kind] = found
        return found

    def work_out(self, card: int, seen: list[int]) -> list[Option]:
        """The captures of ``card`` on the table cards ``seen`` (codes, rising), asked of the engine."""
        engine = self.engine
        cards = [self.card_of[code] for code in seen]
        whole = 0
        for index in cards:
            whole |= 1 << index
        out: list[Option] = []
        ace_sweeps = engine.spec.ace_sweep_counts
        for capture in engine.captures(card, _capture.Table(whole)):
            mask = capture.mask
            taken = tuple(k for k in range(len(cards) - 1, -1, -1) if mask >> cards[k] & 1)
            out.append((taken, ace_sweeps if capture.kind == "ace" else mask == whole))
        return out
