"""Results as text a player reads: tables (tabulate) for a hand and for the history's figures, and JSON.

Everything here may be printed on a terminal, and names, ids and labels may come from other
people's files: every cell, and every line, shows control and bidirectional characters as escapes
(``_words.visible``), and JSON writes them as JSON escapes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper._words import cut_short, visible, visible_json
from scorekeeper.i18n import _, ngettext

if TYPE_CHECKING:
    from scorekeeper.scoring.count import HandResult

_WORD = re.compile(r"[^\s-]+-?")
#: A word longer than this may be broken when a table is squeezed to fit (a path, a long id).
MAX_WORD = 24


def terminal_width() -> int | None:
    """The columns to fit: ``COLUMNS``, else the terminal's; None (no limit) when the output goes
    to a file or a pipe, so that what a script reads does not depend on a window's size."""
    import os
    import sys

    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit():
        return max(40, int(columns))
    try:
        return max(40, os.get_terminal_size(sys.stdout.fileno()).columns) if sys.stdout.isatty() else None
    except (OSError, ValueError, AttributeError):  # a stream with no file behind it (tests, embedding)
        return None


def wrapped(text: str, width: int | None = None, indent: str = "") -> str:
    """A paragraph broken at spaces to fit the terminal, later lines indented by ``indent``."""
    import textwrap

    limit = width or terminal_width()
    return textwrap.fill(text, limit, subsequent_indent=indent, break_on_hyphens=False) if limit else text


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]], width: int | None = None) -> str:
    """A plain text table that fits the terminal: each text cell shown as ``visible`` shows it,
    the widest columns wrapped onto more lines when the whole would be too wide."""
    shown = [[visible(cell) if isinstance(cell, str) else cell for cell in row] for row in rows]
    heads = [visible(h) for h in headers]
    limit = width or terminal_width()
    text = _ascii_table(heads, shown)
    if text is not None and (limit is None or max(map(len, text.splitlines())) <= limit):
        return text
    from tabulate import tabulate  # imported only for a table that needs it (see _ascii_table)

    text = tabulate(shown, headers=heads, tablefmt="simple", disable_numparse=True)
    if not rows or limit is None or max(map(len, text.splitlines())) <= limit:
        return text
    # tabulate pads a header by two (its MIN_PADDING), so a header-wide column is two wider
    natural = [max(len(head) + 2, *(len(str(row[i])) for row in shown)) for i, head in enumerate(heads)]
    # no column narrower than its longest word (up to MAX_WORD; a hyphen may end a line, as
    # tabulate's wrapping allows): words move to the next line whole
    least = [min(MAX_WORD, max((len(w) for row in shown for w in _WORD.findall(str(row[i]))), default=1))
             for i in range(len(heads))]
    # Narrow columns keep their width and the wide ones share what is left equally (max-min
    # fairness): a label column stays readable while a long detail column wraps.
    widths = list(natural)
    left = limit - 2 * (len(widths) - 1)
    order = sorted(range(len(widths)), key=natural.__getitem__)
    for i, column in enumerate(order):
        widths[column] = min(natural[column], max(least[column], left // (len(order) - i)))
        left -= widths[column]
    return tabulate(shown, headers=heads, tablefmt="simple", disable_numparse=True, maxcolwidths=widths)


def _ascii_table(heads: Sequence[str], shown: Sequence[Sequence[Any]]) -> str | None:
    """The table exactly as tabulate draws it (``simple``, no number parsing) when every cell is
    ASCII text or a number, else None. Importing tabulate is slow (it reads its own version from the
    installed packages' metadata), a large part of what ``score`` adds to ``import typer``,
    and the table of a hand is nearly always of this kind; tests/test_startup.py checks that the
    two draw alike.

    Laid out as tabulate does it: columns two spaces apart, each as wide as its widest cell or
    its header and two more, text (numbers too, unparsed) left-aligned, cells stripped, and
    every line stripped at its end.
    """
    if not all(h.isascii() for h in heads):
        return None
    cells = []
    for row in shown:
        texts = ["" if cell is None else cell.strip() if isinstance(cell, str) else str(cell) for cell in row]
        if len(texts) != len(heads) or not all(text.isascii() for text in texts):
            return None  # wide or combining characters, ragged rows: tabulate knows their widths
        cells.append(texts)
    widths = [max([len(head) + 2, *(len(row[i]) for row in cells)]) for i, head in enumerate(heads)]
    lines = ["  ".join(head.ljust(w) for head, w in zip(heads, widths, strict=True)).rstrip(),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(text.ljust(w) for text, w in zip(row, widths, strict=True)).rstrip() for row in cells]
    return "\n".join(lines)


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
    rows.append([_("total"), *result.totals, ""])
    if result.claims:
        rows.append([_("claimed"), *(result.claims.get(s, "") for s in sides), ""])
    lines = [visible(f"{result.rules.name} ({result.rules.id}): {' vs '.join(sides)}"), "",
             table([_("category"), *sides, _("how")], rows), ""]
    if result.match_winner:
        lines.append(visible(_("{side} wins the match outright.").format(side=result.match_winner)))
    if result.problems:
        count = len(result.problems)
        lines.append(ngettext("{count} problem:", "{count} problems:", count).format(count=count))
        lines += [f"  - {visible(p)}" for p in cut_short(result.problems)]
    elif result.claims:
        lines.append(_("The hand checks out. Every claim is right."))
    else:
        lines.append(_("The hand checks out."))
    return "\n".join(lines)


def stats_text(figures: dict[str, Any]) -> str:
    """The history's figures (``history.stats.player_stats``) as two tables: results, then categories won."""
    rows = figures["sides"]
    if not rows:
        return (_("No matches recorded for that choice.") if figures["side"] or figures["rules"]
                else _("No matches recorded yet."))
    results = table([_("name"), _("kind"), _("finished"), _("won"), _("win rate"), _("unfinished"), _("hands"),
                     _("points/hand"), _("sweeps/hand")], [_result_row(r) for r in rows])
    # The win rate is won / finished: a match still being played is in neither (history.stats).
    counted = _("Won and win rate count finished matches only; the hands of unfinished ones count "
                "in the figures per hand and in the categories.")
    labels: dict[str, str] = {}
    for r in rows:
        for cid, c in r["categories"].items():
            labels.setdefault(cid, c["label"])
    won = table([_("name"), *labels.values()],
                [[r["name"], *(f"{r['categories'][cid]['rate']:.0%}" if cid in r["categories"] else "-"
                               for cid in labels)] for r in rows])
    if any(r.get("points_only_hands") for r in rows):  # not for players: a key
        counted += " " + _("Hands entered as points only count in the points per hand, not in the sweeps "
                           "or the categories.")
    if any(r.get("by_categories_hands") for r in rows):  # not for players: a key
        counted += " " + _("Hands entered by categories count in everything, their cards not checked.")
    heading = _("Share of hands in which each category was won:")
    return f"{results}\n{wrapped(counted)}\n\n{heading}\n\n{won}"


def _result_row(figures: dict[str, Any]) -> list[Any]:
    """One side's line of the results table."""
    kinds = {"player": _("player"), "team": _("team")}
    keys = "win_rate", "points_per_hand", "sweeps_per_hand"  # not for players: the figures' keys
    rate, points, sweeps = (figures[key] for key in keys)
    return [figures["name"], kinds.get(figures["kind"], figures["kind"]), figures["finished"], figures["won"],
            "-" if rate is None else f"{rate:.0%}", figures["playing"], figures["hands"], f"{points:.2f}",
            f"{sweeps:.2f}"]
