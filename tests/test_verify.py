"""verify: streaming checks of JSON Lines hands, problems per line, a summary, exit codes."""

from __future__ import annotations

import copy
import itertools
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from scorekeeper.cli import app
from scorekeeper.play.simulate import Simulator, json_line
from scorekeeper.play.verify import Summary, Unreadable, verify_batches, verify_lines
from scorekeeper.rules.catalog import load_rules

runner = CliRunner()


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def simulated(n: int, seed: int = 1, rules: str = "scopa") -> list[str]:
    sim = Simulator(load_rules(rules), seed=seed)
    return [json_line(sim.hand(i)) for i in range(n)]


def write(tmp_path: Path, lines: list[str], name: str = "hands.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n")
    return path


def test_verify_of_good_hands_prints_the_summary_exit_0(tmp_path: Path) -> None:
    path = write(tmp_path, simulated(5))
    assert run("verify", str(path)) == (0, "5 hands checked: 5 ok, 0 failed, 0 not understood\n", "")


def test_verify_reports_each_failing_line_as_score_would_exit_1(tmp_path: Path) -> None:
    lines = simulated(3)
    hand = json.loads(lines[1])
    moved = hand["piles"]["A"].split()[0]
    hand["piles"]["B"] += f" {moved}"
    lines[1] = json.dumps(hand)
    path = write(tmp_path, lines)
    assert run("verify", "--no-replay", str(path)) == (1, f"""\
{path} line 2: pile of B: {moved} is also in the pile of A
3 hands checked: 2 ok, 1 failed, 0 not understood; plays not replayed (--no-replay): 3 records checked by their \
piles only
""", "")
    assert run("verify", str(path)) == (1, f"""\
{path} line 2: pile of B: the recorded pile lists {moved} that the plays gave elsewhere
3 hands checked: 2 ok, 1 failed, 0 not understood
""", "")


def test_verify_plain_hand_lines_with_claims(tmp_path: Path) -> None:
    good = {"piles": {"Anna": "7d Ad 6h 5c 4s", "Bruno": "rest"}, "sweeps": {"Anna": 1}, "claims": {"Anna": 2}}
    bad = {**good, "claims": {"Anna": 3}}
    path = write(tmp_path, [json.dumps(good), json.dumps(bad)])
    code, out, _ = run("verify", str(path))
    assert code == 1
    assert out.splitlines()[0].startswith(f"{path} line 2: claim of Anna: 3, but the count gives 2")


@pytest.mark.slow
def test_verify_line_that_is_not_json_is_not_understood_exit_2(tmp_path: Path) -> None:
    path = write(tmp_path, [*simulated(1), "{oops"])
    assert run("verify", str(path)) == (2, f"""\
{path} line 2: not valid JSON at column 2: Expecting property name enclosed in double quotes
2 hands checked: 1 ok, 0 failed, 1 not understood
""", "")


def test_verify_bad_card_token_names_the_line_and_token(tmp_path: Path) -> None:
    path = write(tmp_path, [json.dumps({"piles": {"Anna": "7d 9x", "Bruno": "rest"}})])
    code, out, _ = run("verify", str(path))
    assert code == 2
    assert out.splitlines()[0] == f"{path} line 1: pile of Anna, token 2: '9x' is not a card: 'x' is not a suit"


def test_verify_reads_standard_input() -> None:
    assert run("verify", "-", stdin="\n".join(simulated(2)) + "\n") == \
        (0, "2 hands checked: 2 ok, 0 failed, 0 not understood\n", "")


@pytest.mark.slow
def test_verify_several_files_and_a_missing_one(tmp_path: Path) -> None:
    one, two = write(tmp_path, simulated(2), "a.jsonl"), write(tmp_path, simulated(3, 2), "b.jsonl")
    missing = tmp_path / "c.jsonl"
    assert run("verify", str(one), str(two)) == (0, "5 hands checked: 5 ok, 0 failed, 0 not understood\n", "")
    code, out, err = run("verify", str(one), str(missing))
    assert code == 2 and err == f"error: {missing}: cannot read: no such file\n"
    assert out == "2 hands checked: 2 ok, 0 failed, 0 not understood; 1 file unreadable\n"


def test_verify_json_prints_one_object_per_failing_line_then_the_summary(tmp_path: Path) -> None:
    path = write(tmp_path, [*simulated(1), "[1, 2]"])
    code, out, _ = run("verify", str(path), "--json")
    assert code == 2
    assert [json.loads(line) for line in out.splitlines()] == [
        {"file": str(path), "line": 2, "understood": False,
         "problems": ["a line must be a JSON object: a hand (piles) or a play record"]},
        {"summary": {"hands": 2, "ok": 1, "failed": 0, "not_understood": 1, "unreadable_files": 0, "replay": True,
                     "not_replayed": 0}}]


def test_verify_replays_by_default_and_catches_an_illegal_play_the_piles_do_not_show(tmp_path: Path) -> None:
    lines = simulated(1, seed=8)
    record = json.loads(lines[0])
    number = next(i for i, p in enumerate(record["plays"]) if "take" in p)
    del record["plays"][number]["take"]  # laid down instead: piles left as they were
    path = write(tmp_path, [json.dumps(record)])
    assert run("verify", "--no-replay", str(path))[0] == 0  # the piles alone still split the deck
    code, out, _ = run("verify", str(path))
    assert code == 1 and out.startswith(f"{path} line 1: play {number + 1}: the ")


def test_verify_replays_a_record_without_piles(tmp_path: Path) -> None:
    record = json.loads(simulated(1)[0])
    del record["piles"], record["sweeps"]
    path = write(tmp_path, [json.dumps(record)])
    assert run("verify", str(path))[0] == 0


def test_verify_streams_one_line_at_a_time() -> None:
    good = simulated(1)[0]

    def endless() -> Iterator[str]:
        while True:
            yield good

    results = list(itertools.islice(verify_lines(endless(), "endless"), 3))
    assert [r.number for r in results] == [1, 2, 3] and all(r.ok for r in results)


@pytest.mark.parametrize("rules", ["cassino", "scopone", "wall-street"])
def test_verify_other_games_on_the_fast_path(rules: str, tmp_path: Path) -> None:
    path = write(tmp_path, simulated(3, rules=rules))
    assert run("verify", str(path))[0] == 0


JUNK = [None, 1, -3, True, "x", "", "7d", "rest", [], {}, [1, 2], {"a": 1}, "7d 7d", 2.5, "Zz", ["7d", 3]]


def _paths(value: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["scopa", "cassino", "scopone"]), st.data())
def test_verify_never_crashes_on_a_mangled_record(rules: str, data: st.DataObject) -> None:
    record = json.loads(simulated(1, rules=rules)[0])
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_paths(record)))  # paths of the record as mangled so far
        target = record
        for key in path[:-1]:
            target = target[key]  # type: ignore[index]
        target[path[-1]] = copy.deepcopy(data.draw(st.sampled_from(JUNK)))  # type: ignore[index]
    line = json.dumps(record)
    for replay in (False, True):
        (result,) = verify_lines([line], "f", replay=replay)
        assert all(isinstance(p, str) and p for p in result.problems)


def test_verify_batches_reports_an_unreadable_file_and_goes_on(tmp_path: Path) -> None:
    good = write(tmp_path, simulated(2))
    summary = Summary()
    batches = list(verify_batches([tmp_path / "none.jsonl", good]))
    for batch in batches:
        summary.add(batch)
    assert batches[0] == Unreadable(f"{tmp_path / 'none.jsonl'}: cannot read: no such file")
    assert summary.to_dict() == {"hands": 2, "ok": 2, "failed": 0, "not_understood": 0, "unreadable_files": 1,
                                 "replay": True, "not_replayed": 0}


def test_verify_reads_a_record_line_in_italian_suit_letters_with_its_piles(tmp_path: Path) -> None:
    sample = Path(__file__).parent.parent / "samples" / "replay" / "scopa-italian-letters.yaml"
    path = write(tmp_path, [json.dumps(yaml.safe_load(sample.read_text()))])
    for options in ((), ("--replay",)):
        assert run("verify", *options, str(path)) == (0, "1 hand checked: 1 ok, 0 failed, 0 not understood\n", "")
