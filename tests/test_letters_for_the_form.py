"""A stored pile typed with Italian or Spanish suit letters, written again in the French letters the
hand page's form and tiles read (``in_french``): the same cards, marks and 'rest', or the text as
typed when it is French already, when its letters are unknown, or when it no longer reads.

Letters (README, RULES.md): French D H S C; Italian D C S B (denari, coppe, spade, bastoni: coppe
are hearts, bastoni clubs); Spanish O C E B with the courts 10 11 12 (sota, caballo, rey: J Q K).
"""

from __future__ import annotations

import pytest

from scorekeeper.cards import DECKS
from scorekeeper.match.letters import in_french

ITALIAN_PACK = DECKS["italian-40"]


@pytest.mark.parametrize(("typed", "letters", "french"), [
    ("7c b:A s:2 d:3,4 resto", "italian", "7h Ac 2s 3d 4d rest"),  # c coppe, b bastoni, resto
    ("7c* 3d", "italian", "7h* 3d"),  # a marked card keeps its mark
    ("o:1,7 12c* e:10 b:11 resto", "spanish", "Ad 7d Kh* Js Qc rest"),  # 10 11 12 are J Q K
    ("7c", "spanish", "7h"),
])
def test_a_pile_typed_in_italian_or_spanish_letters_is_given_in_french_ones(typed, letters, french):
    assert in_french(typed, ITALIAN_PACK, letters) == french


@pytest.mark.parametrize("letters", ["french", "", "klingon"])
def test_french_or_unknown_letters_give_the_text_back_as_typed(letters):
    # read with Italian letters 7c would be the seven of cups (7h): it must stay the seven of clubs
    assert in_french("7c Ad", ITALIAN_PACK, letters) == "7c Ad"


def test_italian_letters_do_not_read_spanish_courts():
    # 12 is a court only with Spanish letters; with Italian ones the pile no longer reads, kept as typed
    assert in_french("12c", ITALIAN_PACK, "italian") == "12c"
    assert in_french("12c", ITALIAN_PACK, "spanish") == "Kh"


def test_a_pile_that_no_longer_reads_is_given_back_for_the_form_to_refuse():
    assert in_french("7x 3d", ITALIAN_PACK, "italian") == "7x 3d"
