"""Reading a whole history one match at a time, and the list of matches a page at a time.

An export or the stats of a history of a million hands must not hold it all: matches, hands,
claims and events are read by four cursors, each in match order, and merged as they go, so only
the match being written is in memory. The rule-set texts are read once each by digest (a match
row names its rule set; joining would repeat the text in every row).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import groupby
from operator import itemgetter
from typing import Any

from scorekeeper.history.rows import DELETED, HandRow, MatchRow
from scorekeeper.history.store import Store


class _ByMatch:
    """The rows of a cursor ordered by match id (its first column), handed out one match at a time."""

    def __init__(self, cursor: Any) -> None:
        self._groups = groupby(cursor, key=itemgetter(0))
        self._next = next(self._groups, None)

    def take(self, match_id: int) -> list[Any]:
        """The rows of this match (none if it has none); rows of matches before it are skipped."""
        while self._next is not None and self._next[0] < match_id:
            self._next = next(self._groups, None)
        if self._next is None or self._next[0] != match_id:
            return []
        rows = list(self._next[1])
        self._next = next(self._groups, None)
        return rows


def _within(ids: list[int] | None, column: str) -> str:
    return "" if ids is None else f"{column} IN ({','.join(str(int(i)) for i in ids)})"


def _shown(deleted: bool, column: str = "status") -> str:
    """The condition that leaves deleted matches out (none with ``deleted``)."""
    return "" if deleted else f"{column} != '{DELETED}'"


def _where(*conditions: str) -> str:
    kept = [c for c in conditions if c]
    return " WHERE " + " AND ".join(kept) if kept else ""


class RulesTexts(dict[str, str]):
    """Rule-set texts by digest, each read from the history the first time it is asked for."""

    def __init__(self, store: Store) -> None:
        super().__init__()
        self._store = store

    def __missing__(self, key: str) -> str:
        row = self._store.db.execute("SELECT data FROM rulesets WHERE digest = ?", (key,)).fetchone()
        text = "{}" if row is None else str(row[0])
        self[key] = text
        return text


def iter_rows(store: Store, ids: list[int] | None = None, *, live_only: bool = False, typed: bool = True,
              events: bool = False, deleted: bool = False) -> Iterator[MatchRow]:
    """Matches with their hands and claims (and, with ``events``, their trail), in id order, one at a time.

    Call inside a read transaction. ``typed=False`` leaves out what was typed (the piles), which
    exports other than JSON never show. A deleted match is left out unless named in ``ids`` or asked
    for with ``deleted``.
    """
    db = store.db
    # The SQL below is not for players (the scan of texts sees its pieces as words).
    live = "ended_by IS NULL" if live_only else ""  # not for players: SQL
    heads = db.execute("SELECT id, uid, name, created, rules, sides, target, finish, enabled FROM matches"
                       + _where(_within(ids, "id") or _shown(deleted)) + " ORDER BY id")  # not for players: SQL
    hands = _ByMatch(db.cursor().execute(
        f"SELECT match_id, id, number, sides, {'typed' if typed else 'NULL'}, categories, match_winner, problems, "
        "forced, added_by, ended_by FROM hands" + _where(_within(ids, "match_id"), live)  # not for players: SQL
        + " ORDER BY match_id, number, id"))  # not for players: SQL
    claims = _ByMatch(db.cursor().execute("SELECT match_id, id, after, side, added_by, ended_by FROM claims"
                                          + _where(_within(ids, "match_id"), live)  # not for players: SQL
                                          + " ORDER BY match_id, id"))  # not for players: SQL
    trails = _ByMatch(db.cursor().execute("SELECT match_id, id, at, kind, hand, detail FROM events"
                                          + _where(_within(ids, "match_id"))  # not for players: SQL
                                          + " ORDER BY match_id, id")  # not for players: SQL
                      if events else iter(()))
    from scorekeeper._json import loads  # orjson decodes the columns sooner (imported by the bulk readers only)

    texts = RulesTexts(store)
    for head in heads:
        match = MatchRow(head[0], head[1], head[2], head[3], texts[head[4]], loads(head[5]), head[6], head[7],
                         loads(head[8]),
                         claims=[{"id": r[1], "after": r[2], "side": r[3],  # not for players: keys
                                  "added_by": r[4], "ended_by": r[5]}  # not for players: keys
                                 for r in claims.take(head[0])],
                         events=[{"id": r[1], "at": r[2], "kind": r[3], "hand": r[4], "detail": loads(r[5])}
                                 for r in trails.take(head[0])])
        rows = hands.take(head[0])
        if rows:
            # One decode for all of a match's categories, not one per hand. Problems are nearly always
            # "[]": those are not decoded at all.
            categories = loads("[" + ",".join(r[5] for r in rows) + "]")
            match.hands.extend(
                HandRow(r[1], r[2], loads(r[3]), loads(r[4]) if r[4] else {}, packed,
                        loads(r[6]) if r[6] else None, loads(r[7]) if r[7] != "[]" else [], bool(r[8]), r[9], r[10])
                for r, packed in zip(rows, categories, strict=True))
        yield match


def category_sources(store: Store, ids: list[int] | None = None) -> list[tuple[tuple[int, int, int], str, Any]]:
    """What decides the columns of a CSV export, without reading every hand into Python.

    Each rule set (with its optional categories turned on) and each list of category ids found in
    the live hands, keyed by where it first appears: (match id, 0, 0) for a match's rule set,
    (match id, 1, hand number) for a hand. A rule set comes as ``(key, "rules", (text, enabled))``,
    a hand's ids as ``(key, "ids", [ids])``; sorted, they give the columns in the order a pass over
    every hand would meet them.
    """
    db = store.db
    texts = RulesTexts(store)
    found: list[tuple[tuple[int, int, int], str, Any]] = [
        ((int(first), 0, 0), "rules", (texts[digest], json.loads(enabled)))
        for digest, enabled, first in db.execute(
            "SELECT rules, enabled, min(id) FROM matches" + _where(_within(ids, "id") or _shown(False))
            + " GROUP BY rules, enabled")]  # not for players: SQL
    # The ids are the first half of the packed categories (see rows.pack_categories); hands of one
    # game nearly always carry the same list, so there are few distinct ones however many hands.
    hidden = ("" if ids is not None
              else f"match_id NOT IN (SELECT id FROM matches WHERE status = '{DELETED}')")  # not for players: SQL
    lists = db.execute("SELECT json_extract(categories, '$[0]') AS ids, min(match_id) FROM hands"
                       + _where(_within(ids, "match_id"), "ended_by IS NULL", hidden)  # not for players: SQL
                       + " GROUP BY ids").fetchall()  # not for players: SQL
    for text, first in lists:
        number = db.execute("SELECT min(number) FROM hands WHERE match_id = ? AND ended_by IS NULL "
                            "AND json_extract(categories, '$[0]') = ?", (first, text)).fetchone()[0]
        found.append(((int(first), 1, int(number)), "ids", json.loads(text)))
    return sorted(found, key=itemgetter(0))


_SUMMARY = ("SELECT m.id, m.name, m.created, r.rules_id, m.sides, m.target, m.finish, m.hands, m.totals, "
            "m.finished, m.winner, m.stake, m.status FROM matches m JOIN rulesets r ON r.digest = m.rules")


def summaries(store: Store, *, playing_only: bool = False, limit: int | None = None,
              offset: int = 0) -> tuple[list[dict[str, Any]], int]:
    """A page of the matches' summary rows (kept by ``Store.summarise``), newest first, and how many
    matches there are in all; no hand is read."""
    where = (" WHERE m.finished = 0 AND m.status = ''" if playing_only  # not for players: SQL
             else f" WHERE m.status != '{DELETED}'")  # not for players: SQL
    total = int(store.db.execute("SELECT count(*) FROM matches m" + where).fetchone()[0])
    rows = store.db.execute(_SUMMARY + where + " ORDER BY m.id DESC LIMIT ? OFFSET ?",  # not for players: SQL
                            (-1 if limit is None else limit, offset))
    return [{"id": r[0], "name": r[1], "created": r[2], "rules": r[3], "sides": [s[0] for s in json.loads(r[4])],
             "target": r[5], "finish": r[6], "hands": r[7], "totals": json.loads(r[8]), "finished": bool(r[9]),
             "winner": r[10], "stake": r[11], "status": r[12] or ("finished" if r[9] else "playing")}
            for r in rows], total
