"""One scorer per category kind. A scorer is built once per rule set (masks precomputed) and then
scores piles given as bitmasks, one per side, in the rule set's deck.

``score`` returns the points per side, the raw facts the points came from, and the side that took
the category (for ``win_match``); ``explain`` turns those facts into what a player would check.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from scorekeeper.cards import Card, Deck, Rank, Suit
from scorekeeper.errors import NotationError, RuleSetError
from scorekeeper.rules.ruleset import (
    CardCategory,
    DeclaredCategory,
    EachCategory,
    MostCategory,
    Selection,
    SequenceCategory,
    SetCategory,
    SweepsCategory,
)

Points = tuple[int, ...]


class Scored(NamedTuple):
    """One category's outcome: points per side, raw facts, and who took it (or None)."""

    points: Points
    raw: Any
    taker: int | None


@dataclass(frozen=True)
class Explained:
    """What a player reads: a cell per side, a one-line note, and per-side detail for JSON."""

    cells: tuple[str, ...]
    note: str
    detail: dict[str, Any]


def selection_mask(select: Selection, deck: Deck) -> int:
    """The bitmask of the cards a selection chooses in this deck."""
    picked = 0
    if select.suits or select.ranks or not select.cards:
        for card in deck.cards:
            if (not select.suits or card.suit.value in select.suits) and (
                    not select.ranks or card.rank.value in select.ranks):
                picked |= deck.bit(card)
    picked |= deck.mask(Card.parse(t) for t in select.cards)
    dropped = deck.mask(Card.parse(t) for t in select.except_cards)
    for card in deck.cards:
        if card.suit.value in select.except_suits or card.rank.value in select.except_ranks:
            dropped |= deck.bit(card)
    return picked & ~dropped


def names_of(indexes: Sequence[int], sides: Sequence[str]) -> str:
    """The names of some sides, joined with "and"."""
    return " and ".join(sides[i] for i in indexes)


def _versus(values: Sequence[Any]) -> str:
    return "-".join(str(v) for v in values)


class Scorer:
    """The base of every kind: holds the category and the deck."""

    def __init__(self, spec: Any, deck: Deck) -> None:
        self.spec = spec
        self.deck = deck

    def score(self, piles: Points, sweeps: Points, declared: Points) -> Scored:
        raise NotImplementedError

    def explain(self, scored: Scored, sides: Sequence[str]) -> Explained:
        raise NotImplementedError

    def max_points(self, n_sides: int) -> int:
        """The most this category can give all sides together in one hand."""
        return int(self.spec.points)

    @property
    def wins_match(self) -> bool:
        """Whether taking this category can win the whole match."""
        return bool(self.spec.win_match)

    def match_taker(self, scored: Scored) -> int | None:
        """The side whose taking of this category wins the match, or None."""
        return scored.taker if self.spec.win_match else None

    def _held_by(self, mask: int, piles: Points, whole: bool) -> Scored:
        """The side holding the mask's card (or, if ``whole``, all of its cards) scores."""
        for i, pile in enumerate(piles):
            held = pile & mask
            if (held == mask) if whole else held:
                points = [0] * len(piles)
                points[i] = self.spec.points
                return Scored(tuple(points), i, i)
        return Scored((0,) * len(piles), None, None)


class MostScorer(Scorer):
    spec: MostCategory

    def __init__(self, spec: MostCategory, deck: Deck) -> None:
        super().__init__(spec, deck)
        self.mask = selection_mask(spec.select, deck)
        self.breaks = tuple(_tie_break_mask(token, deck, spec.id) for token in (spec.tie_break or "").split())

    def score(self, piles: Points, sweeps: Points, declared: Points) -> Scored:
        mask = self.mask
        counts = [(pile & mask).bit_count() for pile in piles]
        best = max(counts)
        points = [0] * len(piles)
        if not best:
            return Scored(tuple(points), tuple(counts), None)
        if counts.count(best) == 1:
            leader = counts.index(best)
            points[leader] = self.spec.points
            return Scored(tuple(points), tuple(counts), leader)
        leaders = [i for i, c in enumerate(counts) if c == best]
        for tie_mask in self.breaks:  # most of each rank or card in turn, among the tied leaders only
            held = [(piles[i] & tie_mask).bit_count() for i in leaders]
            leaders = [i for i, h in zip(leaders, held, strict=True) if h == max(held)]
        if len(leaders) == 1:
            points[leaders[0]] = self.spec.points
            return Scored(tuple(points), tuple(counts), leaders[0])
        if self.spec.ties == "split":
            points = [self.spec.points if c == best else 0 for c in counts]
        return Scored(tuple(points), tuple(counts), None)

    def explain(self, scored: Scored, sides: Sequence[str]) -> Explained:
        counts = scored.raw
        best = max(counts)
        leaders = [i for i, c in enumerate(counts) if c == best]
        if scored.taker is not None and len(leaders) > 1:
            note = f"{_versus(counts)}: tie broken by {self.spec.tie_break}: {sides[scored.taker]} scores"
        elif scored.taker is not None:
            note = f"{_versus(counts)}: {sides[scored.taker]} has the most"
        elif best and self.spec.ties == "split":
            note = f"{_versus(counts)}: tie between {names_of(leaders, sides)}, each scores"
        else:
            note = f"{_versus(counts)}: tie at {best}, nobody scores"
        return Explained(tuple(str(c) for c in counts), note, {"counts": dict(zip(sides, counts, strict=True))})

    def max_points(self, n_sides: int) -> int:
        return self.spec.points * (n_sides if self.spec.ties == "split" else 1)


class CardScorer(Scorer):
    spec: CardCategory

    def __init__(self, spec: CardCategory, deck: Deck) -> None:
        super().__init__(spec, deck)
        self.card = Card.parse(spec.card)
        self.mask = deck.bit(self.card)

    def score(self, piles: Points, sweeps: Points, declared: Points) -> Scored:
        return self._held_by(self.mask, piles, whole=False)

    def explain(self, scored: Scored, sides: Sequence[str]) -> Explained:
        who = "nobody" if scored.taker is None else sides[scored.taker]
        cells = tuple(str(self.card) if i == scored.taker else "" for i in range(len(sides)))
        return Explained(cells, f"{self.card}: {who}", {"holder": None if scored.taker is None else who})


class SetScorer(Scorer):
    spec: SetCategory

    def __init__(self, spec: SetCategory, deck: Deck) -> None:
        super().__init__(spec, deck)
        self.mask = selection_mask(spec.select, deck)

    def score(self, piles: Points, sweeps: Points, declared: Points) -> Scored:
        return self._held_by(self.mask, piles, whole=True)

    def explain(self, scored: Scored, sides: Sequence[str]) -> Explained:
        cards = " ".join(map(str, self.deck.cards_in(self.mask)))
        who = "nobody holds all of them" if scored.taker is None else f"{sides[scored.taker]} holds all"
        cells = tuple("all" if i == scored.taker else "" for i in range(len(sides)))
        return Explained(cells, f"{cards}: {who}", {"holder": None if scored.taker is None else sides[scored.taker]})


class EachScorer(Scorer):
    spec: EachCategory

    def __init__(self, spec: EachCategory, deck: Deck) -> None:
        super().__init__(spec, deck)
        special = {deck.bit(Card.parse(t)): p for t, p in spec.card_points.items()}
        self.special = tuple(special.items())
        self.plain = selection_mask(spec.select, deck) & ~sum(special)
        self.every = self.plain | sum(special)

    def score(self, piles: Points, sweeps: Points, declared: Points) -> Scored:
        per = self.spec.points
        points = []
        for pile in piles:
            total = (pile & self.plain).bit_count() * per
            for bit, extra in self.special:
                if pile & bit:
                    total += extra
            points.append(total)
        counts = tuple((p & self.every).bit_count() for p in piles)
        return Scored(tuple(points), counts, None)

    def explain(self, scored: Scored, sides: Sequence[str]) -> Explained:
        note = f"cards {_versus(scored.raw)}, points {_versus(scored.points)}"
        return Explained(tuple(str(c) for c in scored.raw), note, {"counts": dict(zip(sides, scored.raw, strict=True))})

    def max_points(self, n_sides: int) -> int:
        return self.plain.bit_count() * self.spec.points + sum(p for _, p in self.special)


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
        spec = self.spec
        lengths = []
        points = []
        for pile in piles:
            run = pile >> self.shift
            length = min(((run + 1) & ~run).bit_length() - 1, self.room)  # trailing one-bits
            lengths.append(length)
            value = length * spec.points if length >= spec.min_length else 0
            points.append(min(value, spec.cap) if spec.cap is not None else value)
        takers = [i for i, p in enumerate(points) if p]
        return Scored(tuple(points), tuple(lengths), takers[0] if len(takers) == 1 else None)

    @property
    def wins_match(self) -> bool:
        return bool(self.spec.win_match or self.spec.whole_run_wins)

    def match_taker(self, scored: Scored) -> int | None:
        if self.spec.whole_run_wins and self.room in scored.raw:
            return int(scored.raw.index(self.room))  # napoleone: the run goes through the whole suit
        return super().match_taker(scored)

    def explain(self, scored: Scored, sides: Sequence[str]) -> Explained:
        runs = [" ".join(map(str, self.suit_cards[:n])) for n in scored.raw]
        cells = tuple(f"{n} ({r})" if n else "0" for n, r in zip(scored.raw, runs, strict=True))
        parts = [f"{sides[i]} {runs[i]}" for i, n in enumerate(scored.raw) if n >= self.spec.min_length]
        note = "; ".join(parts) if parts else f"nobody has {self.spec.min_length} in a row from {self.spec.start}"
        whole = self.match_taker(scored) if self.spec.whole_run_wins else None
        note += f"; {sides[whole]} has the whole suit in a row and wins the match" if whole is not None else ""
        return Explained(cells, note, {"lengths": dict(zip(sides, scored.raw, strict=True))})

    def max_points(self, n_sides: int) -> int:
        value = self.room * self.spec.points
        return min(value, self.spec.cap) if self.spec.cap is not None else value


class SweepsScorer(Scorer):
    spec: SweepsCategory

    def score(self, piles: Points, sweeps: Points, declared: Points) -> Scored:
        per = self.spec.points
        if self.spec.cancel:
            net = tuple(max(0, s - max((o for j, o in enumerate(sweeps) if j != i), default=0))
                        for i, s in enumerate(sweeps))
            return Scored(tuple(n * per for n in net), sweeps, None)
        return Scored(tuple(s * per for s in sweeps), sweeps, None)

    def explain(self, scored: Scored, sides: Sequence[str]) -> Explained:
        note = f"{_versus(scored.raw)} sweeps" + (", only the difference scores" if self.spec.cancel else "")
        return Explained(tuple(str(s) for s in scored.raw), note, {"counts": dict(zip(sides, scored.raw, strict=True))})


class DeclaredScorer(Scorer):
    spec: DeclaredCategory

    def score(self, piles: Points, sweeps: Points, declared: Points) -> Scored:
        return Scored(tuple(n * self.spec.points for n in declared), declared, None)

    def explain(self, scored: Scored, sides: Sequence[str]) -> Explained:
        note = f"declared {_versus(scored.raw)}, {self.spec.points} each"
        return Explained(tuple(str(n) for n in scored.raw), note, {"counts": dict(zip(sides, scored.raw, strict=True))})


def _tie_break_mask(token: str, deck: Deck, category_id: str) -> int:
    """The cards one word of a ``tie_break`` counts: a rank ("6": the sixes) or one card ("7d")."""
    if token in {r.value for r in deck.ranks}:
        return deck.rank_mask(Rank(token))
    try:
        card = Card.parse(token)
    except NotationError:
        card = None
    if card is None or card not in deck.index:
        raise RuleSetError(f"category {category_id}: tie_break: {token[:20]!r} is neither a rank nor a card "
                           f"of the {deck.id} deck")
    return deck.bit(card)
