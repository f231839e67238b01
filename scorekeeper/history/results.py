"""The finished matches, as the ratings and seasons read them: in the order they finished.

A match finished with the event that stored its last live hand, or its last live claim. Sorting
is by that event's time, then its id, so matches read in by an import take their place by the time
they were played. An edit of the finishing hand corrects the result but does not move the match:
it keeps the time of the hand it replaced. Abandoned and deleted matches are not read; an undo
that takes a match back from its end takes it out until it ends again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from scorekeeper.history.players import Directory, key_of
from scorekeeper.history.store import Store
from scorekeeper.ratings.pools import family_of, pool_name, shape_of
from scorekeeper.ratings.rating import Finished, ranks_of

_FINISHED = """
SELECT f.id, f.sides, f.winner, f.totals, f.rules, f.created, f.hands, e.id, e.at, e.kind FROM (
    SELECT m.id, m.sides, m.winner, m.totals, m.rules, m.created, m.hands, max(
        coalesce((SELECT max(h.added_by) FROM hands h
                  WHERE h.match_id = m.id AND h.number = m.hands AND h.ended_by IS NULL), 0),
        coalesce((SELECT max(c.added_by) FROM claims c WHERE c.match_id = m.id AND c.ended_by IS NULL), 0)) AS ev
    FROM matches m WHERE m.finished = 1 AND m.status = '' {only}
) f LEFT JOIN events e ON e.id = f.ev
"""
_ONLY = "AND m.id IN (SELECT value FROM json_each(?))"  # not for players: SQL


@dataclass(frozen=True)
class Results:
    """The finished matches in order, and the first spelling met in them of each name (case folded)."""

    matches: list[Finished]
    spelled: dict[str, str]


def _first_event(store: Store, match_id: int, number: int, event: int) -> tuple[int, str]:
    """The id and time of the event that first stored hand ``number``, following edits back."""
    while True:
        row = store.db.execute(
            "SELECT e.id, e.at, e.kind FROM hands h JOIN events e ON e.id = h.added_by "
            "WHERE h.match_id = ? AND h.number = ? AND h.ended_by = ?", (match_id, number, event)).fetchone()
        if row is None:
            at = store.db.execute("SELECT at FROM events WHERE id = ?", (event,)).fetchone()
            return event, str(at[0]) if at else ""
        if row[2] != "edit":
            return int(row[0]), str(row[1])
        event = int(row[0])


def finished(store: Store, found: Directory, rules_id: str | None = None, ids: list[int] | None = None) -> Results:
    """The finished matches, players by their keys; inside a read transaction. With ``rules_id``, only
    the matches under that rule set, pooled by it instead of by family; with ``ids``, only those."""
    rules: dict[str, tuple[str, str]] = {}
    for digest, rid, data in store.db.execute("SELECT digest, rules_id, data FROM rulesets"):
        rules[digest] = (rid, family_of(rid, json.loads(data).get("extends")))
    rows = []
    query = _FINISHED.format(only=_ONLY if ids is not None else "")
    for mid, sides, winner, totals, digest, created, hands, event, at, kind in store.db.execute(
            query, (json.dumps(ids),) if ids is not None else ()):
        if rules_id is not None and rules[digest][0] != rules_id:
            continue
        if kind == "edit":
            event, at = _first_event(store, mid, hands, event)
        rows.append((at or created, event or 0, mid, sides, winner, totals, digest))
    rows.sort()
    spelled: dict[str, str] = {}
    seated: dict[str, tuple[list[Any], list[tuple[str, ...]], str]] = {}  # the same sides meet often
    known: dict[str, str] = {}  # a club has a few dozen names: each is looked up once

    def key(name: str) -> str:
        found_key = known.get(name)
        if found_key is None:
            found_key = known[name] = found.key(name)
        return found_key

    matches = []
    for at, event, mid, sides_text, winner, totals_text, digest in rows:
        seen = seated.get(sides_text)
        if seen is None:
            sides = json.loads(sides_text)
            seen = seated[sides_text] = (sides, [tuple(key(p) for p in players) for _n, players in sides],
                                         shape_of([len(players) for _name, players in sides]))
            for _name, players in sides:  # a name first met here: with its first spelling
                for name in players:
                    spelled.setdefault(key_of(name), name)
        sides, keys, shape = seen
        # two sides and a winner: the loser is second whatever the totals, which need not be read
        totals = json.loads(totals_text) if len(sides) > 2 or winner is None else {}
        ranks = ranks_of([name for name, _players in sides], winner, totals)
        order = sorted(range(len(sides)), key=ranks.__getitem__)  # the winner first
        rid, family = rules[digest]
        pool = pool_name(rid if rules_id else family, shape)
        matches.append(Finished(mid, at, pool, rid, tuple(keys[i] for i in order), tuple(ranks[i] for i in order),
                                event))
    return Results(matches, spelled)
