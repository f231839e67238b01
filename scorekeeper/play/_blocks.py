"""The lines of a block checked in one loop: the quick path of ``verify`` for the piles-only lines
``simulate`` writes, every other line handed to ``_Verifier.check`` as it is.

A line takes the quick path only when it is a JSON object of ``rules``, ``piles`` and ``sweeps``
alone, parsed whole by a plain C scanner, with no ``\\u`` escape, for a rule set already met, and
``Checker.fast`` finds nothing to say; anything else (a number ``load_json`` would refuse, a space
before the object, a problem of any kind) goes through ``check``, which reads and words it as
before. So the verdicts are the same line for line, only found sooner.

A piles line of two sides exactly as ``simulate`` writes it (no spaces, the keys in its order, no
escaped character, counts of one or two digits) is read by one regular expression instead of
the scanner, and checked by the same ``Checker.piles_fast`` on the same piles and sweeps the JSON
holds; any other line, or one that does not check out, takes the path above.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scorekeeper.play._checker import Checker

#: The C scanner of a decoder without hooks: ``load_json``'s hook on every integer and its checks
#: around the scan cost 1.3 us of a piles line's 3.9 (in process, a busy machine); a line the quick path takes
#: holds no integer but its sweeps, which ``Checker.fast`` bounds, and no nesting past two.
_SCAN: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]
_PLAIN = frozenset(("rules", "piles", "sweeps"))
# A JSON string with nothing escaped (no quote, backslash or control character: it reads as
# written), and a count as JSON writes it (no sign, no leading zero): what this matches is the
# JSON the scanner reads, key for key.
_STRING, _COUNT = r'"([^"\\\x00-\x1f]*)"', r"(0|[1-9][0-9]?)"
#: A two-side piles line as simulate writes it: matched in 0.9 us where the scanner took 1.4, and
#: the scanner's dicts need no checking: 11% off a piles line (median of 41 rounds of 10,000, in process).
_TWO_SIDES = re.compile(r'\{"rules":' + _STRING + r',"piles":\{' + _STRING + ":" + _STRING + "," + _STRING + ":"
                        + _STRING + r'\},"sweeps":\{' + _STRING + ":" + _COUNT + "," + _STRING + ":" + _COUNT + r"\}\}")


def check_lines(lines: list[str], first: int, checkers: dict[str, Checker], rules: str | None,
                check: Callable[[int, str], object]) -> list[Any]:
    """Each line's number when it checks out, else ``check``'s verdict on it (blank lines left out);
    ``checkers`` are the verifier's, by rule set, ``rules`` the one chosen for every line."""
    verdicts: list[Any] = []
    append, scan, plain, two_sides = verdicts.append, _SCAN, _PLAIN, _TWO_SIDES.fullmatch
    for number, line in enumerate(lines, start=first):
        if '"plays"' in line:  # a play record: check reads it once (scanning it here too cost 10% of a replay)
            end = -1
        else:
            two = two_sides(line)
            if two is not None:
                ref, a, pile_a, b, pile_b, swept_a, count_a, swept_b, count_b = two.groups()
                checker = checkers.get(rules or ref or "scopa")
                # The dicts as the scanner makes them: a name given twice is one key, with its last value.
                if checker is not None and checker.piles_fast({a: pile_a, b: pile_b},
                                                              {swept_a: int(count_a), swept_b: int(count_b)}):
                    append(number)
                    continue
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
