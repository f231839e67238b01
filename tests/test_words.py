"""Lists, counted words and cut-short problem lists, in the language in use (issue 10)."""

from __future__ import annotations

from scorekeeper._words import and_list, cut_short, or_list, plural
from scorekeeper.i18n import speaking


def test_names_are_joined_with_and_in_english_e_in_italian_y_in_spanish() -> None:
    names = ["Anna", "Bruno", "Carla"]
    assert and_list(names) == "Anna, Bruno and Carla"
    with speaking("it"):
        assert and_list(names) == "Anna, Bruno e Carla"
    with speaking("es"):
        assert and_list(names) == "Anna, Bruno y Carla"


def test_spanish_writes_e_before_an_i_sound_and_u_before_an_o_sound() -> None:
    with speaking("es"):
        assert and_list(["Ana", "Isabel"]) == "Ana e Isabel"
        assert and_list(["Ana", "Hilda"]) == "Ana e Hilda"
        assert and_list(["agua", "hielo"]) == "agua y hielo"  # before a diphthong y stays
        assert or_list(["siete", "ocho"]) == "siete u ocho"
        assert or_list(["uno", "dos"]) == "uno o dos"
    with speaking("it"):
        assert and_list(["Ana", "Isabel"]) == "Ana e Isabel"


def test_a_cut_short_list_counts_what_it_hides_in_the_language_in_use() -> None:
    assert cut_short(list("abcd"), 2) == ["a", "b", "and 2 more problems"]
    with speaking("it"):
        once = cut_short(list("abcd"), 3)
        assert once == ["a", "b", "c", "e 1 altro problema"]
        assert cut_short(once, 2) == ["a", "b", "e altri 2 problemi"]  # the hidden count is kept
    with speaking("es"):
        assert cut_short(list("abcde"), 2) == ["a", "b", "y 3 problemas más"]


def test_a_counted_word_marked_for_translation_is_said_in_the_language_in_use() -> None:
    assert (plural(1, "hand"), plural(2, "hand")) == ("1 hand", "2 hands")
    with speaking("it"):
        assert plural(1, "rule set") == "1 regolamento"
