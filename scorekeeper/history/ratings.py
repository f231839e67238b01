"""The ratings of the history's players, worked out from its finished matches and kept as a cache.

Working out the ratings of 100,000 matches takes seconds, so what was worked out is stored in the
history (``rated``: every player's rating after every match; ``ratings``: where each stands now),
with the history's version it was worked out at, which every finished match, undo, edit, claim,
deletion, restoration, import and change of players' names moves. While
the version is the same, a list or a player's page is read from the cache; once it moves, the
ratings are worked out again from the start, so a change anywhere in the past counts as it should.
The version is read from the finished matches and the events that can change a result (see
``_version``), so hands entered in matches still being played leave the cache as it is.
A history opened only to read is worked out each time, in memory.
"""

from __future__ import annotations

from collections.abc import Iterable
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
_KEY = "ratings"  # not for players: the cache's row


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
    written); None when the cache is up to date."""
    with store.read():
        now = _version(store)
        cached = store.db.execute("SELECT version FROM rating_cache WHERE key = ?", (_KEY,)).fetchone()
        if cached is not None and cached[0] == now:
            return None
        worked = _work_out(store, directory(store))
    if store.readonly:
        return worked
    with store.write():
        store.db.execute("DELETE FROM rated")
        store.db.execute("DELETE FROM ratings")
        store.db.executemany(
            "INSERT INTO rated (seq, match_id, at, pool, rules_id, side, rank, player, mu, sigma) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(s.seq, s.match_id, s.at, s.pool, s.rules_id, s.side, s.rank, s.player, s.mu, s.sigma)
             for s in worked.steps])
        store.db.executemany(
            "INSERT INTO ratings (pool, player, name, mu, sigma, matches) VALUES (?, ?, ?, ?, ?, ?)",
            [(r.pool, r.player, worked.names[r.player], r.mu, r.sigma, r.matches) for r in worked.ratings.values()])
        store.db.execute("INSERT INTO rating_cache (key, version) VALUES (?, ?) ON CONFLICT (key) DO UPDATE "
                         "SET version = excluded.version", (_KEY, now))
    return worked


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
