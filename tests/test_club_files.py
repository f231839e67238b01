"""Files from strangers at a club (issue 25): what a record, a hand file, a verify line, a rule set or
an imported match may name, and what is refused in one line that quotes nothing of a local file.

Each test is named after the item of the issue it checks.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run

from scorekeeper.rules.places import RULES_DIRS_VARIABLE

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
#: A line of a local file no message may ever print.
SECRET = "root:$6$SECRET-HASH:19000:0:99999:7:::"


@pytest.fixture(autouse=True)
def _no_folder_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """No folder allowed unless a test says so; ``--rules-dir`` adds to this process's variable, and
    monkeypatch puts it back after the test."""
    monkeypatch.setenv(RULES_DIRS_VARIABLE, "")


def refused_once(result: tuple[int, str, str], *parts: str) -> str:
    """Exit 2, one 'error:' line holding each part and nothing of the secret file."""
    code, out, err = result
    assert code == 2, result
    assert err.count("\n") == 1 and err.startswith("error: "), err
    assert "SECRET" not in out + err and "root:" not in out + err, err
    for part in parts:
        assert part in err, err
    return err


def layout(tmp_path: Path) -> tuple[Path, Path]:
    """A club's folder of records (``recs``) and, beside it, a secret that looks like /etc/shadow."""
    (tmp_path / "etc").mkdir()
    shadow = tmp_path / "etc" / "shadow"
    shadow.write_text(f"{SECRET}\nbin: x\n", encoding="utf-8")
    (tmp_path / "etc" / "shadow.yaml").write_text(f"{SECRET}\nbin: x\n", encoding="utf-8")
    recs = tmp_path / "recs"
    recs.mkdir()
    return recs, shadow


def record(folder: Path, rules: str, name: str = "rec.yaml") -> Path:
    """The sample Scopa record, naming ``rules``."""
    text = (SAMPLES / "replay" / "scopa.yaml").read_text(encoding="utf-8")
    path = folder / name
    path.write_text(text.replace("rules: scopa", f"rules: {json.dumps(rules)}"), encoding="utf-8")
    return path


@pytest.mark.slow
@pytest.mark.parametrize("ref", ["../etc/shadow", "../../../../../../../../etc/shadow", "../etc/shadow.yaml"])
def test_3_a_record_naming_a_file_outside_its_folder_is_refused_without_reading_it(tmp_path: Path, ref: str) -> None:
    recs, _shadow = layout(tmp_path)
    path = record(recs, ref)
    err = refused_once(run("replay", str(path)), f"{path}:3:8: rules: {ref[:40]!r}", "neither a built-in rule set",
                       "--rules-dir")
    assert "shadow:" not in err


def test_3_an_absolute_path_to_a_local_file_is_refused_in_a_record(tmp_path: Path) -> None:
    recs, shadow = layout(tmp_path)
    refused_once(run("replay", str(record(recs, str(shadow)))), "neither a built-in rule set")
    refused_once(run("replay", str(record(recs, "/etc/shadow"))), "neither a built-in rule set")


def test_3_a_file_beside_the_record_that_is_not_a_rule_set_is_refused_quoting_nothing(tmp_path: Path) -> None:
    recs, _shadow = layout(tmp_path)
    (recs / "notes.yaml").write_text("password: SECRET-ONE\ndeck: SECRET-TWO\n", encoding="utf-8")
    (recs / "broken.yaml").write_text(f"{SECRET}\n: : SECRET [\n", encoding="utf-8")
    (recs / "notes.txt").write_text("id: SECRET\n", encoding="utf-8")
    notes = (recs / "notes.yaml").resolve()
    refused_once(run("replay", str(record(recs, "notes.yaml"))), f"rules: {notes} is not a rule set; refused")
    refused_once(run("replay", str(record(recs, "broken.yaml"))), "broken.yaml is not a rule set; refused")
    refused_once(run("replay", str(record(recs, "notes.txt"))), "is not a rule-set file (.yaml, .yml or .json)")


def test_3_a_rule_set_beside_the_record_or_in_an_allowed_folder_is_read(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    recs, _shadow = layout(tmp_path)
    (recs / "house.yaml").write_text("extends: scopa\nid: house\nname: House\n", encoding="utf-8")
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "club.yaml").write_text("extends: scopa\nid: club\nname: Club\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # the record's folder counts, not the working folder
    assert run("replay", str(record(recs, "house.yaml")))[0] == 0
    away = record(recs, "../shared/club.yaml", "away.yaml")
    refused_once(run("replay", str(away)), "neither a built-in rule set")
    assert run("--rules-dir", str(shared), "replay", str(away))[0] == 0
    refused_once(run("--rules-dir", str(tmp_path / "nowhere"), "replay", str(away)), "--rules-dir", "no such folder")


def test_3_extends_outside_the_rule_sets_folder_is_refused_and_not_quoted(tmp_path: Path) -> None:
    recs, shadow = layout(tmp_path)
    mine = recs / "mine.yaml"
    for ref, said in ((str(shadow), "neither a built-in rule set"), ("../etc/shadow.yaml", "neither a built-in"),
                      ("/etc/passwd", "neither a built-in rule set")):
        mine.write_text(f"extends: {ref}\nid: mine\nname: Mine\n", encoding="utf-8")
        refused_once(run("rules", "check", str(mine)), f"{mine}:1:10: extends: ", said)
        refused_once(run("score", "-r", str(mine), "-p", "A=rest", "-p", "B="), said)


def test_3_an_extends_parent_that_is_not_a_rule_set_is_refused_quoting_nothing(tmp_path: Path) -> None:
    recs, _shadow = layout(tmp_path)
    (recs / "secret.yaml").write_text("deck: italian-40\ntoken: SECRET-TOKEN\n", encoding="utf-8")
    mine = recs / "mine.yaml"
    mine.write_text("extends: secret.yaml\nid: mine\nname: Mine\n", encoding="utf-8")
    refused_once(run("rules", "check", str(mine)), f"{mine}:1:10: extends: {recs / 'secret.yaml'} is not a rule set")


def test_3_a_rule_set_keeps_its_parents_id_not_the_path_it_was_found_by(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").write_text("extends: scopa\nid: club-base\nname: Base\n", encoding="utf-8")
    (tmp_path / "mine.yaml").write_text("extends: ./base.yaml\nid: mine\nname: Mine\n", encoding="utf-8")
    code, out, _err = run("rules", "show", str(tmp_path / "mine.yaml"), "--json")
    assert code == 0 and json.loads(out)["extends"] == "club-base"


def test_3_a_hand_file_names_a_rule_set_beside_it_from_any_working_folder(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    recs, _shadow = layout(tmp_path)
    (recs / "house.yaml").write_text("extends: scopa\nid: house\nname: House\nmatch: {target: 21}\n", encoding="utf-8")
    hand = recs / "hand.yaml"
    hand.write_text("rules: house.yaml\npiles: {Anna: d:A27K 7h, Bruno: rest}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, _err = run("score", str(hand), "--json")
    assert code == 0 and json.loads(out)["rules"] == "house"
    hand.write_text("rules: ../etc/shadow\npiles: {Anna: d:A27K 7h, Bruno: rest}\n", encoding="utf-8")
    refused_once(run("score", str(hand)), f"{hand}:1:8: rules: '../etc/shadow' is neither a built-in rule set")
    assert run("score", str(hand), "--rules", "scopa")[0] == 0  # the command line's rule set wins, unread


def test_3_a_verify_line_naming_a_local_file_is_not_understood_and_quotes_nothing(tmp_path: Path) -> None:
    recs, shadow = layout(tmp_path)
    lines = recs / "hands.jsonl"
    good = {"piles": {"Anna": "d:A27K 7h", "Bruno": "rest"}, "sweeps": {"Anna": 0, "Bruno": 0}}
    refs = ("scopa", str(shadow), "../etc/shadow.yaml")
    lines.write_text("".join(json.dumps({**good, "rules": ref}) + "\n" for ref in refs), encoding="utf-8")
    code, out, err = run("verify", str(lines))
    assert code == 2 and "SECRET" not in out + err and "root:" not in out + err, (out, err)
    assert "3 hands checked: 1 ok, 0 failed, 2 not understood" in out + err
    assert out.count("neither a built-in rule set") == 2, out


@pytest.mark.slow
def test_3_an_imported_match_may_name_a_built_in_and_its_rule_set_is_checked_when_imported(tmp_path: Path) -> None:
    recs, shadow = layout(tmp_path)
    assert run("match", "new", "-q", "--rules", "scopa", "--side", "Anna", "--side", "Bruno", "--name", "club")[0] == 0
    path = tmp_path / "h.json"
    assert run("export", "--all", "--format", "json", "-o", str(path))[0] == 0
    data = json.loads(path.read_text(encoding="utf-8"))

    def imported(rules: object, name: str) -> tuple[int, str, str]:
        data["matches"][0]["rules"] = rules
        file = recs / f"{name}.json"
        file.write_text(json.dumps(data), encoding="utf-8")
        return run("import", str(file), "--db", str(tmp_path / f"{name}.sqlite"))

    whole = data["matches"][0]["rules"]
    code, out, _err = imported("scopa", "named")
    assert code == 0 and "imported" in out
    refused_once(imported(str(shadow), "shadow"), "matches[0]: rules: ", "neither a built-in rule set")
    refused_once(imported({**whole, "extends": "/etc/passwd"}, "passwd"),
                 "matches[0].rules.extends: '/etc/passwd' is not a rule set's id; refused")
    assert imported({**whole, "extends": "scopa"}, "parent")[0] == 0


def test_3_a_cached_rule_set_from_a_folder_no_longer_allowed_is_refused(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "club.yaml").write_text("extends: scopa\nid: club\nname: Club\n", encoding="utf-8")
    mine = tmp_path / "mine" / "mine.yaml"
    mine.parent.mkdir()
    mine.write_text("extends: ../shared/club.yaml\nid: mine\nname: Mine\n", encoding="utf-8")
    assert run("--rules-dir", str(shared), "rules", "check", str(mine))[0] == 0  # cached with its parent
    monkeypatch.setenv(RULES_DIRS_VARIABLE, "")
    from scorekeeper.rules import catalog

    catalog._LOADED.clear()  # a new process: only the cache folder remembers
    refused_once(run("score", "-r", str(mine), "-p", "A=rest", "-p", "B="), "neither a built-in rule set")


@pytest.mark.parametrize("ref", ["a\\0b", "scopa\\0", "\\0"])
def test_5_a_nul_byte_in_an_extends_path_is_bad_input_exit_2(tmp_path: Path, ref: str) -> None:
    mine = tmp_path / "mine.yaml"
    mine.write_text(f'extends: "{ref}"\nid: mine\n', encoding="utf-8")
    refused_once(run("rules", "check", str(mine)), f"{mine}:1:10: extends: ", "is not a rule-set id or path")
    hand = tmp_path / "hand.yaml"
    hand.write_text(f'rules: "{ref}"\npiles: {{A: rest, B: ""}}\n', encoding="utf-8")
    refused_once(run("score", str(hand)), "is not a rule-set id or path")


def test_4_esc_and_bel_in_a_rule_sets_name_and_labels_never_reach_the_terminal_through_html(tmp_path: Path) -> None:
    rules = tmp_path / "loud.yaml"
    rules.write_text('extends: scopa\nid: loud\nname: "Loud\\e]0;owned\\a\\e[2J game"\ncategories:\n'
                     '  - {id: settebello, label: "Sette\\abello\\e[31m", labels: {it: "\\e[5mSette"}}\n',
                     encoding="utf-8")
    assert run("match", "new", "-q", "--rules", str(rules), "--side", "Anna", "--side", "Bruno")[0] == 0
    assert run("match", "add", "--pile", "Anna=d:A27K 7h", "--pile", "Bruno=rest")[0] == 0
    for language in ("en", "it"):
        code, out, err = run("--lang", language, "export", "--format", "html")
        assert code == 0, err
        assert "\x1b" not in out + err and "\x07" not in out + err
        assert "Loud\\x1b]0;owned\\x07\\x1b[2J game" in out  # shown, not obeyed
        assert ("Sette\\x07bello\\x1b[31m" if language == "en" else "\\x1b[5mSette") in out


_SLOW_EXPORT = """
import signal, sys, time
from pathlib import Path
from scorekeeper.output.export import write_atomically

# As an export started from a terminal: a test run under nohup would pass on its ignored SIGHUP,
# and an export whose SIGHUP is ignored rightly goes on writing.
signal.signal(signal.SIGHUP, signal.SIG_DFL)
signal.signal(signal.SIGTERM, signal.SIG_DFL)

def chunks():
    yield "a half-written sheet\\n"
    Path(sys.argv[2]).touch()  # the temporary file is open and half written
    time.sleep(60)
    yield "the rest\\n"

write_atomically(Path(sys.argv[1]), chunks())
"""


def _killed_export(folder: Path, signum: int) -> int:
    """Run an export into ``folder`` that stops half-way, send it ``signum``; its exit status."""
    import signal
    import subprocess
    import sys
    import time

    ready = folder.parent / f"ready-{signum}"
    child = subprocess.Popen([sys.executable, "-c", _SLOW_EXPORT, str(folder / "sheet.csv"), str(ready)])
    try:
        deadline = time.monotonic() + 30
        while not ready.exists() and time.monotonic() < deadline and child.poll() is None:
            time.sleep(0.02)
        assert ready.exists(), "the export never started writing"
        child.send_signal(signal.Signals(signum))
        return child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


@pytest.mark.slow
@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_11_an_export_stopped_by_a_signal_removes_its_temporary_file_and_ends_of_that_signal(
        tmp_path: Path, name: str) -> None:
    import signal

    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "sheet.csv").write_text("the old sheet\n", encoding="utf-8")
    signum = getattr(signal, name)
    assert _killed_export(folder, signum) == -signum
    assert [p.name for p in folder.iterdir()] == ["sheet.csv"]  # no hidden temporary file
    assert (folder / "sheet.csv").read_text(encoding="utf-8") == "the old sheet\n"


@pytest.mark.slow
def test_11_an_export_killed_outright_leaves_a_file_the_next_export_into_its_folder_removes(tmp_path: Path) -> None:
    import signal

    folder = tmp_path / "out"
    folder.mkdir()
    assert _killed_export(folder, signal.SIGKILL) == -signal.SIGKILL  # nothing can run: the file stays
    left = [p.name for p in folder.iterdir()]
    assert len(left) == 1 and left[0].startswith(".sheet.csv.scorekeeper-export-"), left
    assert run("match", "new", "-q", "--rules", "scopa", "--side", "Anna", "--side", "Bruno")[0] == 0
    assert run("export", "--all", "-o", str(folder / "other.md"), "--format", "md")[0] == 0  # another name
    assert [p.name for p in folder.iterdir()] == ["other.md"]


def _exported_club(tmp_path: Path) -> dict:
    """A history file of one match "club" of two Scopa hands (and a third undone), still being played."""
    assert run("match", "new", "-q", "--rules", "scopa", "--side", "Anna", "--side", "Bruno", "--name", "club")[0] == 0
    for anna in ("d:A27K 7h", "d:A23456 7h 7c", "s:A2"):
        assert run("match", "add", "club", "--pile", f"Anna={anna}", "--pile", "Bruno=rest")[0] == 0
    assert run("match", "undo", "club")[0] == 0
    path = tmp_path / "club.json"
    assert run("export", "--all", "--format", "json", "-o", str(path))[0] == 0
    return json.loads(path.read_text(encoding="utf-8"))


def _import(tmp_path: Path, data: dict, name: str, db: str | None = None) -> tuple[int, str, str]:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return run("import", str(path), "--db", str(tmp_path / f"{db or name}.sqlite"))


def _refused(result: tuple[int, str, str], *parts: str) -> None:
    code, out, err = result
    assert code == 2 and out == "" and err.count("\n") == 1 and "history is damaged" not in err, result
    for part in parts:
        assert part in err, err


@pytest.mark.slow
def test_7_a_hand_numbered_10_18_is_refused_with_its_place(tmp_path: Path) -> None:
    data = _exported_club(tmp_path)
    hands = data["matches"][0]["hands"]
    assert [(h["number"], h["ended_by"] is None) for h in hands] == [(1, True), (2, True), (3, False)]
    assert _import(tmp_path, data, "as-is")[0] == 0  # the file untouched imports
    hands[1]["number"] = 10**18
    _refused(_import(tmp_path, data, "huge"), "matches[0].hands[1].number: hand 1000000000000000000 in a match of "
             "3 hands")
    hands[1]["number"] = 2  # hand 2 undone, hand 3 still counted: hand 2 is missing
    hands[1]["ended_by"], hands[2]["ended_by"] = hands[2]["ended_by"], None
    _refused(_import(tmp_path, data, "gap"), "matches[0].hands: the hands still counted are numbered 1, 3: hand 2 "
             "is missing")


@pytest.mark.slow
def test_7_two_hands_with_one_number_are_the_files_fault(tmp_path: Path) -> None:
    data = _exported_club(tmp_path)
    data["matches"][0]["hands"][1]["number"] = 1
    _refused(_import(tmp_path, data, "twice"), "matches[0].hands[1].number: hand 1 is given twice (also at "
             "hands[0]); the file is wrong")


@pytest.mark.slow
def test_7_one_playing_match_per_name(tmp_path: Path) -> None:
    data = _exported_club(tmp_path)
    first = data["matches"][0]
    second = {**first, "uid": "another-match", "id": first["id"] + 1}
    _refused(_import(tmp_path, {**data, "matches": [first, second]}, "two"),
             "matches[1].name: 'club': match 1 \"club\" is being played under that name too")
    assert _import(tmp_path, data, "once")[0] == 0
    _refused(_import(tmp_path, {**data, "matches": [second]}, "again", db="once"),
             "matches[0].name: 'club': match 1 \"club\" is being played")
    assert run("match", "new", "-q", "-r", "scopa", "--side", "Anna", "--side", "Bruno", "--name", "done",
               "--target", "1")[0] == 0
    assert run("match", "add", "done", "--pile", "Anna=rest", "--pile", "Bruno=")[0] == 0
    path = tmp_path / "done.json"
    assert run("export", "done", "--format", "json", "-o", str(path))[0] == 0
    done = json.loads(path.read_text(encoding="utf-8"))
    assert done["matches"][0]["result"]["finished"]
    copies = [{**done["matches"][0], "uid": f"copy-{n}", "id": 10 + n} for n in range(2)]
    assert _import(tmp_path, {**done, "matches": copies}, "finished")[0] == 0  # finished matches may share a name


@pytest.mark.slow
def test_7_typed_piles_are_counted_again_and_must_give_the_stored_points(tmp_path: Path) -> None:
    data = _exported_club(tmp_path)
    hand = data["matches"][0]["hands"][0]
    piles = hand["typed"]["piles"]
    forged = json.loads(json.dumps(data))
    forged["matches"][0]["hands"][0]["typed"]["piles"] = {"Anna": piles["Bruno"], "Bruno": piles["Anna"]}
    _refused(_import(tmp_path, forged, "swapped"), "matches[0].hands[0].categories: the points stored are not those "
             "its typed facts count (cards: [0, 1] stored, [1, 0] counted)")
    junk = json.loads(json.dumps(data))
    junk["matches"][0]["hands"][0]["typed"]["piles"]["Anna"] += " 7d" + " x" * 75_000  # 150 KB no one checked
    code, out, err = _import(tmp_path, junk, "junk")  # each bad token, as score says them: the first 20
    assert (code, out) == (2, "") and err.startswith("error: ") and err.count("\n") == 21, err
    assert "matches[0].hands[0].typed: pile of Anna, token 6: 'x' is not a card" in err
    extra = json.loads(json.dumps(data))
    extra["matches"][0]["hands"][0]["typed"]["notes"] = "x" * 150_000
    _refused(_import(tmp_path, extra, "extra"), "matches[0].hands[0].typed: unknown key 'notes'")
    points = json.loads(json.dumps(data))
    points["matches"][0]["hands"][0]["typed"] = {"points": {"Anna": 9, "Bruno": 0}}
    _refused(_import(tmp_path, points, "points"), "matches[0].hands[0].categories: the points stored are not those")


@pytest.mark.slow
def test_3_a_rule_set_stored_with_a_path_as_its_parent_exports_its_file_name_and_imports(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sqlite3

    db = tmp_path / "old.sqlite"
    monkeypatch.setenv("SCOREKEEPER_DB", str(db))
    assert run("match", "new", "-q", "--rules", "scopone", "--side", "A+B", "--side", "C+D", "--name", "old")[0] == 0
    with sqlite3.connect(db) as con:  # as a version before rule sets kept their parent's id stored it
        text = con.execute("SELECT data FROM rulesets").fetchone()[0]
        con.execute("UPDATE rulesets SET data = ?", (text.replace('"extends":"scopa"', '"extends":"../x/base.yaml"'),))
    path = tmp_path / "old.json"
    assert run("export", "--all", "--format", "json", "-o", str(path))[0] == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["matches"][0]["rules"]["extends"] == "base"
    assert run("import", str(path), "--db", str(tmp_path / "new.sqlite"))[0] == 0
