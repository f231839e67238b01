"""One scorer per category kind. A scorer is built once per rule set (masks precomputed) and then
scores piles given as bitmasks, one per side, in the rule set's deck.

``score`` returns the points per side, the raw facts the points came from, and the side that took
the category (for ``win_match``); ``explain`` turns those facts into what a player would check.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from scorekeeper._words import and_list
from scorekeeper.cards import Card, Deck, Rank, Suit
from scorekeeper.errors import NotationError, RuleSetError
from scorekeeper.i18n import _
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
    """The names of some sides, each joined to the next with "and" (``A and B and C``)."""
    names = [sides[i] for i in indexes]
    joined = names[0]
    for name in names[1:]:
        joined = and_list([joined, name])
    return joined


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
        versus = _versus(counts)
        if scored.taker is not None and len(leaders) > 1:
            note = _("{counts}: tie broken by {tie_break}: {side} scores").format(
                counts=versus, tie_break=self.spec.tie_break, side=sides[scored.taker])
        elif scored.taker is not None:
            note = _("{counts}: {side} has the most").format(counts=versus, side=sides[scored.taker])
        elif best and self.spec.ties == "split":
            note = _("{counts}: tie between {sides}, each scores").format(counts=versus, sides=names_of(leaders, sides))
        else:
            note = _("{counts}: tie at {count}, nobody scores").format(counts=versus, count=best)
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
        holder = None if scored.taker is None else sides[scored.taker]
        note = _("{card}: nobody").format(card=self.card) if holder is None else f"{self.card}: {holder}"
        cells = tuple(str(self.card) if i == scored.taker else "" for i in range(len(sides)))
        return Explained(cells, note, {"holder": holder})


class SetScorer(Scorer):
    spec: SetCategory

    def __init__(self, spec: SetCategory, deck: Deck) -> None:
        super().__init__(spec, deck)
        self.mask = selection_mask(spec.select, deck)

    def score(self, piles: Points, sweeps: Points, declared: Points) -> Scored:
        return self._held_by(self.mask, piles, whole=True)

    def explain(self, scored: Scored, sides: Sequence[str]) -> Explained:
        cards = " ".join(map(str, self.deck.cards_in(self.mask)))
        if scored.taker is None:
            note = _("{cards}: nobody holds all of them").format(cards=cards)
        else:
            note = _("{cards}: {side} holds all").format(cards=cards, side=sides[scored.taker])
        cells = tuple(_("all") if i == scored.taker else "" for i in range(len(sides)))
        return Explained(cells, note, {"holder": None if scored.taker is None else sides[scored.taker]})


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
        note = _("cards {counts}, points {points}").format(counts=_versus(scored.raw), points=_versus(scored.points))
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
        note = "; ".join(parts) if parts else _("nobody has {count} in a row from {rank}").format(
            count=self.spec.min_length, rank=self.spec.start)
        whole = self.match_taker(scored) if self.spec.whole_run_wins else None
        if whole is not None:
            note += "; " + _("{side} has the whole suit in a row and wins the match").format(side=sides[whole])
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
        if self.spec.cancel:
            note = _("{counts} sweeps, only the difference scores").format(counts=_versus(scored.raw))
        else:
            note = _("{counts} sweeps").format(counts=_versus(scored.raw))
        return Explained(tuple(str(s) for s in scored.raw), note, {"counts": dict(zip(sides, scored.raw, strict=True))})


class DeclaredScorer(Scorer):
    spec: DeclaredCategory

    def score(self, piles: Points, sweeps: Points, declared: Points) -> Scored:
        return Scored(tuple(n * self.spec.points for n in declared), declared, None)

    def explain(self, scored: Scored, sides: Sequence[str]) -> Explained:
        note = _("declared {counts}, {points} each").format(counts=_versus(scored.raw), points=self.spec.points)
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
        raise RuleSetError(_("category {id}: tie_break: {token} is neither a rank nor a card of the {deck} deck")
                           .format(id=category_id, token=repr(token[:20]), deck=deck.id))
    return deck.bit(card)
