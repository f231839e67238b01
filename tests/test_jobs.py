"""--jobs on verify and simulate: the same bytes in the same order whatever the number of workers
(issue 9), with the work read a few chunks ahead only."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from scorekeeper.cli import app
from scorekeeper.play import _chunks, _parallel, simulate
from scorekeeper.play.simulate import Simulator, json_line
from scorekeeper.rules.catalog import load_rules

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
