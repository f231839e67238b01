"""Shell completion (issue 10): typer's --install-completion and --show-completion on the console
script, and the names it completes from the history: matches by id or name, sides, piles."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
import typer
from conftest import run

from scorekeeper.cli._complete import match_refs, pile_sides, side_names


def context(**params: object) -> typer.Context:
    """A click context as completion gives the callbacks one: the parameters typed before the word."""
    ctx = typer.Context(click.Command("match"))
    ctx.params.update(params)
    return ctx


def new(*args: str) -> None:
    code, _out, err = run("match", "new", *args)
    assert code == 0, err


def test_matches_complete_by_id_and_name_newest_first_with_their_game_and_sides() -> None:
    new("--rules", "scopa", "--side", "Anna", "--side", "Bruno", "--name", "friday")
    new("--rules", "cirulla", "--side", "Carla", "--side", "Dario", "--name", "fiesta")
    assert match_refs(context(), "") == [("2", "cirulla: Carla vs Dario (playing)"),
                                         ("fiesta", "cirulla: Carla vs Dario (playing)"),
                                         ("1", "scopa: Anna vs Bruno (playing)"),
                                         ("friday", "scopa: Anna vs Bruno (playing)")]
    assert [ref for ref, _about in match_refs(context(), "FR")] == ["friday"]


def test_side_names_complete_sides_and_the_players_of_teams() -> None:
    new("--rules", "scopone", "--side", "Anna+Bruno", "--side", "Carla+Dario")
    assert side_names(context(), "") == ["Anna+Bruno", "Anna", "Bruno", "Carla+Dario", "Carla", "Dario"]
    assert side_names(context(), "c") == ["Carla+Dario", "Carla"]


def test_a_pile_completes_the_sides_of_the_match_named_then_rest() -> None:
    new("--rules", "scopa", "--side", "Anna", "--side", "Bruno")
    new("--rules", "scopa", "--side", "Carla", "--side", "Dario", "--name", "other")
    assert pile_sides(context(match="1"), "") == ["Anna=", "Bruno="]
    assert pile_sides(context(match="other"), "d") == ["Dario="]
    assert pile_sides(context(match="1"), "Bruno=r") == ["Bruno=rest"]
    assert pile_sides(context(match="1"), "Bruno=7d") == []


def test_nothing_is_completed_from_a_history_that_cannot_be_read(tmp_path: Path) -> None:
    (tmp_path / "bad.sqlite").write_text("not a database")
    assert match_refs(context(db=tmp_path / "bad.sqlite"), "") == []
    assert match_refs(context(db=tmp_path / "missing" / "h.sqlite"), "") == []
    assert pile_sides(context(db=tmp_path / "bad.sqlite"), "A") == []


def _console(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True, text=True,
                          env=env, check=False)


@pytest.mark.slow
def test_the_shell_asks_the_console_script_for_the_matches_through_its_variable() -> None:
    new("--rules", "scopa", "--side", "Anna", "--side", "Bruno", "--name", "friday")
    env = dict(os.environ, _SCOREKEEPER_COMPLETE="complete_bash", COMP_WORDS="scorekeeper match show f",
               COMP_CWORD="3")
    done = _console(env)
    assert (done.returncode, done.stdout, done.stderr) == (0, "friday\n", "")


def test_show_completion_prints_the_script_that_calls_that_variable() -> None:
    env = dict(os.environ, _TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION="1")
    done = _console(env, "--show-completion", "bash")
    assert done.returncode == 0
    assert "_SCOREKEEPER_COMPLETE=complete_bash" in done.stdout and "complete -o default -F" in done.stdout
    code, out, _err = run("--help")
    assert code == 0 and "--install-completion" in out and "--show-completion" in out
