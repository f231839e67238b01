"""--jobs on verify and simulate: the same bytes in the same order whatever the number of workers
(issue 9), with the work read a few chunks ahead only."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from scorekeeper.cli import app
from scorekeeper.play import _chunks, _parallel, simulate
from scorekeeper.play.simulate import Simulator, json_line
from scorekeeper.rules.catalog import load_rules

pytestmark = pytest.mark.slow  # worker processes

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def mixed_file(tmp_path: Path, seed: int) -> Path:
    """Simulated records of two games with, here and there, a line that fails in each way."""
    lines = [json_line(Simulator(load_rules(rules), seed=seed).hand(i)) for rules in ("scopa", "escoba")
             for i in range(9)]
    moved = json.loads(lines[2])
    moved["piles"]["B"] += " " + moved["piles"]["A"].split()[0]
    lines[2] = json.dumps(moved)
    piles_only = json.loads(lines[5])
    lines[5] = json.dumps({"rules": "scopa", "piles": piles_only["piles"], "claims": {"A": 99}})
    lines[7] = "{oops"
    lines[11] = ""
    lines[14] = "[1, 2]"
    path = tmp_path / f"mixed{seed}.jsonl"
    path.write_bytes(("\n".join(lines) + "\n").encode() + b"\xff not text\n")
    return path


@settings(max_examples=3, deadline=None)
@given(st.integers(0, 10**6), st.integers(100, 5000))
def test_verify_prints_the_same_bytes_for_one_two_or_three_jobs(tmp_path_factory: pytest.TempPathFactory,
                                                               seed: int, chunk: int) -> None:
    tmp_path = tmp_path_factory.mktemp("jobs")
    path, missing = mixed_file(tmp_path, seed), tmp_path / "missing.jsonl"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_chunks, "CHUNK_BYTES", chunk)  # many blocks from a short file: the pool is used
        for options in ((), ("--json",), ("--no-replay",)):
            outputs = {jobs: run("verify", str(path), str(missing), str(path), "--jobs", str(jobs), *options)
                       for jobs in (1, 2, 3)}
            assert outputs[1] == outputs[2] == outputs[3]
    code, out, err = outputs[1]
    assert code == 2 and err.count("not UTF-8 text") == 2 and "missing.jsonl: cannot read" in err


@settings(max_examples=3, deadline=None)
@given(st.sampled_from(["scopa", "cassino", "scopone"]), st.integers(0, 10**6), st.integers(1, 7))
def test_simulate_writes_the_same_hands_for_one_two_or_three_jobs(rules: str, seed: int, chunk: int) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(simulate, "CHUNK_HANDS", chunk)
        outputs = {jobs: run("simulate", "-r", rules, "-n", "17", "--seed", str(seed), "--jobs", str(jobs))
                   for jobs in (1, 2, 3)}
    assert outputs[1] == outputs[2] == outputs[3]
    # ...and they are the hands this seed always gave, one generator per hand.
    simulator = Simulator(load_rules(rules), seed=seed)
    assert outputs[1][1] == "".join(json_line(simulator.hand(i)) + "\n" for i in range(17))


def test_simulate_to_a_file_with_two_jobs_equals_standard_output(tmp_path: Path) -> None:
    path = tmp_path / "hands.jsonl"
    assert run("simulate", "-n", "250", "--seed", "3", "-j", "2", "-o", str(path))[0] == 0
    assert path.read_text() == run("simulate", "-n", "250", "--seed", "3", "-j", "1")[1]


def _square(n: int) -> int:
    return n * n


def test_the_pool_reads_only_a_few_chunks_ahead_and_keeps_their_order() -> None:
    pulled = []

    def tasks() -> Iterator[int]:
        for n in range(100):
            pulled.append(n)
            yield n

    results = _parallel.in_order(_square, tasks(), 2)
    assert next(results) == 0
    assert len(pulled) <= 2 * _parallel.AHEAD + 1  # memory stays flat however long the input
    assert list(results) == [n * n for n in range(1, 100)]
    results.close()


def test_a_single_chunk_is_worked_here_without_starting_a_pool() -> None:
    assert list(_parallel.in_order(lambda n: n + 1, [41], 8)) == [42]  # a lambda cannot travel to a worker


def test_the_cores_available_are_at_least_one() -> None:
    assert _parallel.available_cores() >= 1


@settings(max_examples=40, deadline=None)
@given(st.lists(st.text(alphabet="ab\n{}é", max_size=40), max_size=30), st.integers(1, 64), st.booleans())
def test_a_block_given_by_its_place_reads_as_the_block_given_whole(
        tmp_path_factory: pytest.TempPathFactory, lines: list[str], size: int, last_newline: bool) -> None:
    path = tmp_path_factory.mktemp("place") / "lines.jsonl"
    path.write_bytes(("\n".join(lines) + ("\n" if last_newline else "")).encode())
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_chunks, "CHUNK_BYTES", size)
        whole = list(_chunks.read_chunks([path]))
        placed = list(_chunks.read_chunks([path], by_place=True))
    assert [(c.first, c.stop) for c in placed] == [(c.first, c.stop) for c in whole]
    assert [_chunks.chunk_bytes(c) for c in placed] == [c.text for c in whole]
    assert all(c.at is not None or c.text for c in placed)  # an empty block is never given


def test_standard_input_is_given_whole_even_when_places_are_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b'{"a": 1}\n{"b": 2}\n')))
    [chunk] = _chunks.read_chunks(["-"], by_place=True)
    assert chunk.at is None and chunk.text == b'{"a": 1}\n{"b": 2}\n'


def test_a_file_replaced_while_its_blocks_wait_for_a_worker_is_reported_not_misread(tmp_path: Path) -> None:
    from scorekeeper.play import verify

    path = tmp_path / "hands.jsonl"
    simulator = Simulator(load_rules("scopa"), seed=5)
    path.write_text("".join(json_line(simulator.hand(i)) + "\n" for i in range(4)))
    [chunk] = _chunks.read_chunks([path], by_place=True)
    assert chunk.at is not None
    replacement = tmp_path / "other.jsonl"
    replacement.write_text(path.read_text())
    replacement.replace(path)  # the same text, another file: the place read is no longer this file's
    file, batch, stop = verify._check_chunk((chunk, None, True, ()))
    assert (file, batch.verdicts) == (0, ())
    assert stop == f"{path} line 1: the file changed while it was being read; the rest of it is not read"
    path.write_bytes(b"{}\n" * 5)
    [kept] = _chunks.read_chunks([path], by_place=True)
    with path.open("r+b") as cut:  # the same file, cut shorter than the block read
        cut.truncate(4)
    assert kept.at is not None and _chunks.chunk_bytes(kept) is None


def _text_outputs(tmp_path: Path) -> Iterator[tuple[str, Any, Callable[[], str]]]:
    """Each kind of output simulate writes to, and how to read back what it got."""
    import io
    import os

    with open(tmp_path / "out.jsonl", "w", encoding="utf-8") as file:
        yield "a file", file, lambda: (tmp_path / "out.jsonl").read_text(encoding="utf-8")
    reading, writing = os.pipe()
    with open(writing, "w", encoding="utf-8") as pipe, open(reading, encoding="utf-8") as back:
        yield "a pipe", pipe, lambda: (pipe.close(), back.read())[1]
    memory = io.StringIO()
    yield "text in memory", memory, memory.getvalue
    wrapped = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    yield "bytes in memory", wrapped, lambda: (wrapped.flush(), wrapped.buffer.getvalue().decode())[1]


def test_a_spooled_chunk_reaches_every_kind_of_output_after_what_was_written_before(tmp_path: Path) -> None:
    from scorekeeper.play import _spool

    folder = _spool.spool_folder()
    try:
        for kind, out, read_back in _text_outputs(tmp_path):
            out.write("first\n")
            _spool.unspool(_spool.spool(folder, 1, "è secondo\n" * 3000), out)
            _spool.unspool(_spool.spool(folder, 2, ""), out)
            out.write("last\n")
            out.flush()
            assert read_back() == "first\n" + "è secondo\n" * 3000 + "last\n", kind
            assert not os.listdir(folder), kind  # each chunk's file is gone once copied
    finally:
        _spool.remove_folder(folder)
    assert not os.path.exists(folder)


def test_simulate_with_workers_leaves_no_spool_folder_behind_even_when_writing_fails(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    from scorekeeper.errors import NotationError

    spools = tmp_path / "spools"
    spools.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spools))
    monkeypatch.setattr(simulate, "CHUNK_HANDS", 3)
    simulate.write_simulated(tmp_path / "ok.jsonl", "scopa", 20, seed=1, jobs=2)
    assert list(spools.iterdir()) == []
    assert (tmp_path / "ok.jsonl").read_text() == run("simulate", "-n", "20", "--seed", "1", "-j", "1")[1]

    def full_disk(path: str, out: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(simulate, "unspool", full_disk)
    with pytest.raises(NotationError, match="cannot write"):
        simulate.write_simulated(tmp_path / "full.jsonl", "scopa", 20, seed=1, jobs=2)
    assert list(spools.iterdir()) == []


def test_simulate_with_workers_and_no_temporary_folder_writes_the_same_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    from scorekeeper.play import _spool

    monkeypatch.setattr(simulate, "CHUNK_HANDS", 3)
    expected = run("simulate", "-n", "20", "--seed", "1", "-j", "1")[1]
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "missing"))  # no folder can be made there
    simulate.write_simulated(tmp_path / "no-folder.jsonl", "scopa", 20, seed=1, jobs=2)
    assert (tmp_path / "no-folder.jsonl").read_text() == expected

    real = _spool.spool

    def full(folder: str, number: int, text: str) -> str:  # every other chunk, as spool answers a full disk
        return "" if number // 3 % 2 else real(folder, number, text)

    monkeypatch.undo()
    monkeypatch.setattr(simulate, "CHUNK_HANDS", 3)
    monkeypatch.setattr(simulate, "spool", full)
    simulate.write_simulated(tmp_path / "half-spooled.jsonl", "scopa", 20, seed=1, jobs=2)
    assert (tmp_path / "half-spooled.jsonl").read_text() == expected


def test_a_chunk_that_cannot_be_written_whole_leaves_no_file(tmp_path: Path) -> None:
    from scorekeeper.play import _spool

    assert _spool.spool(str(tmp_path / "missing"), 1, "lines\n") == ""
    (tmp_path / "7").write_text("taken")  # a file of that name already there is never written over
    assert _spool.spool(str(tmp_path), 7, "lines\n") == "" and (tmp_path / "7").read_text() == "taken"
