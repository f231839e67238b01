"""Named seasons: a date range (or a list of tournaments), their points, and their league table.

A season of dates counts every match that finished between its first and last day (both included,
days in UTC as the history records time). A season of tournaments counts the tables of the
tournaments named (as given, any letter case) that have a result, forfeits aside, and gives place
points from each tournament once it is over; a tournament not started yet, or not over, is named
in the table as still to come.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date

from scorekeeper.errors import ScorekeeperError
from scorekeeper.history.matches import gc_paused
from scorekeeper.history.players import directory, key_of, spelling
from scorekeeper.history.ratings import rated_between, rated_names
from scorekeeper.history.store import Store, dumps, now
from scorekeeper.history.tournaments import NoSuchTournament, load
from scorekeeper.i18n import _
from scorekeeper.ratings.rating import Finished
from scorekeeper.ratings.seasons import SeasonPoints, Standing, standings
from scorekeeper.tournament.final import final_places
from scorekeeper.tournament.results import table_outcome


class UnknownSeason(ScorekeeperError):
    """A season name that no season has, or a season's definition that cannot be read."""


class SeasonConflict(ScorekeeperError):
    """A season understood but refused: its name is taken, or its table cannot be counted yet."""


@dataclass(frozen=True)
class Season:
    """A named season: from ``starts`` to ``ends`` (ISO days), or the tournaments named."""

    name: str
    created: str
    starts: str | None
    ends: str | None
    tournaments: tuple[str, ...]
    points: SeasonPoints


@dataclass(frozen=True)
class SeasonTable:
    """A season's league table: players by their points, with the names to show."""

    season: Season
    matches: int
    lines: list[Standing]
    names: dict[str, str]
    waiting: tuple[str, ...] = ()  # the season's tournaments not over yet (or not started): no places yet


def read_day(text: str, option: str) -> str:
    """A day as ``YYYY-MM-DD``, checked."""
    try:
        return date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        raise UnknownSeason(_("{option} {text}: not a day written YYYY-MM-DD").format(
            option=option, text=repr(text))) from None


def new_season(store: Store, name: str, *, starts: str | None = None, ends: str | None = None,
               tournaments: tuple[str, ...] = (), points: SeasonPoints | None = None) -> Season:
    """Record a season: a date range (both ends given) or a list of tournaments, never both."""
    name = " ".join(name.split())
    if not name:
        raise UnknownSeason(_("a season needs a name"))
    dated = starts is not None or ends is not None
    if dated == bool(tournaments):
        raise UnknownSeason(_("season {name}: give its days (--from and --to) or its tournaments (--tournament), "
                              "one or the other").format(name=repr(name)))
    if dated:
        if starts is None or ends is None:
            raise UnknownSeason(_("season {name}: give both --from and --to").format(name=repr(name)))
        starts, ends = read_day(starts, "--from"), read_day(ends, "--to")
        if starts > ends:
            raise UnknownSeason(_("season {name}: --from {starts} comes after --to {ends}").format(
                name=repr(name), starts=starts, ends=ends))
    season = Season(name, now(), starts, ends, tuple(" ".join(t.split()) for t in tournaments),
                    points or SeasonPoints())
    with store.write():
        if store.db.execute("SELECT 1 FROM seasons WHERE folded = ?", (key_of(name),)).fetchone():
            raise SeasonConflict(_("season {name} already exists; choose another name").format(name=repr(name)))
        store.db.execute("INSERT INTO seasons (name, folded, created, starts, ends, tournaments, points) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?)",
                         (name, key_of(name), season.created, starts, ends, dumps(list(season.tournaments)),
                          dumps(season.points.as_dict())))
    return season


def _season(row: tuple[str, str, str | None, str | None, str, str]) -> Season:
    name, created, starts, ends, tournaments, points = row
    data = json.loads(points)
    return Season(name, created, starts, ends, tuple(json.loads(tournaments)),
                  SeasonPoints(data["win"], data["draw"], data["played"], tuple(data["places"])))


_COLUMNS = "SELECT name, created, starts, ends, tournaments, points FROM seasons"  # not for players: SQL


def list_seasons(store: Store) -> list[Season]:
    """Every season, oldest first."""
    with store.read():
        return [_season(row) for row in store.db.execute(_COLUMNS + " ORDER BY id")]  # not for players: SQL


def find_season(store: Store, name: str) -> Season:
    """The season called ``name`` in any letter case."""
    with store.read():
        row = store.db.execute(_COLUMNS + " WHERE folded = ?", (key_of(name),)).fetchone()  # not for players: SQL
        known = [r[0] for r in store.db.execute("SELECT name FROM seasons ORDER BY id")]
    if row is None:
        raise UnknownSeason(_("season {name}: no such season (seasons: {known})").format(
            name=repr(name), known=", ".join(known) or "-"))
    return _season(row)


def season_table(store: Store, name: str) -> SeasonTable:
    """A season's league table, from the finished matches it holds (and its tournaments' places)."""
    season = find_season(store, name)
    if season.starts is None or season.ends is None:
        return _tournaments_table(store, season)
    with gc_paused():  # hundreds of thousands of seats, no cycles: the collector would walk them again and again
        return _days_table(store, season, season.starts, season.ends)


def _days_table(store: Store, season: Season, starts: str, ends: str) -> SeasonTable:
    seated, names = rated_between(store, starts, ends)
    # by match, by side: its rank and its players (one pass: a season of days may hold 10^5 matches)
    matches: dict[int, dict[int, tuple[int, list[str]]]] = {}
    for match_id, side, rank, player in seated:
        seats = matches.get(match_id)
        if seats is None:
            seats = matches[match_id] = {}
        found = seats.get(side)
        if found is None:
            seats[side] = (rank, [player])
        else:
            found[1].append(player)
    finished = []
    for match_id, seats in matches.items():
        order = sorted(seats)
        finished.append(Finished(match_id, "", "", "", tuple(tuple(seats[i][1]) for i in order),
                                 tuple(seats[i][0] for i in order)))
    return SeasonTable(season, len(finished), standings(finished, season.points), names)


def _tournaments_table(store: Store, season: Season) -> SeasonTable:
    """The table of a season of tournaments: each table with a result is a match (a forfeit is not:
    nobody played), each player of a pair gets its points, and each tournament over gives places."""
    finished: list[Finished] = []
    places: dict[str, list[int]] = {}
    waiting: list[str] = []
    first: dict[str, str] = {}  # each name as its tournament's entrants spell it
    # a player known by other names is shown as the ratings show them (as first typed in a match)
    shown = rated_names(store)
    with store.read():
        found = directory(store)
        for tournament in season.tournaments:
            try:
                loaded = load(store, tournament)
            except NoSuchTournament:
                waiting.append(tournament)
                continue
            state = loaded.state
            for entrant in state.entrants:
                for player in entrant.split("+"):
                    first.setdefault(found.key(player), " ".join(player.split()))
            for rnd in state.rounds:
                for table in rnd.tables:
                    outcome = table_outcome(state, rnd, table, loaded.results)
                    if outcome is None or outcome.forfeit:
                        continue
                    sides = tuple(tuple(found.key(p) for entrant in side for p in entrant.split("+"))
                                  for side in table.sides)
                    ranks = tuple(1 if outcome.winner in (None, i) else 2 for i in range(len(sides)))
                    finished.append(Finished(table.match, "", "", "", sides, ranks))
            ended = final_places(state, loaded.results)
            if ended is None:
                waiting.append(loaded.name)
                continue
            for entrant, place in ended.items():
                for player in entrant.split("+"):
                    places.setdefault(found.key(player), []).append(place)
    lines = standings(finished, season.points, places)
    names = {line.player: spelling(found, first | shown, line.player) for line in lines}
    return SeasonTable(season, len(finished), lines, names, tuple(waiting))


def seasons_counting(store: Store, tournament: str, day: str) -> list[SeasonTable]:
    """The tables of the seasons that count a tournament: those naming it (any letter case), and
    those whose days hold ``day`` (the day it started, ``YYYY-MM-DD``), oldest season first."""
    folded = key_of(tournament)
    return [season_table(store, s.name) for s in list_seasons(store)
            if any(key_of(t) == folded for t in s.tournaments)
            or (s.starts is not None and s.ends is not None and s.starts <= day[:10] <= s.ends)]
