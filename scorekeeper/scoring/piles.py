"""Which cards each side holds, and everything that keeps the piles from splitting the deck.

``split_deck`` is the one partition check of the package: every card of the deck in exactly one
group, nothing from another deck. It only finds; its callers word what they find (piles of a hand
here, the hands of a deal in ``play``). ``read_piles`` reads the piles of a typed hand with it:
'rest' takes the cards nobody listed, and each problem becomes a sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING, TypeVar

from scorekeeper._words import and_list
from scorekeeper.cards import Card, Deck, ranks_by_suit, suit_name
from scorekeeper.i18n import _, ngettext
from scorekeeper.notation import REST, PileText
from scorekeeper.rules.ruleset import RuleSet

P = TypeVar("P")  # a pile as exact_masks' reader takes it

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # frozen dataclasses with only __init__ compiled, for a quicker start-up (see scorekeeper._frozen)
    from scorekeeper._frozen import dataclass


@dataclass(frozen=True, kw_only=False)
class DeckSplit:
    """How some groups of cards split a deck: each group as a mask, and what does not fit."""

    masks: tuple[int, ...]
    foreign: tuple[tuple[int, Card], ...]  # (group, card): a card this deck does not have
    repeated: tuple[tuple[int, Card, int], ...]  # (group, card, the group that held it first)
    unplaced: int  # the deck's cards in no group, as a mask

    @property
    def exact(self) -> bool:
        """True when every card of the deck is in exactly one group and nothing else is."""
        return not (self.foreign or self.repeated or self.unplaced)


def split_deck(deck: Deck, groups: Sequence[Iterable[Card]]) -> DeckSplit:
    """Each group of cards as a mask of the deck; a card seen again stays with its first group.

    >>> from scorekeeper.cards import DECKS
    >>> split = split_deck(DECKS["italian-40"], [[Card.parse("7d")], [Card.parse("7d"), Card.parse("8d")]])
    >>> split.masks, split.repeated, split.foreign, split.unplaced.bit_count()
    ((64, 0), ((1, Card.parse('7d'), 0),), ((1, Card.parse('8d')),), 39)
    """
    masks = [0] * len(groups)
    owner: dict[int, int] = {}  # a card's index in the deck -> the group that has it
    foreign: list[tuple[int, Card]] = []
    repeated: list[tuple[int, Card, int]] = []
    by_members, index_of = _indices_by_members(deck), deck.index.get
    for i, cards in enumerate(groups):
        for card in cards:
            index = by_members.get((id(card.rank), id(card.suit)))
            if index is None:  # not a Rank and a Suit: compared by value, as the deck's index does
                index = index_of(card)
                if index is None:
                    foreign.append((i, card))
                    continue
            if index in owner:
                repeated.append((i, card, owner[index]))
            else:
                owner[index] = i
                masks[i] |= 1 << index
    placed = sum(masks)  # the masks share no card: each stays with its first group
    return DeckSplit(tuple(masks), tuple(foreign), tuple(repeated), deck.full & ~placed)


@cache
def token_bits(deck: Deck) -> dict[str, int]:
    """The card codec of the package: each card's canonical text (``7d``, ``10h``) to its bit."""
    return {str(card): 1 << i for i, card in enumerate(deck.cards)}


def exact_masks(piles: Iterable[P], rules: RuleSet, read: Callable[[P], tuple[int, int, bool]],
                ) -> tuple[int, ...] | None:
    """The piles as masks when they are what a hand usually is: each card of the deck once, at most
    one pile with ``rest`` (then given every card no other pile holds), a number of sides the game
    allows; else None, and ``read_piles`` finds and words what is wrong: a fast path, not a second
    set of rules. ``read`` gives a pile's mask, how many cards it names and whether it says
    ``rest`` (a KeyError: a card it cannot read): ``token_reader`` reads texts in canonical tokens
    straight to their bits, no Card made."""
    masks: list[int] = []
    placed = 0
    rest = None
    try:
        for pile in piles:
            mask, named, says_rest = read(pile)
            # A sum of distinct bits has one bit per term; a card given twice carries and has fewer,
            # and a card of another deck (bit 0) adds none.
            if mask.bit_count() != named or mask & placed or says_rest and rest is not None:
                return None
            if says_rest:
                rest = len(masks)
            placed |= mask
            masks.append(mask)
    except KeyError:  # not a canonical token of this deck
        return None
    if not rules.sides.min <= len(masks) <= rules.sides.max:
        return None
    unplaced = rules.cards.full & ~placed
    if rest is not None:
        masks[rest] |= unplaced
    elif unplaced:
        return None
    return tuple(masks)


@cache
def token_reader(deck: Deck) -> Callable[[str], tuple[int, int, bool]]:
    """``exact_masks``' reader of a pile text in canonical tokens, or ``rest`` alone."""
    bit = token_bits(deck).__getitem__

    def read(text: str) -> tuple[int, int, bool]:
        tokens = text.split()
        if tokens == [REST]:
            return 0, 0, True
        return sum(map(bit, tokens)), len(tokens), False
    return read


@cache
def _indices_by_members(deck: Deck) -> dict[tuple[int, int], int]:
    """The index of each card of the deck by the ids of its rank and suit (enum members, which live as
    long as the program): ``split_deck`` finds a card without hashing it (three Python-level calls)."""
    return {(id(card.rank), id(card.suit)): i for i, card in enumerate(deck.cards)}


@dataclass(frozen=True, kw_only=False)
class ReadPiles:
    """The piles of a hand as masks, with every problem found in them."""

    masks: tuple[int, ...]
    problems: tuple[str, ...]


def read_piles(rules: RuleSet, sides: Sequence[str], piles: Sequence[PileText], *,
               whole_deck: bool = True) -> ReadPiles:
    """Read a hand's piles in its rule set: a 'rest' pile gets every card nobody listed; the number
    of sides, a side given twice, cards from another deck or in two places, and (with
    ``whole_deck``) cards in no pile are all reported, none stops the others from being found."""
    if len(sides) != len(piles):
        raise ValueError(f"{len(sides)} sides but {len(piles)} piles")  # not for players: a caller's mistake
    problems: list[str] = []
    lo, hi = rules.sides.min, rules.sides.max
    if not lo <= len(sides) <= hi:
        span = str(lo) if lo == hi else _("{low} to {high}").format(low=lo, high=hi)
        problems.append(_("{rules} is played by {span} sides; this hand has {count}").format(
            rules=rules.id, span=span, count=len(sides)))
    first: dict[str, int] = {}
    for i, side in enumerate(sides):
        if side in first:
            problems.append(_("side {side} given twice: piles {first} and {second} of the hand").format(
                side=side, first=first[side] + 1, second=i + 1))
        first.setdefault(side, i)
    deck = rules.cards
    split = split_deck(deck, [pile.cards for pile in piles])
    problems += [_("pile of {side}: {card} is not in the {deck} deck: {lacks}").format(
        side=sides[i], card=card, deck=deck.id, lacks=deck.lacks) for i, card in split.foreign]
    for i, card, first_pile in split.repeated:
        if first_pile == i:
            problems.append(_("pile of {side}: {card} is twice in this pile").format(side=sides[i], card=card))
        else:
            problems.append(_("pile of {side}: {card} is also in the pile of {other}").format(
                side=sides[i], card=card, other=sides[first_pile]))
    masks = list(split.masks)
    rests = [i for i, pile in enumerate(piles) if pile.rest]
    if len(rests) > 1:
        problems.append(_("only one pile may be 'rest'; {sides} all say rest").format(
            sides=and_list(sides[i] for i in rests)))
    if len(rests) == 1:
        masks[rests[0]] |= split.unplaced
    elif whole_deck and split.unplaced:
        missing = deck.cards_in(split.unplaced)
        problems.append(ngettext("{count} card of the {deck} deck in no pile: {cards}",
                                 "{count} cards of the {deck} deck in no pile: {cards}", len(missing)).format(
            count=len(missing), deck=deck.id, cards=cards_by_suit(missing, deck)))
    return ReadPiles(tuple(masks), tuple(problems))


def cards_by_suit(cards: Iterable[Card], deck: Deck | None = None) -> str:
    """Cards named suit by suit, as a player reads them out, each suit named as ``deck``'s pack does.

    >>> cards_by_suit([Card.parse("Kd"), Card.parse("Kc"), Card.parse("Ad")])
    'diamonds K A; clubs K'
    """
    return "; ".join(f"{suit_name(suit, deck)} {' '.join(ranks)}" for suit, ranks in ranks_by_suit(cards))
