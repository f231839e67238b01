"""The project's own checks: ruff's lint rules and mypy --strict pass on the package (CI runs them here)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # ruff and mypy over the tree

ROOT = Path(__file__).resolve().parents[1]


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_finds_nothing() -> None:
    done = _run("ruff", "check", "--no-cache", "scorekeeper", "tests")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_finds_nothing() -> None:
    done = _run("mypy", "--strict", "--no-incremental", "scorekeeper")
    assert done.returncode == 0, done.stdout + done.stderr
