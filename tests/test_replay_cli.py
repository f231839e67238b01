"""The replay command: exact output, JSON shape and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from conftest import run

SAMPLES = Path(__file__).parent.parent / "samples" / "replay"



def altered(tmp_path: Path, play: int, **changes: str) -> Path:
    data = yaml.safe_load((SAMPLES / "scopa.yaml").read_text())
    data["plays"][play - 1].update(changes)
    path = tmp_path / "record.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


def test_replay_of_a_legal_record_prints_piles_sweeps_and_the_count() -> None:
    code, out, err = run("replay", str(SAMPLES / "scopa.yaml"))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == f"{SAMPLES / 'scopa.yaml'}: 36 plays, every one legal."
    assert lines[1].endswith("(no sweep).") and "made the last capture and takes what is left" in lines[1]
    assert lines[2:4] == ["Anna: 22 cards, 1 sweep", "Bruno: 18 cards, 0 sweeps"]
    assert lines[5] == "Scopa (scopa): Anna vs Bruno"
    assert lines[-1] == "The hand checks out."


def test_replay_reports_the_first_illegal_play_with_its_number_exit_1(tmp_path: Path) -> None:
    path = altered(tmp_path, 1, take="Qh")
    assert run("replay", str(path)) == (
        1, f"{path}: play 1: the 4s cannot take Qh: Qh counts 9 and the 4s counts 4; it may take 4c\n", "")


def test_replay_json_of_an_illegal_record(tmp_path: Path) -> None:
    path = altered(tmp_path, 3, take="2h")
    code, out, _ = run("replay", str(path), "--json")
    assert code == 1
    assert json.loads(out) == {"legal": False, "plays": 2, "illegal": {
        "play": 3, "reason": "2h is not on the table"}}


def test_replay_json_of_a_legal_record_has_piles_sweeps_and_score() -> None:
    code, out, _ = run("replay", str(SAMPLES / "cassino.yaml"), "--json")
    data = json.loads(out)
    assert code == 0 and data["legal"] and data["problems"] == []
    assert set(data) == {"legal", "plays", "piles", "sweeps", "last_capture", "problems", "score"}
    assert data["score"]["ok"] and data["score"]["rules"] == "cassino"
    assert sum(len(p.split()) for p in data["piles"].values()) == 52


def test_replay_lists_the_plays_on_request() -> None:
    code, out, _ = run("replay", str(SAMPLES / "scopa.yaml"), "--plays")
    assert code == 0 and out.splitlines()[0] == "1. Anna 4s takes 4c"


def test_replay_of_a_json_record(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(yaml.safe_load((SAMPLES / "escoba.yaml").read_text())))
    code, out, _ = run("replay", str(path))
    assert code == 0 and out.startswith(f"{path}: ")


def test_replay_bad_token_is_one_line_naming_the_play_exit_2(tmp_path: Path) -> None:
    path = altered(tmp_path, 5, take="3x")
    assert run("replay", str(path)) == \
        (2, "", f"error: {path}: play 5: take, token 1: '3x' is not a card: 'x' is not a suit\n")


def test_replay_missing_file_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "nope.yaml"
    assert run("replay", str(path)) == (2, "", f"error: {path}: cannot read the record: no such file\n")


def test_replay_rules_option_overrides_the_record(tmp_path: Path) -> None:
    # The scopa record read as Scopa a Quindici: a capture legal in Scopa may no longer be the only one,
    # but every Scopa capture stays legal there, so only laying down can become illegal.
    code, out, _ = run("replay", str(SAMPLES / "scopa.yaml"), "--rules", "scopa-quindici")
    assert code == 1 and ": play " in out and "a card that can capture must capture" in out


def test_replay_says_when_the_dealer_took_a_table_dealt_making_fifteen() -> None:
    code, out, _ = run("replay", str(SAMPLES / "escoba.yaml"))
    assert code == 0
    assert out.splitlines()[1] == "The table dealt (Ah 2h 3c Qd) makes 15: Bruno, the dealer, takes it (1 sweep)."
    data = json.loads(run("replay", str(SAMPLES / "escoba.yaml"), "--json")[1])
    assert data["opening"] == {"side": "Bruno", "cards": ["Qd", "Ah", "2h", "3c"]}


def test_replay_of_a_record_in_italian_suit_letters_reads_its_piles_in_those_letters(tmp_path: Path) -> None:
    # The bug: the stated piles were read with French letters, so '2b' (2 of bastoni) was "not a card".
    data = yaml.safe_load((SAMPLES / "scopa-italian-letters.yaml").read_text())
    italian = {"d": "d", "h": "c", "s": "s", "c": "b"}
    piles = json.loads(run("replay", str(SAMPLES / "scopa.yaml"), "--json")[1])["piles"]
    data["piles"] = {side: " ".join(t[:-1] + italian[t[-1]] for t in text.split()) for side, text in piles.items()}
    assert "2b" in data["piles"]["Anna"].split()
    path = tmp_path / "italian.yaml"
    path.write_text(yaml.safe_dump(data))
    code, out, err = run("replay", str(path))
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == f"{path}: 36 plays, every one legal." and "problem:" not in out


def test_replay_of_an_italian_record_reports_a_wrong_pile_in_canonical_cards(tmp_path: Path) -> None:
    data = yaml.safe_load((SAMPLES / "scopa-italian-letters.yaml").read_text())
    data["piles"]["Anna"] = data["piles"]["Anna"].replace("b:2456810", "b:456810")  # the 2 of bastoni left out
    path = tmp_path / "italian.yaml"
    path.write_text(yaml.safe_dump(data))
    code, out, _ = run("replay", str(path))
    problems = [line for line in out.splitlines() if line.startswith(f"problem: {path}:")]
    assert code == 1 and [p.split(": ", 2)[2] for p in problems] == ["pile of Anna: the recorded pile lacks 2c"]


def test_replay_refuses_unknown_suit_letters(tmp_path: Path) -> None:
    data = yaml.safe_load((SAMPLES / "scopa.yaml").read_text())
    data["suit_letters"] = "spanish"
    path = tmp_path / "record.yaml"
    path.write_text(yaml.safe_dump(data))
    code, out, err = run("replay", str(path))
    assert (code, out) == (2, "") and err.endswith("suit_letters: 'spanish' is not french or italian\n")


def test_replay_in_italian_says_why_a_play_is_illegal(tmp_path: Path) -> None:
    # The first play of the sample is the 4s; taking the Qh (worth 9 in Scopa) is not allowed.
    path = altered(tmp_path, 1, take="Qh")
    assert run("--lang", "it", "replay", str(path)) == (
        1, f"{path}: giocata 1: 4s non può prendere Qh: Qh vale 9 e 4s vale 4; può prendere 4c\n", "")
