"""The capture question's messages start with the part of the question they are about, in the
player's language: a phone set to Italian or Spanish reads "presa", not "take"."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.errors import InputErrors, ScorekeeperError
from scorekeeper.i18n import speaking
from scorekeeper.play.ruling import rule_on_capture


def refusal(**question: Any) -> str:
    try:
        rule_on_capture("cassino", "3c", "7h", **question)
    except InputErrors as exc:
        [message] = exc.messages
        return message
    except ScorekeeperError as exc:
        return str(exc)
    raise AssertionError("the question was answered")


@pytest.mark.parametrize(("language", "build", "take", "option"), [
    ("en", "build 'seven': write VALUE=CARDS, like 7=5h,2c", "take, token 1: 'Zz' is not a card: 'z' is not a suit",
     "option nope: cassino has no option 'nope' (its options: courts-take, raise-builds, owner-may-trail)"),
    ("it", "costruzione 'seven': scrivi VALORE=CARTE, come 7=5h,2c",
     "presa, elemento 1: 'Zz' non è una carta: 'z' non è un seme",
     "opzione nope: cassino non ha l'opzione 'nope' (le sue opzioni: courts-take, raise-builds, owner-may-trail)"),
    ("es", "construcción 'seven': escribe VALOR=CARTAS, como 7=5h,2c",
     "captura, elemento 1: 'Zz' no es una carta: 'z' no es un palo",
     "opción nope: cassino no tiene la opción 'nope' (sus opciones: courts-take, raise-builds, owner-may-trail)"),
])
def test_each_part_of_the_question_is_named_in_the_players_language(
        language: str, build: str, take: str, option: str) -> None:
    with speaking(language):
        assert refusal(builds=("seven",)) == build
        assert refusal(take="Zz") == take
        assert refusal(options={"nope": 1}) == option
