"""What a sheet of several matches says at its top: when they were played and which games.

Read from the match rows alone (no hand is read), so that an export can title itself before it
streams its matches one at a time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.history._bulk import _shown, _where, _within
from scorekeeper.history.store import Store

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # frozen dataclasses with no method compiled (see _frozen): a quicker start
    from scorekeeper._frozen import dataclass


@dataclass(frozen=True)
class Evening:
    """The chosen matches' first and last start (as stored: UTC, ISO 8601; empty with no match) and
    the names of the games played, in the order they were first played."""

    first: str
    last: str
    games: tuple[str, ...]


def evening(store: Store, ids: list[int] | None = None) -> Evening:
    """The start times and games of the chosen matches (every match not deleted with None), inside a
    read transaction the caller holds."""
    where = _where(_within(ids, "id") or _shown(False))
    first, last = store.db.execute("SELECT min(created), max(created) FROM matches" + where).fetchone()
    by_rules = "SELECT rules, min(id) AS first FROM matches" + where + " GROUP BY rules"  # not for players: SQL
    games = store.db.execute(f"SELECT json_extract(r.data, '$.name'), min(m.first) FROM ({by_rules}) m "
                             "JOIN rulesets r ON r.digest = m.rules GROUP BY 1 ORDER BY 2").fetchall()
    return Evening(first or "", last or "", tuple(str(name) for name, _first in games if name))
