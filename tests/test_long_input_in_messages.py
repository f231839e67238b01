"""A long text someone typed is quoted in a message cut to its first 40 characters, so that a
pasted paragraph does not bury the one line that says what is wrong."""

from __future__ import annotations

import pytest

from scorekeeper.errors import InputErrors
from scorekeeper.play.ruling import rule_on_capture


def refusal(build: str) -> str:
    with pytest.raises(InputErrors) as caught:
        rule_on_capture("cassino", "", "9s", builds=(build,))
    [message] = caught.value.messages
    return message


def test_a_build_of_40_characters_is_quoted_whole() -> None:
    assert refusal("x" * 40) == f"build '{'x' * 40}': write VALUE=CARDS, like 7=5h,2c"


def test_a_build_of_41_characters_is_cut_to_40() -> None:
    assert refusal("x" * 41) == f"build '{'x' * 40}...': write VALUE=CARDS, like 7=5h,2c"


def test_a_long_build_value_is_cut_where_it_is_named() -> None:
    assert refusal("9" * 45 + "=5h,2c") == (
        f"build '{'9' * 40}...': no card takes a build of {'9' * 40}... in Cassino (a build is worth 1 to 10)")
