"""Text to piles and lists of cards, with the position of every bad token in the error.

One card token is read by ``cards.read_card``; this module reads what is made of tokens. A pile
is written as tokens separated by spaces or commas:

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

from collections.abc import Mapping
from dataclasses import field
from typing import TYPE_CHECKING, Any

from scorekeeper.cards import Card, Deck, Rank, Suit, read_card, read_rank, read_suit
from scorekeeper.errors import InputErrors, NotationError
from scorekeeper.i18n import _, translated

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # a dataclass that compiles no method (see scorekeeper._frozen)
    from scorekeeper._frozen import dataclass

#: The word for every card no other pile lists: English, and Italian and Spanish (resto).
REST_WORDS = frozenset({"rest", "resto"})  # not for players: words read in piles
_CARD_WORDS = {"settebello": Card(Rank.SEVEN, Suit.DIAMONDS), "rebello": Card(Rank.KING, Suit.DIAMONDS),
               "re-bello": Card(Rank.KING, Suit.DIAMONDS)}  # not for players: words read in piles
REST = "rest"


@dataclass()
class PileText:
    """What one pile's text says, before it is checked against the other piles."""

    cards: list[Card] = field(default_factory=list)
    marked: list[Card] = field(default_factory=list)
    rest: bool = False

    # Written here rather than compiled at every start with two other methods: a pile is read
    # into one of these in every count from text.
    def __init__(self, cards: list[Card] | None = None, marked: list[Card] | None = None, rest: bool = False) -> None:
        self.cards = [] if cards is None else cards
        self.marked = [] if marked is None else marked
        self.rest = rest


def parse_card(token: str, deck: Deck, *, italian_suits: bool = False, spanish: bool = False) -> Card:
    """One card token, or a card's name; the card may still be outside ``deck`` (that is the hand's job).

    >>> from scorekeeper.cards import DECKS
    >>> [str(parse_card(t, DECKS["italian-40"])) for t in ("7D", "8c", "10♥", "rebello")]
    ['7d', 'Jc', 'Kh', 'Kd']
    >>> str(parse_card("Qb", DECKS["italian-40"], italian_suits=True))
    'Qc'
    """
    word = _CARD_WORDS.get(token.lower())
    if word is not None:
        return word
    return read_card(token, deck, italian_suits=italian_suits, spanish=spanish)


def _parse_group(token: str, deck: Deck, italian_suits: bool, out: PileText, spanish: bool = False) -> None:
    suit_text, _colon, ranks = token.partition(":")
    try:
        suit = read_suit(suit_text, italian_suits=italian_suits, spanish=spanish)
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
                raise NotationError(_("{token}: '*' must follow a card").format(token=repr(token)))
            out.marked.append(out.cards[-1])
            i += 1
            continue
        width = 2 if ranks.startswith("10", i) or spanish and ranks.startswith(("11", "12"), i) else 1
        try:
            rank = read_rank(ranks[i:i + width], deck, spanish=spanish)
        except NotationError as exc:
            raise NotationError(_("{token}, character {number}: {why}").format(
                token=repr(token), number=i + len(suit_text) + 2, why=exc)) from None
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


def parse_pile(text: str, deck: Deck, *, where: str = "pile", italian_suits: bool = False,
               spanish: bool = False) -> PileText:
    """Read one pile; every bad token is reported, each as ``WHERE, token N: ...``. With ``spanish``
    the suit letters are O C E B and a 40-card pack's courts are 10, 11, 12.

    >>> from scorekeeper.cards import DECKS
    >>> " ".join(map(str, parse_pile("o:1,7,10,12 11e resto", DECKS["italian-40"], spanish=True).cards))
    'Ad 7d Jd Kd Qs'
    """
    out = PileText()
    errors = []
    # A card's canonical token (7d, 10h, as the history and simulate write them) is the card itself:
    # looked up first, it skips the reader's spelling rules (importing a history counts every hand again).
    canonical = {} if italian_suits else deck.by_text
    for number, token in enumerate(split_tokens(text), start=1):
        card = canonical.get(token)
        if card is not None:
            out.cards.append(card)
            continue
        try:
            _parse_token(token, deck, italian_suits, out, spanish)
        except NotationError as exc:
            errors.append(_("{where}, token {number}: {why}").format(where=where, number=number, why=exc))
    if errors:
        raise InputErrors(errors)
    return out


def _parse_token(token: str, deck: Deck, italian_suits: bool, out: PileText, spanish: bool = False) -> None:
    if token.lower() in REST_WORDS:
        out.rest = True
        return
    if ":" in token:
        _parse_group(token, deck, italian_suits, out, spanish)
        return
    marked = token.endswith("*")
    card = parse_card(token.rstrip("*") if marked else token, deck, italian_suits=italian_suits, spanish=spanish)
    out.cards.append(card)
    if marked:
        out.marked.append(card)


class CardReader:
    """Cards of one deck, listed as records and capture questions list them (a text or a list of texts).

    >>> from scorekeeper.cards import DECKS
    >>> CardReader(DECKS["italian-40"], italian_suits=True).cards("7c 10b", "take")
    (Card.parse('7h'), Card.parse('Kc'))
    """

    def __init__(self, deck: Deck, *, italian_suits: bool = False) -> None:
        self.deck = deck
        self.italian_suits = italian_suits
        # Canonical tokens are looked up, not read by parse_pile: most of what a record holds is
        # canonical, and reading each token was most of reading a record. With Italian letters "7c"
        # is not the canonical 7c, so every token is read.
        self._canonical: dict[str, Card] = {} if italian_suits else deck.by_text

    @property
    def canonical(self) -> Mapping[str, Card]:
        """The deck's cards by canonical token, when tokens are read as written (empty with Italian letters)."""
        return self._canonical

    def cards(self, value: Any, where: str) -> tuple[Card, ...]:
        """The cards of a text or a list of card texts; every message starts with ``where``."""
        if value is None:
            return ()
        canonical = self._canonical
        if isinstance(value, list):
            if all(isinstance(v, str) and v in canonical for v in value):
                return tuple(canonical[v] for v in value)
            value = " ".join(str(v) for v in value)
        if not isinstance(value, str):
            raise NotationError(_("{where}: must be cards, like '7d 3c'").format(where=where))
        tokens = value.split()
        if all(t in canonical for t in tokens):
            return tuple(canonical[t] for t in tokens)
        pile = parse_pile(value, self.deck, where=where, italian_suits=self.italian_suits)
        if pile.rest:
            raise NotationError(_("{where}: 'rest' means nothing here: list the cards").format(where=where))
        foreign = [c for c in pile.cards if c not in self.deck.index]
        if foreign:
            raise NotationError(_("{where}: {card} is not in the {deck} deck: {why}").format(
                where=where, card=foreign[0], deck=self.deck.id, why=translated(self.deck.lacks)))
        return tuple(pile.cards)

    def mask(self, value: Any, where: str) -> int:
        """The bitmask of the cards, refusing a card listed twice."""
        deck, mask = self.deck, 0
        for card in self.cards(value, where):
            if mask & deck.bit(card):
                raise NotationError(_("{where}: {card} is listed twice").format(where=where, card=card))
            mask |= deck.bit(card)
        return mask
