"""Output fits the terminal: tables wrap their widest columns, notes wrap at spaces; pipes get whole lines."""

from __future__ import annotations

import pytest

from scorekeeper.output.text import table
from scorekeeper.rules.catalog import builtin_ids
from tests.conftest import run


@pytest.mark.slow
@pytest.mark.parametrize("rules_id", builtin_ids())
def test_rules_show_fits_an_80_column_terminal(rules_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run("rules", "show", rules_id)
    assert code == 0
    assert max(len(line) for line in out.splitlines()) <= 80


def test_rules_list_fits_breaking_lines_only_at_spaces_and_hyphens(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "72")
    code, out, _ = run("rules", "list")
    assert code == 0 and max(len(line) for line in out.splitlines()) <= 72
    words = set(out.split())
    assert "Scientifico" in words and "scientifico" in words  # moved whole after 'Scopone' / 'scopone-'
    assert not words & {"Scienti", "ientifico", "scient", "ifico"}


def test_a_table_keeps_narrow_columns_whole_and_wraps_the_wide_one() -> None:
    text = table(["id", "detail"], [["primiera", "values: " + " ".join(f"{r}=10" for r in "AJQK" * 6)]], width=40)
    lines = text.splitlines()
    assert max(map(len, lines)) <= 40
    assert lines[2].startswith("primiera  values: A=10")
    assert all(line.startswith(" " * 10) for line in lines[3:])


def test_output_to_a_pipe_is_not_wrapped() -> None:
    code, out, _ = run("rules", "show", "scopa")
    assert code == 0
    assert any(len(line) > 100 for line in out.splitlines())  # the capture note stays one line
