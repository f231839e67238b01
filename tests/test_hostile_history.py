"""Hostile input and a shared machine: what the issue of that name found, each through the commands.

1. Payloads in output: formulas in every CSV cell, HTML in Markdown, terminal controls anywhere.
2. Integers SQLite cannot hold, and counts no hand allows.
3. An imported claim pointing past its events; a damaged, foreign or empty file as the history.
4. A history on read-only media.
5. Export files: their mode, their temporary files, a full disk.
6. Long lists of errors, cut short.
"""

from __future__ import annotations

import csv
import errno
import io
import json
import os
import sqlite3
import stat
from pathlib import Path

import pytest
from conftest import run

ESC, BEL, RLO, CSI = "\x1b", "\x07", "\u202e", "\x1b[2J"
CONTROLS = (ESC, BEL, RLO, "\x9b", "\u2066", "\r")
SCOPA = ["-p", "Anna=rest", "-p", "Bruno=d:A"]  # Anna 4 (cards, coins, settebello, primiera), Bruno 0


def no_controls(text: str) -> None:
    """Nothing a terminal acts on, and no traceback, in what a command printed."""
    assert "Traceback" not in text
    for char in CONTROLS:
        assert char not in text, (char, text)


def check(code_out_err: tuple[int, str, str], code: int) -> tuple[str, str]:
    got, out, err = code_out_err
    assert got == code, (out, err)
    no_controls(out)
    no_controls(err)
    return out, err


def one_error(result: tuple[int, str, str], *parts: str) -> str:
    """A refusal: exit 2, nothing on standard output, one 'error:' line holding each part."""
    _out, err = check(result, 2)
    assert result[1] == ""
    assert err.count("\n") == 1 and err.startswith("error: "), err
    for part in parts:
        assert part in err, err
    return err


def evil_rules(folder: Path) -> Path:
    """A rule set whose id, name, category ids and labels are payloads for every kind of output."""
    path = folder / "evil.yaml"
    path.write_text(
        'id: "=HYPERLINK(\\"http://evil.example\\")"\n'
        'name: "Evil \\e[31mgame\\a \\u202e<script>alert(1)</script>"\n'
        "deck: italian-40\n"
        "sides: {min: 2, max: 2}\n"
        "categories:\n"
        '  - {id: "@SUM(1)", label: "<img src=x onerror=alert(1)> most cards\\e[2J", kind: most}\n'
        '  - {id: "\\uff1dcmd", label: "\\u202esweeps", kind: sweeps}\n'
        '  - {id: " +x", label: "-3", kind: card, card: 7d}\n'
        "match: {target: 11, finish: highest}\n", encoding="utf-8")
    return path


def exported(tmp_path: Path, *setup: list[str]) -> dict:
    """A history made by these commands, exported as a history file."""
    for args in setup:
        assert run(*args)[0] == 0, run(*args)
    path = tmp_path / "h.json"
    assert run("export", "--all", "--format", "json", "-o", str(path))[0] == 0
    return json.loads(path.read_text(encoding="utf-8"))


def import_data(tmp_path: Path, data: dict, name: str = "in.json") -> tuple[int, str, str]:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return run("import", str(path), "--db", str(tmp_path / f"{name}.sqlite"))


PLAYED = (["match", "new", "-q", "--rules", "scopa", "--side", "Anna", "--side", "Bruno", "--name", "club"],
          ["match", "add", *SCOPA])


# --- 1. payloads in output ------------------------------------------------------------------------

def test_payloads_in_output_every_csv_cell_is_neutralised_ids_and_headers_too(tmp_path):
    rules = evil_rules(tmp_path)
    assert run("match", "new", "--rules", str(rules), "--side", "Anna", "--side", "Bruno")[0] == 0
    assert run("match", "add", *SCOPA, "-s", "Anna=1")[0] == 0
    out, _ = check(run("export", "--all", "--format", "csv"), 0)
    rows = list(csv.reader(io.StringIO(out, newline="")))
    assert rows[0][5:8] == ["'@SUM(1)", "'\uff1dcmd", "' +x"]
    assert rows[1][2] == "'=HYPERLINK(\"http://evil.example\")"
    for cell in (cell for row in rows for cell in row):
        first = cell.lstrip()[:1]
        assert first not in ("=", "+", "-", "@", "\t", "\r", "\n", "\uff1d", "\uff0b", "\uff0d", "\uff20"), cell


@pytest.mark.parametrize("name", ["+1", "-1", "@x", "\t=1", " =1", "\u3000=1", "\uff1d1+1", "\uff0b1", "\uff0d1",
                                  "\uff20x", "\u200b=1"])
def test_payloads_in_output_imported_names_cannot_start_a_formula(name):
    from scorekeeper.output.export import safe_cell

    assert safe_cell(name) == "'" + name
    assert safe_cell("Anna") == "Anna" and safe_cell("Ünal") == "Ünal" and safe_cell("7d") == "7d"


def test_payloads_in_output_markdown_escapes_html_in_names_ids_and_labels(tmp_path):
    rules = evil_rules(tmp_path)
    assert run("match", "new", "--rules", str(rules), "--side", "Anna", "--side", "Bruno")[0] == 0
    assert run("match", "add", *SCOPA, "-s", "Anna=1")[0] == 0
    out, _ = check(run("export", "--all", "--format", "md"), 0)
    assert "<script>" not in out and "<img" not in out and "</script>" not in out
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in out
    assert "&lt;img src=x onerror=alert(1)&gt; most cards\\x1b\\[2J: Anna 1" in out
    assert "Evil \\x1b\\[31mgame\\x07 \\u202e&lt;script&gt;" in out
    code, html, _ = run("export", "--all", "--format", "html")  # still clean
    assert code == 0 and "<script>" not in html and "<img" not in html and "&lt;script&gt;" in html


@pytest.mark.slow
def test_payloads_in_output_terminal_shows_control_and_bidi_characters_as_escapes(tmp_path):
    rules = evil_rules(tmp_path)
    out, _ = check(run("match", "new", "--rules", str(rules), "--side", "Anna", "--side", "Bruno"), 0)
    out, _ = check(run("match", "add", *SCOPA, "-s", "Anna=1"), 0)
    assert out.startswith("Evil \\x1b[31mgame\\x07 \\u202e<script>alert(1)</script> "
                          "(=HYPERLINK(\"http://evil.example\")): Anna vs Bruno\n")
    assert "<img src=x onerror=alert(1)> most cards\\x1b[2J  1 " in out and "\\u202esweeps" in out
    out, _ = check(run("match", "show"), 0)
    assert out.startswith("Match 1: Evil \\x1b[31mgame\\x07 \\u202e<script>")
    check(run("match", "list"), 0)
    out, _ = check(run("stats"), 0)
    assert "\\u202esweeps" in out
    for command in (("match", "show", "--json"), ("match", "list", "--json"), ("stats", "--json"),
                    ("export", "--all", "--format", "json"), ("rules", "show", str(rules))):
        out, _ = check(run(*command), 0)
        if "--json" in command or "json" in command:
            json.loads(out)  # still JSON, with the same strings
    shown = json.loads(check(run("match", "show", "--json"), 0)[0])
    assert shown["rules_name"] == "Evil \x1b[31mgame\x07 \u202e<script>alert(1)</script>"


def test_payloads_in_output_hand_file_side_names_and_messages_are_escaped(tmp_path):
    hand = tmp_path / "hand.yaml"
    hand.write_text('piles:\n  "A\\e[2Jnna\\u202e": rest\n  "Bru\\ano": d:A\n', encoding="utf-8")
    out, _ = check(run("score", str(hand)), 0)
    assert "A\\x1b[2Jnna\\u202e vs Bru\\x07no" in out
    assert run("match", "new", "--rules", "scopa", "--side", "Anna", "--side", "Bruno")[0] == 0
    one_error(run("match", "add", "-f", str(hand)), "\\x1b[2J")
    # a message quoting the user's own words without repr goes through the same door
    one_error(run("export", "--all", "-o", str(tmp_path / f"no{CSI}where{RLO}" / "x.csv")),
              "no\\x1b[2Jwhere\\u202e", "does not exist")


@pytest.mark.slow
def test_payloads_in_output_import_applies_the_name_rules_of_match_new(tmp_path):
    data = exported(tmp_path, *PLAYED)
    match = data["matches"][0]
    for bad, where in ((f"Anna{CSI}", "matches[0].sides"), (f"An{RLO}na", "matches[0].sides"),
                       ("Anna=1", "matches[0].sides"), ("Bruno", "matches[0].sides")):
        forged = json.loads(json.dumps(data))
        forged["matches"][0]["sides"][0] = {"name": bad, "players": [bad]}
        err = one_error(import_data(tmp_path, forged), where, "cannot be part of a name" if bad != "Bruno"
                        else "already in side")
        assert "imported" not in err
    forged = json.loads(json.dumps(data))
    forged["matches"][0]["name"] = f"club{BEL}"
    one_error(import_data(tmp_path, forged, "name.json"), "matches[0].name", "cannot be part of a name")
    forged["matches"][0]["name"] = "12"
    one_error(import_data(tmp_path, forged, "digits.json"), "matches[0].name", "only digits")
    forged = json.loads(json.dumps(data))
    forged["matches"][0]["sides"][0] = {"name": "Anna", "players": ["Carla"]}
    one_error(import_data(tmp_path, forged, "players.json"), "matches[0].sides[0]", "do not make the side")
    assert match["name"] == "club"  # the untouched file imports
    assert check(import_data(tmp_path, data, "good.json"), 0)[0] == "match 1: imported\n"


# --- 2. integers SQLite cannot hold ---------------------------------------------------------------

@pytest.mark.slow
def test_integers_above_2_63_targets_are_refused_in_one_line():
    new = ("match", "new", "--rules", "scopa", "--side", "Anna", "--side", "Bruno", "--target")
    one_error(run(*new, "99999999999999999999"), "--target", "10,000")
    one_error(run(*new, "1e20"), "--target '1e20'", "not a whole number", "10,000")
    one_error(run(*new, "10001"), "10,000 or less")
    one_error(run(*new, "9" * 5000), "10,000 or less")
    one_error(run(*new, "0"), "1 or more")
    assert check(run(*new, "10000", "-q"), 0)[0] == "1\n"


@pytest.mark.slow
def test_integers_above_2_63_match_ids_are_refused_in_one_line():
    assert run("match", "new", "--rules", "scopa", "--side", "Anna", "--side", "Bruno")[0] == 0
    for command in ("show", "undo"):
        one_error(run("match", command, "99999999999999999999"), "no such match", "9223372036854775807")
    one_error(run("match", "add", "9" * 5000, *SCOPA), "no such match")
    one_error(run("export", "99999999999999999999"), "no such match")
    one_error(run("match", "show", "9223372036854775807"), "no such match")


@pytest.mark.slow
def test_integers_above_2_63_sweeps_and_declarations_are_bounded_by_the_game():
    assert run("match", "new", "--rules", "scopa", "--side", "Anna", "--side", "Bruno")[0] == 0
    # refused as the option is read (too many digits for any count), or by the game's bound
    one_error(run("match", "add", *SCOPA, "-s", "Anna=99999999999999999999", "--force"), "--sweeps", "Anna")
    for count in ("19", "1000000"):  # two players of scopa play 18 cards each (tests/test_bounds.py)
        one_error(run("match", "add", *SCOPA, "-s", f"Anna={count}", "--force"),
                  "--sweeps Anna", "more than any hand allows (at most 18")
    # 18 sweeps are possible: the count itself reports that Bruno's pile is short
    code, out, _err = run("match", "add", *SCOPA, "-s", "Bruno=18", "--force")
    assert code == 0 and "18 sweeps need at least 36 cards" in out
    assert run("match", "new", "--rules", "cirulla", "--side", "Carla", "--side", "Dario")[0] == 0
    for count in ("99999999999999999999", "7"):
        one_error(run("match", "add", "2", "-p", "Carla=rest", "-p", "Dario=d:A", "--declare",
                      f"Carla:bussata={count}", "--force"), "--declare", "Carla:bussata")
    one_error(run("match", "add", "2", "-p", "Carla=rest", "-p", "Dario=d:A", "--declare", "Carla:bussata=7",
                  "--force"), "--declare Carla:bussata", "at most 6")
    assert json.loads(run("match", "show", "2", "--json")[1])["hands"] == []  # nothing was stored


@pytest.mark.slow
@pytest.mark.parametrize(("field", "value"), [
    ("id", 2**63), ("target", 10**20), ("target", 10_001), ("hands.0.number", 2**64),
    ("hands.0.categories.0.points.0", 10**30), ("events.0.hand", 2**63), ("hands.0.added_by", 2**63),
    ("claims", [{"after": 2**63, "side": "Anna", "added_by": 1, "ended_by": None}]),
])
def test_integers_above_2_63_in_an_imported_file_are_refused(tmp_path, field, value):
    data = exported(tmp_path, *PLAYED)
    at = data["matches"][0]
    *path, last = field.split(".")
    for key in path:
        at = at[int(key)] if key.isdigit() else at[key]
    at[int(last) if last.isdigit() else last] = value
    code, out, err = import_data(tmp_path, data)
    assert (code, out) == (2, "")
    no_controls(err)
    assert err.startswith("error: ") and "matches[0]" in err
    assert check(run("match", "list", "--db", str(tmp_path / "in.json.sqlite")), 0)[0].startswith("No matches yet")


# --- 3. claims past the events; damaged, foreign and empty histories -----------------------------

def claimed(tmp_path: Path) -> dict:
    return exported(tmp_path, ["match", "new", "--rules", "scopa", "--side", "Anna", "--side", "Bruno",
                               "--finish", "claim"],
                    ["match", "add", *SCOPA], ["match", "claim", "1", "Anna"], ["match", "undo", "1"])


@pytest.mark.slow
@pytest.mark.parametrize("value", [99, 6, 0, -1])
def test_an_imported_claim_ended_by_past_the_events_is_refused_with_its_place(tmp_path, value):
    data = claimed(tmp_path)
    claim = data["matches"][0]["claims"][0]
    assert claim["ended_by"] == 4 and len(data["matches"][0]["events"]) == 4
    claim["ended_by"] = value
    err = one_error(import_data(tmp_path, data), "matches[0].claims[0].ended_by")
    if value > 0:
        assert f"there is no event {value} (the match has 4)" in err
    data["matches"][0]["claims"][0]["ended_by"] = 4
    data["matches"][0]["hands"][0]["ended_by"] = value
    one_error(import_data(tmp_path, data, "hand.json"), "matches[0].hands[0].ended_by")


@pytest.mark.slow
def test_a_damaged_database_is_named_not_hidden_by_a_failed_commit(tmp_path):
    db = tmp_path / "damaged.sqlite"
    for args in PLAYED:
        assert run(*args, "--db", str(db))[0] == 0
    data = bytearray(db.read_bytes())
    page = 4096
    assert len(data) > 2 * page
    data[page:] = b"\xa5" * (len(data) - page)  # every page but the first (the schema) is garbage
    db.write_bytes(bytes(data))
    for command in (("match", "show", "1"), ("match", "list"), ("export", "--all"), ("stats",),
                    ("match", "add", "1", *SCOPA)):
        one_error(run(*command, "--db", str(db)), f"{db} is not a scorekeeper history (or is damaged): ")


@pytest.mark.slow
def test_a_foreign_or_empty_file_as_db_is_refused_and_left_alone(tmp_path):
    empty = tmp_path / "empty.sqlite"
    empty.touch()
    foreign = tmp_path / "foreign.sqlite"
    other = sqlite3.connect(foreign)
    other.execute("CREATE TABLE notes (x)")
    other.commit()
    other.close()
    text = tmp_path / "notes.txt"
    text.write_text("not a database at all\n" * 100)
    before = {p: p.read_bytes() for p in (empty, foreign, text)}
    for path, why in ((empty, "the file is empty"), (foreign, "another program's SQLite database"),
                      (text, "file is not a database")):
        for command in (PLAYED[0], ("match", "list")):
            one_error(run(*command, "--db", str(path)), f"{path} is not a scorekeeper history", why)
    assert {p: p.read_bytes() for p in before} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.sqlite", "foreign.sqlite", "notes.txt"]
    # a missing file is still a new history
    assert check(run(*PLAYED[0], "--db", str(tmp_path / "new.sqlite")), 0)[0] == "1\n"


# --- 4. read-only media ---------------------------------------------------------------------------

@pytest.mark.slow
def test_a_history_on_read_only_media_can_be_read_and_writing_says_why_not(tmp_path, monkeypatch):
    """The tests run as root, for whom chmod stops no write and ``os.access`` always says yes, and a
    read-only mount cannot be made here. So the file and its folder are chmod'ed read-only AND
    ``os.access`` is patched to answer as it would for an ordinary user. What this covers: the
    reading commands open the history read-only (immutable, as the folder is read-only), make no
    -wal or -shm file and change no byte; the writing commands refuse, naming the read-only history.
    What it does not cover: the kernel refusing a write on a real read-only file system."""
    folder = tmp_path / "media"
    folder.mkdir()
    db = folder / "h.sqlite"
    for args in (*PLAYED, ["match", "add", *SCOPA]):
        assert run(*args, "--db", str(db))[0] == 0
    assert sorted(p.name for p in folder.iterdir()) == ["h.sqlite"]
    before = db.read_bytes()
    real_access = os.access

    def access(path, mode, **kwargs):
        if mode & os.W_OK and str(path).startswith(str(folder)):
            return False
        return real_access(path, mode, **kwargs)

    db.chmod(0o444)
    folder.chmod(0o555)
    monkeypatch.setattr(os, "access", access)
    try:
        assert "Playing, 8-0" in check(run("match", "show", "--db", str(db)), 0)[0]
        assert "club" in check(run("match", "list", "--db", str(db)), 0)[0]
        assert check(run("export", "--all", "--db", str(db)), 0)[0].count("\n") == 5
        assert "Anna" in check(run("stats", "--db", str(db)), 0)[0]
        for command in (("match", "add", *SCOPA), ("match", "undo"), PLAYED[0]):
            one_error(run(*command, "--db", str(db)), f"the history {db} is read-only", "can be shown")
        assert sorted(p.name for p in folder.iterdir()) == ["h.sqlite"]
        assert db.read_bytes() == before
    finally:
        folder.chmod(0o755)
        db.chmod(0o644)


def test_a_read_only_history_file_in_a_writable_folder_is_read_through_a_read_only_connection(tmp_path,
                                                                                             monkeypatch):
    """Here only the file is read-only (os.access patched as above): reading uses SQLite's mode=ro
    connection; writing is refused before SQLite is asked."""
    db = tmp_path / "h.sqlite"
    for args in PLAYED:
        assert run(*args, "--db", str(db))[0] == 0
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: False if mode & os.W_OK and str(path) == str(db)
                        else real_access(path, mode, **kw))
    assert "club" in check(run("match", "list", "--db", str(db)), 0)[0]
    one_error(run("match", "add", *SCOPA, "--db", str(db)), "is read-only (the file is read-only)")


def test_reading_a_history_not_yet_written_creates_nothing(tmp_path):
    db = tmp_path / "later.sqlite"
    assert check(run("match", "list", "--db", str(db)), 0)[0].startswith("No matches yet")
    check(run("stats", "--db", str(db)), 0)
    assert not db.exists() and list(tmp_path.iterdir()) == []


# --- 5. export files ------------------------------------------------------------------------------

@pytest.fixture
def umask_022():
    old = os.umask(0o022)
    yield
    os.umask(old)


@pytest.mark.slow
def test_export_o_keeps_the_mode_of_the_file_it_replaces_and_gives_a_new_one_the_umask(tmp_path, umask_022):
    assert run(*PLAYED[0])[0] == 0
    new = tmp_path / "new.csv"
    assert run("export", "--all", "-o", str(new))[0] == 0
    assert stat.S_IMODE(new.stat().st_mode) == 0o644
    for mode in (0o644, 0o640, 0o600):
        old = tmp_path / f"old-{mode:o}.csv"
        old.write_text("old\n")
        old.chmod(mode)
        assert run("export", "--all", "-o", str(old))[0] == 0
        assert stat.S_IMODE(old.stat().st_mode) == mode and old.read_text() != "old\n"
    os.umask(0o077)
    private = tmp_path / "private.csv"
    assert run("export", "--all", "-o", str(private))[0] == 0
    assert stat.S_IMODE(private.stat().st_mode) == 0o600


def test_killed_exports_leave_no_temporary_files_behind(tmp_path, monkeypatch):
    assert run(*PLAYED[0])[0] == 0
    target = tmp_path / "sheet.csv"
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)  # a process that is gone, as a killed export is
    stale = tmp_path / f".sheet.csv.scorekeeper-export-{pid}-abc123.tmp"
    stale.write_text("half an export")
    mine = tmp_path / f".sheet.csv.scorekeeper-export-{os.getpid()}-def456.tmp"  # a live export's: kept
    mine.write_text("being written")
    unrelated = tmp_path / ".sheet.csv.other.tmp"
    unrelated.write_text("not ours")
    assert run("export", "--all", "-o", str(target))[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([target.name, mine.name, unrelated.name])
    mine.unlink()

    def interrupted(*args):
        raise KeyboardInterrupt  # Ctrl-C between writing and renaming

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        from scorekeeper.output.export import write_atomically

        write_atomically(target, "new text")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([target.name, unrelated.name])


def test_a_full_disk_during_export_says_so_and_that_nothing_was_lost(tmp_path, monkeypatch):
    assert run(*PLAYED[0])[0] == 0
    target = tmp_path / "sheet.csv"
    target.write_text("the old sheet\n")

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    one_error(run("export", "--all", "-o", str(target)), f"-o {target}", "the disk is full", "nothing was lost")
    assert target.read_text() == "the old sheet\n"
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.csv"]


class _FullDisk:
    """An SQLite connection whose commits fail as on a full disk (or a failing one)."""

    def __init__(self, real: sqlite3.Connection, message: str, name: str) -> None:
        self._real, self._message, self._name = real, message, name

    def execute(self, sql: str, *args):
        if sql == "COMMIT":
            error = sqlite3.OperationalError(self._message)
            error.sqlite_errorname = self._name
            raise error
        return self._real.execute(sql, *args)

    def __getattr__(self, name: str):
        return getattr(self._real, name)


@pytest.mark.parametrize(("message", "name", "what"), [("database or disk is full", "SQLITE_FULL", "the disk is full"),
                                                       ("disk I/O error", "SQLITE_IOERR", "the disk failed")])
def test_a_full_disk_during_a_write_to_the_history_says_so_and_that_nothing_was_lost(monkeypatch, message, name,
                                                                                      what):
    assert run(*PLAYED[0])[0] == 0
    real_connect = sqlite3.connect
    monkeypatch.setattr(sqlite3, "connect", lambda *a, **kw: _FullDisk(real_connect(*a, **kw), message, name))
    one_error(run("match", "add", *SCOPA), what, "nothing was lost")
    monkeypatch.setattr(sqlite3, "connect", real_connect)
    assert json.loads(run("match", "show", "--json")[1])["hands"] == []


# --- 6. long lists of errors ----------------------------------------------------------------------

@pytest.mark.slow
def test_error_output_is_capped_at_20_problems_then_how_many_more(tmp_path):
    data = exported(tmp_path, *PLAYED, ["match", "add", *SCOPA])
    for hand in data["matches"][0]["hands"]:
        hand["forced"] = "yes"
        hand["number"] = "one"
    for event in data["matches"][0]["events"]:
        event["at"] = "yesterday"
    data["matches"] = data["matches"] * 5  # 5 x (2 hands x 2 + 3 events) = 35 problems
    code, out, err = import_data(tmp_path, data)
    assert (code, out) == (2, "")
    lines = err.splitlines()
    assert len(lines) == 21 and all(line.startswith("error: ") for line in lines)
    assert lines[-1] == "error: and 15 more problems"
    cards = " ".join(f"q{n}" for n in range(30))
    code, out, err = run("score", "-p", f"Anna={cards}", "-p", "Bruno=rest")
    assert err.splitlines()[-1] == "error: and 10 more problems" and len(err.splitlines()) == 21


def test_error_output_capped_for_a_forced_hand_s_problems(tmp_path):
    assert run(*PLAYED[0])[0] == 0
    both = "d:A234567JQK c:A234567JQK h:A234567JQK"
    code, out, _err = run("match", "add", "-p", f"Anna={both}", "-p", f"Bruno={both}", "--force")
    assert code == 0
    assert "  - and " in out and out.count("\n  - ") == 21
    out, _ = check(run("match", "show"), 0)
    assert "forced: and " in out and out.count("forced: ") == 21
