"""Tournaments in the history: created, found by name or id, read back with their tables' results,
and each entry, drop, return or forfeit stored as an event in one write transaction.

A tournament's state is never stored as such: it is replayed from its events
(``tournament.events.replay``), and its tables' results are read from their matches, so a hand
entered at a table (by ``match add`` or a phone) is in the standings at the next read.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scorekeeper.history.store import Store, StoreError, dumps, now
from scorekeeper.i18n import _
from scorekeeper.match.settings import name_problem, parse_sides
from scorekeeper.rules.stored import digest, rules_from_json, rules_json
from scorekeeper.tournament.events import DROP, ENTER, FORFEIT, NEW, RETURN, TIME, Event, Tournament, replay
from scorekeeper.tournament.results import MatchResult, time_limits
from scorekeeper.tournament.settings import ROTATING, Settings, TournamentError, check_settings

if TYPE_CHECKING:
    from scorekeeper.rules.ruleset import RuleSet


class NoSuchTournament(StoreError):
    """A tournament named by id or name is not in the history (the pages answer it with 404)."""


@dataclass(frozen=True)
class Loaded:
    """A tournament as read: its id, name and start, its state, its tables' results, and the history's
    version of it (its latest event id and its tables' latest match event: any change raises one)."""

    id: int
    name: str
    created: str
    state: Tournament
    results: dict[int, MatchResult]
    version: tuple[int, int]


def find_tournament(store: Store, ref: str | None) -> tuple[int, str, str, str, Settings]:
    """A tournament's id, name, start, rule-set key and settings, by id, name (any letter case) or, with
    none, the latest one; inside a transaction."""
    if ref is None:
        row = store.db.execute("SELECT id, name, created, rules, settings FROM tournaments ORDER BY id DESC "
                               "LIMIT 1").fetchone()
        if row is None:
            raise NoSuchTournament(_("no tournament yet: start one with 'scorekeeper tournament new'"))
    else:
        row = None
        for found in store.db.execute("SELECT id, name, created, rules, settings FROM tournaments ORDER BY id"):
            if str(found[0]) == ref.strip() or str(found[1]).casefold() == ref.casefold():
                row = found
                break
        if row is None:
            raise NoSuchTournament(_("tournament {ref}: there is no such tournament (see 'scorekeeper tournament "
                                     "list')").format(ref=repr(ref)))
    return int(row[0]), str(row[1]), str(row[2]), str(row[3]), Settings.from_json(json.loads(row[4]))


def _events(store: Store, tournament_id: int) -> list[Event]:
    return [Event(int(r[0]), str(r[1]), str(r[2]), json.loads(r[3])) for r in store.db.execute(
        "SELECT id, at, kind, detail FROM tournament_events WHERE tournament_id = ? ORDER BY id", (tournament_id,))]


def _results(store: Store, state: Tournament) -> tuple[dict[int, MatchResult], int]:
    """The tables' matches as results, and the latest event of any of them."""
    ids = [t.match for rnd in state.rounds for t in rnd.tables if t.match]
    found: dict[int, MatchResult] = {}
    latest = 0
    for start in range(0, len(ids), 500):  # SQLite takes a few hundred parameters at once
        chunk = ids[start:start + 500]
        marks = ",".join("?" * len(chunk))
        for r in store.db.execute(
                f"SELECT id, hands, totals, finished, winner, status FROM matches WHERE id IN ({marks})", chunk):
            if r[5] == "":  # an abandoned or deleted table's match gives no result
                found[int(r[0])] = MatchResult(int(r[1]), json.loads(r[2]), bool(r[3]), r[4])
        row = store.db.execute(f"SELECT max(id) FROM events WHERE match_id IN ({marks})", chunk).fetchone()
        latest = max(latest, int(row[0] or 0))
    # a table of N hands (or where time was called) counts its first N: a hand typed after them changes nothing
    for match_id, result in list(found.items()):
        limit = state.hand_limit(match_id)
        if limit and result.hands > limit:
            from scorekeeper.history.matches import match_from_row

            line = match_from_row(store.load(match_id)).state.lines[limit - 1]
            found[match_id] = MatchResult(limit, line.totals, result.finished, result.winner)
    return found, latest


def load(store: Store, ref: str | None) -> Loaded:
    """A tournament replayed from its events, with its tables' results; inside a transaction."""
    tournament_id, name, created, _rules, settings = find_tournament(store, ref)
    events = _events(store, tournament_id)
    state = replay(name, settings, events)
    results, latest = _results(store, state)
    return Loaded(tournament_id, name, created, state, results, (events[-1].id if events else 0, latest))


def read_tournament(store: Store, ref: str | None) -> Loaded:
    """``load`` in a read transaction of its own."""
    with store.read():
        return load(store, ref)


def tournament_rules(store: Store, ref: str | None) -> RuleSet:
    """The rule set a tournament's tables play, as it was when the tournament started."""
    with store.read():
        key = find_tournament(store, ref)[3]
        row = store.db.execute("SELECT data FROM rulesets WHERE digest = ?", (key,)).fetchone()
    return rules_from_json(str(row[0]), _("tournament {ref}").format(ref=ref or ""))


def insert_event(store: Store, tournament_id: int, kind: str, detail: dict[str, Any]) -> int:
    """Add an event to a tournament's trail, inside a write transaction; returns its id."""
    cursor = store.db.execute("INSERT INTO tournament_events (tournament_id, at, kind, detail) VALUES (?, ?, ?, ?)",
                              (tournament_id, now(), kind, dumps(detail)))
    return int(cursor.lastrowid or 0)


def create_tournament(store: Store, name: str, rules: RuleSet, settings: Settings, entrants: list[str]) -> Loaded:
    """Start a tournament: its settings and entrants checked, nothing stored if any is wrong."""
    name = name.strip()
    problem = name_problem(name) if name else _("a tournament needs a name")
    if problem:
        raise TournamentError(_("tournament {name}: {problem}").format(name=repr(name), problem=problem))
    check_settings(settings, entrants)
    # a first table as the format seats it: refused now if the rule set cannot play such tables
    trial = ["+".join(entrants[:2]), "+".join(entrants[2:4])] if settings.format == ROTATING else entrants[:2]
    parse_sides(rules, trial, where="--entrant")
    text = rules_json(rules)
    key = digest(text)
    with store.write():
        for (other,) in store.db.execute("SELECT name FROM tournaments"):
            if str(other).casefold() == name.casefold():
                raise TournamentError(_("tournament {name}: that name is taken (by {other})").format(
                    name=repr(name), other=repr(other)))
        store.put_rules(rules.id, text, key)
        cursor = store.db.execute("INSERT INTO tournaments (name, created, rules, settings) VALUES (?, ?, ?, ?)",
                                  (name, now(), key, dumps(settings.as_json())))
        tournament_id = int(cursor.lastrowid or 0)
        insert_event(store, tournament_id, NEW, {"entrants": entrants})
        return load(store, str(tournament_id))


def list_tournaments(store: Store) -> list[dict[str, Any]]:
    """Every tournament, newest first: id, name, start, format, entrants and rounds paired."""
    with store.read():
        ids = [str(r[0]) for r in store.db.execute("SELECT id FROM tournaments ORDER BY id DESC")]
        found = []
        for ref in ids:
            loaded = load(store, ref)
            s = loaded.state
            found.append({"id": loaded.id, "name": loaded.name, "created": loaded.created,
                          "format": s.settings.format, "rules": s.settings.rules,
                          "entrants": len(s.entrants), "rounds": len(s.rounds)})
        return found


def record(store: Store, ref: str | None, kind: str, entrant: str, *, round_number: int = 0,
           table: int = 0) -> tuple[Loaded, int]:
    """A late entry, a drop, a return, a forfeit or time called, checked and stored; the tournament after
    it and the event's id."""
    with store.write():
        loaded = load(store, ref)
        state = loaded.state
        detail: dict[str, Any]
        if kind == ENTER:
            state.check_enter(entrant)
            detail = {"entrant": entrant.strip()}
        elif kind == DROP:
            detail = {"entrant": state.check_drop(entrant)}
        elif kind == RETURN:
            detail = {"entrant": state.check_return(entrant)}
        elif kind == TIME:
            detail = {"round": len(state.rounds),
                      "limits": {str(m): n for m, n in time_limits(state, loaded.results).items()}}
        elif kind == FORFEIT:
            number = round_number or len(state.rounds)
            detail = {"round": number, "table": table, "entrant": state.check_forfeit(number, table, entrant)}
        else:
            raise ValueError(kind)
        event = insert_event(store, loaded.id, kind, detail)
        return load(store, str(loaded.id)), event


def tournament_version(store: Store, tournament_id: int) -> str:
    """A tournament's version for the pages that poll it: its latest event and its tables' matches'
    latest event, in one query (no replay); any pairing, entry, drop, hand or undo changes it."""
    with store.read():
        row = store.db.execute(
            "SELECT (SELECT max(id) FROM tournament_events WHERE tournament_id = ?), "
            "(SELECT max(e.id) FROM events e WHERE e.match_id IN ("
            "SELECT json_extract(t.value, '$.match') FROM tournament_events te, json_each(te.detail, '$.tables') t "
            "WHERE te.tournament_id = ? AND te.kind IN ('round', 'repair')))",
            (tournament_id, tournament_id)).fetchone()
    if row[0] is None:
        raise NoSuchTournament(_("tournament {ref}: there is no such tournament (see 'scorekeeper tournament "
                                 "list')").format(ref=repr(str(tournament_id))))
    return f"{row[0]}.{row[1] or 0}"
