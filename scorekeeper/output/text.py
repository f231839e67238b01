"""Results as text a player reads: tables (tabulate) for a hand and for the history's figures, and JSON.

Everything here may be printed on a terminal, and names, ids and labels may come from other
people's files: every cell, and every line, shows control and bidirectional characters as escapes
(``_words.visible``), and JSON writes them as JSON escapes.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from scorekeeper._words import cut_short, visible, visible_json
from scorekeeper.scoring.count import HandResult


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A plain text table; each text cell shown as ``visible`` shows it, on one line."""
    from tabulate import tabulate  # loaded only when a table is drawn

    shown = [[visible(cell) if isinstance(cell, str) else cell for cell in row] for row in rows]
    return tabulate(shown, headers=[visible(h) for h in headers], tablefmt="simple", disable_numparse=True)


def to_json(data: Any) -> str:
    """Stable, readable JSON: keys in the order they were built, non-ASCII kept (but for the
    characters a terminal would act on, written as escapes)."""
    return visible_json(json.dumps(data, indent=2, ensure_ascii=False))


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
    lines = [visible(f"{result.rules.name} ({result.rules.id}): {' vs '.join(sides)}"), "",
             table(["category", *sides, "how"], rows), ""]
    if result.match_winner:
        lines.append(visible(f"{result.match_winner} wins the match outright."))
    if result.problems:
        lines.append(f"{len(result.problems)} problem{'s' if len(result.problems) > 1 else ''}:")
        lines += [f"  - {visible(p)}" for p in cut_short(result.problems)]
    else:
        lines.append("The hand checks out." + (" Every claim is right." if result.claims else ""))
    return "\n".join(lines)


def stats_text(figures: dict[str, Any]) -> str:
    """The history's figures (``history.stats.player_stats``) as two tables: results, then categories won."""
    rows = figures["sides"]
    if not rows:
        return "No matches recorded" + (" for that choice." if figures["side"] or figures["rules"] else " yet.")
    results = table(["name", "kind", "matches", "won", "win rate", "hands", "points/hand", "sweeps/hand"],
                    [[r["name"], r["kind"], r["matches"], r["won"],
                      "-" if r["win_rate"] is None else f"{r['win_rate']:.0%}", r["hands"],
                      f"{r['points_per_hand']:.2f}", f"{r['sweeps_per_hand']:.2f}"] for r in rows])
    labels: dict[str, str] = {}
    for r in rows:
        for cid, c in r["categories"].items():
            labels.setdefault(cid, c["label"])
    won = table(["name", *labels.values()],
                [[r["name"], *(f"{r['categories'][cid]['rate']:.0%}" if cid in r["categories"] else "-"
                               for cid in labels)] for r in rows])
    return f"{results}\n\nShare of hands in which each category was won:\n\n{won}"
