"""One scorer per category kind. A scorer is built once per rule set (masks precomputed) and then
scores piles given as bitmasks, one per side, in the rule set's deck.

``score`` returns the points per side, the raw facts the points came from, and the side that took
the category (for ``win_match``); ``explain`` turns those facts into what a player would check.
The kinds of held cards are here; runs, sweeps and declarations in ``_tallies``, primiera in ``primiera``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from typing import TYPE_CHECKING, Any, NamedTuple

from scorekeeper._words import and_list
from scorekeeper.cards import Card, Deck, Rank
from scorekeeper.errors import NotationError, RuleSetError
from scorekeeper.i18n import _
from scorekeeper.rules.ruleset import CardCategory, EachCategory, MostCategory, Selection, SetCategory

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # frozen dataclasses with only __init__ compiled, for a quicker start-up (see scorekeeper._frozen)
    from scorekeeper._frozen import dataclass

Points = tuple[int, ...]


class Scored(NamedTuple):
    """One category's outcome: points per side, raw facts, and who took it (or None)."""

    points: Points
    raw: Any
    taker: int | None


@dataclass(frozen=True, kw_only=False)
class Explained:
    """What a player reads: a one-line note, and per-side detail for JSON."""

    note: str
    detail: dict[str, Any]


def selection_mask(select: Selection, deck: Deck) -> int:
    """The bitmask of the cards a selection chooses in this deck."""
    picked = deck.mask(Card.parse(t) for t in select.cards)
    if select.suits or select.ranks or not select.cards:
        picked |= deck.mask(c for c in deck.cards if (not select.suits or c.suit.value in select.suits)
                            and (not select.ranks or c.rank.value in select.ranks))
    dropped = deck.mask(Card.parse(t) for t in select.except_cards)
    dropped |= deck.mask(c for c in deck.cards if c.suit.value in select.except_suits
                         or c.rank.value in select.except_ranks)
    return picked & ~dropped


def names_of(indexes: Sequence[int], sides: Sequence[str]) -> str:
    """The names of some sides, each joined to the next with "and" (``A and B and C``)."""
    return reduce(lambda joined, name: and_list([joined, name]), [sides[i] for i in indexes])


def versus(values: Sequence[Any]) -> str:
    """Values side against side, as players say them (``21-19``)."""
    return "-".join(str(v) for v in values)


#: Outcomes a scorer keeps, by what decides them (the counts per side, the holder, the sweeps...):
#: for two sides a few thousand at most; with more, the table is emptied when full, never grown.
KEEP = 4096


class Scorer:
    """The base of every kind: holds the category and the deck."""

    def __init__(self, spec: Any, deck: Deck) -> None:
        self.spec = spec
        self.deck = deck
        # Outcomes are immutable and decided by a few numbers per side: one seen before is handed out again.
        self.known: dict[Any, Scored] = {}
        self._shares: dict[tuple[int | None, int], Points] = {}

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

    def keep(self, key: Any, scored: Scored) -> Scored:
        """Remember an outcome under what decided it, and return it."""
        known = self.known
        if len(known) >= KEEP:
            known.clear()
        known[key] = scored
        return scored

    def share(self, taker: int | None, n_sides: int) -> Points:
        """The points per side when one side (or nobody) takes the category's points."""
        points = self._shares.get((taker, n_sides))
        if points is None:
            points = self._shares[taker, n_sides] = tuple(
                self.spec.points if i == taker else 0 for i in range(n_sides))
        return points

    def _held_by(self, mask: int, piles: Points, whole: bool) -> Scored:
        """The side holding the mask's card (or, if ``whole``, all of its cards) scores."""
        holder = None
        for i, pile in enumerate(piles):
            held = pile & mask
            if (held == mask) if whole else held:
                holder = i
                break
        key = (holder, len(piles))
        return self.known.get(key) or self.keep(key, Scored(self.share(holder, len(piles)), holder, holder))


class MostScorer(Scorer):
    spec: MostCategory

    def __init__(self, spec: MostCategory, deck: Deck) -> None:
        super().__init__(spec, deck)
        self.mask = selection_mask(spec.select, deck)
        self.breaks = tuple(_tie_break_mask(token, deck, spec.id) for token in (spec.tie_break or "").split())

    def score(self, piles: Points, sweeps: Points, declared: Points) -> Scored:
        mask = self.mask
        if len(piles) == 2:  # the usual hand, written out rather than looped
            counts: Points = ((piles[0] & mask).bit_count(), (piles[1] & mask).bit_count())
        else:
            counts = tuple([(pile & mask).bit_count() for pile in piles])
        return self.known.get(counts) or self._decide(piles, counts)

    def _decide(self, piles: Points, counts: Points) -> Scored:
        best = max(counts)
        points = [0] * len(piles)
        if not best:
            return self.keep(counts, Scored(tuple(points), counts, None))
        if counts.count(best) == 1:
            leader = counts.index(best)
            points[leader] = self.spec.points
            return self.keep(counts, Scored(tuple(points), counts, leader))
        leaders = [i for i, c in enumerate(counts) if c == best]
        for tie_mask in self.breaks:  # most of each rank or card in turn, among the tied leaders only
            held = [(piles[i] & tie_mask).bit_count() for i in leaders]
            leaders = [i for i, h in zip(leaders, held, strict=True) if h == max(held)]
        if len(leaders) == 1:
            points[leaders[0]] = self.spec.points
            return Scored(tuple(points), counts, leaders[0])  # decided by the piles, not kept
        if self.spec.ties == "split":  # the tied leaders share the points; a remainder is scored by nobody
            share = self.spec.points // len(leaders)
            points = [share if i in leaders else 0 for i in range(len(counts))]
        scored = Scored(tuple(points), counts, None)
        return scored if self.breaks else self.keep(counts, scored)

    def explain(self, scored: Scored, sides: Sequence[str]) -> Explained:
        counts = scored.raw
        best = max(counts)
        leaders = [i for i, c in enumerate(counts) if c == best]
        shown = versus(counts)
        if scored.taker is not None and len(leaders) > 1:
            note = _("{counts}: tie broken by {tie_break}: {side} scores").format(
                counts=shown, tie_break=self.spec.tie_break, side=sides[scored.taker])
        elif scored.taker is not None:
            note = _("{counts}: {side} has the most").format(counts=shown, side=sides[scored.taker])
        elif best and self.spec.ties == "split":
            note = _("{counts}: tie between {sides}, who share the points").format(counts=shown,
                                                                                   sides=names_of(leaders, sides))
        else:
            note = _("{counts}: tie at {count}, nobody scores").format(counts=shown, count=best)
        return Explained(note, {"counts": dict(zip(sides, counts, strict=True))})

    def max_points(self, n_sides: int) -> int:
        return self.spec.points  # a tie shares them, never adds to them


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
        return Explained(note, {"holder": holder})


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
        return Explained(note, {"holder": None if scored.taker is None else sides[scored.taker]})


class EachScorer(Scorer):
    spec: EachCategory

    def __init__(self, spec: EachCategory, deck: Deck) -> None:
        super().__init__(spec, deck)
        special = {deck.bit(Card.parse(t)): p for t, p in spec.card_points.items()}
        self.special = tuple(special.items())
        self.plain = selection_mask(spec.select, deck) & ~sum(special)
        self.every = self.plain | sum(special)

    def score(self, piles: Points, sweeps: Points, declared: Points) -> Scored:
        every = self.every
        held = tuple([pile & every for pile in piles])  # the cards of the selection decide it all
        known = self.known.get(held)
        if known is not None:
            return known
        points = tuple((pile & self.plain).bit_count() * self.spec.points
                       + sum(extra for bit, extra in self.special if pile & bit) for pile in held)
        return self.keep(held, Scored(points, tuple(pile.bit_count() for pile in held), None))

    def explain(self, scored: Scored, sides: Sequence[str]) -> Explained:
        note = _("cards {counts}, points {points}").format(counts=versus(scored.raw), points=versus(scored.points))
        return Explained(note, {"counts": dict(zip(sides, scored.raw, strict=True))})

    def max_points(self, n_sides: int) -> int:
        return self.plain.bit_count() * self.spec.points + sum(p for _, p in self.special)


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
