"""Cirulla's matta (the seven of hearts) named as a rank in a declaration, then played as that rank.

Parlett (The Penguin Book of Card Games): once its holder names the matta as a rank in a
declaration, it is that rank for the rest of the hand; the Gazzetta di Santa page keeps it wild
in the dealt hand and table only (option ``matta-as-named=off``: it plays as a plain seven). A
record says what it was named with ``matta:``; its piles are counted as ever (the 7h is the 7h).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import yaml
from conftest import run

import scorekeeper
from scorekeeper.cards import Card, Rank
from scorekeeper.errors import NotationError
from scorekeeper.play._checker import Checker
from scorekeeper.play.capture import CaptureEngine, Table
from scorekeeper.play.replay import replay_data
from scorekeeper.play.simulate import Simulator
from scorekeeper.play.verify import verify_lines
from scorekeeper.rules.catalog import load_rules
from scorekeeper.rules.options import apply_options

#: A whole hand of Cirulla: Anna is dealt 7h 5c 5d and declares a decino of fives, the matta
#: named a five; her first play, the 7h, takes the 5s dealt to the table (a five pairing a five).
#: The other plays were drawn at random among the legal ones (first card held, first capture).
_PLAYS = """Anna 7h 5s; Bruno Qd 6h; Anna 5d Kc; Bruno 3s; Anna 5c 2d 3s; Bruno 4c; Anna 5h; Bruno 3d;
Anna 2s; Bruno 4h 4c; Anna 6c; Bruno Ac 2s 3d 5h 6c; Anna Jd; Bruno 3h; Anna Ah 3h Jd; Bruno Js; Anna Qc;
Bruno Jc Js; Anna Ad Qc; Bruno Kd; Anna Qh; Bruno 7s; Anna 4s; Bruno Ks Kd; Anna Jh 7s; Bruno 6d Qh; Anna Kh;
Bruno 2h; Anna Qs 2h 4s; Bruno As Kh; Anna 4d; Bruno 7d; Anna 2c; Bruno 6s 2c 4d; Anna 3c; Bruno 7c 7d"""
MATTA_RECORD: dict[str, Any] = {
    "rules": "cirulla",
    "deal": {"hands": {"Anna": ["5d 7h 5c", "2s 5h 6c", "Ah Jd Qc", "Ad 4s Qh", "Jh Qs Kh", "2c 3c 4d"],
                       "Bruno": ["3s 4c Qd", "Ac 3d 4h", "3h Js Jc", "7s Kd Ks", "As 2h 6d", "6s 7d 7c"]},
             "table": "5s Kc 2d 6h"},
    "plays": [{"side": side, "card": card, **({"take": " ".join(take)} if take else {})}
              for side, card, *take in (play.split() for play in _PLAYS.split(";"))],
    "declared": {"Anna": {"decino": 1}},
    "matta": "5",
}


def record(**changes: Any) -> dict[str, Any]:
    """The hand above, with some keys changed (None: left out)."""
    data = copy.deepcopy(MATTA_RECORD)
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def write(tmp_path: Path, data: dict[str, Any]) -> str:
    path = tmp_path / "record.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return str(path)


def on_table(engine: CaptureEngine, text: str) -> Table:
    return Table(engine.deck.mask(Card.parse(t) for t in text.split()))


def takes(engine: CaptureEngine, card: str, table: str) -> list[str]:
    """Every capture of the card on that table, in words."""
    found = engine.captures(engine.deck.index[Card.parse(card)], on_table(engine, table))
    return [engine.describe(c.mask) for c in found]


def test_cirulla_matta_named_as_five_takes_a_five(tmp_path: Path) -> None:
    replayed = replay_data(record(), "record.yaml", log=True)
    assert replayed.ok and replayed.plays == 36
    assert replayed.log[:2] == ["0. the 7h plays as rank 5 (named in a declaration)", "1. Anna 7h takes 5s"]
    assert {"7h", "5s"} <= set(replayed.side_piles["Anna"])
    code, out, _ = run("replay", write(tmp_path, record()), "--plays")
    assert code == 0 and out.splitlines()[:2] == ["0. the 7h plays as rank 5 (named in a declaration)",
                                                  "1. Anna 7h takes 5s"]


def test_cirulla_matta_in_a_pile_still_counts_as_the_seven_of_hearts() -> None:
    # Naming changes how the 7h plays, not what it scores: in Anna's primiera it is her best heart,
    # a seven worth 21 (Ad 16 + 7h 21 + 7s 21 + 5c 15 = 73), not a five (15).
    result = replay_data(record(), "record.yaml").result
    assert result is not None and result.ok
    primiera = next(c for c in result.to_dict()["categories"] if c["id"] == "primiera")
    assert primiera["detail"]["Anna"]["best"]["h"] == "7h" and primiera["detail"]["Anna"]["total"] == 73
    assert result.totals == (13, 6)  # the decino's 10 among Anna's


def test_cirulla_matta_as_named_off_plays_it_as_a_seven(tmp_path: Path) -> None:
    # The Gazzetta di Santa reading: the 7h is a seven in play whatever was declared; it cannot
    # take the lone 5s, only what a seven takes (5s + 2d makes 7, 2d + 6h makes 15 with it).
    refused = (1, "the 7h cannot take 5s: 5s counts 5 and the 7h counts 7; it may take 2d + 5s or 2d + 6h")
    assert replay_data(record(options={"matta-as-named": "off"}), "record.yaml").illegal == refused
    code, out, _ = run("replay", write(tmp_path, record()), "--option", "matta-as-named=off")
    assert code == 1 and out.strip().endswith(f"play 1: {refused[1]}")
    assert replay_data(record(matta=None), "record.yaml").illegal == refused  # nothing named: a seven too


def test_cirulla_matta_named_takes_is_taken_pairs_and_sums_as_that_rank() -> None:
    base = CaptureEngine(load_rules("cirulla"))
    five = base.as_named(Rank.FIVE)
    # Taken as a five: a five pairs with it, a seven does not, and a seven makes fifteen with it
    # and the 3c (7 + 5 + 3).
    assert takes(five, "5c", "7h 4c") == ["7h"] and takes(base, "5c", "7h 4c") == []
    assert takes(five, "7c", "7h 3c") == ["3c + 7h"] and takes(base, "7c", "7h 3c") == ["7h"]
    # Played as a five: it pairs with a five before any sum, and makes fifteen with a King (10).
    assert takes(five, "7h", "5s 2d 6h Kc") == ["5s", "Kc"]
    assert takes(base, "7h", "5s 2d 6h Kc") == ["2d + 5s", "2d + 6h"]
    # Named an ace, it takes the whole table where no ace lies (Cirulla's ace); a lying ace stops it.
    ace = base.as_named(Rank.ACE)
    assert takes(ace, "7h", "5s 2d 6h Kc") == ["2d + 5s + 6h + Kc"]
    assert takes(base, "Ac", "7h 3d Kc") == ["3d + 7h + Kc"]  # the whole table, as a seven lies there
    assert takes(ace, "Ac", "7h 3d Kc") == ["7h", "7h + 3d + Kc"]  # a pair, or a fifteen (1 + 1 + 3 + 10)
    # and it sums as an ace: a 4 takes it with the 3d (4), or with the King (4 + 1 + 10 = 15).
    assert takes(ace, "4c", "7h 3d Kc") == ["7h + 3d", "7h + Kc"] and takes(base, "4c", "7h 3d Kc") == []
    # One engine a rank, kept; off, the engine itself (the matta stays a seven).
    assert base.as_named(Rank.FIVE) is five and ace is not five
    off = CaptureEngine(apply_options(load_rules("cirulla"), {"matta-as-named": "off"}))
    assert off.as_named(Rank.FIVE) is off


def test_cirulla_matta_named_rank_is_read_with_the_decks_rank_letters() -> None:
    # An Italian pack has no 8: an 8 is its Jack (fante), as in a card token; F C R are its courts.
    assert replay_data(record(matta=8), "r").illegal == replay_data(record(matta="F"), "r").illegal == (
        1, "the 7h cannot take 5s: 5s counts 5 and the 7h counts 8; it may take 2d + 6h or 2d + 5s")


def test_cirulla_matta_named_as_no_rank_is_refused_with_its_place(tmp_path: Path) -> None:
    for bad in ("X", True, [5], "8h"):
        try:
            replay_data(record(matta=bad), "record.yaml")
        except NotationError as exc:
            assert str(exc) == f"record.yaml: matta: {bad!r} is not a rank of the italian-40 deck (A 2 3 4 5 6 7 J Q K)"
        else:
            raise AssertionError(f"matta {bad!r} accepted")
    path = write(tmp_path, record(matta="Z"))
    line = Path(path).read_text().splitlines().index("matta: Z") + 1
    code, _, err = run("replay", path)
    assert code == 2 and err.strip() == (
        f"error: {path}:{line}:8: matta: 'Z' is not a rank of the italian-40 deck (A 2 3 4 5 6 7 J Q K)")


def test_a_matta_named_in_a_game_without_one_is_refused(tmp_path: Path) -> None:
    # Scopa has no matta: the same deal and plays under Scopa's rules name one it lacks.
    assert replay_data(record(rules="scopa"), "record.yaml").illegal == (
        0, "record.yaml: matta: '5' names the matta, but Scopa has none")
    code, out, _ = run("replay", write(tmp_path, record(rules="scopa")))
    assert code == 1 and "matta: '5' names the matta, but Scopa has none" in out


def test_cirulla_matta_is_named_in_its_holders_declaration() -> None:
    # Named in a declaration: the holder's side must declare (a bussata or a decino), and the 7h
    # must be in a hand, not dealt to the table.
    assert replay_data(record(declared=None), "record.yaml").illegal == (
        0, "record.yaml: matta: '5': the matta (7h) is Anna's, and Anna declares nothing (the matta is named in a "
           "declaration)")
    teams = record(teams={"Us": ["Anna"], "Them": ["Bruno"]})
    assert replay_data(teams, "record.yaml").illegal is not None  # Anna's side is Us, which declares nothing
    assert replay_data(record(teams={"Us": ["Anna"], "Them": ["Bruno"]}, declared={"Us": {"decino": 1}}),
                       "record.yaml").ok
    on_the_table = record()
    on_the_table["deal"]["table"] = "7h Kc 2d 6h"
    on_the_table["deal"]["hands"]["Anna"][0] = "5d 5s 5c"
    assert replay_data(on_the_table, "record.yaml").illegal == (
        0, "record.yaml: matta: '5': the matta (7h) is dealt to no player, so nobody named it")


def test_cirulla_matta_verify_and_replay_give_one_verdict() -> None:
    # A simulated hand checks out; once it names a matta, it is refused (nobody declared).
    simulated = Simulator(load_rules("cirulla"), seed=1).hand(0)
    checker = Checker(load_rules("cirulla"))
    assert checker.replay(simulated, "t") == [] and checker.replay({**simulated, "matta": "7"}, "t") != []
    assert not all(r.ok for r in verify_lines([json.dumps({**simulated, "matta": "7"})], "hands.jsonl"))
    for data, good in ((record(), True), (record(options={"matta-as-named": "off"}), False),
                       (record(rules="scopa"), False), (record(declared=None), False)):
        lines = [json.dumps(data)]
        said = {"replay": replay_data(data, "record").ok,
                "verify": all(r.ok for r in verify_lines(lines, "hands.jsonl")),
                "verify --no-replay": all(r.ok for r in verify_lines(lines, "hands.jsonl", replay=False)),
                "front door": scorekeeper.replay(data).ok}
        assert set(said.values()) == {good}, (data.get("options"), data["rules"], said)
