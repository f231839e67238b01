"""Replaying a hand play by play: the first illegal play, or the piles, sweeps and the count."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from scorekeeper.cards import Card
from scorekeeper.cli.common import with_options
from scorekeeper.errors import InputErrors, NotationError
from scorekeeper.play.capture import CaptureEngine
from scorekeeper.play.records import read_record
from scorekeeper.play.replay import Replayed, replay, replay_file
from scorekeeper.play.simulate import Simulator
from scorekeeper.rules.catalog import load_rules
from scorekeeper.scoring.count import Counter
from scorekeeper.scoring.hand import HandSpec

SAMPLES = sorted((Path(__file__).parent.parent / "samples" / "replay").glob("*.yaml"))
SCOPA = Path(__file__).parent.parent / "samples" / "replay" / "scopa.yaml"


def load(path: Path = SCOPA) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(path.read_text())
    return data


def run(data: dict[str, Any], source: str = "record.yaml") -> Replayed:
    engine = CaptureEngine(load_rules(data.get("rules", "scopa")))
    return replay(read_record(data, source, engine.deck), engine, log=True)


def pile_texts(outcome: Replayed) -> dict[str, str]:
    deck = outcome.result.rules.cards if outcome.result else None
    assert deck is not None
    return {s: " ".join(map(str, deck.cards_in(m))) for s, m in zip(outcome.sides, outcome.piles, strict=True)}


@pytest.mark.slow
@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_every_sample_record_replays_legal_and_counts_as_score_does(path: Path) -> None:
    outcome = run(load(path), str(path))
    assert outcome.illegal is None and outcome.ok
    rules = load_rules(load(path)["rules"])
    spec = with_options(HandSpec(), piles=[f"{s}={t}" for s, t in pile_texts(outcome).items()],
                        sweeps=[f"{s}={n}" for s, n in zip(outcome.sides, outcome.sweeps, strict=True)])
    scored = Counter(rules).score(spec.entry(rules.cards))
    assert outcome.result is not None and outcome.result.to_dict() == scored.to_dict()


def test_samples_cover_every_game_family() -> None:
    assert {"scopa", "wall-street", "cassino", "escoba", "cirulla", "scopa-d-assi", "scopa-quindici",
            "scopone-scientifico", "kasino"} <= {p.stem for p in SAMPLES}


def test_illegal_capture_is_reported_with_its_play_number_and_reason() -> None:
    data = load()
    data["plays"][0]["take"] = "Qh"
    outcome = run(data)
    assert outcome.illegal == (1, "the 4s cannot take Qh: Qh counts 9 and the 4s counts 4; it may take 4c")


def test_laying_down_a_card_that_can_capture_is_illegal() -> None:
    data = load()
    del data["plays"][0]["take"]
    number, reason = run(data).illegal or (0, "")
    assert number == 1 and reason.startswith("the 4s can take 4c, and a card that can capture must capture")


def test_playing_out_of_turn_is_illegal() -> None:
    data = load()
    data["plays"][0], data["plays"][1] = data["plays"][1], data["plays"][0]
    assert run(data).illegal == (1, "it is Anna's turn, not Bruno's (players play in the order of the deal's hands)")


def test_playing_a_card_not_held_is_illegal() -> None:
    data = load()
    data["plays"][0]["card"] = "2d"
    assert run(data).illegal == (1, "Anna does not hold the 2d (holds 3s 4s Jd)")


def test_a_card_from_a_later_round_is_not_held_yet() -> None:
    data = load()
    data["plays"][0] = {"side": "Anna", "card": "3d"}  # Anna's second round
    assert run(data).illegal == (1, "Anna does not hold the 3d (holds 3s 4s Jd)")


def test_a_record_that_stops_early_is_not_a_whole_hand() -> None:
    data = load()
    data["plays"].pop()
    number, reason = run(data).illegal or (9, "")
    assert number == 0
    assert reason.startswith("the record ends after 35 plays, but the hand is not over (1 card unplayed")


def test_a_deal_must_use_the_whole_deck_once() -> None:
    data = load()
    data["deal"]["table"] = "2h Qh 4c"
    assert run(data).illegal == (0, "deal: 1 card of the italian-40 deck is in no hand and not on the table: 6c")
    data["deal"]["table"] = "2h Qh 4c 6c 3s"
    assert run(data).illegal == (0, "deal: 3s is on the table and also dealt to Anna")


def test_last_capturer_takes_what_is_left_without_a_sweep() -> None:
    outcome = run(load())
    assert outcome.taker is not None and outcome.left
    last_capture = next(line for line in reversed(outcome.log) if " takes " in line)
    assert last_capture.split()[1] == outcome.taker


def test_clearing_the_table_on_the_last_play_is_no_sweep() -> None:
    sim = Simulator(load_rules("scopa"), seed=3)
    for number in range(200):
        record = sim.hand(number)
        last = record["plays"][-1]
        if "take" in last:
            outcome = run(record)
            if outcome.left == 0:
                assert outcome.log[-1].endswith("(last play: no sweep)")
                assert outcome.sweeps == tuple(record["sweeps"].values())
                return
    pytest.fail("no simulated hand ended by clearing the table")


def test_recorded_piles_and_sweeps_are_checked_against_the_plays() -> None:
    data = load()
    good = run(data)
    data["piles"] = pile_texts(good)
    data["sweeps"] = dict(zip(good.sides, good.sweeps, strict=True))
    assert run(data).ok
    anna = data["piles"]["Anna"].split()
    data["piles"]["Anna"] = " ".join(anna[1:])
    data["sweeps"]["Bruno"] = 2
    outcome = run(data)
    assert outcome.mismatches == [f"record.yaml: pile of Anna: the recorded pile lacks {anna[0]}",
                                  "sweeps of Bruno: the record says 2, the plays give 0"]
    assert not outcome.ok


def test_teams_share_one_pile_scopone() -> None:
    path = SCOPA.with_name("scopone-scientifico.yaml")
    outcome = run(load(path))
    assert outcome.sides == ("Anna+Carla", "Bruno+Dario")
    assert sum(m.bit_count() for m in outcome.piles) == 40


def test_a_record_in_json_replays_as_the_same_record_in_yaml() -> None:
    data = load()
    assert run(json.loads(json.dumps(data))).piles == run(data).piles


def test_a_cassino_build_in_a_record_is_replayed() -> None:
    outcome = run(load(SCOPA.with_name("cassino.yaml")))
    assert any(" builds " in line for line in outcome.log) and outcome.ok


def test_an_illegal_build_names_the_play() -> None:
    data = load(SCOPA.with_name("cassino.yaml"))
    first = next(i for i, p in enumerate(data["plays"]) if "build" in p)
    data["plays"][first]["build"] = 9
    number, reason = run(data).illegal or (0, "")
    assert number == first + 1 and "builder must hold another card that takes 9" in reason


def test_bad_card_in_a_play_names_the_play_and_token() -> None:
    data = load()
    data["plays"][4]["take"] = "3x"
    with pytest.raises(InputErrors) as exc:
        run(data)
    assert exc.value.messages == ["record.yaml: play 5: take, token 1: '3x' is not a card: 'x' is not a suit"]


def test_unknown_play_key_is_refused() -> None:
    data = copy.deepcopy(load())
    data["plays"][2]["takes"] = "4c"
    with pytest.raises(InputErrors, match=r"record.yaml: play 3: unknown key 'takes'"):
        run(data)


def test_a_record_needs_deal_and_plays() -> None:
    with pytest.raises(NotationError, match="record.yaml: a record needs 'plays'"):
        run({"rules": "scopa", "deal": {"hands": {"A": "7d"}}})


def test_scopone_ten_each_and_none_on_the_table_with_hands_as_one_text(tmp_path: Path) -> None:
    path = tmp_path / "ten.yaml"
    path.write_text("extends: scopone-scientifico\nid: ten-each\ncapture:\n  deal: {hand: 10, table: 0}\n")
    record = Simulator(load_rules(str(path)), seed=5).hand(0)
    record["rules"] = str(path)
    record["deal"]["hands"] = {p: " ".join(rounds) for p, rounds in record["deal"]["hands"].items()}
    assert record["deal"]["table"] == "" and record["plays"][0].get("take") is None  # the first player must lay down
    outcome = run(record)
    assert outcome.ok and outcome.sides == ("A+C", "B+D")


def test_italian_suit_letters_and_8_9_10_for_the_courts() -> None:
    data = load()
    italian = {"d": "D", "h": "C", "s": "S", "c": "B"}
    courts = {"J": "8", "Q": "9", "K": "10"}

    def translate(text: str) -> str:
        return " ".join(courts.get(t[:-1], t[:-1]) + italian[t[-1]] for t in text.split())

    data["suit_letters"] = "italian"
    data["deal"]["hands"] = {p: [translate(r) for r in rounds] for p, rounds in data["deal"]["hands"].items()}
    data["deal"]["table"] = translate(data["deal"]["table"])
    for play in data["plays"]:
        play["card"] = translate(play["card"])
        if "take" in play:
            play["take"] = translate(play["take"])
    assert run(data).piles == run(load()).piles


def test_escoba_table_dealt_making_fifteen_goes_to_the_dealer_as_an_escoba() -> None:
    sim = Simulator(load_rules("escoba"), seed=21)
    engine = CaptureEngine(load_rules("escoba"))
    for number in range(300):
        record = sim.hand(number)
        table = [engine.deck.index[Card.parse(t)] for t in record["deal"]["table"].split()]
        if sum(engine.value[i] for i in table) in (15, 30):
            outcome = run(record)
            made = sum(engine.value[i] for i in table)
            assert outcome.ok
            assert outcome.log[0].startswith(f"0. the table dealt ({record['deal']['table']}) makes {made}: ")
            assert outcome.log[0].endswith(f"B, the dealer, takes it ({made // 15} sweep)")
            assert record["plays"][0].get("take") is None  # the first player finds the table empty
            assert all(outcome.piles[1] >> i & 1 for i in table)
            return
    pytest.fail("no simulated Escoba deal made fifteen on the table")


def test_scopa_table_dealt_making_fifteen_is_played_as_usual() -> None:
    assert load_rules("scopa").capture is not None and load_rules("scopa").capture.opening_total is None


def test_replay_file_takes_the_rules_option_then_the_records_rules_then_scopa(tmp_path: Path) -> None:
    result = replay_file(SCOPA).result
    assert result is not None and result.rules.id == "scopa"
    assert replay_file(SCOPA, "scopa-quindici").illegal is not None
    data = load()
    del data["rules"]
    path = tmp_path / "no-rules.json"
    path.write_text(json.dumps(data))
    outcome = replay_file(path)
    assert outcome.ok and outcome.to_dict()["score"]["rules"] == "scopa"


def test_replayed_to_dict_lists_piles_in_canonical_cards() -> None:
    outcome = replay_file(SCOPA, log=True)
    body = outcome.to_dict(log=True)
    assert body["piles"] == {side: " ".join(cards) for side, cards in outcome.side_piles.items()}
    assert body["log"][0] == "1. Anna 4s takes 4c" and body["sweeps"] == {"Anna": 1, "Bruno": 0}
