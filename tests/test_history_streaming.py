"""The history streams: exports and stats hold one match at a time, the JSON file is written and
read a match at a time with the same bytes as before, and ``match list`` pages."""

from __future__ import annotations

import json
import weakref
from pathlib import Path

import pytest
from conftest import run
from hypothesis import given, settings
from hypothesis import strategies as st

import scorekeeper.history.matches as matches_module
from scorekeeper import _json
from scorekeeper.history import _jsonstream, archive
from scorekeeper.history.store import Store

pytestmark = pytest.mark.slow  # large histories

BIG = ["-p", "Anna=rest", "-p", "Bruno=h:A", "-s", "Anna=7"]  # Hurricane: Anna 11, Bruno 0
SMALL = ["-p", "Anna=h:A", "-p", "Bruno=rest", "-s", "Bruno=2"]  # Bruno 6


def club(matches: int = 3) -> None:
    """Hurricane matches with edits, undos, a claim, and names a terminal or a spreadsheet would act on."""
    for n in range(matches):
        names = ("Ånna", "Brünö") if n % 2 else ("Anna", "@Bruno")
        finish = ["--finish", "claim"] if n == 2 else []
        assert run("match", "new", "--rules", "hurricane", "--side", names[0], "--side", names[1],
                   "--name", f"club {n}", *finish)[0] == 0
        big = ["-p", f"{names[0]}=rest", "-p", f"{names[1]}=h:A", "-s", f"{names[0]}=7"]
        small = ["-p", f"{names[0]}=h:A", "-p", f"{names[1]}=rest", "-s", f"{names[1]}=2"]
        for hand in (small, big, small):
            run("match", "add", str(n + 1), *hand)
        run("match", "undo", str(n + 1))
        run("match", "edit", str(n + 1), "1", *big)
        if n == 2:
            run("match", "claim", "3", names[1])


def watch_matches():
    """A stand-in for ``match_from_row`` that notes the most counted matches alive at once (when one
    is made, the one before it is still held by the loop that asked for it: two at most)."""
    made: list[weakref.ref] = []
    most = [0]
    counted = matches_module.match_from_row

    def watched(row):
        match = counted(row)
        made.append(weakref.ref(match))
        most[0] = max(most[0], sum(ref() is not None for ref in made))
        return match

    return watched, most


@settings(max_examples=150, deadline=None)
@given(value=st.recursive(st.none() | st.booleans() | st.integers(-2**63, 2**63 - 1) | st.text(),
                          lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner), max_leaves=25))
def test_json_file_indentation_is_the_bytes_json_dumps_indent_2_writes(value):
    assert _json.dumps(value, _json.INDENTED) == json.dumps(value, indent=2, ensure_ascii=False)


@settings(max_examples=150, deadline=None)
@given(value=st.recursive(st.none() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
                          lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner), max_leaves=25))
def test_json_written_by_orjson_reads_back_as_the_same_data_beyond_64_bits_too(value):
    for option in (_json.INDENTED, _json.COMPACT, _json.SORTED):
        assert _json.loads(_json.dumps(value, option)) == value


def test_json_file_streamed_is_byte_for_byte_the_whole_document_dumped():
    club()
    from scorekeeper.output.export import export_matches

    with Store() as store:
        streamed = export_matches(store, None, "json")
        assert streamed == archive.to_text(archive.history_document(store, None))
        assert export_matches(store, ["2"], "json") == archive.to_text(archive.history_document(store, [2]))
    assert json.loads(str(streamed))["matches"][2]["claims"][0]["side"] == "@Bruno"


def test_json_file_written_by_orjson_is_the_text_json_dumps_indent_2_wrote_before():
    club()
    from scorekeeper._words import visible_json

    with Store() as store:
        document = archive.history_document(store, None)
        assert "".join(archive.history_chunks(store, None)) == visible_json(
            json.dumps(document, indent=2, ensure_ascii=False)) + "\n"


def test_integers_beyond_64_bits_in_an_open_part_of_an_event_come_back_exactly(tmp_path):
    # An event's detail is kept as it is given (a hand's typed entry is read and counted again on import).
    data = json.loads(exported(tmp_path).read_text(encoding="utf-8"))
    numbers = [2**64, -(2**63) - 1, 10**30, 2**63 - 1, 123456789012345678]
    data["matches"][0]["events"][0]["detail"]["tally"] = numbers
    given = tmp_path / "given.json"
    given.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    texts = []
    for n in range(2):
        db, out = tmp_path / f"h{n}.sqlite", tmp_path / f"out{n}.json"
        assert run("import", str(given if n == 0 else texts[-1]), "--db", str(db))[0] == 0
        assert run("export", "--all", "--format", "json", "-o", str(out), "--db", str(db))[0] == 0
        texts.append(out)
    assert json.loads(texts[0].read_text(encoding="utf-8"))["matches"][0]["events"][0]["detail"]["tally"] == numbers
    assert texts[0].read_bytes() == texts[1].read_bytes() == given.read_bytes()


def test_json_file_of_no_matches_is_the_empty_document():
    with Store() as store:
        assert "".join(archive.history_chunks(store, [])) == archive.to_text(archive.history_document(store, []))


@pytest.mark.parametrize("fmt", ["csv", "json", "md", "html"])
def test_export_holds_one_match_at_a_time(fmt, monkeypatch):
    club(6)
    watched, most = watch_matches()

    monkeypatch.setattr(matches_module, "match_from_row", watched)
    monkeypatch.setattr(archive, "match_from_row", watched)
    from scorekeeper.output.export import export_chunks

    with Store() as store:
        pieces = 0
        for _piece in export_chunks(store, None, fmt):
            pieces += 1
    assert pieces >= 6 and most[0] <= 2


def test_stats_hold_one_match_at_a_time(monkeypatch):
    club(6)
    watched, most = watch_matches()

    monkeypatch.setattr(matches_module, "match_from_row", watched)
    from scorekeeper.history.stats import player_stats

    with Store(readonly=True) as store:
        assert player_stats(store)["matches"] == 6
    assert most[0] <= 2


def test_csv_columns_found_by_query_are_those_a_pass_over_every_hand_finds():
    assert run("match", "new", "--rules", "scopa", "--side", "Anna", "--side", "Bruno")[0] == 0
    assert run("match", "add", "-p", "Anna=rest", "-p", "Bruno=d:A")[0] == 0
    assert run("match", "add", "-p", "Anna=rest", "-p", "Bruno=d:A", "--with", "napola")[0] == 0
    assert run("match", "new", "--rules", "hurricane", "--side", "Anna", "--side", "Bruno")[0] == 0
    assert run("match", "add", "2", *BIG)[0] == 0
    from scorekeeper.history.matches import category_columns, iter_matches
    from scorekeeper.output.export import to_csv

    with Store() as store:
        with store.read():
            columns = category_columns(store)
        every = list(iter_matches(store))
        assert columns == ["cards", "coins", "settebello", "primiera", "sweeps", "napola", "hearts",
                           "seven-of-hearts", "hurricanes"]
        from scorekeeper.output.export import export_matches

        assert export_matches(store, None, "csv") == to_csv(every)


# --- import, a match at a time --------------------------------------------------------------------

def exported(tmp_path: Path) -> Path:
    club()
    path = tmp_path / "h.json"
    assert run("export", "--all", "--format", "json", "-o", str(path))[0] == 0
    return path


@pytest.mark.parametrize("piece", [1, 2, 3, 7, 64, 1000])
def test_import_reads_the_file_in_pieces_of_any_size_to_the_same_history(tmp_path, monkeypatch, piece):
    path = exported(tmp_path)
    monkeypatch.setattr(_jsonstream, "_PIECE", piece)
    other = tmp_path / "other.sqlite"
    code, out, err = run("import", str(path), "--db", str(other))
    assert (code, err) == (0, "") and out.count("imported") == 3
    again = tmp_path / "again.json"
    assert run("export", "--all", "--format", "json", "-o", str(again), "--db", str(other))[0] == 0
    assert again.read_bytes() == path.read_bytes()


def test_import_accepts_any_layout_and_member_order(tmp_path):
    data = json.loads(exported(tmp_path).read_text(encoding="utf-8"))
    compact = tmp_path / "compact.json"
    compact.write_text(json.dumps({"matches": data["matches"], "version": 1, "format": "scorekeeper-history"},
                                  separators=(",", ":")), encoding="utf-8")
    code, out, _err = run("import", str(compact), "--db", str(tmp_path / "c.sqlite"))
    assert (code, out.count("imported")) == (0, 3)


def test_import_builds_each_rule_set_once(tmp_path, monkeypatch):
    path = exported(tmp_path)
    built = []
    real = archive.imported_rules
    monkeypatch.setattr(archive, "imported_rules",
                        lambda data, path, where: built.append(where) or real(data, path, where))
    with Store(tmp_path / "other.sqlite") as store:
        assert len(archive.import_history(store, path)) == 3
    assert len(built) == 1


def test_import_of_a_file_cut_short_names_the_place_and_changes_nothing(tmp_path):
    path = exported(tmp_path)
    text = path.read_text(encoding="utf-8")
    cut = tmp_path / "cut.json"
    cut.write_text(text[: len(text) * 2 // 3], encoding="utf-8")
    other = tmp_path / "other.sqlite"
    code, out, err = run("import", str(cut), "--db", str(other))
    assert (code, out) == (2, "") and err.startswith(f"error: {cut}:") and "not valid JSON" in err
    assert run("match", "list", "--db", str(other))[1].startswith("No matches yet")


@pytest.mark.parametrize(("change", "says"), [
    (lambda m: m["hands"][0]["typed"].update(deep=json.loads("[" * 70 + "]" * 70)), "nested more than 64 deep"),
    (lambda m: m["hands"][0]["typed"].update(bad="\ud800"), "lone surrogate"),
])
def test_import_keeps_the_bounds_of_every_json_file_within_a_match(tmp_path, change, says):
    data = json.loads(exported(tmp_path).read_text(encoding="utf-8"))
    change(data["matches"][1])
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run("import", str(bad), "--db", str(tmp_path / "other.sqlite"))
    assert (code, out) == (2, "") and says in err and err.count("\n") == 1


def test_import_refuses_one_match_larger_than_the_bound(tmp_path, monkeypatch):
    path = exported(tmp_path)
    monkeypatch.setattr(archive, "MAX_MATCH_CHARS", 2000)
    monkeypatch.setattr(_jsonstream, "_PIECE", 100)
    code, _out, err = run("import", str(path), "--db", str(tmp_path / "other.sqlite"))
    assert code == 2 and "one value in the history file is larger than" in err


def test_import_refuses_a_second_matches_member(tmp_path):
    bad = tmp_path / "twice.json"
    bad.write_text('{"format": "scorekeeper-history", "version": 1, "matches": [], "matches": []}')
    code, _out, err = run("import", str(bad), "--db", str(tmp_path / "other.sqlite"))
    assert (code, err) == (2, f"error: {bad}: the key 'matches' is given twice\n")


def test_import_of_something_else_than_a_history_object(tmp_path):
    for text, says in (("[1, 2]", ":1:1: not valid JSON: the history file must be a JSON object"),
                       ("", ":1:1: not valid JSON: Expecting value"),
                       ('{"format": "other", "version": 1, "matches": []} x', ":1:50: not valid JSON: Extra data"),
                       ('{"format": "other", "version": 1, "matches": []}', "format: Input should be")):
        bad = tmp_path / "other.json"
        bad.write_text(text)
        code, _out, err = run("import", str(bad), "--db", str(tmp_path / "other.sqlite"))
        assert code == 2 and err.startswith(f"error: {bad}") and says in err, err


# --- match list pages -------------------------------------------------------------------------------

def test_match_list_pages_newest_first_and_says_how_many_more():
    for n in range(23):
        assert run("match", "new", "--rules", "scopa", "--side", "Anna", "--side", "Bruno", "--name", f"m{n}")[0] == 0
    out = run("match", "list")[1].splitlines()
    assert len(out) == 2 + 20 + 1
    assert out[2].split()[:2] == ["23", "m22"] and out[21].split()[:2] == ["4", "m3"]
    assert out[-1] == "Matches 1-20 of 23; 3 more: 'scorekeeper match list --offset 20'."
    assert run("match", "list", "--limit", "2", "--offset", "20")[1] == """\
id    name    rules    sides          hands    score    state
----  ------  -------  -------------  -------  -------  -------
3     m2      scopa    Anna vs Bruno  0        0-0      playing
2     m1      scopa    Anna vs Bruno  0        0-0      playing
Matches 21-22 of 23; 1 more: 'scorekeeper match list --offset 22'.
"""
    assert run("match", "list", "--offset", "22")[1].splitlines()[2:] == [
        "1     m0      scopa    Anna vs Bruno  0        0-0      playing"]
    assert len(run("match", "list", "--limit", "0")[1].splitlines()) == 2 + 23
    assert run("match", "list", "--offset", "30")[1] == "No matches from --offset 30: there are 23.\n"
    assert [m["id"] for m in json.loads(run("match", "list", "--json", "-n", "3")[1])] == [23, 22, 21]
    code, _out, err = run("match", "list", "--limit", "-1")
    assert code == 2 and "--limit" in err


@pytest.mark.parametrize("depth", [70, 100_000])
def test_import_refuses_deep_nesting_anywhere_in_one_line(tmp_path, depth):
    data = json.loads(exported(tmp_path).read_text(encoding="utf-8"))
    text = json.dumps(data).replace('"players": ["Anna"]', '"players": ' + "[" * depth + "]" * depth, 1)
    bad = tmp_path / "deep.json"
    bad.write_text(text, encoding="utf-8")
    code, out, err = run("import", str(bad), "--db", str(tmp_path / "other.sqlite"))
    assert (code, out) == (2, "") and err.startswith(f"error: {bad}") and err.count("\n") == 1, err
