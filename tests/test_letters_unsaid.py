"""When the suit letters of a hand of the Italian pack cannot be told: a c typed and no h
(``letters_doubt``), judged on the suit letters each pile uses (``letters_used``: a card's last letter,
a group's prefix; words such as settebello and rest name no letter; a marked card keeps its letter).
"""

from __future__ import annotations

import pytest

from scorekeeper.errors import InputErrors
from scorekeeper.match.letters import letters_doubt, letters_used, settled
from scorekeeper.rules.catalog import load_rules
from scorekeeper.scoring.hand import HandSpec


def hand(*piles: str) -> HandSpec:
    return HandSpec(piles={f"side {i}": (text, f"--pile side {i}") for i, text in enumerate(piles)})


def test_the_letters_a_pile_uses_are_its_cards_and_groups_never_its_words():
    assert letters_used("7c Ad s:A2 settebello rest 3h*") == {"c", "d", "h", "s"}
    assert letters_used("resto re-bello 10C* 12o") == {"c", "o"}


def test_a_c_with_no_h_in_a_game_of_the_italian_pack_is_doubted():
    doubt = letters_doubt(hand("d:A234567 c:A2345", "rest"), load_rules("scopa"))
    assert doubt is not None and doubt.startswith("the suit letters were not said, and scopa is played with an "
                                                  "Italian pack")


def test_an_h_anywhere_even_marked_says_the_letters_are_french():
    assert letters_doubt(hand("7c 3d", "3h* rest"), load_rules("scopa")) is None


def test_no_doubt_without_a_c_or_in_a_game_of_the_french_pack():
    assert letters_doubt(hand("d:A234567 s:A", "rest"), load_rules("scopa")) is None
    assert letters_doubt(hand("7c 3d", "rest"), load_rules("cassino")) is None


def test_letters_settled_as_spanish_read_oros_and_the_courts_and_italian_ones_do_not():
    pack = load_rules("cirulla").cards
    spec = HandSpec(piles={"Anna": ("o:1,7 12c", "--pile Anna"), "Bruno": ("rest", "--pile Bruno")},
                    italian_suits=None)  # not said: the match settles them
    assert [str(card) for card in settled(spec, "spanish").entry(pack).piles[0].cards] == ["Ad", "7d", "Kh"]
    with pytest.raises(InputErrors) as caught:
        settled(spec, "italian").entry(pack)
    assert caught.value.messages[0].startswith("--pile Anna, token 1: 'o:1,7': 'o' is not a suit")
