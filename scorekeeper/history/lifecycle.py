"""A match's life besides its hands: renamed, abandoned, deleted, restored, played again.

Each is an event in the match's trail and one write transaction, like a hand: nothing is lost. An
abandoned match stays listed, marked so, but is no longer open (its name is free, it is never the
default match); a deleted one is hidden from the list, ``match show``, the exports other than the
JSON history file, and the stats, until ``restore`` brings it back.
"""

from __future__ import annotations

import uuid
from dataclasses import replace

from scorekeeper.history.letters import first_letters
from scorekeeper.history.matches import Match, choose, match_from_row, name_taken, refresh_summary
from scorekeeper.history.rows import ABANDONED, DELETED
from scorekeeper.history.store import Store, now
from scorekeeper.i18n import _
from scorekeeper.match.settings import MatchError, name_problem


def _read(store: Store, match_id: int, note: str = "") -> Match:
    return replace(refresh_summary(store, match_id), chosen=note)


def rename_match(store: Store, ref: str, name: str) -> Match:
    """Give a match a new name (empty: none), unless an open match already has it."""
    name = name.strip()
    problem = name_problem(name)
    if problem:
        raise MatchError(f"{name!r}: {problem}")
    with store.write():
        match_id = store.find(ref)
        old = store.load(match_id).name
        if store.status(match_id) == "" and not store.summary(match_id)["finished"]:
            name_taken(store, name, "match rename", but=match_id)  # not for players: a command
        store.insert_event(match_id, "rename", None, {"from": old, "to": name})
        store.set_name(match_id, name)
        return _read(store, match_id)


def abandon_match(store: Store, ref: str | None) -> Match:
    """Mark a match being played as abandoned: kept with its hands, but no longer open."""
    with store.write():
        match_id, note = choose(store, ref)
        match = match_from_row(store.load(match_id))
        if match.row.status == ABANDONED:
            raise MatchError(_("match {id} is already abandoned ('scorekeeper match restore {id}' brings it "
                               "back)").format(id=match_id))
        if match.state.finished:
            raise MatchError(_("match {id} is over ({why}): there is nothing to abandon").format(
                id=match_id, why=match.state.reason))
        store.insert_event(match_id, "abandon")
        store.set_status(match_id, ABANDONED)
        return _read(store, match_id, note)


def delete_match(store: Store, ref: str) -> Match:
    """Hide a match from the list, the sheets, the exports and the stats; the history keeps it."""
    with store.write():
        match_id = store.find(ref)
        store.insert_event(match_id, "delete", None, {"was": store.status(match_id)})
        store.set_status(match_id, DELETED)
        return _read(store, match_id)


def restore_match(store: Store, ref: str) -> Match:
    """Bring a deleted or abandoned match back as it was before."""
    with store.write():
        match_id = store.find(ref, deleted=True)
        status = store.status(match_id)
        if status == "":
            raise MatchError(_("match {id} is neither deleted nor abandoned: there is nothing to restore").format(
                id=match_id))
        trail = [(e["kind"], e["detail"]) for e in store.events(match_id)]
        back = status_from_events([*trail, ("restore", {})])  # a deleted match goes back to what it was
        match = match_from_row(store.load(match_id))
        if back == "" and not match.state.finished:
            name_taken(store, match.row.name, "match restore", but=match_id)  # not for players: a command
        store.insert_event(match_id, "restore", None, {"was": status})
        store.set_status(match_id, back)
        return _read(store, match_id)


def rematch(store: Store, ref: str | None, name: str = "") -> Match:
    """A new match of the same game between the same sides, to the same target with the same ending,
    options and optional categories (the rule set as the first match kept it)."""
    problem = name_problem(name)
    if problem:
        raise MatchError(f"--name {name!r}: {problem}")
    with store.write():
        old, note = choose(store, ref)
        key, sides, target, finish, enabled = store.head(old)
        name_taken(store, name, "--name")
        created = now()
        match_id = store.insert_match(uid=uuid.uuid4().hex, name=name, created=created, rules_key=key, sides=sides,
                                      target=target, finish=finish, enabled=enabled)
        # the rematch is typed in the letters the match before was (its hands', or its own first event's)
        letters = first_letters(store, match_from_row(store.load(old)))
        detail = {"rematch_of": old, **({"suit_letters": letters} if letters else {})}  # not for players: keys
        store.insert_event(match_id, "new", None, detail, at=created)
        return _read(store, match_id, note)


def status_from_events(trail: list[tuple[str, dict[str, object]]]) -> str:
    """A match's status from its trail (an imported match): abandon, delete and restore, in order."""
    status = before = ""
    for kind, _detail in trail:
        if kind == "abandon":
            status = ABANDONED
        elif kind == "delete":
            before, status = status, DELETED
        elif kind == "restore":
            status = before if status == DELETED else ""
    return status
