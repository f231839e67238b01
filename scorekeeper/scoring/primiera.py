"""Primiera: each side's best card of every suit, by the rule set's values, added up.

The scorer counts many hands fast (a table of every suit subset's best value); the detail a
player disputes (which card, which suit is missing) is worked out only when it is explained.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.cards import SUITS, Card, Deck, Rank, Suit
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
        # For each suit, its cards from the most valuable down: the first one held is the best.
        self.order = tuple(
            (suit, tuple(sorted(((deck.bit(Card(r, suit)), self.values[r], Card(r, suit)) for r in deck.ranks),
                                key=lambda entry: -entry[1])))
            for suit in SUITS)
        width = len(deck.ranks)
        self.shifts = tuple(deck.suit_shift(suit) for suit in SUITS)
        self.suit_bits = (1 << width) - 1
        # With ten ranks a suit has 1,024 subsets: a table of each subset's best value is cheap
        # to build and makes counting many hands fast. Zero means the suit is missing.
        self.best_value: list[int] | None = None
        if width <= 10:
            ranked = [self.values[r] for r in deck.ranks]
            table = [0] * (1 << width)
            for subset in range(1, 1 << width):
                low = subset & -subset
                table[subset] = max(table[subset ^ low], ranked[low.bit_length() - 1])
            self.best_value = table

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
        table = self.best_value
        if table is None:
            return self.side(pile).total
        total = 0
        for shift in self.shifts:
            value = table[(pile >> shift) & self.suit_bits]
            if not value:
                return None
            total += value
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
        return explain_primiera(self.sides(scored.raw), scored.taker, sides)


def explain_primiera(raw: Sequence[PrimieraSide], taker: int | None, sides: Sequence[str]) -> Explained:
    """The dispute settler's words: each side's total or missing suits, and who wins and why."""
    cells = tuple(str(s.total) if s.eligible else "no " + "/".join(x.english for x in s.missing) for s in raw)
    eligible = [i for i, s in enumerate(raw) if s.eligible]
    lacking = "; ".join(f"{sides[i]} lacks {', '.join(x.english for x in s.missing)}"
                        for i, s in enumerate(raw) if not s.eligible)
    if not eligible:
        note = f"nobody has all four suits ({lacking})"
    elif taker is not None:
        others = [f"{raw[i].total}" for i in eligible if i != taker]
        note = f"{sides[taker]} wins with {raw[taker].total}"
        note += f" against {', '.join(others)}" if others else ""
        note += f" ({lacking})" if lacking else ""
    else:
        top = max(raw[i].total or 0 for i in eligible)
        tied = [i for i in eligible if raw[i].total == top]
        note = f"tie at {top} between {names_of(tied, sides)}: nobody scores"
    detail = {sides[i]: {"eligible": s.eligible, "missing_suits": [x.value for x in s.missing],
                         "best": {x.value: str(c) for x, c in s.best.items()}, "total": s.total}
              for i, s in enumerate(raw)}
    return Explained(cells, note, detail)
