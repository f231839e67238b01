"""The lines of a block checked in one loop: the quick path of ``verify`` for the piles-only lines
``simulate`` writes, every other line handed to ``_Verifier.check`` as it is.

A line takes the quick path only when it is a JSON object of ``rules``, ``piles`` and ``sweeps``
alone, parsed whole by a plain C scanner, with no ``\\u`` escape, for a rule set already met, and
``Checker.fast`` finds nothing to say; anything else (a number ``load_json`` would refuse, a space
before the object, a problem of any kind) goes through ``check``, which reads and words it as
before. So the verdicts are the same line for line, only found sooner.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scorekeeper.play._checker import Checker

#: The C scanner of a decoder without hooks (``load_json`` checks every integer it reads): a line
#: the quick path takes holds no integer but its sweeps, which ``Checker.fast`` bounds, and no
#: nesting past two.
_SCAN: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]
_PLAIN = frozenset(("rules", "piles", "sweeps"))


def check_lines(lines: list[str], first: int, checkers: dict[str, Checker], rules: str | None,
                check: Callable[[int, str], object]) -> list[Any]:
    """Each line's number when it checks out, else ``check``'s verdict on it (blank lines left out);
    ``checkers`` are the verifier's, by rule set, ``rules`` the one chosen for every line."""
    verdicts: list[Any] = []
    append, scan, plain = verdicts.append, _SCAN, _PLAIN
    for number, line in enumerate(lines, start=first):
        if '"plays"' in line:  # a play record: check reads it once (read once, by check)
            end = -1
        else:
            try:
                data, end = scan(line, 0)
            except (StopIteration, ValueError, RecursionError):  # not JSON as it stands: check words it
                end = -1
        if end == len(line) and type(data) is dict and data.keys() <= plain and "\\u" not in line:
            ref = rules or data.get("rules") or "scopa"
            checker = checkers.get(ref) if type(ref) is str else None
            if checker is not None and checker.fast(data):
                append(number)
                continue
        verdict = check(number, line)
        if verdict is not None:
            append(verdict)
    return verdicts
