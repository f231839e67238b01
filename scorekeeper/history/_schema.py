"""The history's schema, as migrations: ``MIGRATIONS[n]`` brings a database from version n to n+1.

A released migration is never edited; a change to the schema is a new migration appended here.
"""

MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE rulesets (digest TEXT PRIMARY KEY, rules_id TEXT NOT NULL, data TEXT NOT NULL);
    CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL DEFAULT '',
        created TEXT NOT NULL,
        rules TEXT NOT NULL REFERENCES rulesets(digest),
        sides TEXT NOT NULL,
        target INTEGER NOT NULL,
        finish TEXT NOT NULL,
        enabled TEXT NOT NULL,
        -- kept up to date by every write, so listing and stats need not replay each match
        hands INTEGER NOT NULL DEFAULT 0,
        totals TEXT NOT NULL DEFAULT '{}',
        finished INTEGER NOT NULL DEFAULT 0,
        winner TEXT,
        stake INTEGER
    );
    CREATE TABLE events (
        id INTEGER PRIMARY KEY,
        match_id INTEGER NOT NULL REFERENCES matches(id),
        at TEXT NOT NULL,
        kind TEXT NOT NULL,
        hand INTEGER,
        detail TEXT NOT NULL DEFAULT '{}'
    );
    CREATE INDEX events_match ON events(match_id, id);
    CREATE TABLE hands (
        id INTEGER PRIMARY KEY,
        match_id INTEGER NOT NULL REFERENCES matches(id),
        number INTEGER NOT NULL,
        sides TEXT NOT NULL,
        typed TEXT NOT NULL,
        categories TEXT NOT NULL,
        match_winner TEXT,
        problems TEXT NOT NULL,
        forced INTEGER NOT NULL,
        added_by INTEGER NOT NULL REFERENCES events(id),
        ended_by INTEGER REFERENCES events(id)
    );
    CREATE INDEX hands_match ON hands(match_id, number);
    CREATE UNIQUE INDEX hands_live ON hands(match_id, number) WHERE ended_by IS NULL;
    CREATE TABLE claims (
        id INTEGER PRIMARY KEY,
        match_id INTEGER NOT NULL REFERENCES matches(id),
        after INTEGER NOT NULL,
        side TEXT NOT NULL,
        added_by INTEGER NOT NULL REFERENCES events(id),
        ended_by INTEGER REFERENCES events(id)
    );
    CREATE INDEX claims_match ON claims(match_id);
    CREATE INDEX matches_open ON matches(finished);
    CREATE INDEX matches_name ON matches(name);
    """,
    # 2: a match may be abandoned or deleted, and restored; '' is a match as it was before. The
    # events keep the trail; the column lets listing and the default match skip such matches.
    """
    ALTER TABLE matches ADD COLUMN status TEXT NOT NULL DEFAULT '';
    CREATE INDEX matches_status ON matches(status, finished);
    """,
    # tournaments (issue 22): a tournament's settings and rule set, and its events (entries, drops,
    # pairings with their tables' match ids, forfeits, re-pairings, undos). Events are only added:
    # an undo is an event naming the one it takes back, so every change can be undone and none is lost.
    # IF NOT EXISTS: a history brought back to an older version by hand keeps its tournaments.
    """
    CREATE TABLE IF NOT EXISTS tournaments (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        created TEXT NOT NULL,
        rules TEXT NOT NULL REFERENCES rulesets(digest),
        settings TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS tournament_events (
        id INTEGER PRIMARY KEY,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        at TEXT NOT NULL,
        kind TEXT NOT NULL,
        detail TEXT NOT NULL DEFAULT '{}'
    );
    CREATE INDEX IF NOT EXISTS tournament_events_of ON tournament_events(tournament_id, id);
    """,
)
