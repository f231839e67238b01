"""Suits, ranks, cards, the three decks, and CardSet: a pile as a bitmask over its deck."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import Enum

from scorekeeper.errors import NotationError


class Suit(str, Enum):
    """A suit; the value is its letter in canonical notation (Italian suits map to French ones)."""

    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"
    CLUBS = "c"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def english(self) -> str:
        return self.name.lower()


_SUIT_SYMBOLS = {Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠", Suit.CLUBS: "♣"}

#: Coins, cups, swords, batons: the Italian order, used whenever cards are listed.
SUITS: tuple[Suit, ...] = (Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, Suit.CLUBS)


class Rank(str, Enum):
    """A rank; the value is its text in canonical notation."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"


RANKS: tuple[Rank, ...] = tuple(Rank)
_RANK_BY_TEXT = {r.value: r for r in Rank}
_SUIT_BY_CHAR = {s.value: s for s in Suit} | {sym: s for s, sym in _SUIT_SYMBOLS.items()}
_SUIT_BY_CHAR |= {"♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES, "♧": Suit.CLUBS}


@dataclass(frozen=True, slots=True)
class Card:
    """One card: ``str(card)`` is its canonical form and ``Card.parse`` reads it back.

    >>> Card.parse("7d")
    Card.parse('7d')
    >>> str(Card.parse("10♥")), Card.parse("ks").symbol
    ('10h', 'K♠')
    """

    rank: Rank
    suit: Suit

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card token such as ``7d``, ``7D``, ``7♦``, ``10h`` or ``Ks``."""
        body = text.strip()
        rank = _RANK_BY_TEXT.get(body[:-1].upper())
        suit = _SUIT_BY_CHAR.get(body[-1:].lower())
        if rank is None or suit is None:
            raise NotationError(f"{text!r} is not a card (write rank then suit, like 7d, 10h or Ks)")
        return cls(rank, suit)

    def __str__(self) -> str:
        return self.rank.value + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def symbol(self) -> str:
        return self.rank.value + self.suit.symbol


@dataclass(frozen=True, eq=False)
class Deck:
    """A pack of cards in a fixed order (suit by suit, ranks ascending) that bitmasks index."""

    id: str
    ranks: tuple[Rank, ...]
    lacks: str  # why a card is not in this deck, for error messages
    cards: tuple[Card, ...] = field(init=False)
    index: dict[Card, int] = field(init=False, repr=False)
    by_text: dict[str, Card] = field(init=False, repr=False)  # canonical text -> card

    def __post_init__(self) -> None:
        cards = tuple(Card(rank, suit) for suit in SUITS for rank in self.ranks)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "index", {card: i for i, card in enumerate(cards)})
        object.__setattr__(self, "by_text", {str(card): card for card in cards})

    @property
    def full(self) -> int:
        return (1 << len(self.cards)) - 1

    def bit(self, card: Card) -> int:
        return 1 << self.index[card]

    def mask(self, cards: Iterable[Card]) -> int:
        """The bitmask of cards; every card must be in this deck."""
        result = 0
        for card in cards:
            result |= 1 << self.index[card]
        return result

    def cards_in(self, mask: int) -> tuple[Card, ...]:
        """The cards of a bitmask, in deck order."""
        out = []
        while mask:
            low = mask & -mask
            out.append(self.cards[low.bit_length() - 1])
            mask ^= low
        return tuple(out)

    def suit_shift(self, suit: Suit) -> int:
        return SUITS.index(suit) * len(self.ranks)

    def suit_mask(self, suit: Suit) -> int:
        return ((1 << len(self.ranks)) - 1) << self.suit_shift(suit)

    def rank_mask(self, rank: Rank) -> int:
        return self.mask(Card(rank, suit) for suit in SUITS) if rank in self.ranks else 0

    def cardset(self, mask: int = 0) -> CardSet:
        return CardSet(self, mask)


_ITALIAN = (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN,
            Rank.JACK, Rank.QUEEN, Rank.KING)
_WALL_STREET = (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX,
                Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.KING)

DECKS: dict[str, Deck] = {
    "italian-40": Deck("italian-40", _ITALIAN, "it has no 8s, 9s or 10s (type 8, 9, 10 for J, Q, K)"),
    "wall-street-40": Deck("wall-street-40", _WALL_STREET, "it has no 7s, Jacks or Queens"),
    "french-52": Deck("french-52", RANKS, "it has every card"),
}


@dataclass(frozen=True, slots=True)
class CardSet:
    """A set of cards of one deck, held as a bitmask; ``str`` lists them in deck order.

    >>> deck = DECKS["italian-40"]
    >>> pile = deck.cardset(deck.mask([Card.parse("7d"), Card.parse("Ad")]))
    >>> str(pile), len(pile), pile.grouped()
    ('Ad 7d', 2, 'd:A7')
    """

    deck: Deck
    mask: int = 0

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __iter__(self) -> Iterator[Card]:
        return iter(self.deck.cards_in(self.mask))

    def __contains__(self, card: object) -> bool:
        index = self.deck.index.get(card) if isinstance(card, Card) else None
        return index is not None and bool(self.mask >> index & 1)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.deck, self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.deck, self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.deck, self.mask & ~other.mask)

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    def grouped(self) -> str:
        """The suit-grouped form, e.g. ``d:A27K h:7``."""
        return " ".join(f"{suit.value}:{''.join(ranks)}" for suit, ranks in ranks_by_suit(self))


def ranks_by_suit(cards: Iterable[Card]) -> list[tuple[Suit, list[str]]]:
    """The ranks of the cards suit by suit, in the order given, leaving out absent suits.

    >>> ranks_by_suit([Card.parse("Kd"), Card.parse("3s"), Card.parse("Ad")])
    [(<Suit.DIAMONDS: 'd'>, ['K', 'A']), (<Suit.SPADES: 's'>, ['3'])]
    """
    listed = list(cards)
    found = [(suit, [c.rank.value for c in listed if c.suit is suit]) for suit in SUITS]
    return [(suit, ranks) for suit, ranks in found if ranks]
