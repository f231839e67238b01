"""Files other people send, and a cache folder other people can reach: refused with one clear line.

Each test is named after a failure found by fuzzing the input surfaces: a crash, a hang, a
traceback or code run from the cache. None may happen: the answer is exit code 1 or 2 and one
line per problem, with no traceback.
"""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run

from scorekeeper.rules.catalog import load_rules

DEEP = 30_000


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def refused(code: int, out: str, err: str) -> str:
    """The one message of a refusal; fails on a traceback or a success."""
    assert code == 2, (code, out, err)
    assert "Traceback" not in out + err
    assert err.startswith("error: ")
    return err


# --- the cache ---------------------------------------------------------------------------------------


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    from scorekeeper.rules import catalog

    root = tmp_path / "cache"
    monkeypatch.setenv("SCOREKEEPER_CACHE_DIR", str(root))
    catalog._LOADED.clear()  # this process's memory of loaded rule sets
    return root


def test_a_planted_pickle_in_the_cache_runs_no_code(cache: Path, tmp_path: Path) -> None:
    load_rules("scopa")  # makes the folder
    witness = tmp_path / "ran"

    class Payload:
        def __reduce__(self) -> tuple[object, tuple[str]]:
            return (os.system, (f"touch {witness}",))

    for entry in (cache / "rules").iterdir():
        entry.write_bytes(pickle.dumps(Payload()))
        entry.with_suffix(".pickle").write_bytes(pickle.dumps(Payload()))
    assert load_rules("scopa").id == "scopa"
    code, out, err = run("score", "--pile", "Anna=rest", "--pile", "Bruno=")
    assert code == 0 and not witness.exists()


@pytest.mark.slow
def test_a_damaged_cache_entry_is_a_miss_not_an_error(cache: Path) -> None:
    first = load_rules("scopa")
    (entry,) = (cache / "rules").iterdir()
    whole = entry.read_text()
    plain = json.loads(whole)
    del plain["payload"]["rules"]["match"]["target"]
    renamed = json.loads(whole)
    renamed["payload"]["rules"]["sides"]["most"] = renamed["payload"]["rules"]["sides"].pop("max")
    other_version = json.loads(whole) | {"version": "0.0.1"}
    for damage in (whole[: len(whole) // 2], "\x00\xff", json.dumps(plain), json.dumps(renamed),
                   json.dumps(other_version), "[]"):
        entry.write_text(damage)
        assert _rebuilt("scopa") == first


def _rebuilt(ref: str) -> object:
    from scorekeeper.rules import catalog

    catalog._LOADED.clear()  # this process's memory of loaded rule sets
    return catalog.load_rules(ref)


def test_the_cache_is_not_used_in_a_folder_others_can_write(cache: Path) -> None:
    cache.mkdir(mode=0o777)
    os.chmod(cache, 0o777)
    load_rules("hurricane")
    assert list(cache.iterdir()) == []


def test_the_cache_is_not_used_in_a_folder_of_another_user(cache: Path) -> None:
    if os.getuid() != 0:
        pytest.skip("only root can give a folder to another user")
    cache.mkdir(mode=0o700)
    os.chown(cache, 12345, 12345)
    load_rules("hurricane")
    assert list(cache.iterdir()) == []


def test_a_symlink_planted_in_the_cache_is_not_followed(cache: Path, tmp_path: Path) -> None:
    load_rules("scopa")
    (entry,) = (cache / "rules").iterdir()
    victim = write(tmp_path, "victim.txt", "precious\n")
    entry.unlink()
    entry.symlink_to(victim)
    assert _rebuilt("scopa").id == "scopa"
    assert victim.read_text() == "precious\n"
    # Temporary names are random and opened exclusively: a link planted beside the entry is never written.
    assert not any(p.name.endswith(".tmp") for p in (cache / "rules").iterdir())


def test_the_cache_folder_is_private(cache: Path) -> None:
    load_rules("scopa")
    assert (cache.stat().st_mode & 0o777, (cache / "rules").stat().st_mode & 0o777) == (0o700, 0o700)


def test_two_paths_that_flatten_alike_get_their_own_rule_sets(cache: Path, tmp_path: Path) -> None:
    (tmp_path / "x").mkdir()
    one = write(tmp_path / "x", "y.yaml", "extends: scopa\nid: one\nmatch: {target: 5}\n")
    two = write(tmp_path, "x_y.yaml", "extends: scopa\nid: two\nmatch: {target: 7}\n")
    assert (load_rules(str(one)).id, load_rules(str(two)).id) == ("one", "two")
    assert (_rebuilt(str(one)), _rebuilt(str(two))) == (load_rules(str(one)), load_rules(str(two)))


# --- deep, huge and strange files --------------------------------------------------------------------


def test_a_yaml_hand_file_nested_30000_deep_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "deep.yaml", "piles: " + "[" * DEEP + "]" * DEEP + "\n")
    assert "nested more than 64 deep" in refused(*run("score", str(path)))


def test_a_rule_set_nested_30000_deep_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "deep.yaml", "id: deep\nnotes: " + "[" * DEEP + "]" * DEEP + "\n")
    assert "nested more than 64 deep" in refused(*run("rules", "check", str(path)))
    assert "nested more than 64 deep" in refused(*run("score", "-r", str(path), "-p", "A=rest", "-p", "B="))


def test_an_extends_target_nested_30000_deep_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "deep.yaml", "categories: " + "[" * DEEP + "]" * DEEP + "\n")
    child = write(tmp_path, "child.yaml", "extends: deep.yaml\nid: child\n")
    # A file another names is refused as no rule set, without a word of it (issue 25); checked by
    # itself, it says why.
    assert "deep.yaml is not a rule set; refused" in refused(*run("rules", "check", str(child)))
    assert "nested more than 64 deep" in refused(*run("rules", "check", str(tmp_path / "deep.yaml")))


def test_a_hand_naming_a_deep_rule_set_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "deep.yaml", "id: deep\nnotes: " + "[" * DEEP + "]" * DEEP + "\n")
    hand = write(tmp_path, "hand.yaml", f"rules: {tmp_path / 'deep.yaml'}\npiles: {{A: rest, B: ''}}\n")
    assert "deep.yaml is not a rule set; refused" in refused(*run("score", str(hand)))  # quoted nowhere (issue 25)


def test_a_json_hand_nested_30000_deep_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "deep.json", '{"piles": ' + "[" * DEEP + "]" * DEEP + "}")
    assert "nested more than 64 deep" in refused(*run("score", str(path)))


def test_a_1_gib_extends_target_is_refused_without_reading_it(tmp_path: Path) -> None:
    huge = tmp_path / "huge.yaml"
    with open(huge, "wb") as sparse:
        sparse.truncate(1 << 30)
    child = write(tmp_path, "child.yaml", "extends: huge.yaml\nid: child\n")
    err = refused(*run("rules", "check", str(child)))
    assert err == f"error: {huge}: the rule set is larger than 256 KiB; refused\n"


def test_dev_zero_as_a_hand_file_is_refused() -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    assert refused(*run("score", "/dev/zero")) == "error: /dev/zero: the hand file is larger than 256 KiB; refused\n"


@pytest.mark.slow
def test_an_extends_chain_of_3000_files_is_refused(tmp_path: Path) -> None:
    for i in range(3000):
        write(tmp_path, f"c{i}.yaml", f"extends: c{i + 1}.yaml\nid: c{i}\n")
    write(tmp_path, "c3000.yaml", "id: end\n")
    assert "more than 16 rule sets extend one another" in refused(*run("rules", "check", str(tmp_path / "c0.yaml")))


def test_integers_of_5000_digits_are_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "hand.json", '{"piles": {"A": "rest", "B": ""}, "sweeps": {"A": 1' + "0" * 5000 + "}}")
    assert "is too large" in refused(*run("score", str(path)))


def test_a_lone_surrogate_in_json_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "hand.json", '{"piles": {"A\\ud800": "rest", "B": ""}}')
    assert "lone surrogate" in refused(*run("score", str(path)))


def test_a_300_character_rules_name_is_refused() -> None:
    err = refused(*run("score", "--rules", "x" * 300, "--pile", "A=rest", "--pile", "B="))
    assert err.count("\n") == 1 and "x" * 41 not in err


def test_a_list_as_a_category_kind_or_id_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "mine.yaml", "id: x\nname: x\ndeck: italian-40\nmatch: {target: 11}\ncategories:\n"
                 "  - {kind: [most], id: a}\n  - {kind: most, id: [b]}\n")
    err = refused(*run("rules", "check", str(path)))
    assert err.splitlines() == [
        f"error: {path}:6:12: categories[0].kind: ['most'] is not a kind "
        "(one of most, card, each, primiera, sequence, set, sweeps, declared)",
        f"error: {path}:7:22: categories[1].id: must be text (quote it if it looks like a number)",
    ]


# --- the console script itself ---------------------------------------------------------------------


def _console(*args: bytes | str, before: str = "") -> subprocess.CompletedProcess[bytes]:
    code = f"import sys\nfrom scorekeeper.cli import main\nsys.argv[0] = 'scorekeeper'\n{before}\nmain()"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, check=False)


def test_non_utf8_bytes_in_an_argument_are_refused() -> None:
    done = _console("score", b"\xff.yaml")
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr == b"error: argument 2 (b'\\xff.yaml') is not UTF-8 text\n"


@pytest.mark.slow
def test_a_folder_as_a_hand_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    done = _console("score", str(tmp_path))
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr == f"error: {tmp_path}: cannot read the hand file: it is a folder\n".encode()


BUG = ("import scorekeeper.cli.score as face; "
       "face.score_hand = lambda *a, **k: (_ for _ in ()).throw(RuntimeError('a bug'))")


@pytest.mark.slow
def test_a_bug_is_one_line_exit_70_and_debug_shows_the_traceback() -> None:
    done = _console("score", "-p", "A=rest", "-p", "B=", before=BUG)
    assert (done.returncode, done.stdout) == (70, b"")
    lines = done.stderr.decode().splitlines()
    assert lines[0] == "error: internal error: RuntimeError: a bug"
    assert lines[1].startswith("This is a bug in scorekeeper") and len(lines) == 2
    debug = _console("--debug", "score", "-p", "A=rest", "-p", "B=", before=BUG)
    assert debug.returncode == 1 and b"Traceback" in debug.stderr and b"RuntimeError: a bug" in debug.stderr
