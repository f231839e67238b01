"""The history: the SQLite store (all SQL lives here), matches, the history file, stats."""
