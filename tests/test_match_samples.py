"""Every sample match in samples/matches runs, command by command, and ends as its '# expect:' says."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorekeeper.cli import app

SAMPLES = sorted((Path(__file__).parent.parent / "samples" / "matches").glob("*.sh"))
runner = CliRunner()


def test_there_are_sample_matches():
    assert {p.stem for p in SAMPLES} >= {"wall-street-playoff", "hurricane-double", "scopone-recount", "scopa-cappotto"}


@pytest.mark.slow
@pytest.mark.parametrize("script", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_sample_match(script: Path) -> None:
    expect: dict[str, str] = {}
    name = None
    for line in script.read_text(encoding="utf-8").splitlines():
        if line.startswith("# expect:"):
            expect = dict(item.split("=", 1) for item in line.removeprefix("# expect:").split())
        if not line.startswith("scorekeeper "):
            continue
        args = shlex.split(line)[1:]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, f"{line}\n{result.stderr}"
        if args[:2] == ["match", "new"]:
            name = args[args.index("--name") + 1]
    assert name and expect, "a sample names its match and says what to expect"
    shown = json.loads(runner.invoke(app, ["match", "show", name, "--json"]).stdout)
    winner, stake = expect.pop("winner"), int(expect.pop("stake"))
    assert (shown["winner"], shown["stake"]) == (winner, stake)
    assert shown["totals"] == {side: int(points) for side, points in expect.items()}
