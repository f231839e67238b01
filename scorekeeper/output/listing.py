"""``match list`` as a table: a line per match, without the match logic the score sheets import."""

from __future__ import annotations

from typing import Any

from scorekeeper.history.rows import ABANDONED
from scorekeeper.i18n import _, ngettext
from scorekeeper.output.text import table


def matches_table(rows: list[dict[str, Any]], *, total: int | None = None, offset: int = 0) -> str:
    """``match list``: a line per match (a page of ``history.matches.list_matches``), newest first,
    then how many more there are, if any (``total``: how many matches there are in all)."""
    total = len(rows) + offset if total is None else total
    if not rows:
        if total:
            return ngettext("No matches from --offset {offset}: there are {total}.",
                            "No matches from --offset {offset}: there are {total}.", total).format(
                offset=offset, total=total)
        return _("No matches yet: start one with 'scorekeeper match new'.")
    text = table(["id", _("name"), _("rules"), _("sides"), _("hands"), _("score"), _("state")],
                 [[r["id"], shortened(r["name"]), shortened(r["rules"]), " vs ".join(map(shortened, r["sides"])),
                   r["hands"],
                   "-".join(str(r["totals"].get(s, 0)) for s in r["sides"]), _list_state(r)]
                  for r in rows])
    after = offset + len(rows)
    if after < total:
        more = ngettext("Matches {first}-{last} of {total}; {more} more: "
                        "'scorekeeper match list --offset {last}'.",
                        "Matches {first}-{last} of {total}; {more} more: "
                        "'scorekeeper match list --offset {last}'.", total - after)
        text += "\n" + more.format(first=offset + 1, last=after, total=total, more=total - after)
    return text


#: The most characters of a name a line of the list shows: a side named with a thousand characters
#: would otherwise stretch every line of the table (``match show`` shows names whole).
MOST_SHOWN = 30


def shortened(name: str, most: int = MOST_SHOWN) -> str:
    """A name cut to ``most`` characters, an ellipsis marking the cut.

    >>> shortened("Anna"), shortened("x" * 40, 10)
    ('Anna', 'xxxxxxxxx…')
    """
    return name if len(name) <= most else name[:most - 1] + "…"


def _list_state(row: dict[str, Any]) -> str:
    if row.get("status") == ABANDONED:
        return _("abandoned")
    if not row["finished"]:
        return _("playing")
    return _("won by {side}").format(side=row["winner"]) if row["winner"] else _("over")
