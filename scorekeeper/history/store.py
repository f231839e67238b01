"""The history database: SQLite in the user's data folder, one row per hand ever entered (the file
itself, its durability and transactions: ``history._connection``).

Nothing is ever deleted: undo and edit mark a hand as ended by an event, and the events table
keeps the trail of what was entered and when.
"""

from __future__ import annotations

import json
import json.encoder
from datetime import UTC, datetime
from typing import Any

from scorekeeper.history._connection import (
    MAX_ID,
    SCHEMA_VERSION,
    Connection,
    HistoryBusy,
    NoSuchMatch,
    StoreError,
    default_path,
)
from scorekeeper.history.rows import DELETED, HandRow, MatchRow, pack_categories
from scorekeeper.i18n import _, ngettext

__all__ = [
    "MAX_ID", "SCHEMA_VERSION", "HandRow", "MatchRow", "NoSuchMatch", "Store", "StoreError",  # not for players: names
    "HistoryBusy", "default_path", "dumps", "now",  # not for players: names
]

#: An open match: still being played, neither abandoned nor deleted.
_OPEN = "finished = 0 AND status = ''"  # not for players: SQL


def now() -> str:
    """The current UTC time, to the second, as recorded in the history."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


# Made once: json.dumps with options builds an encoder per call, a third of the cost of importing a hand.
_COMPACT = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)
# JSONEncoder.encode still builds its C encoder at every call, most of the time for the small values
# of a column. The same encoder as encode's, made once, without its check for circular values: a
# column's value comes from JSON or from scorekeeper's own dicts and lists, never from a value that
# holds itself.
_MAKE_ENCODER: Any = getattr(json.encoder, "c_make_encoder", None)  # not for players: json's C encoder
_C_COMPACT = None if _MAKE_ENCODER is None else _MAKE_ENCODER(
    None, _COMPACT.default, json.encoder.encode_basestring, None, ":", ",", False, False, True)


def dumps(value: Any) -> str:
    """Compact JSON as stored in a column."""
    if _C_COMPACT is None:  # a Python without the C encoder
        return _COMPACT.encode(value)
    return "".join(_C_COMPACT(value, 0))


_INSERT_HAND = ("INSERT INTO hands (match_id, number, sides, typed, categories, match_winner, problems, forced, "
                "added_by, ended_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")


def _hand_values(match_id: int, number: int, hand: dict[str, Any], added_by: int, ended_by: int | None,
                 sides: str) -> tuple[Any, ...]:
    """A hand's row for ``_INSERT_HAND``, from its columns as plain data (``sides`` already encoded)."""
    return (match_id, number, sides, dumps(hand["typed"]), dumps(pack_categories(hand["categories"])),
            dumps(hand["match_winner"]) if hand["match_winner"] else None,  # not for players: keys
            dumps(hand["problems"]), int(hand["forced"]), added_by, ended_by)


class Store(Connection):
    """An open history database: its matches, hands, claims and events (see ``Connection`` for how it opens)."""

    # --- writing, inside a write transaction ----------------------------------------------------

    def insert_event(self, match_id: int, kind: str, hand: int | None = None, detail: Any = None,
                     at: str | None = None) -> int:
        """Add an event to a match's trail; returns its id, which hands and claims point at."""
        cursor = self.db.execute("INSERT INTO events (match_id, at, kind, hand, detail) VALUES (?, ?, ?, ?, ?)",
                                 (match_id, at or now(), kind, hand, dumps(detail or {})))
        return int(cursor.lastrowid or 0)

    def put_rules(self, rules_id: str, text: str, key: str) -> None:
        """Keep a rule-set text once, however many matches use it."""
        self.db.execute("INSERT OR IGNORE INTO rulesets (digest, rules_id, data) VALUES (?, ?, ?)",
                        (key, rules_id, text))

    def insert_match(self, *, uid: str, name: str, created: str, rules_key: str, sides: list[list[Any]], target: int,
                     finish: str, enabled: list[str], match_id: int | None = None,
                     summary: tuple[int, dict[str, int], bool, str | None, int | None] | None = None,
                     status: str = "") -> int:
        """Add a match with no hands yet (under ``match_id`` if given); returns its id. An import gives
        the ``summary`` (as ``summarise`` takes it) and status of the hands it is about to add: one
        statement instead of three per match."""
        hands, totals, finished, winner, stake = summary or (0, dict.fromkeys((side[0] for side in sides), 0), False,
                                                             None, None)
        cursor = self.db.execute(
            "INSERT INTO matches (id, uid, name, created, rules, sides, target, finish, enabled, totals, hands, "
            "finished, winner, stake, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (match_id, uid, name, created, rules_key, dumps(sides), target, finish, dumps(enabled), dumps(totals),
             hands, int(finished), winner, stake, status))
        return int(cursor.lastrowid or 0)

    def insert_hand(self, match_id: int, number: int, hand: dict[str, Any], added_by: int) -> int:
        """Store a hand (its columns as plain data, see ``history.matches.hand_columns``); returns its id."""
        row = _hand_values(match_id, number, hand, added_by, None, dumps(hand["sides"]))
        cursor = self.db.execute(_INSERT_HAND, row)
        return int(cursor.lastrowid or 0)

    # Import writes a match's events and hands with one executemany each, not a statement per row. A new
    # match's rows get ids in the order they were inserted (SQLite gives max(id) + 1, and ids stay far
    # below the largest it has), and no other rows point at it, so reading its ids back by id gives them.

    def insert_events(self, match_id: int, events: list[tuple[str, str, int | None, Any]]) -> list[int]:
        """Add the whole trail of a match that has none yet, as (at, kind, hand, detail); the ids in order."""
        self.db.executemany("INSERT INTO events (match_id, at, kind, hand, detail) VALUES (?, ?, ?, ?, ?)",
                            [(match_id, at, kind, hand, dumps(detail or {})) for at, kind, hand, detail in events])
        return [r[0] for r in self.db.execute("SELECT id FROM events WHERE match_id = ? ORDER BY id", (match_id,))]

    def insert_hands(self, match_id: int, hands: list[tuple[int, dict[str, Any], int, int | None]]) -> list[int]:
        """Add every hand of a match that has none yet, as (number, columns as for ``insert_hand``,
        added_by, ended_by); the ids in order."""
        sides: dict[tuple[str, ...], str] = {}  # a match's hands name the same sides: encoded once

        def encoded(names: list[str]) -> str:
            key = tuple(names)
            text = sides.get(key)
            if text is None:
                text = sides[key] = dumps(names)
            return text

        self.db.executemany(_INSERT_HAND, [
            _hand_values(match_id, number, hand, added_by, ended_by, encoded(hand["sides"]))
            for number, hand, added_by, ended_by in hands])
        return [r[0] for r in self.db.execute("SELECT id FROM hands WHERE match_id = ? ORDER BY id", (match_id,))]

    def insert_claim(self, match_id: int, after: int, side: str, added_by: int, ended_by: int | None = None) -> int:
        """Store a side's claim, made after ``after`` hands; returns its id."""
        cursor = self.db.execute(
            "INSERT INTO claims (match_id, after, side, added_by, ended_by) VALUES (?, ?, ?, ?, ?)",
            (match_id, after, side, added_by, ended_by))
        return int(cursor.lastrowid or 0)

    def end_hand(self, hand_id: int, event_id: int) -> None:
        """Withdraw a hand (undone or replaced): it stays in the history, ended by that event."""
        self.db.execute("UPDATE hands SET ended_by = ? WHERE id = ?", (event_id, hand_id))

    def end_claim(self, claim_id: int, event_id: int) -> None:
        """Withdraw a claim: it stays in the history, ended by that event."""
        self.db.execute("UPDATE claims SET ended_by = ? WHERE id = ?", (event_id, claim_id))

    def summarise(self, match_id: int, hands: int, totals: dict[str, int], finished: bool, winner: str | None,
                  stake: int | None) -> None:
        """Keep the match row's summary in step with its hands."""
        self.db.execute("UPDATE matches SET hands = ?, totals = ?, finished = ?, winner = ?, stake = ? WHERE id = ?",
                        (hands, dumps(totals), int(finished), winner, stake, match_id))

    # --- reading, inside a read (or write) transaction ------------------------------------------

    def has_uid(self, uid: str) -> bool:
        """Whether a match with this uid (from any database) is already here."""
        return self.db.execute("SELECT 1 FROM matches WHERE uid = ?", (uid,)).fetchone() is not None

    def has_id(self, match_id: int) -> bool:
        """Whether this match id is taken."""
        return self.db.execute("SELECT 1 FROM matches WHERE id = ?", (match_id,)).fetchone() is not None

    def find(self, ref: str | None, *, deleted: bool = False) -> int:
        """A match id from an id, a name (any letter case; an open match first), or (with none) the one
        match still being played. A deleted match is found only with ``deleted`` (to restore it)."""
        if ref is None:
            rows = self.db.execute(f"SELECT id, name FROM matches WHERE {_OPEN} ORDER BY id").fetchall()
            if len(rows) == 1:
                return int(rows[0][0])
            if not rows:
                last = self.db.execute("SELECT max(id) FROM matches WHERE finished = 1 AND status = ''").fetchone()[0]
                if last:
                    raise StoreError(_("no match is being played (match {last} is over: name it to undo or edit its "
                                       "hands): start one with 'scorekeeper match new', or name one").format(last=last))
                raise StoreError(_("no match is being played: start one with 'scorekeeper match new', or name one"))
            names = ", ".join(f"{i} {n}".strip() for i, n in rows[:10])
            raise StoreError(ngettext("{count} match is being played ({names}); say which one",
                                      "{count} matches are being played ({names}); say which one",
                                      len(rows)).format(count=len(rows), names=names))
        if ref.isascii() and ref.isdigit():
            if len(ref.lstrip("0")) > len(str(MAX_ID)) or int(ref) > MAX_ID:
                raise NoSuchMatch(_("match {ref}: there is no such match (match ids go up to {most})").format(
                    ref=ref, most=MAX_ID))
            found = self.db.execute("SELECT id, status, finished FROM matches WHERE id = ?", (int(ref),)).fetchall()
        else:
            found = self.named(ref)
            if not deleted:  # a name left to a deleted match is free: only its id finds it
                found = [r for r in found if r[1] != DELETED] or found
            preferred = [r for r in found if (r[1] != "" if deleted else r[1] == "" and not r[2])]
            if len(found) > 1 and len(preferred) != 1:
                raise StoreError(_("match {ref}: {count} matches have that name; give the id").format(
                    ref=repr(ref), count=len(found)))
            found = preferred or found
        if not found:
            raise NoSuchMatch(_("match {ref}: there is no such match (see 'scorekeeper match list')").format(
                ref=repr(ref)))
        match_id, status = int(found[0][0]), found[0][1]
        if status == DELETED and not deleted:
            raise NoSuchMatch(_("match {ref} was deleted; 'scorekeeper match restore {id}' brings it back").format(
                ref=repr(ref) if not ref.isdigit() else ref, id=match_id))
        return match_id

    def named(self, name: str) -> list[tuple[int, str, int]]:
        """The matches called ``name`` in any letter case, newest first: (id, status, finished)."""
        if name.isascii():  # SQLite folds the case of ASCII letters only
            rows = self.db.execute("SELECT id, name, status, finished FROM matches WHERE name = ? COLLATE NOCASE "
                                   "ORDER BY id DESC", (name,)).fetchall()
        else:
            rows = self.db.execute("SELECT id, name, status, finished FROM matches WHERE name != '' "
                                   "ORDER BY id DESC").fetchall()
        folded = name.casefold()
        return [(int(r[0]), str(r[2]), int(r[3])) for r in rows if str(r[1]).casefold() == folded]

    def open_named(self, name: str, but: int | None = None) -> tuple[int, str] | None:
        """The open match (neither finished, abandoned nor deleted) called ``name`` in any letter case,
        other than match ``but``: its id and name as written, or None."""
        folded = name.casefold()
        for match_id, other in self.db.execute(f"SELECT id, name FROM matches WHERE {_OPEN} AND name != ''"):
            if match_id != but and str(other).casefold() == folded:
                return int(match_id), str(other)
        return None

    def open_names(self) -> dict[str, tuple[int, str]]:
        """Every open match's name, folded, with its id and name as written (an import checks each
        match it adds against them, in one query)."""
        return {str(name).casefold(): (int(match_id), str(name))
                for match_id, name in self.db.execute(f"SELECT id, name FROM matches WHERE {_OPEN} AND name != ''")}

    def latest(self) -> tuple[int, str, bool, int] | None:
        """The match changed last, neither abandoned nor deleted (id, name, finished), and how many
        matches are open; None with no such match."""
        row = self.db.execute("SELECT m.id, m.name, m.finished FROM events e JOIN matches m ON m.id = e.match_id "
                              "WHERE m.status = '' ORDER BY e.id DESC LIMIT 1").fetchone()
        if row is None:
            return None
        count = self.db.execute(f"SELECT count(*) FROM matches WHERE {_OPEN}").fetchone()[0]
        return int(row[0]), str(row[1]), bool(row[2]), int(count)

    def status(self, match_id: int) -> str:
        """A match's status: "", ABANDONED or DELETED."""
        row = self.db.execute("SELECT status FROM matches WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            raise NoSuchMatch(_("match {id}: there is no such match").format(id=match_id))
        return str(row[0])

    def set_status(self, match_id: int, status: str) -> None:
        """Mark a match abandoned or deleted ("" brings it back); inside a write transaction."""
        self.db.execute("UPDATE matches SET status = ? WHERE id = ?", (status, match_id))

    def set_name(self, match_id: int, name: str) -> None:
        """Rename a match; inside a write transaction."""
        self.db.execute("UPDATE matches SET name = ? WHERE id = ?", (name, match_id))

    def head(self, match_id: int) -> tuple[str, list[list[Any]], int, str, list[str]]:
        """What a rematch copies: the rule set's key, the sides, the target, the ending and the
        optional categories."""
        row = self.db.execute("SELECT rules, sides, target, finish, enabled FROM matches WHERE id = ?",
                              (match_id,)).fetchone()
        if row is None:
            raise NoSuchMatch(_("match {id}: there is no such match").format(id=match_id))
        return str(row[0]), json.loads(row[1]), int(row[2]), str(row[3]), json.loads(row[4])

    def load(self, match_id: int) -> MatchRow:
        """One match with all its hands and claims."""
        head = self.db.execute(
            "SELECT m.id, m.uid, m.name, m.created, r.data, m.sides, m.target, m.finish, m.enabled, m.status "
            "FROM matches m JOIN rulesets r ON r.digest = m.rules WHERE m.id = ?", (match_id,)).fetchone()
        if head is None:
            raise NoSuchMatch(_("match {id}: there is no such match").format(id=match_id))
        match = MatchRow(head[0], head[1], head[2], head[3], head[4], json.loads(head[5]), head[6], head[7],
                         json.loads(head[8]), status=head[9])
        for row in self.db.execute(
                "SELECT id, number, sides, typed, categories, match_winner, problems, forced, added_by, ended_by "
                "FROM hands WHERE match_id = ? ORDER BY number, id", (match_id,)):
            sides = json.loads(row[2])
            match.hands.append(HandRow(row[0], row[1], sides, json.loads(row[3]), json.loads(row[4]),
                                       json.loads(row[5]) if row[5] else None, json.loads(row[6]), bool(row[7]),
                                       row[8], row[9]))
        for row in self.db.execute("SELECT id, after, side, added_by, ended_by FROM claims WHERE match_id = ? "
                                   "ORDER BY id", (match_id,)):
            match.claims.append({"id": row[0], "after": row[1], "side": row[2],
                                 "added_by": row[3], "ended_by": row[4]})  # not for players: keys
        return match

    def summary(self, match_id: int) -> dict[str, Any]:
        """A match's summary row and its version (the id of its latest event: any change adds one),
        without reading its hands. A deleted match has none (the pages answer it 404, as ``find`` does)."""
        row = self.db.execute(
            "SELECT hands, totals, finished, winner, stake, (SELECT max(id) FROM events WHERE match_id = ?), status "
            "FROM matches WHERE id = ?", (match_id, match_id)).fetchone()
        if row is None:
            raise NoSuchMatch(_("match {id}: there is no such match").format(id=match_id))
        if row[6] == DELETED:
            raise NoSuchMatch(_("match {ref} was deleted; 'scorekeeper match restore {id}' brings it back").format(
                ref=match_id, id=match_id))
        return {"id": match_id, "hands": row[0], "totals": json.loads(row[1]), "finished": bool(row[2]),
                "winner": row[3], "stake": row[4], "changed": int(row[5] or 0)}

    def open_events(self, match_id: int, kind: str, closing: tuple[str, ...]) -> list[dict[str, Any]]:
        """The match's events of ``kind`` that no later event of a ``closing`` kind names (in its
        detail's ``of``), oldest first: the hands waiting for confirmation."""
        marks = ",".join("?" * len(closing))
        closed = ("SELECT 1 FROM events WHERE match_id = ? AND id > ? AND kind IN (" + marks
                  + ") AND json_extract(detail, '$.of') = ?")  # not for players: SQL
        found = []
        for r in self.db.execute("SELECT id, at, kind, hand, detail FROM events WHERE match_id = ? AND kind = ? "
                                 "ORDER BY id", (match_id, kind)).fetchall():
            if self.db.execute(closed, (match_id, r[0], *closing, r[0])).fetchone() is None:
                found.append({"id": r[0], "at": r[1], "kind": r[2], "hand": r[3], "detail": json.loads(r[4])})
        return found

    def events(self, match_id: int) -> list[dict[str, Any]]:
        """The trail of a match, oldest first."""
        return [{"id": r[0], "at": r[1], "kind": r[2], "hand": r[3], "detail": json.loads(r[4])}
                for r in self.db.execute("SELECT id, at, kind, hand, detail FROM events WHERE match_id = ? ORDER BY id",
                                         (match_id,))]
