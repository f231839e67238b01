"""Shared fixtures: every test gets its own rule-set cache and history database."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorekeeper.cli.common import with_options
from scorekeeper.i18n import use
from scorekeeper.rules.catalog import load_rules
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.scoring.count import Counter, HandResult
from scorekeeper.scoring.hand import HandSpec


@pytest.fixture(autouse=True)
def _isolated(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path_factory.getbasetemp() / "rule-cache"
    monkeypatch.setenv("SCOREKEEPER_CACHE_DIR", str(cache))
    monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path_factory.mktemp("db") / "history.sqlite"))
    monkeypatch.delenv("COLUMNS", raising=False)  # output is not wrapped unless a test asks for a width
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")  # English unless a test asks for another language
    use("en")  # a command run in-process with --lang it leaves Italian on for what follows
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(tmp_path_factory.getbasetemp() / "no-settings.toml"))


def count(rules: str | RuleSet, *piles: str, sweeps: tuple[str, ...] = (), claims: tuple[str, ...] = (),
          declare: tuple[str, ...] = (), enabled: tuple[str, ...] = ()) -> HandResult:
    """Score a hand given as 'SIDE=CARDS' strings under a rule set (id or loaded)."""
    ruleset = load_rules(rules) if isinstance(rules, str) else rules
    spec = with_options(HandSpec(), piles=piles, sweeps=sweeps, claims=claims, declare=declare, enabled=enabled)
    return Counter(ruleset).score(spec.entry(ruleset.cards))


def points(result: HandResult, category: str) -> tuple[int, ...]:
    """The points of one category in a result, per side."""
    return next(c.points for c in result.categories if c.id == category)


_RUNNER = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    """Run the ``scorekeeper`` command in-process: its exit code, standard output and standard error.

    An exception that escapes the command (a traceback a user would see) fails the test at once,
    instead of passing for exit code 1.
    """
    from scorekeeper.cli import app

    result = _RUNNER.invoke(app, list(args), input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"scorekeeper {' '.join(args)!r} raised {result.exception!r}") from result.exception
    return result.exit_code, result.stdout, result.stderr


#: A Scopa whose queens count 8, as its jacks do: two classes of one value, so the engine keeps no
#: card's captures (every built-in game keeps them by ranks) and works each list out afresh.
QUEENS_AS_JACKS = ('extends: scopa\nid: queens-as-jacks\nname: Queens as Jacks\ncapture:\n  values: {A: 1, "2": 2, '
                   '"3": 3, "4": 4, "5": 5, "6": 6, "7": 7, J: 8, Q: 8, K: 10}\n')


def rules_named(rules: str, folder: Path) -> RuleSet:
    """A built-in rule set, or ``queens-as-jacks`` written into ``folder`` and loaded from there."""
    if rules != "queens-as-jacks":
        return load_rules(rules)
    path = folder / "queens-as-jacks.yaml"
    path.write_text(QUEENS_AS_JACKS, encoding="utf-8")
    return load_rules(str(path))
