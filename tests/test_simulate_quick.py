"""simulate's quick path for games without builds: the same random draws, the same captures in the
same order, the same bytes as the general path (``Simulator.played`` through ``Game`` and the
engine's lists of captures), on random seeds, hands and tables of every built-in game."""

from __future__ import annotations

import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.errors import HandError
from scorekeeper.play._draws import below, shuffle
from scorekeeper.play._options import LooseOptions
from scorekeeper.play.capture import CaptureEngine, Table
from scorekeeper.play.simulate import Simulator, json_line
from scorekeeper.rules.catalog import builtin_ids, load_rules

QUICK = [game for game in builtin_ids() if (spec := load_rules(game).capture) is not None and not spec.builds]
EXAMPLES = settings(max_examples=int(os.environ.get("SK_EXAMPLES", "60")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@EXAMPLES
@given(st.integers(0, 2**64), st.integers(1, 200), st.integers(1, 60))
def test_draws_are_those_of_random_shuffle_and_choice(seed: int, size: int, picks: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    cards = list(range(size))
    expected = list(cards)
    shuffle(ours, cards)
    theirs.shuffle(expected)
    assert cards == expected
    things = list(range(picks))
    assert [things[below(ours, picks)] for _ in range(20)] == [theirs.choice(things) for _ in range(20)]
    assert ours.random() == theirs.random()  # the generators are left in the same state


def test_the_quick_path_covers_every_game_without_builds() -> None:
    assert {"scopa", "scopone", "escoba", "cirulla", "sbarazzina", "kasino"} <= set(QUICK)
    assert Simulator(load_rules("cassino")).loose is None  # builds: the general path


@settings(max_examples=int(os.environ.get("SK_EXAMPLES", "60")) // 2, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(QUICK), st.integers(0, 10**6), st.integers(0, 10**5), st.sampled_from([None, 3, 4, 6]))
def test_a_quick_line_is_the_general_paths_record_byte_for_byte(game: str, seed: int, number: int,
                                                                players: int | None) -> None:
    rules = load_rules(game)
    try:
        simulator = Simulator(rules, seed=seed, players=players)
    except HandError:  # a seating or a deal this game does not have
        simulator = Simulator(rules, seed=seed)
    line = simulator.line(number)
    assert line == json_line(simulator.played(number))
    assert simulator.hand(number) == simulator.played(number)


def test_one_simulator_gives_the_same_lines_whatever_it_played_before() -> None:
    # The captures kept from earlier hands must not change a later one: hands 0-299, then 0-9 again.
    for game in ("scopa", "escoba", "sbarazzina", "kasino"):
        simulator = Simulator(load_rules(game), seed=5)
        first = [simulator.line(number) for number in range(300)]
        assert [simulator.line(number) for number in range(10)] == first[:10]
        assert first[:10] == [json_line(Simulator(load_rules(game), seed=5).played(n)) for n in range(10)]


@st.composite
def loose_tables(draw: st.DrawFn, game: str) -> tuple[int, list[int]]:
    """A card played and the loose cards of a table (up to 10 of the deck), every card a deck index."""
    size = len(load_rules(game).cards.cards)
    chosen = draw(st.lists(st.integers(0, size - 1), min_size=1, max_size=11, unique=True))
    return chosen[0], sorted(chosen[1:])


ENGINES = {game: CaptureEngine(load_rules(game)) for game in QUICK}
KNOWN = {game: LooseOptions(engine) for game, engine in ENGINES.items()}


@EXAMPLES
@given(st.sampled_from(QUICK), st.data(), st.booleans(), st.booleans())
def test_captures_kept_by_kind_of_table_are_the_engines_in_its_order(
        game: str, data: st.DataObject, last: bool, last_deal: bool) -> None:
    # Asked twice, so that the second answer comes from the kept lists, as most of a simulation's do.
    card, loose = data.draw(loose_tables(game))
    engine, known = ENGINES[game], KNOWN[game]
    codes = sorted(known.code[i] for i in loose)
    key = sum(known.unit[i] for i in loose)
    start = sum(1 for code in codes if code < known.cut[card])
    seen = codes[start:]
    expected = [(c.mask, c.sweep) for c in engine.captures(card, Table(sum(1 << i for i in loose)),
                                                           last=last, last_deal=last_deal)]
    for _twice in range(2):
        found = known.options(card, codes, key)
        masks = [(sum(1 << known.card_of[seen[k]] for k in taken),
                  sweeping and not start and engine.sweep_ok[last, last_deal]) for taken, sweeping in found]
        assert masks == expected


def test_a_card_reads_only_the_table_cards_that_can_take_part() -> None:
    # Scopa: a 3 makes no sum with a 7, a Jack (8), a King (10); on 7s Ks 2d Ac it reads 2d Ac only.
    engine = ENGINES["scopa"]
    known = KNOWN["scopa"]
    index = {name: i for i, name in enumerate(engine.names)}
    codes = sorted(known.code[index[name]] for name in ("7s", "Ks", "2d", "Ac"))
    seen = codes[sum(1 for code in codes if code < known.cut[index["3h"]]):]
    assert sorted(engine.names[known.card_of[code]] for code in seen) == ["2d", "Ac"]
    assert [taken for taken, _sweep in known.options(index["3h"], codes, sum(known.unit[known.card_of[c]]
                                                                            for c in codes))] == [(1, 0)]
