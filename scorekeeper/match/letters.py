"""Which suit letters a match's hands are typed in, and the one case where that cannot be told.

French letters (D H S C) are the default; Italian (D C S B) and Spanish (O C E B) letters are read
when asked for, and a match remembers the choice. C is a suit in all three: clubs in French, coppe
and copas (cups) otherwise, so ``7c`` typed for an Italian pack's seven of cups is a seven of clubs
to the French reading, and the hand counts quietly wrong. When nothing says which letters are meant
(no option, no hand file, no earlier hand of the match, no settings) and the letters typed fit the
other reading better (a C, and no H, for a game of the Italian pack), the hand is not read until the
player says which (``LettersUnsaid``).
"""

from __future__ import annotations

from scorekeeper.cards import Deck
from scorekeeper.errors import HandError, InputErrors
from scorekeeper.i18n import _
from scorekeeper.notation import REST_WORDS, parse_pile, split_tokens
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.scoring.hand import HandSpec

#: The letter sets, by the name a hand file and the settings give them.
LETTERS = ("french", "italian", "spanish")  # not for players: the names as typed


class LettersUnsaid(HandError):
    """The suit letters were not said and the hand reads differently with the Italian ones."""


def letters_used(text: str) -> set[str]:
    """The suit letters (lower case) a pile's text uses: a card's last letter, a group's prefix (a
    card's name, such as settebello, names its suit in words, not letters).

    >>> sorted(letters_used("7c Ad s:A2 settebello rest 3h*"))
    ['c', 'd', 'h', 's']
    """
    used = set()
    for token in split_tokens(text):
        token = token.rstrip("*").lower()
        if ":" in token:
            used.add(token.partition(":")[0])
        elif token not in REST_WORDS and 2 <= len(token) <= 3 and token[-1].isalpha():  # 7d, 10c, 12o: a card
            used.add(token[-1])
    return used


def letters_doubt(spec: HandSpec, rules: RuleSet) -> str | None:
    """Why the hand cannot be read until its suit letters are said, or None: an Italian pack, and a
    C but no H among the letters typed (in French letters C is clubs, to an Italian player coppe)."""
    if rules.cards.pack != "italian":
        return None
    used = set().union(*(letters_used(text) for text, _where in spec.piles.values()))
    if "c" not in used or "h" in used:
        return None
    return _("the suit letters were not said, and {rules} is played with an Italian pack: with French letters "
             "c is clubs, with Italian ones c is coppe (cups). No h was typed, so give --italian-suits if c means "
             "coppe (or --spanish-suits for O C E B), --french-suits if it means clubs, or set suit_letters in "
             "the settings file once for all").format(rules=rules.id)


def settled(spec: HandSpec, letters: str) -> HandSpec:
    """The hand read with ``letters`` (french, italian or spanish)."""
    from dataclasses import replace

    return replace(spec, italian_suits=letters != "french", spanish=letters == "spanish")


def in_french(text: str, deck: Deck, letters: str) -> str:
    """A pile typed with ``letters`` written again with French letters, as the pages' tiles write
    cards (each card, a marked one with its '*', then 'rest'), so that a form that reads French
    letters reads the same cards; French text is given back as typed, and so is text that no longer
    reads (the form then says what is wrong with it).

    >>> from scorekeeper.cards import DECKS
    >>> in_french("o:1,7 12c* resto", DECKS["italian-40"], "spanish")
    'Ad 7d Kh* rest'
    """
    if letters not in LETTERS or letters == "french":
        return text
    try:
        pile = parse_pile(text, deck, italian_suits=True, spanish=letters == "spanish")
    except InputErrors:
        return text
    marked = set(pile.marked)
    words = [f"{card}*" if card in marked else str(card) for card in pile.cards]
    return " ".join(words + ["rest"] * pile.rest)  # not for players: the word the tiles read
