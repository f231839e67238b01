"""The one Game at the edges no simulated hand reaches: a player asked to play with no cards left,
and a hand in which nobody captures (the last player's side takes what is left, RULES.md)."""

from __future__ import annotations

import pytest

from scorekeeper.cards import Card
from scorekeeper.play.capture import CaptureEngine, IllegalPlayError
from scorekeeper.play.game import Game
from scorekeeper.rules.catalog import load_rules

ENGINE = CaptureEngine(load_rules("scopa"))


def _mask(text: str) -> int:
    return ENGINE.deck.mask(Card.parse(t) for t in text.split())


def _index(token: str) -> int:
    return ENGINE.deck.index[Card.parse(token)]


@pytest.mark.parametrize(("names", "who"), [(("Anna", "Bruno"), "Bruno"), ((), "that player")])
def test_a_player_with_no_cards_left_is_told_so(names: tuple[str, ...], who: str) -> None:
    game = Game(CaptureEngine(load_rules("scopa")), [[_mask("Ad")], []], _mask("Jc"), [0, 1], 2, names)
    with pytest.raises(IllegalPlayError) as caught:
        game.play(1, _index("7d"), 0)
    assert str(caught.value) == f"{who} does not hold the 7d (holds no cards)"


def test_a_hand_nobody_captures_in_goes_to_the_last_players_side() -> None:
    # Three players each lay a card that takes nothing: the Jc on the table and the three laid
    # cards go to Carla's side, the last to play.
    game = Game(CaptureEngine(load_rules("scopa")), [[_mask("Ad")], [_mask("2c")], [_mask("4s")]], _mask("Jc"),
                [0, 1, 2], 3)
    for player, token in enumerate(("Ad", "2c", "4s")):
        assert game.play(player, _index(token), 0) is None
    assert game.finish() == _mask("Jc Ad 2c 4s")
    assert game.piles == [0, 0, _mask("Jc Ad 2c 4s")] and game.last_capturer is None
    assert game.table.mask == 0 and game.table.builds == ()


def test_a_player_dealt_fewer_rounds_holds_nothing_in_the_rounds_not_dealt() -> None:
    # The library's Game takes each player's rounds as given (a record's deal check refuses uneven
    # ones before a Game is made): once the first round is played out, Bruno, dealt no second round,
    # holds nothing, and Anna plays her last card.
    game = Game(CaptureEngine(load_rules("scopa")), [[_mask("Ad"), _mask("2d")], [_mask("3c")]], _mask("Jc"),
                [0, 1], 2, ("Anna", "Bruno"))
    game.play(0, _index("Ad"), 0)
    game.play(1, _index("3c"), 0)
    assert game.round == 1 and game.holding == [_mask("2d"), 0]
    assert game.play(0, _index("2d"), 0) is None and game.turn == game.total
