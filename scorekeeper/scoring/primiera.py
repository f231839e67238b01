"""Primiera: each side's best card of every suit, by the rule set's values, added up.

The scorer counts many hands fast (a table of every suit subset's best value); the detail a
player disputes (which card, which suit is missing) is worked out only when it is explained.
``dispute`` settles a primiera on its own, from the piles the players show.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from scorekeeper.cards import SUITS, Card, Deck, Rank, Suit, suit_names
from scorekeeper.i18n import _
from scorekeeper.rules.ruleset import PrimieraCategory
from scorekeeper.scoring.categories import Explained, Points, Scored, Scorer, names_of


@dataclass(frozen=True)
class PrimieraSide:
    """One side's primiera: its best card per suit, the total, or the suits it lacks."""

    best: dict[Suit, Card]
    total: int | None
    missing: tuple[Suit, ...]

    @property
    def eligible(self) -> bool:
        return not self.missing


class PrimieraScorer(Scorer):
    """Best card of each suit, added up; a side lacking a suit cannot win; a tie scores nobody."""

    spec: PrimieraCategory

    def __init__(self, spec: PrimieraCategory, deck: Deck) -> None:
        super().__init__(spec, deck)
        self.values = {Rank(r): v for r, v in spec.values.items()}
        ranked = tuple(self.values[r] for r in deck.ranks)
        self.order = _ladders(deck, ranked)
        self.shifts = tuple(deck.suit_shift(suit) for suit in SUITS)
        self.suit_bits = (1 << len(deck.ranks)) - 1
        self.best_value = _best_values(ranked)

    def side(self, pile: int) -> PrimieraSide:
        """The primiera of one pile: best card per suit and total, or the suits it lacks."""
        best: dict[Suit, Card] = {}
        total = 0
        missing = []
        for suit, ladder in self.order:
            for bit, value, card in ladder:
                if pile & bit:
                    best[suit] = card
                    total += value
                    break
            else:
                missing.append(suit)
        return PrimieraSide(best, None if missing else total, tuple(missing))

    def sides(self, piles: Points) -> tuple[PrimieraSide, ...]:
        """The primiera of every pile."""
        return tuple(self.side(pile) for pile in piles)

    def total(self, pile: int) -> int | None:
        """The primiera total of one pile, or None if it lacks a suit."""
        total = 0
        for shift in self.shifts:
            held = (pile >> shift) & self.suit_bits
            if not held:
                return None
            total += self.best_value[held]
        return total

    def score(self, piles: Points, sweeps: Points, declared: Points) -> Scored:
        totals = [self.total(pile) for pile in piles]
        points = [0] * len(piles)
        eligible = [t for t in totals if t is not None]
        taker = None
        if eligible:
            top = max(eligible)
            if eligible.count(top) == 1:
                taker = totals.index(top)
                points[taker] = self.spec.points
        return Scored(tuple(points), tuple(piles), taker)

    def explain(self, scored: Scored, sides: Sequence[str]) -> Explained:
        return explain_primiera(self.sides(scored.raw), scored.taker, sides, self.deck)


@cache
def _ladders(deck: Deck, ranked: tuple[int, ...]) -> tuple[tuple[Suit, tuple[tuple[int, int, Card], ...]], ...]:
    """For each suit, its cards from the most valuable down (bit, value, card): the first one held is the best."""
    return tuple((suit, tuple(sorted(((deck.bit(Card(r, suit)), value, Card(r, suit))
                                      for r, value in zip(deck.ranks, ranked, strict=True)),
                                     key=lambda entry: -entry[1])))
                 for suit in SUITS)


@cache
def _best_values(ranked: tuple[int, ...]) -> tuple[int, ...]:
    """The best value of every subset of one suit's cards, indexed by the subset's bits.

    Looking the best card up by the suit's bits takes a quarter of the time of walking the
    ladders. The table is built by doubling (each rank adds the subsets that hold it), 8 times
    faster than filling it subset by subset, which was most of building a Counter; and it is kept
    per list of values, so every rule set with the same deck and values shares one.
    """
    table = [0]
    for value in ranked:
        table += [best if best > value else value for best in table]
    return tuple(table)


def explain_primiera(raw: Sequence[PrimieraSide], taker: int | None, sides: Sequence[str],
                     deck: Deck | None = None) -> Explained:
    """The dispute settler's words: each side's total or missing suits (named as ``deck``'s pack
    names them), and who wins and why."""
    cells = tuple(str(s.total) if s.eligible else _("no {suits}").format(suits=suit_names(s.missing, deck, "/"))
                  for s in raw)
    eligible = [i for i, s in enumerate(raw) if s.eligible]
    lacking = "; ".join(_("{side} lacks {suits}").format(side=sides[i], suits=suit_names(s.missing, deck))
                        for i, s in enumerate(raw) if not s.eligible)
    if not eligible:
        note = _("nobody has all four suits ({lacking})").format(lacking=lacking)
    elif taker is not None:
        others = [f"{raw[i].total}" for i in eligible if i != taker]
        if others:
            note = _("{side} wins with {total} against {others}").format(
                side=sides[taker], total=raw[taker].total, others=", ".join(others))
        else:
            note = _("{side} wins with {total}").format(side=sides[taker], total=raw[taker].total)
        note += f" ({lacking})" if lacking else ""
    else:
        top = max(raw[i].total or 0 for i in eligible)
        tied = [i for i in eligible if raw[i].total == top]
        note = _("tie at {total} between {sides}: nobody scores").format(total=top, sides=names_of(tied, sides))
    detail = {sides[i]: {"eligible": s.eligible, "missing_suits": [x.value for x in s.missing],  # not for players
                         "best": {x.value: str(c) for x, c in s.best.items()}, "total": s.total}
              for i, s in enumerate(raw)}
    return Explained(cells, note, detail)
