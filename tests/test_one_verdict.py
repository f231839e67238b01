"""One hand, one verdict: every face that checks a hand says the same of it.

For every built-in game a simulated hand is written in each layout the readers accept (canonical
tokens in any order, the deck's order, ``rest`` for the last side, suit groups, a piles line, a
full record), clean or spoiled (a card twice, a card missing, a card of another deck, sweeps the
game does not score or more than the pile's cards allow, the wrong number of sides). The
``score`` command, ``verify`` with and without replay, ``replay``, the front door
(``scorekeeper.score``) and the web preview's count must all find it good, or all find it wrong.
The first disagreement found this way: a Spade Cassino piles line with a sweep typed, sweeps not
turned on, passed ``verify`` and failed ``score``.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import scorekeeper
from scorekeeper.cli import app
from scorekeeper.errors import ScorekeeperError
from scorekeeper.match.hand import count_for
from scorekeeper.match.settings import match_settings
from scorekeeper.play.replay import replay_data
from scorekeeper.play.simulate import Simulator
from scorekeeper.play.verify import verify_lines
from scorekeeper.rules.catalog import builtin_ids, load_rules
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.scoring.bounds import fewest_cards
from scorekeeper.web.forms import hand_spec

pytestmark = pytest.mark.slow  # every game, every face

GAMES = builtin_ids()
LAYOUTS = ("any order", "deck order", "rest", "suit groups", "record")
SPOILS = ("clean", "card twice", "card missing", "card of another deck", "sweeps not scored", "sweeps beyond the cards",
          "sides")
EXAMPLES = settings(max_examples=int(os.environ.get("SK_EXAMPLES", "50")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
runner = CliRunner()
#: A card the Wall Street deck lacks (it has no 7s, Jacks or Queens).
FOREIGN = "Jd"


def _hand(game: str, seed: int) -> dict[str, Any]:
    return Simulator(load_rules(game), seed=seed).hand(0)


def _beyond(rules: RuleSet, held: int) -> int:
    """The fewest sweeps a pile of ``held`` cards cannot hold (two cards a sweep, but the dealt
    table's sweeps for the table's cards: ``bounds.fewest_cards``)."""
    count = held // 2 + 1
    while fewest_cards(rules, count) <= held:
        count += 1
    return count


def _spoil(record: dict[str, Any], spoil: str, rng: random.Random, game: str) -> None:
    """Spoil the record's piles or sweeps in place, as a player typing them might."""
    piles: dict[str, str] = record["piles"]
    sides = list(piles)
    first = piles[sides[0]].split()
    rules = load_rules(game)
    if spoil == "card twice":
        other = piles[sides[1]].split()
        first.append(rng.choice(other))
    elif spoil == "card missing":
        first.remove(rng.choice(first))
    elif spoil == "card of another deck":
        if rules.deck == "wall-street-40":
            first.append(FOREIGN)
        else:  # every card name is of this deck (an Italian pack reads 8, 9, 10 as its courts): a card twice
            first.append(first[0])
    elif spoil == "sweeps not scored":
        # One sweep where the game scores none (or only with an optional category, left off); where
        # it scores them, one more than the plays made: the record's plays contradict it, and a
        # piles line then reads like any other good hand, so sweeps beyond the cards instead.
        record["sweeps"][sides[0]] = _beyond(rules, len(first)) if rules.counts_sweeps() else 1
    elif spoil == "sweeps beyond the cards":
        record["sweeps"][sides[0]] = _beyond(rules, len(first))
    elif spoil == "sides":
        # One side fewer than the game is played by (its piles joined), or one more when it is
        # played by one side at least... every game needs two.
        joined = " ".join(piles[side] for side in sides)
        record["piles"] = {sides[0]: joined}
        record["sweeps"] = {sides[0]: 0}
        return
    piles[sides[0]] = " ".join(first)


def _layout(piles: dict[str, str], layout: str, rng: random.Random, game: str) -> dict[str, str]:
    """The piles as a player might type them in this layout (the record's own text: deck order)."""
    if layout in ("deck order", "record"):
        return dict(piles)
    out = {}
    sides = list(piles)
    for k, side in enumerate(sides):
        tokens = piles[side].split()
        if layout == "rest" and k == len(sides) - 1 and len(sides) > 1:
            out[side] = "rest"
            continue
        if layout == "suit groups":
            groups: dict[str, list[str]] = {}
            loose = []
            for token in tokens:
                rank, suit = token[:-1], token[-1]
                if suit in "dhsc" and token != FOREIGN:
                    groups.setdefault(suit, []).append(rank)
                else:
                    loose.append(token)
            twice = [t for t in tokens if tokens.count(t) > 1]
            if twice:  # a group says each rank once: a card twice stays a token of its own
                loose += twice[:1]
            out[side] = " ".join([f"{suit}:{','.join(dict.fromkeys(ranks))}" for suit, ranks in groups.items()]
                                 + loose)
        else:
            rng.shuffle(tokens)
            out[side] = " ".join(tokens)
    return out


def _score_cli(game: str, piles: dict[str, str], sweeps: dict[str, int]) -> bool:
    args = ["score", "--rules", game]
    for side, text in piles.items():
        args += ["--pile", f"{side}={text}"]
    for side, count in sweeps.items():
        if count:
            args += ["--sweeps", f"{side}={count}"]
    result = runner.invoke(app, args)
    assert result.exit_code in (0, 1, 2), result.output
    return result.exit_code == 0


def _front_door(game: str, piles: dict[str, str], sweeps: dict[str, int]) -> bool:
    try:
        return scorekeeper.score(piles, rules=game, sweeps={s: c for s, c in sweeps.items() if c}).ok
    except ScorekeeperError:
        return False


def _preview(game: str, piles: dict[str, str], sweeps: dict[str, int], sides: tuple[str, ...]) -> bool:
    """The web preview's count: the form read as the page sends it, counted for the match's sides."""
    form = {}
    for i, (side, text) in enumerate(piles.items()):
        form[f"side_{i}"], form[f"pile_{i}"] = side, text
        form[f"sweeps_{i}"] = str(sweeps.get(side, 0) or "")
    try:
        return count_for(match_settings(load_rules(game), sides), sides, hand_spec(form)).result.ok
    except ScorekeeperError:
        return False


def _verify(line: dict[str, Any], replay: bool) -> bool:
    results = list(verify_lines([json.dumps(line)], "hand.jsonl", replay=replay))
    assert len(results) == 1
    return results[0].ok


def _replay(record: dict[str, Any]) -> bool:
    try:
        return replay_data(record, "record").ok
    except ScorekeeperError:
        return False


def verdicts(game: str, seed: int, layout: str, spoil: str) -> dict[str, bool]:
    """What each face says of one simulated hand in one layout, clean or spoiled."""
    rng = random.Random(seed)
    record = _hand(game, seed)
    sides = tuple(record["piles"])
    _spoil(record, spoil, rng, game)
    piles = _layout(record["piles"], layout, rng, game)
    sweeps = dict(record["sweeps"])
    said = {
        "score": _score_cli(game, piles, sweeps),
        "front door": _front_door(game, piles, sweeps),
        "web preview": _preview(game, piles, sweeps, sides),
    }
    if layout == "record":
        said["verify"] = _verify(record, replay=True)
        said["verify --no-replay"] = _verify(record, replay=False)
        said["replay"] = _replay(record)
    else:
        line = {"rules": game, "piles": piles, "sweeps": sweeps}
        said["verify"] = _verify(line, replay=True)
        said["verify --no-replay"] = _verify(line, replay=False)
    return said


@EXAMPLES
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000), layout=st.sampled_from(LAYOUTS),
       spoil=st.sampled_from(SPOILS))
def test_every_face_gives_one_verdict(game: str, seed: int, layout: str, spoil: str) -> None:
    said = verdicts(game, seed, layout, spoil)
    assert len(set(said.values())) == 1, f"{game} seed {seed}, {layout}, {spoil}: {said}"
    # A clean hand is good everywhere; a spoiled one is refused, except a card missing, or one
    # of the last side's also in the first pile, where the last side's pile is "rest" (which
    # takes every card nobody listed).
    absorbed = spoil in ("card missing", "card twice") and layout == "rest"
    assert next(iter(said.values())) is (spoil == "clean" or absorbed), f"{game} seed {seed}, {layout}, {spoil}"


def test_spade_cassino_sweep_not_turned_on_fails_everywhere() -> None:
    """The disagreement that started it: a piles line in simulate's layout, a sweep typed, sweeps
    (an optional category of Spade Cassino) not turned on: ``verify`` passed it, ``score`` did not."""
    for layout in ("deck order", "record"):
        said = verdicts("spade-cassino", 3, layout, "sweeps not scored")
        assert not any(said.values()), said


def test_every_game_every_spoil() -> None:
    """Each game with each spoil once on a fixed seed, the layouts taken in turn: no game and no
    spoil left to chance (every combination of the three takes twenty seconds; hypothesis above
    draws among them)."""
    for g, game in enumerate(GAMES):
        for k, spoil in enumerate(SPOILS):
            layout = LAYOUTS[(g + k) % len(LAYOUTS)]
            said = verdicts(game, 11, layout, spoil)
            assert len(set(said.values())) == 1, f"{game}, {layout}, {spoil}: {said}"
