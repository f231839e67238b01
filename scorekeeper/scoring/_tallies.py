"""The scorers of what a pile does not show as held cards: a run in one suit, the sweeps, and the
points declared at the table. Each outcome is decided by a few small numbers per side (run lengths,
sweeps, declarations), so a scorer keeps the outcomes it has seen (``Scorer.keep``)."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.cards import Card, Deck, Rank, Suit
from scorekeeper.i18n import _
from scorekeeper.rules.ruleset import DeclaredCategory, SequenceCategory, SweepsCategory
from scorekeeper.scoring.categories import Explained, Points, Scored, Scorer, versus


class SequenceScorer(Scorer):
    spec: SequenceCategory

    def __init__(self, spec: SequenceCategory, deck: Deck) -> None:
        super().__init__(spec, deck)
        suit = Suit(spec.suit)
        start = deck.ranks.index(Rank(spec.start))
        self.shift = deck.suit_shift(suit) + start
        self.room = len(deck.ranks) - start
        self.suit_cards = tuple(Card(r, suit) for r in deck.ranks[start:])

    def score(self, piles: Points, sweeps: Points, declared: Points) -> Scored:
        lengths = []
        for pile in piles:
            run = pile >> self.shift
            lengths.append(min(((run + 1) & ~run).bit_length() - 1, self.room))  # trailing one-bits
        key = tuple(lengths)
        return self.known.get(key) or self._decide(key)

    def _decide(self, lengths: Points) -> Scored:
        spec = self.spec
        points = []
        for length in lengths:
            value = length * spec.points if length >= spec.min_length else 0
            points.append(min(value, spec.cap) if spec.cap is not None else value)
        takers = [i for i, p in enumerate(points) if p]
        return self.keep(lengths, Scored(tuple(points), lengths, takers[0] if len(takers) == 1 else None))

    @property
    def wins_match(self) -> bool:
        return bool(self.spec.win_match or self.spec.whole_run_wins)

    def match_taker(self, scored: Scored) -> int | None:
        if self.spec.whole_run_wins and self.room in scored.raw:
            return int(scored.raw.index(self.room))  # napoleone: the run goes through the whole suit
        return super().match_taker(scored)

    def explain(self, scored: Scored, sides: Sequence[str]) -> Explained:
        runs = [" ".join(map(str, self.suit_cards[:n])) for n in scored.raw]
        parts = [f"{sides[i]} {runs[i]}" for i, n in enumerate(scored.raw) if n >= self.spec.min_length]
        note = "; ".join(parts) if parts else _("nobody has {count} in a row from {rank}").format(
            count=self.spec.min_length, rank=self.spec.start)
        whole = self.match_taker(scored) if self.spec.whole_run_wins else None
        if whole is not None:
            note += "; " + _("{side} has the whole suit in a row and wins the match").format(side=sides[whole])
        return Explained(note, {"lengths": dict(zip(sides, scored.raw, strict=True))})

    def max_points(self, n_sides: int) -> int:
        value = self.room * self.spec.points
        return min(value, self.spec.cap) if self.spec.cap is not None else value


class SweepsScorer(Scorer):
    spec: SweepsCategory

    def score(self, piles: Points, sweeps: Points, declared: Points) -> Scored:
        return self.known.get(sweeps) or self._decide(tuple(sweeps))

    def _decide(self, sweeps: Points) -> Scored:
        net = sweeps
        if self.spec.cancel:
            net = tuple(max(0, s - max((o for j, o in enumerate(sweeps) if j != i), default=0))
                        for i, s in enumerate(sweeps))
        return self.keep(sweeps, Scored(tuple(n * self.spec.points for n in net), sweeps, None))

    def explain(self, scored: Scored, sides: Sequence[str]) -> Explained:
        if self.spec.cancel:
            note = _("{counts} sweeps, only the difference scores").format(counts=versus(scored.raw))
        else:
            note = _("{counts} sweeps").format(counts=versus(scored.raw))
        return Explained(note, {"counts": dict(zip(sides, scored.raw, strict=True))})


class DeclaredScorer(Scorer):
    spec: DeclaredCategory

    def score(self, piles: Points, sweeps: Points, declared: Points) -> Scored:
        return self.known.get(declared) or self._decide(tuple(declared))

    def _decide(self, declared: Points) -> Scored:
        return self.keep(declared, Scored(tuple(n * self.spec.points for n in declared), declared, None))

    def explain(self, scored: Scored, sides: Sequence[str]) -> Explained:
        note = _("declared {counts}, {points} each").format(counts=versus(scored.raw), points=self.spec.points)
        return Explained(note, {"counts": dict(zip(sides, scored.raw, strict=True))})
