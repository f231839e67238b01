"""The ratings of the history's players, worked out from its finished matches and kept as a cache.

Working out the ratings of 100,000 matches takes seconds, so what was worked out is stored in the
history (``rated``: every player's rating after every match; ``ratings``: where each stands now),
with the history's version it was worked out at, which every finished match, undo, edit, claim,
deletion, restoration, import and change of players' names moves. While
the version is the same, a list or a player's page is read from the cache. When it moved only
because matches finished after the last one rated, only those are rated, from where the ratings
stood (openskill reads nothing else, so the figures are those of rating everything again); any
other move works them out again from the start, so a change anywhere in the past counts as it should.
The version is read from the finished matches and the events that can change a result (see
``_version``), so hands entered in matches still being played leave the cache as it is.
A history opened only to read is worked out each time, in memory.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from scorekeeper.errors import RuleSetError
from scorekeeper.history import players
from scorekeeper.history.players import Directory, UnknownPlayer, directory, spelling
from scorekeeper.history.results import finished
from scorekeeper.history.store import Store
from scorekeeper.i18n import _
from scorekeeper.ratings.pools import SEPARATOR, split_pool
from scorekeeper.ratings.profile import Profile, profile
from scorekeeper.ratings.rating import Rating, Step, rate
from scorekeeper.rules.builtins import builtin_ids

#: What the cache was worked out with: a new way of rating makes every stored cache stale.
METHOD = "openskill-plackett-luce-1"  # not for players: a cache key
_KEY, _LAST = "ratings", "ratings-last"  # not for players: the cache's rows


@dataclass(frozen=True)
class Row:
    """A line of the ratings list: the name shown and the rating."""

    name: str
    rating: Rating


@dataclass(frozen=True)
class PlayerPage:
    """A player's page: the name shown, their other names, and their profile (``names``: every
    player met on it, by key, as shown)."""

    name: str
    aliases: tuple[str, ...]
    profile: Profile
    names: dict[str, str]
    ratings: list[Rating]


@dataclass(frozen=True)
class _Worked:
    """Ratings worked out in memory, with the names to show."""

    ratings: dict[tuple[str, str], Rating]
    steps: list[Step]
    names: dict[str, str]


#: The events that can change a finished match's result or its place without changing which
#: matches are finished (adding a hand that ends a match does change that, and so is seen there).
_CHANGING = ("edit", "undo", "claim", "abandon", "delete", "restore")  # not for players: event kinds


def _version(store: Store) -> str:
    """What the ratings depend on, read cheaply: the finished matches (how many, and which), the
    events that change a result, and the players' directory. A hand added to a match still being
    played leaves it as it is, so the cache outlives a club evening's hands."""
    count, ids = store.db.execute(
        "SELECT count(*), total(id) FROM matches WHERE status = '' AND finished = 1").fetchone()
    marks = ",".join("?" * len(_CHANGING))
    changes, last = store.db.execute(
        f"SELECT count(*), coalesce(max(id), 0) FROM events WHERE kind IN ({marks})", _CHANGING).fetchone()
    return f"{METHOD}:{count}:{int(ids)}:{changes}:{last}:{players.version(store)}"


def _work_out(store: Store, found: Directory, rules_id: str | None = None) -> _Worked:
    results = finished(store, found, rules_id)
    ratings, steps = rate(results.matches)
    names = {key: spelling(found, results.spelled, key) for _pool, key in ratings}
    return _Worked(ratings, steps, names)


def _current(store: Store) -> _Worked | None:
    """The ratings worked out again if the cache is stale (stored too, where the history can be
    written); None when the cache is up to date, or was brought up to date from ``_more``."""
    with store.read():
        now = _version(store)
        cached = dict(store.db.execute("SELECT key, version FROM rating_cache"))
        if cached.get(_KEY) == now:
            return None
        newest = int(store.db.execute("SELECT coalesce(max(id), 0) FROM events").fetchone()[0])
        found = directory(store)
        more = None if store.readonly else _more(store, found, cached, now, newest)
        if more is None:
            results = finished(store, found)
            ratings, steps = rate(results.matches)
            worked = _Worked(ratings, steps, {key: spelling(found, results.spelled, key) for _pool, key in ratings})
    if more is not None:
        with store.write():
            still = store.db.execute("SELECT version FROM rating_cache WHERE key = ?", (_KEY,)).fetchone()
            if still is not None and still[0] == cached[_KEY]:
                _store(store, *more[:3])
                _mark(store, now, more[3])
        # another process brought the cache up to date meanwhile: look at it again
        return None if still is not None and still[0] == cached[_KEY] else _current(store)
    if store.readonly:
        return worked
    last = results.matches[-1] if results.matches else None
    with store.write():
        store.db.execute("DELETE FROM rated")
        store.db.execute("DELETE FROM ratings")
        _store(store, worked.steps, worked.ratings.values(), worked.names)
        _mark(store, now, f"{last.at if last else ''}|{last.event if last else 0}|{newest}")
    return worked


def _store(store: Store, steps: Iterable[Step], ratings: Iterable[Rating], names: Mapping[str, str]) -> None:
    store.db.executemany(
        "INSERT INTO rated (seq, match_id, at, pool, rules_id, side, rank, player, mu, sigma) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(s.seq, s.match_id, s.at, s.pool, s.rules_id, s.side, s.rank, s.player, s.mu, s.sigma) for s in steps])
    store.db.executemany(
        "INSERT INTO ratings (pool, player, name, mu, sigma, matches) VALUES (?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (pool, player) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
        "matches = excluded.matches", [(r.pool, r.player, names[r.player], r.mu, r.sigma, r.matches) for r in ratings])


def _mark(store: Store, version: str, last: str) -> None:
    """Say which version the cache holds, and where its last match finished (for ``_extended``)."""
    store.db.executemany("INSERT INTO rating_cache (key, version) VALUES (?, ?) ON CONFLICT (key) DO UPDATE "
                         "SET version = excluded.version", [(_KEY, version), (_LAST, last)])


def _more(store: Store, found: Directory, cached: Mapping[str, str], now: str,
          newest: int) -> tuple[list[Step], list[Rating], dict[str, str], str] | None:
    """What brings the cache up to date by rating only the matches finished since (the new steps,
    the ratings they moved, the names, where the last one finished), when that gives what rating
    everything again would: no result changed (no event of ``_CHANGING``, the same players' names),
    matches were only added to the finished ones, and each finished after the last match rated (a
    match imported with an older time did not). None otherwise. Inside a read transaction."""
    was, will = cached.get(_KEY, "").split(":"), now.split(":")
    last = cached.get(_LAST, "").split("|")
    if len(was) != len(will) or len(last) != 3 or was[0] != will[0] or was[3:] != will[3:]:
        return None
    added, added_ids = int(will[1]) - int(was[1]), int(will[2]) - int(was[2])
    if added <= 0:
        return None
    touched = json.dumps([row[0] for row in store.db.execute("SELECT DISTINCT match_id FROM events WHERE id > ?",
                                                             (int(last[2]),))])
    rated_before = {row[0] for row in store.db.execute(
        "SELECT DISTINCT match_id FROM rated WHERE match_id IN (SELECT value FROM json_each(?))", (touched,))}
    results = finished(store, found, ids=json.loads(touched))
    fresh = [m for m in results.matches if m.match_id not in rated_before]
    after = (last[0], int(last[1]))
    if len(fresh) != added or sum(m.match_id for m in fresh) != added_ids or any(
            (m.at, m.event) <= after for m in fresh):
        return None
    start = {(pool, player): Rating(pool, player, mu, sigma, matches) for pool, player, mu, sigma, matches
             in store.db.execute("SELECT pool, player, mu, sigma, matches FROM ratings")}
    names = dict(store.db.execute("SELECT player, name FROM ratings"))
    seq = int(store.db.execute("SELECT coalesce(max(seq), 0) FROM rated").fetchone()[0])
    ratings, steps = rate(fresh, start, seq)
    for _pool, key in ratings:
        if key not in names:
            names[key] = spelling(found, results.spelled, key)
    moved = [r for key, r in ratings.items() if start.get(key) != r]
    return steps, moved, names, f"{fresh[-1].at}|{fresh[-1].event}|{newest}"


def _ordered(rows: Iterable[Row]) -> list[Row]:
    """Pools by name; in each, the highest ordinal first (then the name)."""
    return sorted(rows, key=lambda r: (r.rating.pool, -r.rating.ordinal, r.name.casefold()))


def ratings_list(store: Store, *, rules: str | None = None, family: str | None = None) -> list[Row]:
    """Every player's rating in every pool (or the pools of one family), best first; with ``rules``,
    the ratings of that rule set's matches alone, rated apart from the rest of its family."""
    if rules is not None:
        with store.read():
            worked = _work_out(store, directory(store), rules)
        if not worked.ratings and rules not in builtin_ids():
            raise RuleSetError(_("--rules {name}: no such rule set, built in or in the history's finished matches "
                                 "(known: {ids})").format(name=repr(rules), ids=", ".join(builtin_ids())))
        return _ordered(Row(worked.names[r.player], r) for r in worked.ratings.values())
    worked_now = _current(store)
    if worked_now is not None:
        rows = [Row(worked_now.names[r.player], r) for r in worked_now.ratings.values()]
    else:
        with store.read():
            rows = [Row(name, Rating(pool, player, mu, sigma, matches)) for pool, player, name, mu, sigma, matches
                    in store.db.execute("SELECT pool, player, name, mu, sigma, matches FROM ratings")]
    if family is not None:
        families = {split_pool(r.rating.pool)[0] for r in rows}
        if family not in families and family not in builtin_ids():
            raise RuleSetError(_("--family {name}: no such game family (known: {known})").format(
                name=repr(family), known=", ".join(sorted(families | set(builtin_ids())))))
        rows = [r for r in rows if r.rating.pool.startswith(family + SEPARATOR)]
    return _ordered(rows)


def player_page(store: Store, name: str) -> PlayerPage:
    """What the history says about one player: by game, the rating over time, head to head, partners."""
    worked = _current(store)
    with store.read():
        found = directory(store)
        key = found.key(name)
        if worked is not None:
            mine = [s for s in worked.steps if s.player == key]
            seqs = {s.seq for s in mine}
            others = [(s.seq, s.side, s.rank, s.player) for s in worked.steps if s.seq in seqs and s.player != key]
            names = worked.names
            ratings = [r for r in worked.ratings.values() if r.player == key]
        else:
            mine = [Step(*row) for row in store.db.execute(
                "SELECT seq, match_id, at, pool, rules_id, side, rank, player, mu, sigma FROM rated "
                "WHERE player = ? ORDER BY seq", (key,))]
            others = store.db.execute(
                "SELECT seq, side, rank, player FROM rated WHERE match_id IN "
                "(SELECT match_id FROM rated WHERE player = ?) AND player != ?", (key, key)).fetchall()
            names = dict(store.db.execute("SELECT player, name FROM ratings"))
            ratings = [Rating(*row) for row in store.db.execute(
                "SELECT pool, player, mu, sigma, matches FROM ratings WHERE player = ?", (key,))]
        shown = names.get(key)
        if shown is None:
            known = players.names_in_matches(store)
            if key not in {found.key(first) for first, _n in known.values()} and key not in found.player.values():
                raise UnknownPlayer(_("player {name}: no such player in the history (see 'scorekeeper players list')"
                                      ).format(name=repr(name)))
            shown = spelling(found, players.firsts(known), key)
        aliases = tuple(sorted(a for a in found.aliases.get(key, []) if a.casefold() != shown.casefold()))
    return PlayerPage(shown, aliases, profile(key, mine, others), names, sorted(ratings, key=lambda r: r.pool))


def rated_names(store: Store) -> dict[str, str]:
    """The name each rated player is shown by, by key (the ratings brought up to date first)."""
    worked = _current(store)
    if worked is not None:
        return dict(worked.names)
    with store.read():
        return dict(store.db.execute("SELECT player, name FROM ratings"))


def rated_between(store: Store, starts: str, ends: str) -> tuple[list[tuple[int, int, int, str]], dict[str, str]]:
    """Every player's seat in the matches that finished from day ``starts`` to day ``ends`` (both
    included), in order, as (match id, side, rank, player); and the names to show."""
    worked = _current(store)
    if worked is not None:
        return [(s.match_id, s.side, s.rank, s.player) for s in worked.steps if starts <= s.at[:10] <= ends], \
            worked.names
    with store.read():
        seats = store.db.execute("SELECT match_id, side, rank, player FROM rated WHERE at >= ? AND at < ? "
                                 "ORDER BY seq", (starts, ends + "~")).fetchall()  # '~' sorts after any time
        names = dict(store.db.execute("SELECT player, name FROM ratings"))
    return seats, names
