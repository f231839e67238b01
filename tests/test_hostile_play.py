"""Hostile input to capture, replay, simulate and verify: refused in one clear line, fast, never a crash.

Each test is named after the failure it guards against. Commands run in-process through a runner
that also fails on an exception the command let escape (a crash the plain runner would report as
exit 1), on a traceback, on a terminal escape character in the output, and on an exit code other
than 1 (understood, does not check out) or 2 (not understood).
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from scorekeeper.cards import Card
from scorekeeper.errors import ScorekeeperError
from scorekeeper.play import builds as builds_module
from scorekeeper.play import capture as capture_module
from scorekeeper.play.builds import splits
from scorekeeper.play.capture import MAX_CAPTURES, CaptureEngine, Table, TooManyCaptures
from scorekeeper.play.records import read_record
from scorekeeper.play.replay import replay
from scorekeeper.play.simulate import Simulator, json_line, simulate
from scorekeeper.play.verify import verify_lines
from scorekeeper.rules.catalog import load_rules

pytestmark = pytest.mark.slow  # fuzzed records and whole-pack tables

ROOT = Path(__file__).resolve().parent.parent
_RUNNER = CliRunner()
FAST = 5.0  # seconds: every hostile case is answered well within this (they used to take minutes)


def refused(*args: str, input: str | bytes | None = None) -> tuple[int, str, str]:
    """Run a command on hostile input: it must answer 1 or 2, in plain lines, without crashing."""
    began = time.perf_counter()
    result = _RUNNER.invoke(__import__("scorekeeper.cli", fromlist=["app"]).app, list(args), input=input)
    took = time.perf_counter() - began
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    out, err = result.stdout, result.stderr
    assert "Traceback" not in out + err
    assert "\x1b" not in out + err
    assert result.exit_code in (1, 2), (result.exit_code, out, err)
    assert took < FAST, f"{args[:2]} took {took:.1f} s"
    return result.exit_code, out, err


def deck(rules: str) -> list[str]:
    return [str(c) for c in load_rules(rules).cards.cards]


def record_line(rules: str, table: list[str], hands: dict[str, list[str]], plays: list[dict[str, Any]]) -> str:
    return json.dumps({"rules": rules, "deal": {"hands": {p: " ".join(c) for p, c in hands.items()},
                                                "table": " ".join(table)}, "plays": plays},
                      separators=(",", ":"))


def big_table(rules: str, size: int, card: str) -> str:
    """A record whose dealt table has ``size`` cards, and whose first play is ``card`` laid down."""
    rest = [c for c in deck(rules) if c != card]
    table, others = rest[:size], rest[size:]
    half = len(others) // 2
    return record_line(rules, table, {"A": [card, *others[:half]], "B": others[half:]},
                       [{"side": "A", "card": card}])


def write(tmp_path: Path, *lines: str | bytes, name: str = "hands.jsonl") -> Path:
    path = tmp_path / name
    path.write_bytes(b"".join((line.encode() if isinstance(line, str) else line) + b"\n" for line in lines))
    return path


@pytest.fixture(scope="module")
def scopa_record() -> dict[str, Any]:
    return Simulator(load_rules("scopa"), seed=5).hand(0)


# --- 1. capture enumeration: the deal is checked first, and the enumeration is bounded ---------


def test_whole_pack_on_the_cassino_table_used_to_keep_verify_busy_for_minutes(tmp_path: Path) -> None:
    line = record_line("cassino", deck("cassino"), {"A": [], "B": []}, [])
    assert len(line) < 300  # the 281-byte line
    path = write(tmp_path, line)
    for options in ((), ("--replay",)):
        assert refused("verify", *options, str(path)) == (1, f"""\
{path} line 1: deal: Cassino deals 4 cards to the table, not 52
1 hand checked: 0 ok, 1 failed, 0 not understood
""", "")


@pytest.mark.parametrize(("rules", "size", "card"), [("cassino", 28, "10c"), ("kasino", 36, "10c"),
                                                     ("sbarazzina", 36, "Ac"), ("scopa", 36, "Kc")])
def test_a_big_dealt_table_used_to_take_a_minute_and_hundreds_of_megabytes(
        tmp_path: Path, rules: str, size: int, card: str) -> None:
    path = write(tmp_path, big_table(rules, size, card))
    code, out, _ = refused("verify", "--replay", str(path))
    name = load_rules(rules).name
    assert code == 1 and out.startswith(f"{path} line 1: deal: {name} deals 4 cards to the table, not {size}\n")
    code, out, _ = refused("replay", str(write(tmp_path, big_table(rules, size, card), name="r.json")))
    assert code == 1 and out.endswith(f"deal: {name} deals 4 cards to the table, not {size}\n")


def _deal(rules: str = "scopa", players: int = 2) -> tuple[list[str], dict[str, list[str]]]:
    cards = deck(rules)
    table, rest = cards[:4], cards[4:]
    names = [chr(ord("A") + i) for i in range(players)]
    return table, {p: rest[i::players] for i, p in enumerate(names)}


@pytest.mark.parametrize(("change", "problem"), [
    (lambda t, h: (t, {**h, "C": [], "D": [], "E": []}),
     "deal: Scopa is played by 2 to 4 players or teams (2x2, 2x3, 3x2), not by 5 players"),
    (lambda t, h: (t[:3], {"A": h["A"], "B": [*h["B"], t[3]]}),
     "deal: Scopa deals 4 cards to the table, not 3"),
    (lambda t, h: (t, {"A": [*h["A"], h["B"][0]], "B": h["B"][1:]}),
     "deal: A is dealt 19 cards; in Scopa with 2 players each is dealt 18"),
    (lambda t, h: (t, {**h, "A": [*h["A"], "9x"]}), None),  # not a card: not understood
])
def test_a_deal_the_game_never_deals_is_refused_before_any_play(
        tmp_path: Path, change: Callable[[list[str], dict[str, list[str]]], Any], problem: str | None) -> None:
    table, hands = change(*_deal())
    path = write(tmp_path, record_line("scopa", table, hands, [{"side": "A", "card": hands["A"][0]}]))
    code, out, _ = refused("verify", str(path))
    if problem is None:
        assert code == 2 and "'9x' is not a card" in out
    else:
        assert (code, out.splitlines()[0]) == (1, f"{path} line 1: {problem}")


def test_a_deal_in_rounds_of_the_wrong_size_is_refused() -> None:
    record = Simulator(load_rules("scopa"), seed=2).hand(0)
    rounds = record["deal"]["hands"]["A"]
    rounds[0], rounds[1] = rounds[0] + " " + rounds[1].split()[0], " ".join(rounds[1].split()[1:])
    engine = CaptureEngine(load_rules("scopa"))
    outcome = replay(read_record(record, "r", engine.deck), engine)
    assert outcome.illegal == (0, "deal: A is dealt 4 cards in round 1; Scopa deals 3 a round")


def test_partners_only_game_without_teams_is_refused() -> None:
    record = Simulator(load_rules("scopone"), seed=2).hand(0)
    del record["teams"], record["piles"], record["sweeps"]
    engine = CaptureEngine(load_rules("scopone"))
    outcome = replay(read_record(record, "r", engine.deck), engine)
    assert outcome.illegal == (0, "deal: Scopone is played by teams (2x2), not by 4 players without teams")


@pytest.mark.parametrize("rules", ["cassino", "kasino", "sbarazzina", "scopa", "escoba", "scopa-52"])
def test_capture_enumeration_on_a_table_of_the_whole_pack_is_refused_not_worked_on(rules: str) -> None:
    engine = CaptureEngine(load_rules(rules))
    began = time.perf_counter()
    for card in range(len(engine.names)):
        try:
            engine.captures(card, Table(engine.deck.full & ~(1 << card)))
        except TooManyCaptures as exc:
            assert str(exc).startswith("this table has too many ways to capture to check (more than ")
    assert time.perf_counter() - began < 10 * FAST  # every card of the pack, each bounded


def test_capture_command_on_the_whole_pack_says_too_many_in_one_line() -> None:
    table = " ".join(c for c in deck("cassino") if c != "10c")
    assert refused("capture", "-r", "cassino", "--table", table, "--card", "10c") == (
        2, "", "error: this table has too many ways to capture to check (more than 1,000,000 combinations tried); "
               "refused\n")


def test_the_largest_legal_sbarazzina_table_found_is_still_answered() -> None:
    # All twelve courts (worth 0, free to join any fifteen) and the 6s and 7s: a 2 takes 7 + 6 and
    # any of the 4,096 sets of courts; the bound leaves room for it.
    engine = CaptureEngine(load_rules("sbarazzina"))
    courts = [f"{rank}{suit}" for rank in "JQK" for suit in "dhsc"]
    table = engine.deck.mask(Card.parse(t) for t in [*courts, "6d", "6h", "6s", "6c", "7d", "7h", "7s", "7c"])
    assert len(engine.captures(engine.deck.index[Card.parse("2d")], Table(table))) == 16 * 4096 < MAX_CAPTURES


def test_a_replay_past_the_bound_names_the_play_and_is_not_understood(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # A replay checks the cards said to be taken without listing every capture; the captures are
    # listed by simulate (to draw one), by the capture command, and by a replay to say why a card
    # that could capture may not be laid down. With the bound lowered to 2, each is refused in words.
    sim = Simulator(load_rules("sbarazzina"), seed=3)
    records = [sim.hand(number) for number in range(50)]  # made under the real bound
    monkeypatch.setattr(capture_module, "MAX_CAPTURES", 2)
    with pytest.raises(TooManyCaptures, match=r"^this table has too many ways to capture to check \(more than 2 "):
        for number in range(50):
            sim.hand(number)
    code, _, err = refused("simulate", "-r", "sbarazzina", "-n", "50", "--seed", "3", "-j", "1")
    assert code == 2 and "too many ways to capture to check (more than 2 captures); refused" in err
    engine = CaptureEngine(load_rules("sbarazzina"))
    for record in records:
        for k, play in enumerate(record["plays"]):
            if "take" not in play:
                continue
            laid = copy.deepcopy(record)
            del laid["plays"][k]["take"]  # laid down where it captured: the reply lists what it could take
            try:
                replay(read_record(laid, "here", engine.deck), engine)
            except TooManyCaptures as exc:
                assert str(exc) == (f"here: play {k + 1}: this table has too many ways to capture to check (more "
                                    "than 2 captures); refused")
                break
        else:
            continue
        break
    else:
        pytest.fail("no hand had more than 2 captures for a card")
    code, out, _ = refused("verify", "--replay", str(write(tmp_path, json_line(laid))))
    assert code == 2 and out.startswith(f"{tmp_path / 'hands.jsonl'} line 1: play {k + 1}: ")
    assert "this table has too many ways to capture to check (more than 2 captures); refused" in out
    # Sbarazzina's courts count 0 and may join any fifteen: 2 + 7 + 6 with any of them, eight ways.
    code, _, err = refused("capture", "-r", "sbarazzina", "--table", "7d 6d Jd Qd Kd", "--card", "2h")
    assert code == 2 and "(more than 2 captures); refused" in err


def test_splitting_a_huge_build_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    began = time.perf_counter()
    assert splits([3] * 30 + [4] * 30, 7)
    assert not splits([6] * 40 + [1] * 2 + [9] * 8, 10)
    assert not splits([6] * 20 + [3] * 20, 10)  # 180 is eighteen 10s, but 6s and 3s never make 10
    assert time.perf_counter() - began < FAST
    monkeypatch.setattr(builds_module, "MAX_STEPS", 10)
    with pytest.raises(TooManyCaptures, match="more than 10 combinations tried"):
        splits([6] * 20 + [3] * 20, 10)


# --- 2. verify's lines: bounded JSON, non-UTF-8 text, capped problems ------------------------------


@pytest.mark.parametrize(("line", "problem"), [
    ("[" * 10_000 + "]" * 10_000, "nested more than 64 deep; refused"),
    ('{"piles": {"A": "rest"}, "sweeps": {"A": 1' + "0" * 5000 + "}}", "not valid JSON: the number 10000"),
    ('{"piles": {"A": "\\ud800"}}', "\\ud800 is half of a character (a lone surrogate); refused"),
    ('{"piles": {"A": "rest"}, "sweeps": {"A": NaN}}', "not valid JSON: NaN is not a number"),
    ('{"deal": ' * 50 + "1" + "}" * 50, "a record needs 'plays'"),  # 50 deep is read
    ('{"oops"', "not valid JSON at column 8: Expecting ':' delimiter"),
])
def test_a_line_that_crashed_the_json_reader_is_one_problem_with_its_line(
        tmp_path: Path, line: str, problem: str) -> None:
    path = write(tmp_path, "", line)
    code, out, _ = refused("verify", "--replay", str(path))
    assert code == 2
    first = out.splitlines()[0]
    assert first.startswith(f"{path} line 2: ") and problem in first, first


def test_non_utf8_bytes_in_a_file_are_one_clear_line(tmp_path: Path, scopa_record: dict[str, Any]) -> None:
    path = write(tmp_path, json_line(scopa_record), b'{"piles": "\xff\xfe"}', json_line(scopa_record))
    assert refused("verify", str(path)) == (
        2, "1 hand checked: 1 ok, 0 failed, 0 not understood; 1 file unreadable\n",
        f"error: {path} line 2: not UTF-8 text; the rest of the file is not read\n")


def test_non_utf8_bytes_on_standard_input_are_one_clear_line() -> None:
    assert refused("verify", "-", input=b"\xff\xfe\x00garbage\n") == (
        2, "0 hands checked: 0 ok, 0 failed, 0 not understood; 1 file unreadable\n",
        "error: <stdin> line 1: not UTF-8 text; the rest of the file is not read\n")


def test_an_endless_line_is_not_read_into_memory() -> None:
    code, _, err = refused("verify", "-", input=b"x" * (300 * 1024))
    assert code == 2 and err == "error: <stdin> line 1: longer than 256 KiB; refused, and the rest of the file is " \
                                "not read\n"


def test_verify_of_dev_zero_through_the_console_script_ends() -> None:
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "verify", "/dev/zero"], capture_output=True,
                          text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr == ("error: /dev/zero line 1: longer than 256 KiB; refused, and the rest of the file is "
                           "not read\n")


def test_a_200_kb_pile_of_bad_cards_used_to_print_50000_lines(tmp_path: Path) -> None:
    line = json.dumps({"piles": {"A": " ".join(["9x"] * 70_000), "B": "rest"}})
    assert len(line) > 200_000
    code, out, _ = refused("verify", str(write(tmp_path, line)))
    lines = out.splitlines()
    assert code == 2 and len(lines) == 22  # 20 problems, how many more, the summary
    assert lines[20].endswith(" line 1: and 69980 more problems")


def test_a_record_of_thousands_of_bad_plays_prints_twenty(tmp_path: Path, scopa_record: dict[str, Any]) -> None:
    record = {**scopa_record, "plays": [{"side": "A", "card": "9x"}] * 5000}
    code, out, _ = refused("verify", "--replay", str(write(tmp_path, json.dumps(record))))
    assert code == 2 and len(out.splitlines()) == 22 and "and 4980 more problems" in out
    code, _, err = refused("replay", str(write(tmp_path, json.dumps(record), name="r.json")))
    assert code == 2 and len(err.splitlines()) == 21


def test_a_record_stating_thousands_of_unknown_sides_prints_twenty(scopa_record: dict[str, Any]) -> None:
    record = copy.deepcopy(scopa_record)
    record["sweeps"] = {f"X{i}": 0 for i in range(3000)}
    (result,) = verify_lines([json.dumps(record)], "f", replay=True)
    assert len(result.problems) == 21 and result.problems[-1] == "and 2980 more problems"


EVIL = "A\x1b]0;pwned\x07\x1b[2J"


def _renamed(record: dict[str, Any]) -> dict[str, Any]:
    """The record with player A renamed to a terminal escape sequence, everywhere."""
    return cast(dict[str, Any], json.loads(json.dumps(record).replace('"A"', json.dumps(EVIL))))


def test_a_side_named_with_a_terminal_escape_is_shown_escaped(tmp_path: Path, scopa_record: dict[str, Any]) -> None:
    shown = "A\\x1b]0;pwned\\x07\\x1b[2J"  # as the message prints it: backslashes, not the escape
    record = _renamed(scopa_record)
    record["plays"][0], record["plays"][1] = record["plays"][1], record["plays"][0]  # out of turn
    code, out, _ = refused("verify", "--replay", str(write(tmp_path, json.dumps(record))))
    assert code == 1 and f"it is {shown}'s turn, not B's" in out
    record = _renamed(scopa_record)
    record["sweeps"] = {EVIL: 30}
    code, out, _ = refused("verify", "--replay", str(write(tmp_path, json.dumps(record))))
    assert code == 1 and f"sweeps of {shown}: the record says 30" in out
    code, out, _ = refused("verify", str(write(tmp_path, json.dumps(record))))  # through score's checks
    assert code in (1, 2) and shown in out
    del record["piles"]
    code, out, _ = refused("replay", str(write(tmp_path, json.dumps(record), name="r.json")), "--plays")
    assert code == 1 and f"1. {shown} " in out and f"{shown}: " in out  # the log, the piles, the table


def test_replay_of_a_file_not_utf8_or_too_large_is_one_line(tmp_path: Path, scopa_record: dict[str, Any]) -> None:
    binary = tmp_path / "binary.yaml"
    binary.write_bytes(b"rules: scopa\n\xff\xfe\x00")
    assert refused("replay", str(binary)) == (
        2, "", f"error: {binary}: cannot read the record: it is not UTF-8 text\n")
    huge = tmp_path / "huge.json"
    huge.write_text(json.dumps({**scopa_record, "with": ["x" * 300_000]}))
    code, out, err = refused("replay", str(huge))
    assert (code, out) == (2, "") and err.count("\n") == 1 and "larger than 256 KiB" in err


# --- 3. capture's options ----------------------------------------------------------------------------


@pytest.mark.parametrize(("build", "problem"), [
    ("²=3c", "error: --build '²=3c': write VALUE=CARDS, like 7=5h,2c\n"),
    ("٣=3c", "error: --build '٣=3c': write VALUE=CARDS, like 7=5h,2c\n"),
    ("100000000000000000000=3c", "error: --build '100000000000000000000=3c': no card takes a build of "
                                 "100000000000000000000 in Cassino (a build is worth 1 to 10)\n"),
    ("9" * 5000 + "=3c", f"error: --build '{'9' * 40}...': no card takes a build of {'9' * 40}... in Cassino "
                         "(a build is worth 1 to 10)\n"),
    ("0=3c", "error: --build '0=3c': no card takes a build of 0 in Cassino (a build is worth 1 to 10)\n"),
])
def test_capture_build_value_that_int_refused_used_to_be_a_traceback(build: str, problem: str) -> None:
    assert refused("capture", "-r", "cassino", "--table", "5h", "--card", "7d", "--build", build) == (2, "", problem)


def test_capture_table_of_a_thousand_cards_is_one_line() -> None:
    assert refused("capture", "--table", " ".join(["7d"] * 1000), "--card", "3c") == (
        2, "", "error: --table: 7d is listed twice\n")
    code, _, err = refused("capture", "--table", " ".join(["9x"] * 1000), "--card", "3c")
    assert code == 2 and len(err.splitlines()) == 21 and err.endswith("error: and 980 more problems\n")


@pytest.mark.parametrize("card", ["7\x1bd", "\x1b[31m", "7d\n7h", "\udcff", "\u202e7d", "7d\x00"])
def test_capture_card_with_control_characters_is_one_escaped_line(card: str) -> None:
    code, out, err = refused("capture", "--table", "3c", "--card", card)
    assert code == 2 and out == "" and len(err.splitlines()) == 1


def test_capture_card_not_utf8_through_the_console_script() -> None:
    done = subprocess.run([sys.executable.encode(), b"-m", b"scorekeeper", b"capture", b"--table", b"3c",
                           b"--card", b"\xff7d"], capture_output=True, timeout=60, cwd=ROOT)
    assert done.returncode == 2 and done.stderr.count(b"\n") == 1 and b"Traceback" not in done.stderr


# --- 4. simulate's options ---------------------------------------------------------------------------


@pytest.mark.parametrize(("args", "message"), [
    (("--hands", "100000000"), "error: 100,000,000 hands: a run plays 0 to 10,000,000 hands\n"),
    (("--players", "1000000000"),
     "error: scopa is not played by 1000000000 players (sides 2-4, teams 2x2, 2x3, 3x2)\n"),
    (("-r", "scopone", "--players", "3"), "error: scopone is not played by 3 players (sides 2-2, teams 2x2)\n"),
    (("--seed", "10000000000000000"),
     "error: seed 10,000,000,000,000,000: a seed is 0 to 999,999,999,999,999 (at most 15 digits)\n"),
])
def test_simulate_out_of_bounds_is_refused_before_playing(args: tuple[str, ...], message: str) -> None:
    assert refused("simulate", *args) == (2, "", message)


def test_simulate_bounds_hold_in_the_library_too() -> None:
    with pytest.raises(ScorekeeperError, match="a run plays 0 to 10,000,000 hands"):
        next(simulate(load_rules("scopa"), 10**30))
    with pytest.raises(ScorekeeperError, match="about 10\\*\\*5000 hands"):
        next(simulate(load_rules("scopa"), 10**5000))


def test_simulate_to_an_unwritable_path_is_one_line(tmp_path: Path) -> None:
    for target, why in ((tmp_path / "no" / "such" / "dir.jsonl", "no such file"), (tmp_path, "it is a folder")):
        assert refused("simulate", "-o", str(target)) == (2, "", f"error: {target}: cannot write: {why}\n")


# --- 5. fuzz: mutated simulated records through verify -----------------------------------------------


SEEDS = {rules: [Simulator(load_rules(rules), seed=9).hand(n) for n in range(3)]
         for rules in ("scopa", "cassino", "escoba", "scopone", "sbarazzina")}
ODD_TEXT = st.text(max_size=12).map(lambda t: t + "\x1b[2J")  # never a card, never a name in the record


def _cards_at(record: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Paths to every card text of the deal: (player, round) of a hand, or ('table',)."""
    out: list[tuple[Any, ...]] = [(p, r) for p, rounds in record["deal"]["hands"].items() for r in range(len(rounds))]
    return [*out, ("table",)]


def _get(record: dict[str, Any], at: tuple[Any, ...]) -> str:
    return str(record["deal"]["table"] if at == ("table",) else record["deal"]["hands"][at[0]][at[1]])


def _put(record: dict[str, Any], at: tuple[Any, ...], text: str) -> None:
    if at == ("table",):
        record["deal"]["table"] = text
    else:
        record["deal"]["hands"][at[0]][at[1]] = text


def _nest(value: Any, depth: int) -> Any:
    for _ in range(depth):
        value = [value]
    return value


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, bool]:
    """A simulated record's line, broken by one to three mutations that each make it wrong, and
    whether to replay it: a record stating no piles is replayed anyway, one with piles on --replay."""
    record = copy.deepcopy(draw(st.sampled_from([r for records in SEEDS.values() for r in records])))
    stated = draw(st.booleans())
    if not stated:
        del record["piles"], record["sweeps"]
    swapped = False  # a second swap could undo the first
    dropped = False  # without both 'deal' and 'plays', a line stating piles is a plain hand
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["drop", "drop_play", "swap", "huge", "deep", "name", "token", "cut"]))
        plays = record.get("plays")
        if kind == "drop":
            choices: list[tuple[Any, ...]] = [] if dropped else [("deal",), ("plays",)]  # not both: a hand
            if isinstance(record.get("deal"), dict) and isinstance(record["deal"].get("hands"), dict):
                choices += [("deal", "table")] + [("deal", "hands", p) for p in record["deal"]["hands"]]
            if isinstance(plays, list) and plays and isinstance(plays[0], dict):
                choices += [("plays", 0, "card"), ("plays", 0, "side")]
            if not choices:
                continue
            at = draw(st.sampled_from(choices))
            dropped = dropped or len(at) == 1
            target: Any = record
            for key in at[:-1]:
                target = target[key]
            if isinstance(target, dict):
                target.pop(at[-1], None)
        elif kind == "drop_play" and isinstance(plays, list) and plays:
            del plays[draw(st.integers(0, len(plays) - 1))]
        elif kind == "swap" and _dealt(record) and not swapped:
            swapped = True
            places = _cards_at(record)
            one, two = draw(st.sampled_from(places)), draw(st.sampled_from(places))
            first, second = _get(record, one).split(), _get(record, two).split()
            if one != two and first and second:
                i, j = draw(st.integers(0, len(first) - 1)), draw(st.integers(0, len(second) - 1))
                first[i], second[j] = second[j], first[i]
                _put(record, one, " ".join(first))
                _put(record, two, " ".join(second))
            else:
                record["plays"] = 10**15
        elif kind == "huge":
            key = draw(st.sampled_from(["plays", "deal", "sweeps", "hand", "seed"]))
            record[key] = draw(st.sampled_from([10**15, -(10**20), 10**60]))  # more digits than a file keeps
        elif kind == "deep":
            key = draw(st.sampled_from(list(record)))
            record[key] = _nest(record[key], draw(st.integers(65, 300)))
        elif kind == "name" and _dealt(record):
            old = draw(st.sampled_from(list(record["deal"]["hands"])))
            hands = record["deal"]["hands"]
            record["deal"]["hands"] = {(draw(ODD_TEXT) if p == old else p): h for p, h in hands.items()}
        elif kind == "token" and _dealt(record):
            at = draw(st.sampled_from(_cards_at(record)))
            tokens = _get(record, at).split() or ["7d"]
            tokens[draw(st.integers(0, len(tokens) - 1))] = draw(ODD_TEXT)
            _put(record, at, " ".join(tokens))
        else:
            record["plays"] = "not a list of plays\x1b[0m"
    line = json.dumps(record, ensure_ascii=draw(st.booleans()))
    if draw(st.integers(0, 9)) == 0:  # cut short: never whole JSON
        line = line[:draw(st.integers(1, len(line) - 1))]
    return line, stated


def _dealt(record: dict[str, Any]) -> bool:
    deal = record.get("deal")
    return isinstance(deal, dict) and isinstance(deal.get("hands"), dict) and bool(deal["hands"]) and all(
        isinstance(r, list) and all(isinstance(t, str) for t in r) for r in deal["hands"].values()) and isinstance(
        deal.get("table"), str)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_fuzzed_record_lines_never_crash_hang_or_print_escapes(case: tuple[str, bool]) -> None:
    line, replay_it = case
    refused("verify", *(["--replay"] if replay_it else []), "-", input=line + "\n")
