"""Results as text a player reads: tables (tabulate), and JSON."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from scorekeeper.scoring.count import HandResult


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A plain text table."""
    from tabulate import tabulate  # loaded only when a table is drawn

    return tabulate(rows, headers=list(headers), tablefmt="simple", disable_numparse=True)


def to_json(data: Any) -> str:
    """Stable, readable JSON: keys in the order they were built, non-ASCII kept."""
    return json.dumps(data, indent=2, ensure_ascii=False)


def hand_table(result: HandResult) -> str:
    """A hand's categories by side, with how each was decided, then totals, claims and problems."""
    sides = result.sides
    rows: list[list[Any]] = []
    for category in result.categories:
        explained = category.explain(sides)
        rows.append([category.label, *category.points, explained.note])
    rows.append(["total", *result.totals, ""])
    if result.claims:
        rows.append(["claimed", *(result.claims.get(s, "") for s in sides), ""])
    lines = [f"{result.rules.name} ({result.rules.id}): {' vs '.join(sides)}", "",
             table(["category", *sides, "how"], rows), ""]
    if result.match_winner:
        lines.append(f"{result.match_winner} wins the match outright.")
    if result.problems:
        lines.append(f"{len(result.problems)} problem{'s' if len(result.problems) > 1 else ''}:")
        lines += [f"  - {p}" for p in result.problems]
    else:
        lines.append("The hand checks out." + (" Every claim is right." if result.claims else ""))
    return "\n".join(lines)
