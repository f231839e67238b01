"""Suits, ranks, cards, the three decks, and CardSet: a pile as a bitmask over its deck.

This module also holds the one suit table and the one reader of a card token; ``notation`` reads
whole piles on top of it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import field
from enum import Enum
from typing import TYPE_CHECKING, Literal, NamedTuple

from scorekeeper.errors import NotationError
from scorekeeper.i18n import N_, _, translated

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # frozen dataclasses that compile no method (see scorekeeper._frozen): cards are made at every
    # start, and compiling the three classes' methods was a large part of it
    from scorekeeper._frozen import dataclass


class Suit(str, Enum):
    """A suit; the value is its letter in canonical notation (Italian suits map to French ones)."""

    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"
    CLUBS = "c"

    # Hashed as its letter, in C, as it compares (equal to the letter): Enum's own __hash__ is a
    # Python call, and hashing a Card made two of them.
    __hash__ = str.__hash__

    @property
    def symbol(self) -> str:
        return _SUIT_TABLE[self].symbols[0]

    @property
    def english(self) -> str:
        """The French pack's English name, whatever the pack: messages use ``suit_name``."""
        return self.name.lower()


#: Coins, cups, swords, batons: the Italian order, used whenever cards are listed.
SUITS: tuple[Suit, ...] = (Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, Suit.CLUBS)

class _Spelling(NamedTuple):
    symbols: str  # the first is the one shown
    italian: str  # the Italian letter
    names: tuple[str, ...]  # English, Italian, Spanish
    spanish: str = ""  # the Spanish letter (oros, copas, espadas, bastos)


# The one suit table: every way a suit is written; the French letter is the suit's value. Italian
# letters (denari, coppe, spade, bastoni) are read only when asked for: their "c" means cups, not
# clubs, so they are never guessed.
_SUIT_TABLE: dict[Suit, _Spelling] = {
    Suit.DIAMONDS: _Spelling("♦♢", "d", ("diamonds", "diamond", "coins", "coin", "denari", "denaro", "danari",
                                         "ori", "oro", "oros"), "o"),
    Suit.HEARTS: _Spelling("♥♡", "c", ("hearts", "heart", "cups", "cup", "coppe", "coppa", "copas"), "c"),
    Suit.SPADES: _Spelling("♠♤", "s", ("spades", "swords", "sword", "spade", "spada", "espadas"), "e"),
    Suit.CLUBS: _Spelling("♣♧", "b", ("clubs", "club", "batons", "baton", "bastoni", "bastone", "bastos"), "b"),
}
_SUIT_ANY = {written: suit for suit, spelling in _SUIT_TABLE.items()
             for written in (*spelling.symbols, *spelling.names)}
_SUIT_FRENCH: dict[str, Suit] = {suit.value: suit for suit in Suit} | _SUIT_ANY
_SUIT_ITALIAN: dict[str, Suit] = {spelling.italian: suit for suit, spelling in _SUIT_TABLE.items()} | _SUIT_ANY
# Spanish letters (O C E B) agree with the Italian ones on C (copas, coppe) and B (bastos, bastoni).
_SUIT_SPANISH: dict[str, Suit] = {spelling.spanish: suit for suit, spelling in _SUIT_TABLE.items()} | _SUIT_ANY


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

    __hash__ = str.__hash__  # as Suit's


RANKS: tuple[Rank, ...] = tuple(Rank)
_RANK_NUMBER = {rank: i for i, rank in enumerate(RANKS)}
_SUIT_NUMBER = {suit: i for i, suit in enumerate(SUITS)}
#: One more than the largest ``Card.code``.
CODES = len(SUITS) << 4
# Courts by their initials at an Italian or Spanish table: fante (F) or sota (S) is the jack,
# cavallo or caballo (C), or donna (D) in the northern packs, the queen, re or rey (R) the king.
# A rank is read before the suit letter, so a C here never meets the C of coppe or clubs.
_COURT_LETTERS = {"F": Rank.JACK, "S": Rank.JACK, "C": Rank.QUEEN, "D": Rank.QUEEN, "R": Rank.KING}
_RANK_TEXT = {r.value: r for r in Rank} | {"1": Rank.ACE, "T": Rank.TEN} | _COURT_LETTERS
# A deck without 8s, 9s and 10s (the Italian one) reads those numbers as its courts.
_COURT_FOR = {Rank.EIGHT: Rank.JACK, Rank.NINE: Rank.QUEEN, Rank.TEN: Rank.KING}
# A Spanish pack prints its courts as 10 (sota), 11 (caballo) and 12 (rey): read so with Spanish letters,
# where an Italian pack's 10 is its king (re).
_SPANISH_COURTS = {"10": Rank.JACK, "11": Rank.QUEEN, "12": Rank.KING}


# What each pack calls a suit: the Italian pack's coins, cups, swords and batons stand where the
# French pack's diamonds, hearts, spades and clubs do (the suit letters map one to one).
_SUIT_NAMES: dict[Suit, tuple[str, str]] = {
    Suit.DIAMONDS: (N_("diamonds"), N_("coins")),
    Suit.HEARTS: (N_("hearts"), N_("cups")),
    Suit.SPADES: (N_("spades"), N_("swords")),
    Suit.CLUBS: (N_("clubs"), N_("batons")),
}


def suit_name(suit: Suit, deck: Deck | str | None = None) -> str:
    """The suit's name (plural) as the pack of ``deck`` (a Deck or its id) calls it, in the language
    in use: denari for coins in Italian, oros in Spanish; diamonds, quadri, diamantes in a French pack.

    >>> suit_name(Suit.DIAMONDS, "italian-40"), suit_name(Suit.DIAMONDS, DECKS["french-52"])
    ('coins', 'diamonds')
    """
    pack = (DECKS.get(deck) if isinstance(deck, str) else deck) or DECKS["french-52"]
    return translated(_SUIT_NAMES[suit][pack.pack == "italian"])


def suit_names(suits: Iterable[Suit], deck: Deck | str | None = None, sep: str = ", ") -> str:
    """Several suits' names joined by ``sep`` (``hearts, spades``), as ``suit_name`` says each."""
    return sep.join(suit_name(suit, deck) for suit in suits)


def suit_letters(italian_suits: bool = False, spanish: bool = False) -> Mapping[str, Suit]:
    """Every written suit (lower case) to its suit: letters, symbols and names.

    >>> suit_letters()["c"], suit_letters(italian_suits=True)["c"], suit_letters()["denari"]
    (<Suit.CLUBS: 'c'>, <Suit.HEARTS: 'h'>, <Suit.DIAMONDS: 'd'>)
    >>> suit_letters(spanish=True)["o"], suit_letters(spanish=True)["e"]
    (<Suit.DIAMONDS: 'd'>, <Suit.SPADES: 's'>)
    """
    return _SUIT_SPANISH if spanish else _SUIT_ITALIAN if italian_suits else _SUIT_FRENCH


def read_suit(text: str, *, italian_suits: bool = False, spanish: bool = False) -> Suit:
    """A suit from its letter, symbol, or English, Italian or Spanish name."""
    low = text.strip().lower()
    suit = suit_letters(italian_suits, spanish).get(low)
    if suit is None:
        raise NotationError(_not_a_suit(text, low, italian_suits, spanish))
    return suit


def _not_a_suit(text: str, letter: str, italian_suits: bool, spanish: bool = False) -> str:
    if not (italian_suits or spanish) and letter == "b":
        return _("{text} is not a suit (b is an Italian suit letter, and a Spanish one: give --italian-suits or "
                 "--spanish-suits, or set suit_letters = \"italian\" (or \"spanish\") in the settings file)").format(
            text=repr(text))
    if not spanish and letter in ("o", "e"):
        return _("{text} is not a suit ({letter} is a Spanish suit letter: give --spanish-suits, or set "
                 "suit_letters = \"spanish\" in the settings file)").format(text=repr(text), letter=letter)
    if spanish and letter in ("h", "d", "s"):
        return _("{text} is not a suit (Spanish suit letters are O C E B: oros, copas, espadas, bastos)").format(
            text=repr(text))
    if italian_suits and letter == "h":
        return _("{text} is not a suit (Italian suit letters are D C S B: cups are c)").format(text=repr(text))
    return _("{text} is not a suit").format(text=repr(text))


def read_rank(text: str, deck: Deck | None = None, *, spanish: bool = False) -> Rank:
    """A rank; 8, 9, 10 mean J, Q, K in a deck that has no 8s, and with Spanish letters ``spanish``
    10, 11, 12 do, as a Spanish pack prints them; F C R (fante, cavallo, re) and S C R (sota,
    caballo, rey) are the courts too.

    >>> read_rank("F"), read_rank("c"), read_rank("R"), read_rank("S")
    (<Rank.JACK: 'J'>, <Rank.QUEEN: 'Q'>, <Rank.KING: 'K'>, <Rank.JACK: 'J'>)
    >>> read_rank("10", DECKS["italian-40"]), read_rank("10", DECKS["italian-40"], spanish=True)
    (<Rank.KING: 'K'>, <Rank.JACK: 'J'>)
    """
    if spanish and deck is not None and Rank.EIGHT not in deck.ranks:
        if text in ("8", "9"):
            raise NotationError(_("{text} is not in a Spanish pack of 40 (its courts are 10, 11, 12: sota, "
                                  "caballo, rey)").format(text=repr(text)))
        if text in _SPANISH_COURTS:
            return _SPANISH_COURTS[text]
    rank = _RANK_TEXT.get(text.upper())
    if rank is None:
        raise NotationError(_("{text} is not a rank (A 2 ... 10 J Q K, or F C R / S C R for the courts)")
                            .format(text=repr(text)))
    if deck is not None and rank in _COURT_FOR and rank not in deck.ranks:
        return _COURT_FOR[rank]
    return rank


def read_card(token: str, deck: Deck | None = None, *, italian_suits: bool = False, spanish: bool = False) -> Card:
    """One card token, rank then suit (``7d``, ``7D``, ``7♦``, ``10h``, ``1s``, ``Qb`` with Italian letters).

    With a ``deck`` that has no 8s, 8 9 10 are its courts; the card may still be outside the deck
    (checking that is the caller's job).

    >>> read_card("10♥"), read_card("8c", DECKS["italian-40"]), read_card("7b", italian_suits=True)
    (Card.parse('10h'), Card.parse('Jc'), Card.parse('7c'))
    """
    if len(token) < 2:
        raise NotationError(_("{token} is not a card (write rank then suit, like 7d, 10h or Ks)")
                            .format(token=repr(token)))
    try:
        suit = read_suit(token[-1], italian_suits=italian_suits, spanish=spanish)
        rank = read_rank(token[:-1], deck, spanish=spanish)
    except NotationError as exc:
        raise NotationError(_("{token} is not a card: {why}").format(token=repr(token), why=exc)) from None
    return Card(rank, suit)



def bits_of(mask: int) -> list[int]:
    """Each one-bit of a card mask as its own mask, lowest first (one card each).

    >>> bits_of(0b10110)
    [2, 4, 16]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


@dataclass(frozen=True)
class Card:
    """One card: ``str(card)`` is its canonical form and ``Card.parse`` reads it back.

    >>> Card.parse("7d")
    Card.parse('7d')
    >>> str(Card.parse("10♥")), Card.parse("ks").symbol
    ('10h', 'K♠')
    """

    rank: Rank
    suit: Suit
    # A small number of its own (suit and rank), for tables indexed by card: a counter reads a
    # pile's cards to bits through it (``Counter._exact_masks``) faster than through the card's
    # hash or id.
    code: int = field(init=False, repr=False, compare=False, hash=False)

    # Written here, as the standard frozen dataclass would make them, rather than compiled at
    # every start: cards are made, compared and hashed in every loop over a pile.
    def __init__(self, rank: Rank, suit: Suit) -> None:
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "code", _SUIT_NUMBER[suit] << 4 | _RANK_NUMBER[rank])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return (self.rank, self.suit) == (other.rank, other.suit)

    def __hash__(self) -> int:
        return hash((self.rank, self.suit))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card token such as ``7d``, ``7D``, ``7♦``, ``10h`` or ``Ks`` (French suit letters)."""
        return read_card(text.strip())

    def __str__(self) -> str:
        return self.rank.value + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"  # not for players: the Python form of a card

    @property
    def symbol(self) -> str:
        return self.rank.value + self.suit.symbol


@dataclass(frozen=True, eq=False)
class Deck:
    """A pack of cards in a fixed order (suit by suit, ranks ascending) that bitmasks index."""

    id: str
    ranks: tuple[Rank, ...]
    lacks: str  # why a card is not in this deck, for error messages: marked N_, shown with translated()
    pack: Literal["french", "italian"] = "french"  # the suits' faces, for their names (suit_name)
    cards: tuple[Card, ...] = field(init=False)
    index: dict[Card, int] = field(init=False, repr=False)
    by_text: dict[str, Card] = field(init=False, repr=False)  # canonical text -> card

    def __init__(self, id: str, ranks: tuple[Rank, ...], lacks: str,  # noqa: A002 (the field's name)
                 pack: Literal["french", "italian"] = "french") -> None:
        cards = tuple(Card(rank, suit) for suit in SUITS for rank in ranks)
        for name, value in (("id", id), ("ranks", ranks), ("lacks", lacks), ("pack", pack), ("cards", cards),
                            ("index", {card: i for i, card in enumerate(cards)}),
                            ("by_text", {str(card): card for card in cards})):  # not for players: fields
            object.__setattr__(self, name, value)

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

    def rank_mask(self, rank: Rank) -> int:
        return self.mask(Card(rank, suit) for suit in SUITS) if rank in self.ranks else 0

    def cardset(self, mask: int = 0) -> CardSet:
        return CardSet(self, mask)


_ITALIAN = (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN,
            Rank.JACK, Rank.QUEEN, Rank.KING)
_WALL_STREET = (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX,
                Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.KING)

DECKS: dict[str, Deck] = {
    "italian-40": Deck("italian-40", _ITALIAN, N_("it has no 8s, 9s or 10s (type 8, 9, 10 for J, Q, K)"), "italian"),
    "wall-street-40": Deck("wall-street-40", _WALL_STREET,  # not for players: the deck's id
                           N_("it has no 7s, Jacks or Queens")),
    "french-52": Deck("french-52", RANKS, N_("it has every card")),
}


@dataclass(frozen=True)
class CardSet:
    """A set of cards of one deck, held as a bitmask; ``str`` lists them in deck order.

    >>> deck = DECKS["italian-40"]
    >>> pile = deck.cardset(deck.mask([Card.parse("7d"), Card.parse("Ad")]))
    >>> str(pile), len(pile), pile.grouped()
    ('Ad 7d', 2, 'd:A7')
    """

    deck: Deck
    mask: int = 0

    def __init__(self, deck: Deck, mask: int = 0) -> None:
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "mask", mask)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not CardSet:
            return NotImplemented
        return (self.deck, self.mask) == (other.deck, other.mask)

    def __hash__(self) -> int:
        return hash((self.deck, self.mask))

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
