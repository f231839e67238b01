"""verify replays a record's plays by default: one altered play fails the line unless that play is
also legal and gives the same piles and sweeps (issue 8: "verify checks everything a record holds")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from scorekeeper.cli import app
from scorekeeper.errors import ScorekeeperError
from scorekeeper.play.replay import replay_data
from scorekeeper.play.simulate import Simulator, json_line
from scorekeeper.play.verify import verify_lines
from scorekeeper.rules.catalog import load_rules

runner = CliRunner()
GAMES = ["scopa", "scopone", "escoba", "cassino", "cirulla", "wall-street"]


def record(rules: str, seed: int, hand: int = 0) -> dict[str, Any]:
    return Simulator(load_rules(rules), seed=seed).hand(hand)


def same_outcome(altered: dict[str, Any], original: dict[str, Any]) -> bool:
    """What the rules say of the altered record: every play legal, and the piles and sweeps of
    the original record come out of it."""
    try:
        outcome = replay_data(altered, "altered")
    except ScorekeeperError:  # not a record any more (a build that also takes...)
        return False
    if outcome.illegal is not None or outcome.result is None:
        return False
    piles = {side: set(cards) for side, cards in outcome.side_piles.items()}
    return piles == {side: set(text.split()) for side, text in original["piles"].items()} \
        and dict(zip(outcome.sides, outcome.sweeps, strict=True)) == original["sweeps"]


def test_a_seven_of_coins_turned_into_a_six_fails_by_default_and_passes_with_no_replay(tmp_path: Path) -> None:
    # The example of issue 8: a JSON line whose plays were altered (a 7d turned into a 6d) passed verify.
    records = (record("scopa", seed) for seed in range(50))
    original = next(r for r in records if any(p["card"] == "7d" for p in r["plays"]))
    altered = json.loads(json.dumps(original))
    number = next(i for i, p in enumerate(altered["plays"]) if p["card"] == "7d")
    altered["plays"][number]["card"] = "6d"
    path = tmp_path / "altered.jsonl"
    path.write_text(json_line(altered) + "\n")
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{path} line 1: play {number + 1}: ")
    assert result.stdout.endswith("1 hand checked: 0 ok, 1 failed, 0 not understood\n")
    skipped = runner.invoke(app, ["verify", "--no-replay", str(path)])
    assert (skipped.exit_code, skipped.stdout) == (0, "1 hand checked: 1 ok, 0 failed, 0 not understood; plays not "
                                                      "replayed (--no-replay): 1 record checked by their piles only\n")
    as_json = runner.invoke(app, ["verify", "--no-replay", "--json", str(path)])
    assert json.loads(as_json.stdout)["summary"] == {"hands": 1, "ok": 1, "failed": 0, "not_understood": 0,
                                                     "unreadable_files": 0, "replay": False, "not_replayed": 1}


def _alter(record: dict[str, Any], data: st.DataObject) -> tuple[dict[str, Any], int, str]:
    altered = json.loads(json.dumps(record))
    number = data.draw(st.integers(0, len(altered["plays"]) - 1), label="play")
    play = altered["plays"][number]
    deck = [str(c) for c in load_rules(altered["rules"]).cards.cards]
    kind = data.draw(st.sampled_from(["card", "take more", "take less", "lay down", "player"]), label="kind")
    if kind == "card":
        play["card"] = data.draw(st.sampled_from([c for c in deck if c != play["card"]]), label="card")
    elif kind == "take more":
        taken = play.get("take", "").split()
        play["take"] = " ".join([*taken, data.draw(st.sampled_from([c for c in deck if c not in taken]))])
    elif kind == "take less" and play.get("take"):
        taken = play["take"].split()
        taken.remove(data.draw(st.sampled_from(taken)))
        play["take"] = " ".join(taken)
    elif kind == "lay down" and play.get("take"):
        del play["take"]
    else:
        kind = "player"
        players = list(altered["deal"]["hands"])
        play["side"] = data.draw(st.sampled_from([p for p in players if p != play["side"]]), label="player")
    return altered, number, kind


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 10**6), st.data())
def test_a_record_with_one_play_altered_fails_unless_that_play_is_legal_and_gives_the_same_piles(
        rules: str, seed: int, data: st.DataObject) -> None:
    original = record(rules, seed)
    altered, number, kind = _alter(original, data)
    (result,) = verify_lines([json_line(altered)], "f")
    assert result.ok == same_outcome(altered, original), result.problems
    dealt = {c for batch in altered["deal"]["hands"][original["plays"][number]["side"]] for c in batch.split()}
    if kind == "card" and altered["plays"][number]["card"] not in dealt:
        assert not result.ok  # a card the player was never dealt cannot be played
    (unreplayed,) = verify_lines([json_line(altered)], "f", replay=False)
    assert unreplayed.ok  # the piles alone are untouched: only replay sees it
