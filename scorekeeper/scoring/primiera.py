"""Primiera: each side's best card of every suit, by the rule set's values, added up.

The scorer counts many hands fast (a table of every suit subset's best value); the detail a
player disputes (which card, which suit is missing) is worked out only when it is explained.
``dispute`` settles a primiera on its own, from the piles the players show.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from scorekeeper.cards import SUITS, Card, Deck, Rank, Suit, suit_names
from scorekeeper.i18n import _
from scorekeeper.rules.ruleset import PrimieraCategory
from scorekeeper.scoring.categories import Explained, Points, Scored, Scorer, names_of

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # frozen dataclasses with only __init__ compiled, for a quicker start-up (see scorekeeper._frozen)
    from scorekeeper._frozen import dataclass

# Scored(...) runs the NamedTuple's Python-level __new__; tuple.__new__ makes the same tuple in C, for every hand.
new = tuple.__new__


@dataclass(frozen=True, kw_only=False)
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
        self.held_value = _held_values(ranked)

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
        """The primiera total of one pile, or None if it lacks a suit (a negative sum: see ``_held_values``)."""
        got, bits = self.held_value, self.suit_bits
        one, two, three, four = self.shifts
        total = got[pile >> one & bits] + got[pile >> two & bits] + got[pile >> three & bits] + got[pile >> four & bits]
        return total if total >= 0 else None

    def score(self, piles: Points, sweeps: Points, declared: Points) -> Scored:
        if len(piles) == 2:  # the usual hand, written out
            got, bits = self.held_value, self.suit_bits
            one, two, three, four = self.shifts
            a, b = piles
            first = got[a >> one & bits] + got[a >> two & bits] + got[a >> three & bits] + got[a >> four & bits]
            second = got[b >> one & bits] + got[b >> two & bits] + got[b >> three & bits] + got[b >> four & bits]
            taker = 0 if first > second and first >= 0 else 1 if second > first and second >= 0 else None
        else:
            taker = _taker([self.total(pile) for pile in piles])
        return new(Scored, (self.share(taker, len(piles)), tuple(piles), taker))

    def explain(self, scored: Scored, sides: Sequence[str]) -> Explained:
        return explain_primiera(self.sides(scored.raw), scored.taker, sides, self.deck)


def _taker(totals: list[int | None]) -> int | None:
    """The side with the highest total, if only one has it; a side lacking a suit (None) cannot win."""
    eligible = [t for t in totals if t is not None]
    if not eligible:
        return None
    top = max(eligible)
    return totals.index(top) if eligible.count(top) == 1 else None


@cache
def _ladders(deck: Deck, ranked: tuple[int, ...]) -> tuple[tuple[Suit, tuple[tuple[int, int, Card], ...]], ...]:
    """For each suit, its cards from the most valuable down (bit, value, card): the first one held is the best."""
    return tuple((suit, tuple(sorted(((deck.bit(Card(r, suit)), value, Card(r, suit))
                                      for r, value in zip(deck.ranks, ranked, strict=True)),
                                     key=lambda entry: -entry[1])))
                 for suit in SUITS)


@cache
def _best_values(ranked: tuple[int, ...]) -> tuple[int, ...]:
    """The best value of every subset of one suit's cards, indexed by the subset's bits (one look-up
    instead of a walk down ``_ladders``): built by doubling (each rank adds the subsets that hold it),
    and shared by the rule sets with these values."""
    table = [0]
    for value in ranked:
        table += [best if best > value else value for best in table]
    return tuple(table)


@cache
def _held_values(ranked: tuple[int, ...]) -> tuple[int, ...]:
    """``_best_values`` with the empty holding worth less than minus what four suits can add up to,
    so that one sum of four look-ups is both a pile's total and, when negative, the sign that it lacks a
    suit: no test and no branch per suit."""
    return (-4 * max(ranked, default=0) - 1, *_best_values(ranked)[1:])


def explain_primiera(raw: Sequence[PrimieraSide], taker: int | None, sides: Sequence[str],
                     deck: Deck | None = None) -> Explained:
    """The dispute settler's words: each side's total or missing suits (named as ``deck``'s pack
    names them), and who wins and why."""
    eligible = [i for i, s in enumerate(raw) if s.eligible]
    lacking = "; ".join(_("{side} lacks {suits}").format(side=sides[i], suits=suit_names(s.missing, deck))
                        for i, s in enumerate(raw) if not s.eligible)
    if not eligible:
        note = _("nobody has all four suits ({lacking})").format(lacking=lacking)
    elif taker is not None:
        if others := [f"{raw[i].total}" for i in eligible if i != taker]:
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
    return Explained(note, detail)
