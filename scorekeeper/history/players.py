"""Players: one person across matches, whatever letter case their name was typed in, under aliases.

The matches keep every name as typed, and nothing here rewrites them: a name is read through the
directory of ``player_names``, which maps a name (case folded) to the player it belongs to. A
name the directory does not hold is a player of its own. A merge points a name typed another way
(and its aliases) at a player; an alias does the same for a name that may not have played yet; a
rename gives a player the name they are shown by, the old one staying an alias so the history
still finds them. Each change is an event in ``player_events``, so the trail of what was asked
stays; a team ``Anna+Bruno`` is its players, as each match records them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from scorekeeper.errors import ScorekeeperError
from scorekeeper.history.store import Store, dumps, now
from scorekeeper.i18n import _


class UnknownPlayer(ScorekeeperError):
    """A name that no match and no alias holds."""


class PlayerConflict(ScorekeeperError):
    """A change understood but refused: it would make one person of two who played each other."""


def key_of(name: str) -> str:
    """The key of a name as typed: case folded, outer spaces dropped (``ANNA `` is ``anna``)."""
    return " ".join(name.split()).casefold()


class Directory:
    """Names to players: ``key`` finds the player a name belongs to (see ``spelling`` for the name shown)."""

    def __init__(self, rows: Iterable[tuple[str, str, str, int]]) -> None:
        self.player: dict[str, str] = {}
        self.primary: dict[str, str] = {}
        self.aliases: dict[str, list[str]] = {}
        for folded, name, player, shown in rows:
            self.player[folded] = player
            if shown:
                self.primary[player] = name
            self.aliases.setdefault(player, []).append(name)  # the own name too: callers leave out the shown one

    def key(self, name: str) -> str:
        folded = key_of(name)
        return self.player.get(folded, folded)


def spelling(found: Directory, first: Mapping[str, str], key: str) -> str:
    """The name a player is shown by: as renamed, else their key's name as first typed in a match
    (``first``: the first spelling of each name, case folded)."""
    return found.primary.get(key) or first.get(key, key)


def firsts(names: Mapping[str, tuple[str, int]]) -> dict[str, str]:
    """The first spellings of ``names_in_matches``, for ``spelling``."""
    return {folded: first for folded, (first, _count) in names.items()}


def directory(store: Store) -> Directory:
    """The directory as stored; inside a transaction."""
    return Directory(store.db.execute("SELECT folded, name, player, shown FROM player_names"))


def version(store: Store) -> int:
    """The id of the latest change to the directory (0 with none): any change moves it."""
    return int(store.db.execute("SELECT coalesce(max(id), 0) FROM player_events").fetchone()[0])


def names_in_matches(store: Store) -> dict[str, tuple[str, int]]:
    """Every player name in the history's matches (deleted ones aside), case folded: its first
    spelling and how many matches it sat in."""
    found: dict[str, tuple[str, int]] = {}
    for (sides,) in store.db.execute("SELECT sides FROM matches WHERE status != 'deleted' ORDER BY id"):
        for name in {p for _side, players in json.loads(sides) for p in players}:
            folded = key_of(name)
            first, count = found.get(folded, (name, 0))
            found[folded] = (first, count + 1)
    return found


def _met(store: Store) -> list[set[str]]:
    """The folded names of each match's players: who has sat at one table with whom."""
    return [{key_of(p) for _side, players in json.loads(sides) for p in players}
            for (sides,) in store.db.execute("SELECT sides FROM matches WHERE status != 'deleted'")]


def _known(store: Store, names: dict[str, tuple[str, int]], name: str, where: str) -> str:
    """The key of a name that some match or the directory holds, or an UnknownPlayer naming it."""
    folded = key_of(name)
    if not folded:
        raise UnknownPlayer(_("{where}: a player's name cannot be empty").format(where=where))
    if folded not in names and store.db.execute("SELECT 1 FROM player_names WHERE folded = ?",
                                                (folded,)).fetchone() is None:
        raise UnknownPlayer(_("{where} {name}: no such player in the history (see 'scorekeeper players list')").format(
            where=where, name=repr(name)))
    return directory(store).key(name)


def _event(store: Store, kind: str, detail: dict[str, object]) -> int:
    cursor = store.db.execute("INSERT INTO player_events (at, kind, detail) VALUES (?, ?, ?)",
                              (now(), kind, dumps(detail)))
    return int(cursor.lastrowid or 0)


def _join(store: Store, keep: str, other_name: str, event: int, names: dict[str, tuple[str, int]]) -> None:
    """Point a name, with every name of its player, at player ``keep``."""
    found = directory(store)
    other = found.key(other_name)
    store.db.execute("UPDATE player_names SET player = ?, shown = 0 WHERE player = ?", (keep, other))
    folded_other = key_of(other_name)
    typed = names[folded_other][0] if folded_other in names else other_name.strip()  # as a match has it
    for folded, name in ((folded_other, typed), (other, spelling(found, firsts(names), other))):
        store.db.execute("INSERT INTO player_names (folded, name, player, added_by) VALUES (?, ?, ?, ?) "
                         "ON CONFLICT (folded) DO UPDATE SET player = excluded.player", (folded, name, keep, event))


def _check_apart(store: Store, keep: str, other: str, keep_name: str, other_name: str) -> None:
    """Refuse to make one player of two who sat in the same match."""
    found = directory(store)
    names_of = {key: {key} | {folded for folded, player in found.player.items() if player == key}
                for key in (keep, other)}
    for players in _met(store):
        if players & names_of[keep] and players & names_of[other]:
            raise PlayerConflict(_("{one} and {other} played in the same match: they are two people, not one "
                                   "name typed two ways").format(one=repr(keep_name), other=repr(other_name)))


def merge(store: Store, keep_name: str, others: list[str]) -> str:
    """Make the players named ``others`` one with ``keep_name``: their matches count as theirs, their
    names becoming aliases. Returns the player's shown name."""
    with store.write():
        names = names_in_matches(store)
        keep = _known(store, names, keep_name, _("player"))
        for other_name in others:
            other = _known(store, names, other_name, _("merge"))
            if other == keep:
                raise PlayerConflict(_("{other} is already a name of {name}").format(
                    other=repr(other_name), name=repr(keep_name)))
            _check_apart(store, keep, other, keep_name, other_name)
            _join(store, keep, other_name, _event(store, "merge", {"keep": keep_name, "other": other_name}), names)
        return spelling(directory(store), firsts(names), keep)


def alias(store: Store, name: str, aliases: list[str]) -> None:
    """Give a player more names (a nickname, a name typed another way) before or after they are used."""
    with store.write():
        names = names_in_matches(store)
        keep = _known(store, names, name, _("player"))
        for other_name in aliases:
            folded = key_of(other_name)
            if not folded:
                raise UnknownPlayer(_("alias: a player's name cannot be empty"))
            other = directory(store).key(other_name)
            if other == keep:
                raise PlayerConflict(_("{other} is already a name of {name}").format(
                    other=repr(other_name), name=repr(name)))
            if folded in names or other != folded:
                _check_apart(store, keep, other, name, other_name)
            _join(store, keep, other_name, _event(store, "alias", {"player": name, "alias": other_name}), names)


def rename(store: Store, old: str, new: str) -> None:
    """Show a player under a new name; the old one stays an alias, so every match of theirs is still theirs."""
    with store.write():
        names = names_in_matches(store)
        keep = _known(store, names, old, _("rename"))
        folded = key_of(new)
        if not folded:
            raise UnknownPlayer(_("rename: a player's name cannot be empty"))
        holder = directory(store).key(new)
        if holder != keep and (folded in names or holder != folded):
            raise PlayerConflict(_("rename {old} to {new}: {new} is another player; 'scorekeeper players merge' makes "
                                   "them one").format(old=repr(old), new=repr(new)))
        event = _event(store, "rename", {"from": old, "to": new})
        store.db.execute("UPDATE player_names SET shown = 0 WHERE player = ?", (keep,))
        for name in (old, new):
            typed = names[key_of(name)][0] if key_of(name) in names else name.strip()  # as a match has it
            store.db.execute("INSERT INTO player_names (folded, name, player, shown, added_by) "
                             "VALUES (?, ?, ?, 0, ?) ON CONFLICT (folded) DO NOTHING",
                             (key_of(name), typed, keep, event))
        store.db.execute("UPDATE player_names SET shown = 1, name = ? WHERE folded = ?", (new.strip(), folded))


def unalias(store: Store, names: list[str]) -> None:
    """Let names be players of their own again (a merge made by mistake)."""
    with store.write():
        for name in names:
            folded = key_of(name)
            row = store.db.execute("SELECT player FROM player_names WHERE folded = ?", (folded,)).fetchone()
            if row is None or row[0] == folded:
                raise UnknownPlayer(_("unalias {name}: not an alias of any player").format(name=repr(name)))
            _event(store, "unalias", {"alias": name, "player": row[0]})  # the trail keeps what it was
            store.db.execute("DELETE FROM player_names WHERE folded = ?", (folded,))


@dataclass(frozen=True)
class PlayerLine:
    """A player in ``players list``: the name shown, the other names, the matches sat in."""

    name: str
    aliases: tuple[str, ...]
    matches: int


def list_players(store: Store) -> list[PlayerLine]:
    """Every player of the history and every player the directory names, by name."""
    with store.read():
        names = names_in_matches(store)
        found = directory(store)
    counts: dict[str, int] = {}
    for spelled, count in names.values():
        key = found.key(spelled)
        counts[key] = counts.get(key, 0) + count
    for key in set(found.player.values()):
        counts.setdefault(key, 0)
    lines = []
    first = firsts(names)
    for key, count in counts.items():
        shown = spelling(found, first, key)
        others = {key_of(a): a for a in found.aliases.get(key, [])}
        if key_of(shown) != key and key in names:
            others[key] = names[key][0]
        others.pop(key_of(shown), None)
        lines.append(PlayerLine(shown, tuple(sorted(others.values(), key=key_of)), count))
    return sorted(lines, key=lambda line: key_of(line.name))
