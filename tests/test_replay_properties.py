"""Properties of simulated hands and their replays; the capture rules themselves are checked against a
plain reading in test_engine_oracle.py."""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cli.common import with_options
from scorekeeper.errors import InputErrors, NotationError
from scorekeeper.notation import CardReader
from scorekeeper.play.capture import CaptureEngine
from scorekeeper.play.records import _play, codec, read_record
from scorekeeper.play.replay import replay
from scorekeeper.play.simulate import Simulator
from scorekeeper.rules.catalog import builtin_ids, load_rules
from scorekeeper.scoring.count import Counter
from scorekeeper.scoring.hand import HandSpec

GAMES = builtin_ids()
ENGINES = {g: CaptureEngine(load_rules(g)) for g in GAMES}
FAST = settings(max_examples=int(os.environ.get("SK_EXAMPLES", "40")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


def hand(game: str, seed: int, number: int) -> dict[str, Any]:
    return Simulator(ENGINES[game].rules, seed=seed).hand(number)


def replayed(game: str, record: dict[str, Any]) -> Any:
    engine = ENGINES[game]
    return replay(read_record(record, "record", engine.deck), engine)


@pytest.mark.slow
@FAST
@given(st.sampled_from(GAMES), st.integers(0, 10_000), st.integers(0, 50))
def test_every_simulated_hand_replays_legal_and_its_piles_split_the_deck(game: str, seed: int, number: int) -> None:
    record = hand(game, seed, number)
    outcome = replayed(game, record)
    assert outcome.illegal is None and outcome.mismatches == [] and outcome.ok
    union = 0
    for pile in outcome.piles:
        assert not union & pile
        union |= pile
    assert union == ENGINES[game].deck.full


@pytest.mark.slow
@FAST
@given(st.sampled_from(GAMES), st.integers(0, 10_000), st.integers(0, 50))
def test_replayed_score_equals_score_on_its_piles(game: str, seed: int, number: int) -> None:
    record = hand(game, seed, number)
    outcome = replayed(game, record)
    rules = ENGINES[game].rules
    spec = with_options(HandSpec(), piles=[f"{s}={t}" for s, t in record["piles"].items()],
                        sweeps=[f"{s}={n}" for s, n in record["sweeps"].items()])
    assert outcome.result.to_dict() == Counter(rules).score(spec.entry(rules.cards)).to_dict()


_PLAY_VALUES = st.one_of(st.sampled_from(["Anna", "7d", "7d 3c", "3c  4h", "", "7x", "rest", "10d", "d:A2"]),
                         st.none(), st.integers(-1, 3), st.booleans(),
                         st.lists(st.sampled_from(["7d", "3c", "7x"]), max_size=2))


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(st.dictionaries(st.sampled_from(["side", "card", "take", "player", "build", "onto", "bogus"]), _PLAY_VALUES,
                       max_size=4))
def test_a_play_read_without_wording_its_place_is_the_play_read_with_it(play: dict[str, Any]) -> None:
    """read_record's quick reading of a play as simulate writes it gives the same Play as the reading
    that words every mistake, and leaves to that one every play it refuses."""
    reader = CardReader(load_rules("scopa").cards)
    quick = codec(reader.deck).play(play, 4)
    try:
        full = _play(play, 4, "record: play 4", reader)
    except (NotationError, InputErrors):
        full = None
    assert quick is None or quick == full
