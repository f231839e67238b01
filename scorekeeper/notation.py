"""Text to cards and piles, with the position of every bad token in the error.

A pile is written as tokens separated by spaces or commas:

- single cards: ``7d``, ``7D``, ``7♦``, ``10h``, ``Ks`` (``1`` is also an ace);
- suit groups: ``d:A27K``, ``♦:A27K``, ``coins:A27K``, ``denari:A27K``;
- the words ``settebello`` (7d) and ``rebello`` (Kd);
- ``rest``: every card of the deck that no other pile of the hand lists;
- a ``*`` after a card marks it as a sweep card lying face up in the pile.

In a deck without 8, 9 and 10 (the Italian one) those ranks mean J, Q and K.

>>> from scorekeeper.cards import DECKS
>>> pile = parse_pile("d:A27* 10c settebello", DECKS["italian-40"])
>>> " ".join(map(str, pile.cards)), [str(c) for c in pile.marked]
('Ad 2d 7d Kc 7d', ['7d'])
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorekeeper.cards import Card, Deck, Rank, Suit
from scorekeeper.errors import InputErrors, NotationError

_RANK_TEXT = {r.value: r for r in Rank} | {"1": Rank.ACE, "T": Rank.TEN}
_COURT_FOR = {Rank.EIGHT: Rank.JACK, Rank.NINE: Rank.QUEEN, Rank.TEN: Rank.KING}

_SUIT_SYMBOLS = {"♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
                 "♠": Suit.SPADES, "♤": Suit.SPADES, "♣": Suit.CLUBS, "♧": Suit.CLUBS}
_FRENCH_LETTERS = {"d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES, "c": Suit.CLUBS}
# Denari, coppe, spade, bastoni: "c" means cups here, which is why this is never guessed.
_ITALIAN_LETTERS = {"d": Suit.DIAMONDS, "c": Suit.HEARTS, "s": Suit.SPADES, "b": Suit.CLUBS}
_SUIT_WORDS = {
    Suit.DIAMONDS: ("diamonds", "diamond", "coins", "coin", "denari", "denaro", "danari", "ori", "oro", "oros"),
    Suit.HEARTS: ("hearts", "heart", "cups", "cup", "coppe", "coppa", "copas"),
    Suit.SPADES: ("spades", "swords", "sword", "spade", "spada", "espadas"),
    Suit.CLUBS: ("clubs", "club", "batons", "baton", "bastoni", "bastone", "bastos"),
}
_WORDS = {"settebello": Card(Rank.SEVEN, Suit.DIAMONDS), "rebello": Card(Rank.KING, Suit.DIAMONDS),
          "re-bello": Card(Rank.KING, Suit.DIAMONDS)}
REST = "rest"


@dataclass
class PileText:
    """What one pile's text says, before it is checked against the other piles."""

    cards: list[Card] = field(default_factory=list)
    marked: list[Card] = field(default_factory=list)
    rest: bool = False


def _letters(italian_suits: bool) -> dict[str, Suit]:
    return _ITALIAN_LETTERS if italian_suits else _FRENCH_LETTERS


def parse_suit(text: str, *, italian_suits: bool = False) -> Suit:
    """A suit from its letter, symbol, or English, Italian or Spanish name."""
    low = text.strip().lower()
    suit = _SUIT_SYMBOLS.get(low) or _letters(italian_suits).get(low)
    if suit is None:
        suit = next((s for s, words in _SUIT_WORDS.items() if low in words), None)
    if suit is None:
        hint = _suit_hint(low, italian_suits)
        raise NotationError(f"{text!r} is not a suit{hint}")
    return suit


def _suit_hint(letter: str, italian_suits: bool) -> str:
    if not italian_suits and letter == "b":
        return " (b is an Italian suit letter: turn Italian suit letters on to use D C S B)"
    if italian_suits and letter == "h":
        return " (Italian suit letters are D C S B: cups are c)"
    return ""


def parse_rank(text: str, deck: Deck) -> Rank:
    """A rank; 8, 9, 10 mean J, Q, K in a deck that has no 8s."""
    rank = _RANK_TEXT.get(text.upper())
    if rank is None:
        raise NotationError(f"{text!r} is not a rank (A 2 ... 10 J Q K)")
    if rank in _COURT_FOR and rank not in deck.ranks:
        return _COURT_FOR[rank]
    return rank


def parse_card(token: str, deck: Deck, *, italian_suits: bool = False) -> Card:
    """One card token; the card may still be outside ``deck`` (checking that is the hand's job).

    >>> from scorekeeper.cards import DECKS
    >>> [str(parse_card(t, DECKS["italian-40"])) for t in ("7D", "8c", "10♥", "rebello")]
    ['7d', 'Jc', 'Kh', 'Kd']
    >>> str(parse_card("Qb", DECKS["italian-40"], italian_suits=True))
    'Qc'
    """
    word = _WORDS.get(token.lower())
    if word is not None:
        return word
    if len(token) < 2:
        raise NotationError(f"{token!r} is not a card")
    try:
        suit = parse_suit(token[-1], italian_suits=italian_suits)
        rank = parse_rank(token[:-1], deck)
    except NotationError as exc:
        raise NotationError(f"{token!r} is not a card: {exc}") from None
    return Card(rank, suit)


def _parse_group(token: str, deck: Deck, italian_suits: bool, out: PileText) -> None:
    suit_text, _, ranks = token.partition(":")
    try:
        suit = parse_suit(suit_text, italian_suits=italian_suits)
    except NotationError as exc:
        raise NotationError(f"{token!r}: {exc}") from None
    i = 0
    while i < len(ranks):
        char = ranks[i]
        if char == ",":
            i += 1
            continue
        if char == "*":
            if i == 0 or ranks[i - 1] in ",*":
                raise NotationError(f"{token!r}: '*' must follow a card")
            out.marked.append(out.cards[-1])
            i += 1
            continue
        width = 2 if ranks.startswith("10", i) else 1
        try:
            rank = parse_rank(ranks[i:i + width], deck)
        except NotationError as exc:
            raise NotationError(f"{token!r}, character {i + len(suit_text) + 2}: {exc}") from None
        out.cards.append(Card(rank, suit))
        i += width


def split_tokens(text: str) -> list[str]:
    """Tokens of a pile: separated by spaces or commas (commas inside a suit group stay)."""
    tokens: list[str] = []
    for word in text.split():
        if ":" in word:
            tokens.append(word)
        else:
            tokens.extend(part for part in word.split(",") if part)
    return tokens


def parse_pile(text: str, deck: Deck, *, where: str = "pile", italian_suits: bool = False) -> PileText:
    """Read one pile; every bad token is reported, each as ``WHERE, token N: ...``."""
    out = PileText()
    errors = []
    for number, token in enumerate(split_tokens(text), start=1):
        try:
            _parse_token(token, deck, italian_suits, out)
        except NotationError as exc:
            errors.append(f"{where}, token {number}: {exc}")
    if errors:
        raise InputErrors(errors)
    return out


def _parse_token(token: str, deck: Deck, italian_suits: bool, out: PileText) -> None:
    if token.lower() == REST:
        out.rest = True
        return
    if ":" in token:
        _parse_group(token, deck, italian_suits, out)
        return
    marked = token.endswith("*")
    card = parse_card(token.rstrip("*") if marked else token, deck, italian_suits=italian_suits)
    out.cards.append(card)
    if marked:
        out.marked.append(card)
