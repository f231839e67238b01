"""Cards and the pile notation: every written form of RULES.md, and errors that say where."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.cards import DECKS, Card, CardSet, Rank, Suit, read_card, suit_letters, suit_name, suit_names
from scorekeeper.errors import InputErrors, NotationError
from scorekeeper.i18n import speaking
from scorekeeper.notation import CardReader, parse_card, parse_pile

ITALIAN = DECKS["italian-40"]
FRENCH = DECKS["french-52"]
ALL_CARDS = [card for deck in DECKS.values() for card in deck.cards]


@given(st.sampled_from(ALL_CARDS))
def test_canonical_form_parses_back_to_the_same_card(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert parse_card(str(card), FRENCH) == card


@pytest.mark.parametrize("token", ["7d", "7D", "7♦", "7♢"])
def test_single_tokens_in_every_accepted_spelling(token: str) -> None:
    assert parse_card(token, ITALIAN) == Card(Rank.SEVEN, Suit.DIAMONDS)


def test_ten_and_courts_of_the_french_pack() -> None:
    assert [str(parse_card(t, FRENCH)) for t in ("10h", "Ks", "jc", "Qd", "1s")] == ["10h", "Ks", "Jc", "Qd", "As"]


def test_italian_pack_reads_8_9_10_as_jack_queen_king() -> None:
    assert [str(parse_card(t, ITALIAN)) for t in ("8d", "9c", "10h")] == ["Jd", "Qc", "Kh"]


def test_wall_street_pack_keeps_8_9_10_as_numbers() -> None:
    assert [str(parse_card(t, DECKS["wall-street-40"])) for t in ("8d", "9c", "10h")] == ["8d", "9c", "10h"]


def test_words_settebello_and_rebello() -> None:
    assert [str(c) for c in parse_pile("settebello rebello", ITALIAN).cards] == ["7d", "Kd"]


@pytest.mark.parametrize("prefix", ["d", "♦", "diamonds", "coins", "denari", "ori", "oros", "D"])
def test_suit_group_with_letter_symbol_or_name(prefix: str) -> None:
    assert [str(c) for c in parse_pile(f"{prefix}:A27K", ITALIAN).cards] == ["Ad", "2d", "7d", "Kd"]


def test_suit_grouped_hand_of_the_rules_reference() -> None:
    pile = parse_pile("d:A27K c:356 h:7 s:JQ", ITALIAN)
    assert " ".join(map(str, pile.cards)) == "Ad 2d 7d Kd 3c 5c 6c 7h Js Qs"


def test_suit_group_reads_10_as_one_rank() -> None:
    assert [str(c) for c in parse_pile("s:910JQ", FRENCH).cards] == ["9s", "10s", "Js", "Qs"]


def test_star_marks_a_sweep_card_in_both_forms() -> None:
    pile = parse_pile("7d* h:A3*", ITALIAN)
    assert [str(c) for c in pile.marked] == ["7d", "3h"]


def test_rest_is_flagged_not_expanded_by_the_pile() -> None:
    assert parse_pile("rest", ITALIAN).rest


def test_italian_suit_letters_only_when_asked() -> None:
    assert str(parse_card("7c", ITALIAN, italian_suits=True)) == "7h"  # coppe are cups
    assert str(parse_card("7b", ITALIAN, italian_suits=True)) == "7c"  # bastoni are batons
    assert str(parse_card("7c", ITALIAN)) == "7c"  # French letters by default
    with pytest.raises(NotationError, match="Italian suit letter"):
        parse_card("7b", ITALIAN)


def test_every_bad_token_is_named_with_its_position() -> None:
    with pytest.raises(InputErrors) as caught:
        parse_pile("7d Ad 8x 5c 4z", ITALIAN, where="pile of Anna")
    assert caught.value.messages == [
        "pile of Anna, token 3: '8x' is not a card: 'x' is not a suit",
        "pile of Anna, token 5: '4z' is not a card: 'z' is not a suit",
    ]


def test_bad_rank_inside_a_suit_group_names_the_character() -> None:
    with pytest.raises(InputErrors) as caught:
        parse_pile("d:A2X", ITALIAN, where="pile of Bruno")
    assert caught.value.messages == [
        "pile of Bruno, token 1: 'd:A2X', character 5: 'X' is not a rank "
        "(A 2 ... 10 J Q K, or F C R / S C R for the courts)"]


def test_cardset_is_a_bitmask_with_set_algebra() -> None:
    a = ITALIAN.cardset(ITALIAN.mask(parse_pile("Ad 7d 6h", ITALIAN).cards))
    b = ITALIAN.cardset(ITALIAN.mask(parse_pile("7d 5c", ITALIAN).cards))
    assert str(a | b) == "Ad 7d 6h 5c"
    assert str(a & b) == "7d"
    assert str(a - b) == "Ad 6h"
    assert Card.parse("6h") in a and Card.parse("5c") not in a
    assert isinstance(a, CardSet) and len(a | b) == 4


def test_each_deck_has_forty_or_fifty_two_distinct_cards() -> None:
    assert {d.id: len(set(d.cards)) for d in DECKS.values()} == {
        "italian-40": 40, "wall-street-40": 40, "french-52": 52}


@pytest.mark.parametrize("suit", list(Suit))
def test_one_suit_table_for_the_card_and_the_pile_readers(suit: Suit) -> None:
    for written, found in suit_letters().items():
        if found is suit and len(written) == 1:
            assert Card.parse(f"7{written}") == read_card(f"7{written}") == parse_card(f"7{written}", FRENCH)
            assert parse_pile(f"{written}:7", FRENCH).cards == [Card(Rank.SEVEN, suit)]
    assert Card.parse(f"7{suit.symbol}") == Card(Rank.SEVEN, suit)


def test_card_reader_looks_up_canonical_tokens_and_reads_the_rest() -> None:
    reader = CardReader(ITALIAN)
    assert reader.cards(["7d", "Kc"], "take") == reader.cards("7♦ 10c", "take") == (Card.parse("7d"), Card.parse("Kc"))
    with pytest.raises(NotationError, match="^take: 7h is listed twice$"):
        reader.mask("7h 7♥", "take")


def test_card_reader_with_italian_letters_reads_c_as_cups() -> None:
    assert CardReader(ITALIAN, italian_suits=True).cards(["7c", "2b"], "take") == (Card.parse("7h"), Card.parse("2c"))


# --- suit names follow the pack and the language (issue 10: "Italian suit and court names out") ---

def test_an_italian_pack_names_its_suits_coins_cups_swords_batons_and_a_french_one_diamonds_to_clubs() -> None:
    assert [suit_name(s, "italian-40") for s in Suit] == ["coins", "cups", "swords", "batons"]
    assert [suit_name(s, DECKS["french-52"]) for s in Suit] == ["diamonds", "hearts", "spades", "clubs"]
    assert [suit_name(s, "wall-street-40") for s in Suit] == ["diamonds", "hearts", "spades", "clubs"]
    assert suit_names([Suit.HEARTS, Suit.SPADES, Suit.CLUBS], "italian-40") == "cups, swords, batons"


@pytest.mark.parametrize(("language", "italian", "french"), [
    ("it", ["denari", "coppe", "spade", "bastoni"], ["quadri", "cuori", "picche", "fiori"]),
    ("es", ["oros", "copas", "espadas", "bastos"], ["diamantes", "corazones", "picas", "tréboles"]),
])
def test_suit_names_in_italian_and_spanish_follow_the_pack(language: str, italian: list[str],
                                                           french: list[str]) -> None:
    with speaking(language):
        assert [suit_name(s, "italian-40") for s in Suit] == italian
        assert [suit_name(s, "french-52") for s in Suit] == french


def test_a_bad_card_is_refused_in_the_language_in_use() -> None:
    with speaking("it"), pytest.raises(NotationError) as caught:
        read_card("7x")
    assert str(caught.value) == "'7x' non è una carta: 'x' non è un seme"
